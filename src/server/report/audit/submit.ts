import { and, eq, isNull } from 'drizzle-orm'
import { REPORT_TABLES, SUBMIT_STATUS, type TableCode } from '../../../shared/resources/report/tables'
import type { Data } from '../../core/data'
import { bad } from '../../core/errors'
import { flowDefinition, flowTask, reportSubmission } from '../../db/schema'
import { startForRecord } from '../../flow/business'
import { completeTask, deleteInstance } from '../../flow/runtime'
import { actorOf } from '../../flow/actor'
import type { FastifyRequest } from 'fastify'
import { checkScope } from '../table-routes'
import {
  findSubmission,
  findTask,
  lockSubmission,
  resolveCollege,
  REPORT_SCOPE,
  type TaskRef,
} from '../scope'
import { REPORT_FLOW_KEY } from '../tasks'
import { BUSINESS_TABLE, assertMayAudit, runningInstance } from './flow'

export interface SubmitInput extends TaskRef {
  collegeSerialNum?: string
  processDefinitionId?: string
  remark?: string
}

/** A deployed reportAudit definition of the tenant (400 otherwise). */
export async function checkFlowDefinition(data: Data, id: string): Promise<string> {
  const [def] = await data.db
    .select({ id: flowDefinition.id, key: flowDefinition.key })
    .from(flowDefinition)
    .where(data.rows(flowDefinition, eq(flowDefinition.id, id)))
  if (!def || def.key !== REPORT_FLOW_KEY) bad('审核流程必须是统计报表审核流程（reportAudit）的已部署版本')
  return id
}

/**
 * 提交: checks the scope (the findings are kept either way); with errors 校验未通过：错误N条，请修正后
 * 再提交; otherwise starts the audit (or, after a return, re-submits it) and the scope becomes 待审核.
 */
export async function submitScope(data: Data, request: FastifyRequest, table: TableCode, input: SubmitInput) {
  const result = await checkScope(data, table, input)
  if (result.errors > 0) bad(`校验未通过：错误${result.errors}条，请修正后再提交`)
  return data.transaction(async (tx) => {
    const task = await findTask(tx, input)
    const college = (await resolveCollege(tx, task, input.collegeSerialNum, { required: true }))!
    const sub = await lockSubmission(tx, (await findSubmission(tx, task, college, table)).id)
    const short = REPORT_TABLES[table].short
    if (sub.status === SUBMIT_STATUS.pending) bad(`该学院的${short}已提交审核，不能重复提交`)
    if (sub.status === SUBMIT_STATUS.approved) bad(`该学院的${short}已审核通过，不能修改`)
    // A row written between the check and now: the check no longer stands.
    if (!sub.checkPassed) bad('数据在校验后已修改，请重新提交')
    const processDefinitionId = await checkFlowDefinition(
      tx,
      input.processDefinitionId ||
        sub.processDefinitionId ||
        task.processDefinitionId ||
        bad('请选择审核流程'),
    )
    await tx.db
      .update(reportSubmission)
      .set({ processDefinitionId, ...(input.remark !== undefined ? { remark: input.remark } : {}) })
      .where(tx.rows(reportSubmission, eq(reportSubmission.id, sub.id)))
    const actor = actorOf(request)
    const running = await runningInstance(tx, sub)
    if (running) {
      // Returned: its 调整申请 step waits on the first submitter; a colleague re-submits with a new audit.
      const [mine] = await tx.db
        .select({ id: flowTask.id })
        .from(flowTask)
        .where(
          and(
            eq(flowTask.instanceId, running.id),
            isNull(flowTask.endTime),
            eq(flowTask.assigneeId, actor.userId),
          ),
        )
      if (!mine) await deleteInstance(tx.db, actor, tx.tenantId, running.id, `由${actor.realName}重新提交`)
    }
    const started = await startForRecord({
      db: tx.db,
      user: actor,
      processKey: REPORT_FLOW_KEY,
      processDefinitionId,
      businessTable: BUSINESS_TABLE,
      businessId: sub.id,
      variables: {
        collegeSerialNum: sub.collegeSerialNum,
        tableCode: table,
        taskSerialNum: sub.taskSerialNum,
      },
    })
    return {
      status: SUBMIT_STATUS.pending,
      processInstanceId: started.processInstanceId,
      resubmitted: started.resubmitted,
    }
  })
}

export interface CompleteInput {
  taskId: string
  processInstanceId?: string
  pass: unknown
  comment?: string | null
}

const passOf = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true'

/** 通过 / 退回 of a submission of `table` by an auditor (not the submitter, not of that college). */
export async function completeAudit(
  data: Data,
  request: FastifyRequest,
  table: TableCode,
  input: CompleteInput,
) {
  const pass = passOf(input.pass)
  const comment = input.comment?.trim() ?? ''
  if (!pass && !comment) bad('请填写退回原因')
  return data.transaction(async (tx) => {
    const [task] = await tx.db
      .select()
      .from(flowTask)
      .where(tx.rows(flowTask, eq(flowTask.id, input.taskId)))
    if (!task || task.processKey !== REPORT_FLOW_KEY || task.businessTable !== BUSINESS_TABLE)
      return bad('任务不存在')
    if (input.processInstanceId && input.processInstanceId !== task.instanceId) bad('任务不属于该流程实例')
    const sub = await tx
      .repo(reportSubmission, REPORT_SCOPE)
      .first(eq(reportSubmission.id, task.businessId ?? ''))
    if (!sub || sub.tableCode !== table) return bad('数据不存在或无权访问')
    await lockSubmission(tx, sub.id)
    await assertMayAudit(tx, tx.me, sub)
    await completeTask(tx.db, actorOf(request), {
      taskId: task.id,
      pass,
      comment: comment || (pass ? '同意' : ''),
      processKey: REPORT_FLOW_KEY,
    })
    const after = await tx.repo(reportSubmission).need(sub.id)
    return { status: after.status }
  })
}
