import { and, asc, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm'
import type { FlowComment, FlowStep } from '../../../shared/api/report'
import { SUBMIT_STATUS } from '../../../shared/resources/report/tables'
import { Data } from '../../core/data'
import { bad } from '../../core/errors'
import { dept, flowDefinition, flowInstance, flowTask, reportSubmission } from '../../db/schema'
import { processSpecOf } from '../../flow/bpmn'
import { onFlowEvent, type FlowEvent } from '../../flow/business'
import { REPORT_FLOW_KEY, fmt, refreshTaskStatus } from '../tasks'

/**
 * The report audit flow (reportAudit, category flow_12; businessTable report_submission): its events
 * move a submission through 待审核 / 已退回 / 已通过 inside the flow step's transaction, and refuse a
 * step taken by the submitter or by someone of the submitting college, whichever screen took it.
 */
export const BUSINESS_TABLE = 'report_submission'

/** The college (category 学院 with a 院系号) a dept belongs to, or null. */
export async function collegeOfDept(data: Data, deptId: string | undefined): Promise<string | null> {
  if (!deptId) return null
  const own = await data.repo(dept).first(eq(dept.id, deptId))
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
    if (d && d.deptCategory === 2 && d.serial) return d.serial
  }
  return null
}

/** Refuses an audit step by the submitter or by someone of the submitting college. */
export async function assertMayAudit(
  data: Data,
  actor: { userId: string; deptIds: string[] },
  sub: typeof reportSubmission.$inferSelect,
) {
  if (sub.submitUser && sub.submitUser === actor.userId) bad('不能审核本人提交的报表')
  for (const d of actor.deptIds)
    if ((await collegeOfDept(data, d)) === sub.collegeSerialNum) bad('不能审核本学院提交的报表')
}

async function submissionOf(event: FlowEvent) {
  if (event.businessTable !== BUSINESS_TABLE || !event.businessId) return null
  const data = new Data({ db: event.tx, tenantId: event.tenantId, user: null })
  const sub = await data.repo(reportSubmission).first(eq(reportSubmission.id, event.businessId))
  return sub ? { data, sub } : null
}

async function setSubmission(data: Data, id: string, patch: Partial<typeof reportSubmission.$inferInsert>) {
  await data.db
    .update(reportSubmission)
    .set(patch)
    .where(data.rows(reportSubmission, eq(reportSubmission.id, id)))
}

let registered = false

/** Registers the reactions to the report audit flow (once per process). */
export function registerReportFlowEvents() {
  if (registered) return
  registered = true
  onFlowEvent(REPORT_FLOW_KEY, {
    started: async (event) => {
      const found = await submissionOf(event)
      if (!found) return
      await setSubmission(found.data, found.sub.id, {
        status: SUBMIT_STATUS.pending,
        processInstanceId: event.processInstanceId,
        submitUser: event.actor.userId,
        submitUserName: event.actor.realName,
        submitTime: new Date(),
      })
    },
    resubmitted: async (event) => {
      const found = await submissionOf(event)
      if (!found) return
      await setSubmission(found.data, found.sub.id, {
        status: SUBMIT_STATUS.pending,
        submitUser: event.actor.userId,
        submitUserName: event.actor.realName,
        submitTime: new Date(),
      })
    },
    rejected: async (event) => {
      const found = await submissionOf(event)
      if (!found) return
      await assertMayAudit(found.data, event.actor, found.sub)
      await setSubmission(found.data, found.sub.id, {
        status: SUBMIT_STATUS.returned,
        auditUser: event.actor.userId,
        auditUserName: event.actor.realName,
        auditTime: new Date(),
        auditComment: event.comment ?? null,
      })
    },
    approved: async (event) => {
      const found = await submissionOf(event)
      if (!found) return
      await assertMayAudit(found.data, event.actor, found.sub)
      await setSubmission(found.data, found.sub.id, {
        status: SUBMIT_STATUS.approved,
        auditUser: event.actor.userId,
        auditUserName: event.actor.realName,
        auditTime: new Date(),
        auditComment: event.comment ?? null,
      })
      await refreshTaskStatus(found.data, found.sub.taskId)
    },
    cancelled: async (event) => {
      const found = await submissionOf(event)
      if (!found || found.sub.status === SUBMIT_STATUS.approved) return
      await setSubmission(found.data, found.sub.id, { status: SUBMIT_STATUS.filling })
    },
  })
}

/** The approval steps of a deployed definition (the applicant's own 调整申请 left out). */
export async function flowSteps(
  data: Data,
  processDefinitionId: string,
): Promise<{ name: string; steps: FlowStep[] }> {
  const [def] = await data.db
    .select()
    .from(flowDefinition)
    .where(data.rows(flowDefinition, eq(flowDefinition.id, processDefinitionId)))
  if (!def) return bad('流程定义不存在')
  const spec = await processSpecOf(def.id, def.xml)
  return {
    name: def.name,
    steps: [...spec.userTasks.values()]
      .filter((t) => t.assignee?.replace(/\s/g, '') !== '${applicant}')
      .map((t) => ({
        id: t.id,
        name: t.name,
        assignee: t.assignee ?? null,
        candidateGroups: t.candidateGroups ?? null,
      })),
  }
}

/** The completed steps of an instance: step, person, pass, comment, time. */
export async function flowComments(data: Data, instanceId: string): Promise<FlowComment[]> {
  const tasks = await data.db
    .select()
    .from(flowTask)
    .where(data.rows(flowTask, eq(flowTask.instanceId, instanceId), isNotNull(flowTask.endTime)))
    .orderBy(asc(flowTask.endTime), asc(flowTask.id))
  return tasks.map((t) => ({
    taskId: t.id,
    name: t.name,
    person: t.assigneeName,
    pass: t.pass,
    comment: t.comment,
    time: t.endTime ? fmt(t.endTime) : null,
  }))
}

/** The open flow task of a submission, if any. */
export async function openTaskOf(data: Data, instanceId: string | null) {
  if (!instanceId) return null
  const [task] = await data.db
    .select()
    .from(flowTask)
    .where(data.rows(flowTask, eq(flowTask.instanceId, instanceId), isNull(flowTask.endTime)))
    .orderBy(desc(flowTask.createTime))
    .limit(1)
  return task ?? null
}

/** The running instance of a submission. */
export async function runningInstance(data: Data, sub: typeof reportSubmission.$inferSelect) {
  const [found] = await data.db
    .select()
    .from(flowInstance)
    .where(
      data.rows(
        flowInstance,
        and(
          eq(flowInstance.businessTable, BUSINESS_TABLE),
          eq(flowInstance.businessId, sub.id),
          eq(flowInstance.status, 'running'),
        ),
      ),
    )
    .limit(1)
  return found ?? null
}
