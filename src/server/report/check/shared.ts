import { asc, eq, ne } from 'drizzle-orm'
import type { TableCode } from '../../../shared/resources/report/tables'
import { reportSubmission } from '../../db/schema'
import {
  lastApproved as lastApprovedOf,
  singleRow,
  sj1Figures as sj1FiguresOf,
  sj6Figures as sj6FiguresOf,
} from '../figures'
import { rowTable, col } from '../tables'
import type { CheckRow, CheckRun } from './context'

/**
 * What several tables' rules share: school-wide keys (仪器编号, 实验编号, 人员编号, 实验室编号), the
 * task's SJ6 labs, last year's approved figures, and the 其中 / 合计 messages.
 */

export interface RowRef {
  id: string | null
  rowNo: number
  college: string
}

/** Collects a scope's keys while its rows stream by; `finish` reports keys used twice in the task. */
export class KeyIndex {
  private readonly own = new Map<string, RowRef[]>()
  constructor(
    private readonly run: CheckRun,
    private readonly field: string,
    private readonly ruleId: string,
  ) {}

  add(row: CheckRow) {
    const key = row.values[this.field]
    if (key === null || key === undefined || key === '') return
    const list = this.own.get(String(key)) ?? []
    list.push({ id: row.id, rowNo: row.rowNo, college: this.run.scope.college.serial })
    this.own.set(String(key), list)
  }

  get keys(): string[] {
    return [...this.own.keys()]
  }

  async finish(): Promise<void> {
    const { run } = this
    if (!run.on(this.ruleId) || !this.own.size) return
    const { data, task, submission, table } = run.scope
    const t = rowTable(table)
    const key = col(t, this.field)
    const others = await data.db
      .select({ key, college: t.collegeSerialNum, rowNo: t.rowNo })
      .from(t)
      .where(data.rows(t, eq(t.taskId, task.id), ne(t.submissionId, submission.id)))
      .orderBy(asc(t.rowNo))
    const elsewhere = new Map<string, RowRef[]>()
    for (const o of others) {
      const k = String(o.key ?? '')
      if (!this.own.has(k)) continue
      const list = elsewhere.get(k) ?? []
      list.push({ id: null, rowNo: o.rowNo, college: o.college })
      elsewhere.set(k, list)
    }
    const names = new Map((await collegeNames(run)).map((c) => [c.serial, c.name]))
    const label = run.byName.get(this.field)?.label ?? this.field
    for (const [k, rows] of this.own) {
      const all = [...rows, ...(elsewhere.get(k) ?? [])]
      if (all.length < 2) continue
      for (const r of rows) {
        const other = all.find((x) => x !== r)!
        run.emit(
          this.ruleId,
          { id: r.id, rowNo: r.rowNo, values: {} },
          this.field,
          `${label}${k}重复（${names.get(other.college) ?? other.college}第${other.rowNo}行）`,
          k,
        )
      }
    }
  }
}

async function collegeNames(run: CheckRun) {
  const subs = await run.scope.data
    .repo(reportSubmission)
    .find([eq(reportSubmission.taskId, run.scope.task.id), eq(reportSubmission.tableCode, run.table)])
  return subs.map((s) => ({ serial: s.collegeSerialNum, name: s.collegeName ?? s.collegeSerialNum }))
}

/** The task's SJ6 labs: 实验室编号 → 实验室名称. */
export async function taskLabs(run: CheckRun): Promise<Map<string, string>> {
  const { data, task } = run.scope
  const t = rowTable('sj6')
  const rows = await data.db
    .select({ code: col(t, 'labCode'), name: col(t, 'labName') })
    .from(t)
    .where(data.rows(t, eq(t.taskId, task.id)))
  const out = new Map<string, string>()
  for (const r of rows) if (r.code && !out.has(String(r.code))) out.set(String(r.code), String(r.name ?? ''))
  return out
}

/** SJ4-03 / SJ4-04 for a row naming a lab (SJ4, SJ5). */
export function labRule(run: CheckRun, labs: Map<string, string>, row: CheckRow) {
  const code = row.values.labCode
  if (code === null || code === undefined || code === '') return
  const name = labs.get(String(code))
  if (name === undefined) run.emit('SJ4-03', row, 'labCode', `实验室编号${code}在SJ6中不存在`, code)
  else if (
    row.values.labName !== null &&
    row.values.labName !== undefined &&
    String(row.values.labName) !== name
  )
    run.emit('SJ4-04', row, 'labName', `实验室名称与SJ6不一致（SJ6为“${name}”）`, row.values.labName)
}

/** Last year's approved submission of the scope's college and a table, or null. */
export const lastApproved = (run: CheckRun, table: TableCode) =>
  lastApprovedOf(run.scope.data, run.scope.task, run.scope.college.serial, table)

/** The rows of a submission (SJ2, SJ7: the single record). */
export async function rowsOf(run: CheckRun, table: TableCode, submissionId: string) {
  const row = await singleRow(run.scope.data, table, submissionId)
  return row ? [row] : []
}

export const sj1Figures = (run: CheckRun, taskId: string, college: string, big: number) =>
  sj1FiguresOf(run.scope.data, taskId, college, big)
export const sj6Figures = (run: CheckRun, taskId: string, college: string) =>
  sj6FiguresOf(run.scope.data, taskId, college)

/** Y-01: a figure changed by more than the year's ratio against last year's approved one. */
export function yearOverYear(run: CheckRun, what: string, last: number, now: number, field: string | null) {
  if (!run.on('Y-01') || last <= 0) return
  const ratio = Math.abs(now - last) / last
  if (ratio <= run.settings.yoyRatio) return
  const show = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2))
  run.emit(
    'Y-01',
    null,
    field,
    `${what}与上学年相比变化${Math.round(ratio * 100)}%（${show(last)}→${show(now)}），请核实并在填报说明中注明原因`,
  )
}

export const num = (v: unknown): number => (v === null || v === undefined || v === '' ? 0 : Number(v))
