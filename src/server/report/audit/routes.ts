import { and, asc, desc, eq, exists, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { sj6Api, sjApi, taskApi, type AuditCounts, type AuditRow } from '../../../shared/api/report'
import { SUBMIT_STATUS, type TableCode } from '../../../shared/resources/report/tables'
import type { Data } from '../../core/data'
import { ok } from '../../core/envelope'
import { bad } from '../../core/errors'
import { route } from '../../core/route'
import { flowTask, flowTaskCandidate, reportSubmission, reportTask } from '../../db/schema'
import { candidateKeysOf } from '../../flow/candidates'
import { presentSubmission } from '../apply'
import { storedCheck } from '../check/run'
import { pageRecords } from '../records'
import { REPORT_SCOPE, callerCollege, findTask, tablesOf, type SubmissionRow } from '../scope'
import { scopeSummary } from '../summary'
import { REPORT_FLOW_KEY, presentTask } from '../tasks'
import { applyScope } from '../task-routes'
import { BUSINESS_TABLE, flowComments, flowSteps } from './flow'
import { completeAudit, submitScope } from './submit'

/** Open tasks of the report flow the caller may take now (assigned, or claimable by their keys). */
function mine(data: Data): SQL {
  const actor = data.me
  const keys = candidateKeysOf({ ...actor, realName: actor.realName })
  return and(
    eq(flowTask.processKey, REPORT_FLOW_KEY),
    eq(flowTask.businessTable, BUSINESS_TABLE),
    isNull(flowTask.endTime),
    or(
      eq(flowTask.assigneeId, actor.userId),
      and(
        isNull(flowTask.assigneeId),
        exists(
          data.db
            .select({ one: sql`1` })
            .from(flowTaskCandidate)
            .where(
              and(eq(flowTaskCandidate.taskId, flowTask.id), inArray(flowTaskCandidate.candidateKey, keys)),
            ),
        ),
      ),
    ),
  )!
}

const taskOnSub = sql`${flowTask.businessId} = ${reportSubmission.id}::text`

/** Conditions of an audit list: todo (the caller's open task, not their own college), done, all. */
async function auditConditions(
  data: Data,
  table: TableCode,
  status: string,
  taskId?: string,
): Promise<(SQL | undefined)[]> {
  const own = await callerCollege(data)
  const base = [
    eq(reportSubmission.tableCode, table),
    taskId ? eq(reportSubmission.taskId, taskId) : undefined,
    isNotNull(reportSubmission.submitTime),
  ]
  if (status === 'todo')
    return [
      ...base,
      own ? ne(reportSubmission.collegeSerialNum, own.serial) : undefined,
      exists(
        data.db
          .select({ one: sql`1` })
          .from(flowTask)
          .where(data.rows(flowTask, taskOnSub, mine(data))),
      ),
    ]
  if (status === 'done')
    return [
      ...base,
      exists(
        data.db
          .select({ one: sql`1` })
          .from(flowTask)
          .where(
            data.rows(
              flowTask,
              taskOnSub,
              eq(flowTask.processKey, REPORT_FLOW_KEY),
              eq(flowTask.assigneeId, data.me.userId),
              isNotNull(flowTask.endTime),
              sql`${flowTask.taskDefKey} <> 'applicant_modify'`,
            ),
          ),
      ),
    ]
  return base
}

/** The caller's open task on each submission (when they may complete it). */
async function openTasksOn(data: Data, subs: SubmissionRow[]) {
  const out = new Map<string, { id: string; name: string }>()
  if (!subs.length) return out
  const own = await callerCollege(data)
  const rows = await data.db
    .select({ id: flowTask.id, name: flowTask.name, businessId: flowTask.businessId })
    .from(flowTask)
    .where(
      data.rows(
        flowTask,
        inArray(
          flowTask.businessId,
          subs.map((s) => s.id),
        ),
        mine(data),
      ),
    )
  for (const r of rows) {
    const sub = subs.find((s) => s.id === r.businessId)
    if (sub && sub.collegeSerialNum !== own?.serial && sub.submitUser !== data.me.userId)
      out.set(r.businessId!, { id: r.id, name: r.name })
  }
  return out
}

async function auditPage(data: Data, table: TableCode, query: Record<string, unknown>) {
  const status = typeof query.auditStatus === 'string' ? query.auditStatus : 'todo'
  const task = query.taskSerialNum || query.academicYear ? await findTask(data, query) : null
  const page = await data.repo(reportSubmission, REPORT_SCOPE).page(query, {
    where: await auditConditions(data, table, status, task?.id),
    filters: { skip: ['auditStatus', 'taskSerialNum', 'academicYear', 'collegeSerialNum'] },
    sort: [desc(reportSubmission.submitTime), asc(reportSubmission.collegeSort)],
  })
  const open = await openTasksOn(data, page.records)
  const names = new Map<string, string>()
  for (const s of page.records)
    if (!names.has(s.taskId)) names.set(s.taskId, (await data.repo(reportTask).get(s.taskId))?.taskName ?? '')
  return {
    ...page,
    records: page.records.map((s): AuditRow => ({
      ...presentSubmission(s),
      taskName: names.get(s.taskId) ?? '',
      flowTaskId: open.get(s.id)?.id ?? null,
      flowTaskName: open.get(s.id)?.name ?? null,
    })),
  }
}

async function auditData(data: Data, table: TableCode, query: Record<string, unknown>) {
  const repo = data.repo(reportSubmission, REPORT_SCOPE)
  const sub = query.submissionId
    ? await repo.first(eq(reportSubmission.id, String(query.submissionId)))
    : query.processInstanceId
      ? await repo.first(eq(reportSubmission.processInstanceId, String(query.processInstanceId)))
      : bad('请选择要审核的报表')
  if (!sub || sub.tableCode !== table) return bad('数据不存在或无权访问')
  const task = await findTask(data, { taskSerialNum: sub.taskSerialNum })
  const open = await openTasksOn(data, [sub])
  return {
    submission: presentSubmission(sub),
    task: presentTask(task),
    summary: await scopeSummary(data, table, sub),
    check: await storedCheck(data, sub),
    rows: await pageRecords(
      data,
      table,
      { ...query, taskSerialNum: sub.taskSerialNum, collegeSerialNum: undefined } as never,
      { task, subs: [sub] },
    ),
    comments: sub.processInstanceId ? await flowComments(data, sub.processInstanceId) : [],
    flowTaskId: open.get(sub.id)?.id ?? null,
  }
}

/** Per table of a task: the caller's to-do and the submissions 待审核 / 已退回 / 已通过. */
async function auditCounts(data: Data, query: Record<string, unknown>): Promise<AuditCounts[]> {
  const task = await findTask(
    data,
    query.taskSerialNum || query.academicYear ? query : { taskSerialNum: await latestSerial(data) },
  )
  const out: AuditCounts[] = []
  for (const table of tablesOf(task)) {
    const todoWhere = await data
      .repo(reportSubmission, REPORT_SCOPE)
      .where(...(await auditConditions(data, table, 'todo', task.id)))
    const [{ n }] = await data.db
      .select({ n: sql<number>`count(*)` })
      .from(reportSubmission)
      .where(todoWhere)
    const states = await data
      .repo(reportSubmission, REPORT_SCOPE)
      .find([eq(reportSubmission.taskId, task.id), eq(reportSubmission.tableCode, table)])
    const countOf = (s: number) => states.filter((x) => x.status === s).length
    out.push({
      tableCode: table,
      todo: Number(n),
      submitted: countOf(SUBMIT_STATUS.pending),
      returned: countOf(SUBMIT_STATUS.returned),
      approved: countOf(SUBMIT_STATUS.approved),
    })
  }
  return out
}

async function latestSerial(data: Data): Promise<string> {
  const scope = await applyScope(data, {})
  return scope.task?.taskSerialNum ?? bad('暂无已下发的报表任务')
}

export function registerAuditRoutes(app: FastifyInstance) {
  for (const [table, api] of Object.entries(sjApi) as [TableCode, (typeof sjApi)[TableCode]][]) {
    route(app, api.submit, async ({ body, request, data }) => {
      const result = await submitScope(data, request, table, body)
      return ok(result, result.resubmitted ? '重新提交成功' : '提交成功')
    })
    route(app, api.auditPage, async ({ query, data }) => ok(await auditPage(data, table, query)))
    route(app, api.getAuditData, async ({ query, data }) => ok(await auditData(data, table, query)))
    route(app, api.completeTask, async ({ body, request, data }) => {
      const result = await completeAudit(data, request, table, body)
      return ok(result, passText(body.pass))
    })
  }

  route(app, taskApi.reportAudit, async ({ query, data }) => ok(await auditCounts(data, query)))

  route(app, sj6Api.getReportApplyData, async ({ query, data }) => ok(await applyScope(data, query, 'sj6')))
  route(app, sj6Api.getFlowConfigInfo, async ({ query, data }) => {
    const task = await findTask(
      data,
      query.taskSerialNum || query.academicYear ? query : { taskSerialNum: await latestSerial(data) },
    )
    if (!task.processDefinitionId) return ok({ processDefinitionId: null, name: null, steps: [] })
    const flow = await flowSteps(data, task.processDefinitionId)
    return ok({ processDefinitionId: task.processDefinitionId, ...flow })
  })
  route(app, sj6Api.getFlowConfigSubInfo, async ({ query, data }) => {
    const id =
      query.processDefinitionId ||
      (
        await findTask(
          data,
          query.taskSerialNum || query.academicYear ? query : { taskSerialNum: await latestSerial(data) },
        )
      ).processDefinitionId ||
      bad('请选择审核流程')
    return ok((await flowSteps(data, id)).steps)
  })
  route(app, sj6Api.flowComment, async ({ query, data }) => {
    const sub = await data
      .repo(reportSubmission, REPORT_SCOPE)
      .first(eq(reportSubmission.processInstanceId, query.instanceId))
    if (!sub) return bad('数据不存在或无权访问')
    return ok(await flowComments(data, query.instanceId))
  })
}

const passText = (pass: unknown) =>
  pass === true || pass === 1 || pass === '1' || pass === 'true' ? '审核通过' : '已退回'
