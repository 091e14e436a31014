import { and, desc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { repairsApi } from '../../shared/api/repairs'
import { REPAIR_STATUS } from '../../shared/resources/repairs/repairs'
import { ok } from '../core/envelope'
import { bad } from '../core/errors'
import { route } from '../core/route'
import { deviceRepairRecord, flowTask, user } from '../db/schema'
import { actorOf } from '../flow/actor'
import { startForRecord } from '../flow/business'
import { completeTask } from '../flow/runtime'
import { ownRequest, requestsOf } from './requests'
import { REPAIR_PROCESS_KEY, REPAIR_STEPS, REPAIR_TABLE } from './status'

const DONE_MESSAGE: Record<number, string> = {
  [REPAIR_STATUS.waiting]: '报修已提交，等待受理',
  [REPAIR_STATUS.repairing]: '已受理并派工',
  [REPAIR_STATUS.done]: '维修完成，报修单已办结',
  [REPAIR_STATUS.returned]: '已退回报修人',
  [REPAIR_STATUS.cancelled]: '报修已撤销',
}

/**
 * `POST sumbitTask` (the catalogue's spelling): every flow action on a request in one route.
 * Without `taskId` the reporter submits a draft or returned request (提交报修), or with pass=false
 * withdraws a returned one (撤销). With `taskId` the caller does that step: 受理派工 names the
 * technician, 维修处理 needs a repair record and closes the request with its result; pass=false
 * returns it to the reporter with a comment.
 */
export function registerTaskRoute(app: FastifyInstance) {
  route(app, repairsApi.sumbitTask, async ({ data, body, request }) => {
    const actor = actorOf(request)
    const status = await data.transaction(async (tx) => {
      if (!body.taskId) {
        const row = await ownRequest(tx, body.id)
        if (row.createUser !== actor.userId) bad('只有报修人可以提交或撤销报修')
        if (body.pass === false) {
          if (row.repairStatus !== REPAIR_STATUS.returned || !row.processInstanceId)
            bad('只能撤销已退回的报修单')
          const [task] = await tx.db
            .select()
            .from(flowTask)
            .where(
              tx.rows(
                flowTask,
                eq(flowTask.instanceId, row.processInstanceId!),
                eq(flowTask.taskDefKey, REPAIR_STEPS.reporter),
                eq(flowTask.assigneeId, actor.userId),
              ),
            )
            .orderBy(desc(flowTask.createTime))
            .limit(1)
          if (!task || task.endTime) bad('报修单不在待您处理的步骤')
          await completeTask(tx.db, actor, {
            taskId: task!.id,
            pass: false,
            comment: body.comment || '撤销报修',
            processKey: REPAIR_PROCESS_KEY,
          })
        } else {
          if (row.repairStatus !== REPAIR_STATUS.draft && row.repairStatus !== REPAIR_STATUS.returned)
            bad('报修单已提交，不能重复提交')
          const started = await startForRecord({
            db: tx.db,
            user: actor,
            processKey: REPAIR_PROCESS_KEY,
            businessTable: REPAIR_TABLE,
            businessId: row.id,
          })
          await requestsOf(tx).update(row.id, { processDefinitionId: started.processDefinitionId })
        }
      } else {
        const row = await requestsOf(tx).need(body.id, '报修单不存在或无权操作')
        const [task] = await tx.db
          .select()
          .from(flowTask)
          .where(tx.rows(flowTask, eq(flowTask.id, body.taskId)))
        if (!task || task.instanceId !== row.processInstanceId) bad('任务不属于该报修单')
        const pass = body.pass !== false
        if (!pass && task!.taskDefKey !== REPAIR_STEPS.reporter && !body.comment) bad('退回时请填写意见')
        const variables: Record<string, unknown> = {}
        if (pass && task!.taskDefKey === REPAIR_STEPS.accept) {
          if (!body.repairerId) bad('请选择维修人')
          const [technician] = await tx.db
            .select({ id: user.id })
            .from(user)
            .where(tx.rows(user, eq(user.id, body.repairerId!), eq(user.status, 1)))
          if (!technician) bad('维修人不存在或已停用')
          variables.repairer = body.repairerId
        }
        if (pass && task!.taskDefKey === REPAIR_STEPS.repair) {
          const [last] = await tx
            .repo(deviceRepairRecord)
            .find([and(eq(deviceRepairRecord.repairsId, row.id))], {
              sort: [desc(deviceRepairRecord.repairDate), desc(deviceRepairRecord.id)],
              limit: 1,
            })
          if (!last) bad('请先登记维修记录')
          await requestsOf(tx).update(row.id, { repairResult: body.repairResult ?? last!.result ?? 1 })
        }
        await completeTask(tx.db, actor, {
          taskId: task!.id,
          pass,
          comment: body.comment,
          variables,
          processKey: REPAIR_PROCESS_KEY,
        })
      }
      return (await requestsOf(tx).need(body.id)).repairStatus ?? REPAIR_STATUS.draft
    })
    return ok({ repairStatus: status }, DONE_MESSAGE[status] ?? '操作成功')
  })
}
