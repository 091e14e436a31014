import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { coursePlanApi } from '../../../shared/api/teach'
import { PLAN_STATUS } from '../../../shared/resources/teach/codes'
import { done, ok } from '../../core/envelope'
import { bad, ForbiddenError } from '../../core/errors'
import type { Data } from '../../core/data'
import { route } from '../../core/route'
import { flowInstance, teachCoursePlan, teachCoursePlanProject } from '../../db/schema'
import { onFlowEvent, registerApprovalRoutes, startForRecord, type FlowEvent } from '../../flow/business'
import { deleteInstance } from '../../flow/runtime'
import { announcePlanRevoked } from '../extensions'
import { holdsButton } from '../people'
import { describePlans } from './plan-present'
import { needPlan, requirePlanTeacher, savePlan, type SaveMode } from './plan-save'

/**
 * 课程计划 approval (flow `teachplan`, domain 3): 0 草稿 → 1 审核中 → 2 已退回 / 3 已通过; 退回重提
 * 2 → 1; 计划变更 3 → 1; the applicant giving up → 0; 撤销计划 → 4 (ending a running process).
 * The plan's status follows its process through flow events, inside the step's transaction.
 */

export const PLAN_PROCESS_KEY = 'teachplan'
export const PLAN_TABLE = 'teach_course_plan'

const statusAfter: Partial<Record<FlowEvent['type'], number>> = {
  started: PLAN_STATUS.inApproval,
  resubmitted: PLAN_STATUS.inApproval,
  rejected: PLAN_STATUS.returned,
  approved: PLAN_STATUS.approved,
  cancelled: PLAN_STATUS.draft,
}

async function followProcess(e: FlowEvent) {
  const status = statusAfter[e.type]
  if (e.businessTable !== PLAN_TABLE || !e.businessId || status === undefined) return
  const now = new Date()
  await e.tx
    .update(teachCoursePlan)
    .set({
      status,
      updateTime: now,
      ...(e.type === 'started' ? { processInstanceId: e.processInstanceId, submitTime: now } : {}),
      ...(e.type === 'resubmitted' ? { submitTime: now } : {}),
      ...(e.type === 'approved' ? { approveTime: now } : {}),
    })
    .where(eq(teachCoursePlan.id, e.businessId))
}

let following = false
/** Keeps plans in step with their processes (once per server process). */
export function followPlanProcesses() {
  if (following) return
  following = true
  onFlowEvent(PLAN_PROCESS_KEY, {
    started: followProcess,
    resubmitted: followProcess,
    rejected: followProcess,
    approved: followProcess,
    cancelled: followProcess,
  })
}

/** Starts (or, after a return, re-submits) the plan's approval in the caller's transaction. */
async function startApproval(data: Data, planId: string) {
  const lines = await data.repo(teachCoursePlanProject).count(eq(teachCoursePlanProject.coursePlanId, planId))
  if (!lines) bad('请至少添加一个实验项目')
  return startForRecord({
    db: data.db,
    user: data.me,
    processKey: PLAN_PROCESS_KEY,
    businessTable: PLAN_TABLE,
    businessId: planId,
  })
}

async function saveAndSubmit(data: Data, body: Record<string, unknown>, mode: SaveMode) {
  return data.transaction(async (tx) => {
    const saved = await savePlan(tx, body, mode)
    if (mode === 'change')
      await tx
        .repo(teachCoursePlan)
        .update(saved.id, { changeCount: Number(saved.before?.changeCount ?? 0) + 1 })
    await startApproval(tx, saved.id)
    return saved.id
  })
}

/** Ends a plan's running process, if any (撤销计划). */
async function endRunningProcess(data: Data, planId: string) {
  const [running] = await data.db
    .select({ id: flowInstance.id })
    .from(flowInstance)
    .where(
      data.rows(
        flowInstance,
        eq(flowInstance.businessTable, PLAN_TABLE),
        eq(flowInstance.businessId, planId),
        eq(flowInstance.status, 'running'),
        eq(flowInstance.processKey, PLAN_PROCESS_KEY),
      ),
    )
    .limit(1)
  const me = data.me
  const actor = {
    userId: me.userId,
    tenantId: me.tenantId,
    realName: me.realName || me.account,
    roleAliases: me.roleAliases,
    deptIds: me.deptIds,
  }
  if (running) await deleteInstance(data.db, actor, data.tenantId, running.id, '撤销计划')
}

export function registerPlanFlowRoutes(app: FastifyInstance) {
  followPlanProcesses()

  route(app, coursePlanApi.applyFor, async ({ body, data }) => {
    const result = await data.transaction(async (tx) => {
      const plan = await needPlan(tx, body.id)
      requirePlanTeacher(plan, tx.me)
      if (Number(plan.status) === PLAN_STATUS.returned) bad('已退回的计划请使用退回重提')
      if (Number(plan.status) !== PLAN_STATUS.draft) bad('只有草稿状态的计划可以提交审核')
      return startApproval(tx, plan.id)
    })
    return ok({ processInstanceId: result.processInstanceId }, '提交成功')
  })

  route(app, coursePlanApi.submitReturn, async ({ body, data }) => {
    const id = await saveAndSubmit(data, body, 'return')
    return ok({ id }, '重新提交成功')
  })

  route(app, coursePlanApi.handleUpdate, async ({ body, data }) => {
    const id = await saveAndSubmit(data, body, 'change')
    return ok({ id }, '计划变更已提交审核')
  })

  route(app, coursePlanApi.revoke, async ({ query, data }) => {
    if (!(await holdsButton(data, 'teach_courseplan_revoke'))) throw new ForbiddenError()
    await data.transaction(async (tx) => {
      const plan = await needPlan(tx, query.id)
      if (Number(plan.status) === PLAN_STATUS.revoked) bad('该计划已撤销')
      await endRunningProcess(tx, plan.id)
      await tx.repo(teachCoursePlan).update(plan.id, { status: PLAN_STATUS.revoked })
      const lines = await tx
        .repo(teachCoursePlanProject)
        .find([eq(teachCoursePlanProject.coursePlanId, plan.id)])
      await announcePlanRevoked({ data: tx, coursePlanId: plan.id, lineIds: lines.map((l) => l.id) })
    })
    return done('撤销成功')
  })

  registerApprovalRoutes(app, {
    basePath: '/api/teach/teachcourseplan',
    startPath: null,
    processKey: PLAN_PROCESS_KEY,
    businessTable: PLAN_TABLE,
    describe: ({ db, tenantId, ids }) => describePlans(db, tenantId, ids),
  })
}
