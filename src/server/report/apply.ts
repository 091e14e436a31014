import type { ApplyData, Submission } from '../../shared/api/report'
import type { TableCode } from '../../shared/resources/report/tables'
import type { Data } from '../core/data'
import { deriveSj2, deriveSj7 } from './derive'
import { pageRecords, type ScopeQuery } from './records'
import { findTask, resolveCollege, settingsOf, taskSubmissions, type SubmissionRow } from './scope'
import { fmt, presentTask } from './tasks'

const time = (d: Date | null) => (d ? fmt(d) : null)

export function presentSubmission(s: SubmissionRow): Submission {
  return {
    id: s.id,
    taskId: s.taskId,
    taskSerialNum: s.taskSerialNum,
    academicYear: s.academicYear,
    collegeSerialNum: s.collegeSerialNum,
    collegeName: s.collegeName,
    tableCode: s.tableCode as TableCode,
    status: s.status,
    rowCount: s.rowCount,
    processDefinitionId: s.processDefinitionId,
    processInstanceId: s.processInstanceId,
    submitUserName: s.submitUserName,
    submitTime: time(s.submitTime),
    auditUserName: s.auditUserName,
    auditTime: time(s.auditTime),
    auditComment: s.auditComment,
    remark: s.remark,
    checkTime: time(s.checkTime),
    checkErrors: s.checkErrors,
    checkWarnings: s.checkWarnings,
    checkInfos: s.checkInfos,
    checkPassed: s.checkPassed,
  }
}

/**
 * `getApplyData`: what an SJ screen shows for a scope — the submission (status, check counts, audit
 * comment), a page of its rows and, for SJ2 / SJ7, the values SJ1 / SJ6 imply.
 */
export async function applyData(
  data: Data,
  table: TableCode,
  query: ScopeQuery & Record<string, unknown>,
): Promise<ApplyData> {
  const task = await findTask(data, query)
  const college = await resolveCollege(data, task, query.collegeSerialNum, { required: false })
  const all = await taskSubmissions(data, task.id, table)
  const subs = college ? all.filter((s) => s.collegeSerialNum === college.serial) : all
  const page = await pageRecords(data, table, query, { task, subs })
  const submission = college ? (subs[0] ?? null) : null
  let implied: ApplyData['implied']
  if (college && table === 'sj2') implied = await deriveSj2(data, task, college, settingsOf(task))
  if (college && table === 'sj7') implied = await deriveSj7(data, task, college)
  return {
    ...page,
    submission: submission ? presentSubmission(submission) : null,
    task: presentTask(task),
    ...(implied ? { implied } : {}),
  }
}
