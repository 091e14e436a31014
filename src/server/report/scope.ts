import { asc, eq, inArray, sql } from 'drizzle-orm'
import type { ScopeKey } from '../core/data/repo'
import type { Data } from '../core/data'
import { isAdministrator } from '../core/context'
import { bad } from '../core/errors'
import { dept, reportSubmission, reportTask } from '../db/schema'
import {
  REPORT_TABLES,
  SUBMIT_STATUS,
  TASK_STATUS,
  type TableCode,
} from '../../shared/resources/report/tables'
import { SettingsSchema, type ReportSettings } from '../../shared/resources/report/settings'

/**
 * Who fills what: a report scope is one task × college × table, its submission row holding the state.
 * A college's staff work only on their own college (their dept or one above it is the college); the
 * school's staff and administrators choose any college of the task. Rows and submissions carry the
 * college's dept in `create_dept`, so the data scope `report` (本机构及以下) shows a college its own.
 */
export const REPORT_SCOPE: ScopeKey = { name: 'report', permission: 'report' }

export type TaskRow = typeof reportTask.$inferSelect
export type SubmissionRow = typeof reportSubmission.$inferSelect

export interface College {
  serial: string
  name: string
  deptId: string
  sort: number
}

export interface TaskRef {
  taskSerialNum?: string
  academicYear?: string
}

/** The task named by `taskSerialNum` or `academicYear` (400 when neither names one). */
export async function findTask(data: Data, ref: TaskRef): Promise<TaskRow> {
  const repo = data.repo(reportTask)
  if (ref.taskSerialNum)
    return (await repo.first(eq(reportTask.taskSerialNum, ref.taskSerialNum))) ?? bad('报表任务不存在')
  if (ref.academicYear)
    return (
      (await repo.first(eq(reportTask.academicYear, ref.academicYear))) ??
      bad(`${ref.academicYear}学年没有报表任务`)
    )
  return bad('请选择报表任务')
}

export const settingsOf = (task: TaskRow): ReportSettings => SettingsSchema.parse(task.settings ?? {})

export const serialsOf = (task: Pick<TaskRow, 'collegeSerialNums'>): string[] =>
  task.collegeSerialNums
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

export const tablesOf = (task: Pick<TaskRow, 'tableCodes'>): TableCode[] =>
  task.tableCodes.split(',').filter((t): t is TableCode => t in REPORT_TABLES)

/** The depts of some 院系号 (学校 or 学院 category), by serial. */
export async function collegesBySerial(data: Data, serials: string[]): Promise<Map<string, College>> {
  const out = new Map<string, College>()
  if (!serials.length) return out
  const rows = await data
    .repo(dept)
    .find([inArray(dept.serial, serials), inArray(dept.deptCategory, [1, 2])], {
      sort: [asc(dept.sort), asc(dept.id)],
    })
  for (const r of rows)
    if (r.serial && !out.has(r.serial))
      out.set(r.serial, { serial: r.serial, name: r.deptName, deptId: r.id, sort: serials.indexOf(r.serial) })
  return out
}

/** The task's colleges in the task's order (a dept removed since keeps its serial as name). */
export async function taskColleges(data: Data, task: TaskRow): Promise<College[]> {
  const serials = serialsOf(task)
  const found = await collegesBySerial(data, serials)
  return serials.map((serial, sort) => found.get(serial) ?? { serial, name: serial, deptId: '0', sort })
}

/**
 * The college the caller belongs to: their dept or the nearest one above it of category 学院 with a
 * 院系号. Null for the school's staff and administrators, who may choose.
 */
export async function callerCollege(data: Data): Promise<College | null> {
  const user = data.me
  if (isAdministrator(user) || !user.deptIds.length) return null
  const own = await data.repo(dept).first(eq(dept.id, user.deptIds[0]))
  if (!own) return null
  const chain = [
    own.id,
    ...(own.ancestors ?? '')
      .split(',')
      .filter((id) => id && id !== '0')
      .reverse(),
  ]
  const depts = await data.repo(dept).find([inArray(dept.id, chain)])
  for (const id of chain) {
    const d = depts.find((x) => x.id === id)
    if (d && d.deptCategory === 2 && d.serial)
      return { serial: d.serial, name: d.deptName, deptId: d.id, sort: 0 }
  }
  return null
}

/**
 * The college a call works on: the named one (which must be in the task), else the caller's own.
 * A college's staff naming another college are refused. `null` = the whole school (reads only).
 */
export async function resolveCollege(
  data: Data,
  task: TaskRow,
  named: string | undefined,
  options: { required: boolean },
): Promise<College | null> {
  const mine = await callerCollege(data)
  const wanted = named || mine?.serial
  if (mine && wanted !== mine.serial) bad('不能查看或填报其他学院的报表')
  if (!wanted) return options.required ? bad('请选择填报单位') : null
  const college = (await taskColleges(data, task)).find((c) => c.serial === wanted)
  return college ?? bad('该学院不在报表任务的填报单位中')
}

/** The submission of a scope as the caller may see it (data scope), or a 400. */
export async function findSubmission(
  data: Data,
  task: TaskRow,
  college: College,
  table: TableCode,
): Promise<SubmissionRow> {
  const found = await data
    .repo(reportSubmission, REPORT_SCOPE)
    .first(
      eq(reportSubmission.taskId, task.id),
      eq(reportSubmission.collegeSerialNum, college.serial),
      eq(reportSubmission.tableCode, table),
    )
  if (found) return found
  if (task.status === TASK_STATUS.draft) return bad('报表任务尚未下发')
  if (!tablesOf(task).includes(table)) return bad(`该学校类型不填报${REPORT_TABLES[table].short}`)
  return bad('数据不存在或无权访问')
}

/** Locks a submission row for the rest of the transaction (one writer per scope at a time). */
export async function lockSubmission(data: Data, id: string): Promise<SubmissionRow> {
  const [row] = await data.db
    .select()
    .from(reportSubmission)
    .where(data.rows(reportSubmission, eq(reportSubmission.id, id)))
    .for('update')
  return row ?? bad('数据不存在或无权访问')
}

/** Refuses a write to a scope that is waiting for audit or approved (and to a finished task). */
export function assertWritable(sub: SubmissionRow): void {
  const short = REPORT_TABLES[sub.tableCode as TableCode]?.short ?? sub.tableCode
  if (sub.status === SUBMIT_STATUS.pending) bad(`该学院的${short}已提交审核，不能修改`)
  if (sub.status === SUBMIT_STATUS.approved) bad(`该学院的${short}已审核通过，不能修改`)
}

/**
 * After a write to a scope's rows: the row count, 未填报 → 填报中, and the last check no longer
 * stands. Runs inside the writing transaction, the submission locked.
 */
export async function touchSubmission(data: Data, sub: SubmissionRow, rowCount: number): Promise<void> {
  await data.db
    .update(reportSubmission)
    .set({
      rowCount,
      status: sub.status === SUBMIT_STATUS.empty ? SUBMIT_STATUS.filling : sub.status,
      checkPassed: false,
      updateUser: data.me.userId,
      updateTime: new Date(),
    })
    .where(data.rows(reportSubmission, eq(reportSubmission.id, sub.id)))
}

/** Scope of a write: task, settings, college and the locked, writable submission. */
export interface WriteScope {
  task: TaskRow
  settings: ReportSettings
  college: College
  submission: SubmissionRow
  table: TableCode
}

/** Resolves and locks the scope a write names; call inside a transaction. */
export async function writeScope(
  data: Data,
  table: TableCode,
  ref: TaskRef & { collegeSerialNum?: string },
): Promise<WriteScope> {
  const task = await findTask(data, ref)
  if (task.status === TASK_STATUS.draft) bad('报表任务尚未下发')
  const college = (await resolveCollege(data, task, ref.collegeSerialNum, { required: true }))!
  const visible = await findSubmission(data, task, college, table)
  const submission = await lockSubmission(data, visible.id)
  assertWritable(submission)
  return { task, settings: settingsOf(task), college, submission, table }
}

/** Whether some submission of the task has ever been submitted (settings are frozen then). */
export async function anySubmitted(data: Data, taskId: string): Promise<boolean> {
  return data
    .repo(reportSubmission)
    .exists(
      eq(reportSubmission.taskId, taskId),
      sql`(${reportSubmission.status} in (2, 3, 4) or ${reportSubmission.submitTime} is not null)`,
    )
}

/** The submissions of a task visible to the caller, optionally of one table, in college order. */
export function taskSubmissions(data: Data, taskId: string, table?: TableCode): Promise<SubmissionRow[]> {
  return data
    .repo(reportSubmission, REPORT_SCOPE)
    .find([eq(reportSubmission.taskId, taskId), table ? eq(reportSubmission.tableCode, table) : undefined], {
      sort: [asc(reportSubmission.collegeSort), asc(reportSubmission.tableCode)],
    })
}
