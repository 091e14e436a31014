import { asc, count, eq, inArray, max, sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { CheckLevel, ReportRecord } from '../../shared/api/report'
import { entitySchema } from '../../shared/resource/validate'
import { reportRowResource } from '../../shared/resources/report/forms'
import { REPORT_TABLES, SOURCE, type TableCode } from '../../shared/resources/report/tables'
import type { Data, Query } from '../core/data'
import type { Page } from '../core/envelope'
import { bad } from '../core/errors'
import { reportCheckIssue, reportSubmission } from '../db/schema'
import {
  REPORT_SCOPE,
  assertWritable,
  findTask,
  lockSubmission,
  resolveCollege,
  taskColleges,
  taskSubmissions,
  touchSubmission,
  writeScope,
  type SubmissionRow,
  type TaskRef,
  type TaskRow,
  type WriteScope,
} from './scope'
import { col, rowTable, type ReportRow } from './tables'
import { fmt } from './tasks'

/**
 * The rows of one table: paged in file order (the task's college order, then rowNo), filtered by
 * their last check, and written one at a time (新增 / 修改 / 删除) inside the scope's lock.
 */
export type ScopeQuery = TaskRef & {
  collegeSerialNum?: string
  checkLevel?: 'error' | 'warning' | 'problem' | 'ok'
}

const LEVEL_RANK: Record<string, number> = { error: 3, warning: 2, info: 1 }

/** The repo of a table's rows as the caller sees them (tenant and data scope `report`). */
export const rowsRepo = (data: Data, table: TableCode) => data.repo(rowTable(table) as PgTable, REPORT_SCOPE)

/** `case college_serial_num when '01' then 0 … end`: the task's college order. */
export function collegeOrder(column: SQL | ReturnType<typeof col>, serials: string[]): SQL {
  if (!serials.length) return sql`0`
  return sql`case ${column} ${sql.join(
    serials.map((s, i) => sql`when ${s} then ${i}`),
    sql` `,
  )} else ${serials.length} end`
}

/** Condition: the row has (or has no) findings of a level. */
function checkCondition(table: TableCode, level: NonNullable<ScopeQuery['checkLevel']>): SQL {
  const t = rowTable(table)
  const levels = level === 'error' ? ['error'] : level === 'warning' ? ['warning'] : ['error', 'warning']
  const exists = sql`exists (select 1 from ${reportCheckIssue} i where i.row_id = ${t.id} and i.submission_id = ${t.submissionId} and i.level in (${sql.join(
    levels.map((l) => sql`${l}`),
    sql`, `,
  )}))`
  return level === 'ok' ? sql`not ${exists}` : exists
}

/** Rows to the wire: dates as text, the worst finding and the first messages of each. */
export async function presentRecords(
  data: Data,
  rows: ReportRow[],
  subs: Map<string, SubmissionRow>,
  messages = 3,
): Promise<ReportRecord[]> {
  const ids = rows.map((r) => r.id)
  const byRow = new Map<string, { level: string; message: string }[]>()
  for (let i = 0; i < ids.length; i += 5000) {
    const issues = await data
      .repo(reportCheckIssue)
      .find([inArray(reportCheckIssue.rowId, ids.slice(i, i + 5000))], { sort: [asc(reportCheckIssue.id)] })
    for (const issue of issues) {
      const list = byRow.get(issue.rowId!) ?? []
      list.push({ level: issue.level, message: issue.message })
      byRow.set(issue.rowId!, list)
    }
  }
  return rows.map((r) => {
    const found = byRow.get(r.id) ?? []
    const sub = subs.get(r.submissionId)
    let level: CheckLevel | null = null
    if (found.length)
      level = found.reduce((a, b) => (LEVEL_RANK[b.level] > LEVEL_RANK[a.level] ? b : a)).level as CheckLevel
    else if (sub?.checkTime && (!r.updateTime || r.updateTime <= sub.checkTime)) level = 'ok'
    found.sort((a, b) => LEVEL_RANK[b.level] - LEVEL_RANK[a.level])
    const out: Record<string, unknown> = {}
    for (const [k, v] of Object.entries(r))
      if (k !== 'tenantId' && k !== 'isDeleted') out[k] = v instanceof Date ? fmt(v) : v
    out.checkLevel = level
    out.checkMessages = found.slice(0, messages).map((m) => m.message)
    return out as ReportRecord
  })
}

export interface ReadScope {
  task: TaskRow
  subs: SubmissionRow[]
}

/** The submissions a read covers: one college's, or every visible college's of the task. */
export async function readScope(data: Data, table: TableCode, query: ScopeQuery): Promise<ReadScope> {
  const task = await findTask(data, query)
  const college = await resolveCollege(data, task, query.collegeSerialNum, { required: false })
  const all = await taskSubmissions(data, task.id, table)
  return { task, subs: college ? all.filter((s) => s.collegeSerialNum === college.serial) : all }
}

const SCOPE_KEYS = ['taskSerialNum', 'academicYear', 'collegeSerialNum', 'checkLevel']

/** A page of rows in file order (BladeX filters on the fields, `checkLevel`). */
export async function pageRecords(
  data: Data,
  table: TableCode,
  query: ScopeQuery & Query,
  scope?: ReadScope,
): Promise<Page<ReportRecord>> {
  const { task, subs } = scope ?? (await readScope(data, table, query))
  const t = rowTable(table)
  const serials = (await taskColleges(data, task)).map((c) => c.serial)
  const where: (SQL | undefined)[] = [
    subs.length
      ? inArray(
          t.submissionId,
          subs.map((s) => s.id),
        )
      : sql`false`,
    query.checkLevel ? checkCondition(table, query.checkLevel) : undefined,
  ]
  const page = await rowsRepo(data, table).page(query, {
    where,
    filters: { skip: SCOPE_KEYS },
    sort: [collegeOrder(t.collegeSerialNum, serials), asc(t.rowNo), asc(t.id)],
  })
  const bySub = new Map(subs.map((s) => [s.id, s]))
  return { ...page, records: await presentRecords(data, page.records as ReportRow[], bySub) }
}

/** One row with all its findings (400 when out of reach). */
export async function recordDetail(data: Data, table: TableCode, id: string): Promise<ReportRecord> {
  const row = (await rowsRepo(data, table).need(id)) as ReportRow
  const sub = await data.repo(reportSubmission, REPORT_SCOPE).need(row.submissionId)
  const [out] = await presentRecords(data, [row], new Map([[sub.id, sub]]), 1000)
  return out
}

/** The field values of a save/update body, checked like the form (F-04, F-05, F-06, F-10, F-14 …). */
function fieldValues(
  table: TableCode,
  body: Record<string, unknown>,
  partial: boolean,
): Record<string, unknown> {
  const parsed = entitySchema(reportRowResource(table), { partial }).safeParse(body)
  if (!parsed.success) bad(parsed.error.issues[0]?.message ?? '数据格式不正确')
  const values = { ...(parsed.data as Record<string, unknown>) }
  delete values.id
  delete values.rowNo
  for (const f of REPORT_TABLES[table].fields)
    if (f.kind === 'D' && typeof values[f.name] === 'number') values[f.name] = String(values[f.name])
  return values
}

/** Rows of a submission and the next row number. */
export async function countRows(data: Data, table: TableCode, submissionId: string): Promise<number> {
  const t = rowTable(table)
  const [{ n }] = await data.db
    .select({ n: count() })
    .from(t)
    .where(data.rows(t, eq(t.submissionId, submissionId)))
  return Number(n)
}

export async function nextRowNo(data: Data, table: TableCode, submissionId: string): Promise<number> {
  const t = rowTable(table)
  const [{ n }] = await data.db
    .select({ n: max(t.rowNo) })
    .from(t)
    .where(data.rows(t, eq(t.submissionId, submissionId)))
  return Number(n ?? 0) + 1
}

/** The common columns of rows written into a scope. */
export const rowBase = (scope: WriteScope) => ({
  taskId: scope.task.id,
  academicYear: scope.task.academicYear,
  collegeSerialNum: scope.college.serial,
  submissionId: scope.submission.id,
})

/** 新增: one row typed in a scope (SJ2 / SJ7: the scope's only record). */
export async function saveRecord(
  data: Data,
  table: TableCode,
  body: Record<string, unknown>,
): Promise<string> {
  return data.transaction(async (tx) => {
    const scope = await writeScope(tx, table, body as ScopeQuery)
    const values = fieldValues(table, body, false)
    const rows = await countRows(tx, table, scope.submission.id)
    if (REPORT_TABLES[table].single && rows > 0)
      bad(`每个填报单位只能有一条${REPORT_TABLES[table].short}记录`)
    const [id] = await rowsRepo(tx, table).insert(
      {
        ...values,
        ...rowBase(scope),
        schoolCode: scope.task.schoolCode,
        rowNo: await nextRowNo(tx, table, scope.submission.id),
        sourceType: SOURCE.manual,
      } as never,
      { createDept: scope.college.deptId },
    )
    await touchSubmission(tx, scope.submission, rows + 1)
    return id
  })
}

/** 修改: one row of a writable scope. */
export async function updateRecord(
  data: Data,
  table: TableCode,
  body: Record<string, unknown>,
): Promise<string> {
  const id = typeof body.id === 'string' || typeof body.id === 'number' ? String(body.id) : ''
  if (!/^\d{1,19}$/.test(id)) bad('请选择要修改的数据')
  return data.transaction(async (tx) => {
    const row = (await rowsRepo(tx, table).need(id)) as ReportRow
    const sub = await lockSubmission(tx, row.submissionId)
    assertWritable(sub)
    const values = fieldValues(table, body, true)
    delete values.schoolCode
    await rowsRepo(tx, table).update(id, values as never)
    await touchSubmission(tx, sub, await countRows(tx, table, sub.id))
    return id
  })
}

/** 删除: rows of writable scopes; all or nothing. */
export async function removeRecords(data: Data, table: TableCode, ids: string[]): Promise<void> {
  await data.transaction(async (tx) => {
    const rows = (await rowsRepo(tx, table).needAll(ids, '部分数据不存在或无权删除')) as ReportRow[]
    const subs = [...new Set(rows.map((r) => r.submissionId))].sort()
    const locked: SubmissionRow[] = []
    for (const id of subs) {
      const sub = await lockSubmission(tx, id)
      assertWritable(sub)
      locked.push(sub)
    }
    const t = rowTable(table)
    await rowsRepo(tx, table).deleteWhere([inArray(t.id, ids)])
    await tx.repo(reportCheckIssue).deleteWhere([inArray(reportCheckIssue.rowId, ids)])
    for (const sub of locked) await touchSubmission(tx, sub, await countRows(tx, table, sub.id))
  })
}
