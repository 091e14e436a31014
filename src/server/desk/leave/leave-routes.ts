import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { flowInstance, processLeave } from '../../db/schema'
import { ownedRows } from '../../core/data'
import { ok } from '../../core/envelope'
import { bad, BizError } from '../../core/errors'
import { nextId } from '../../core/ids'
import { actorOf } from '../../flow/actor'
import { registerApprovalRoutes, startForRecord, type Actor } from '../../flow/business'
import { flowOf } from '../../flow/queries'
import { canSeeInstance } from '../../flow/access'
import type { Tx } from '../../flow/db-types'
import { LEAVE_PROCESS_KEY, LEAVE_STATUS, LEAVE_TABLE, registerLeaveStatus } from './leave-status'

const DATE_TIME = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2})?)?/

const dateOf = (raw: unknown, label: string): Date => {
  const text = typeof raw === 'string' ? raw.trim() : ''
  if (!text) bad(`请选择${label}`)
  if (!DATE_TIME.test(text)) bad(`${label}格式不正确`)
  const d = new Date(text.length === 10 ? `${text}T00:00:00` : text.replace(' ', 'T'))
  if (Number.isNaN(d.getTime())) bad(`${label}格式不正确`)
  return d
}

const LeaveBody = z.object({
  id: z.union([z.string(), z.number()]).optional().nullable(),
  processDefinitionId: z.string().max(128).optional().nullable(),
  startTime: z.unknown(),
  endTime: z.unknown(),
  reason: z.unknown(),
  taskUser: z.union([z.string(), z.number()]).optional().nullable(),
})

/**
 * Saves a leave request: a new one, or the applicant's edit of one returned to them. Returns its id;
 * the caller starts or re-submits the process in the same transaction.
 */
async function saveLeave(tx: Tx, actor: Actor, input: Record<string, unknown>): Promise<string> {
  const parsed = LeaveBody.safeParse(input)
  if (!parsed.success) bad('请假单格式不正确')
  const body = parsed.data!
  const startTime = dateOf(body.startTime, '开始时间')
  const endTime = dateOf(body.endTime, '结束时间')
  if (endTime <= startTime) bad('结束时间必须晚于开始时间')
  const reason = typeof body.reason === 'string' ? body.reason.trim() : ''
  if (!reason) bad('请输入请假理由')
  if (reason.length > 500) bad('请假理由不能超过500个字符')
  const taskUser =
    body.taskUser === undefined || body.taskUser === null || body.taskUser === ''
      ? null
      : String(body.taskUser)
  if (taskUser && !/^\d{1,20}$/.test(taskUser)) bad('审批人不正确')
  const fields = {
    startTime,
    endTime,
    reason,
    taskUser,
    processDefinitionId: body.processDefinitionId ?? null,
  }

  if (body.id !== undefined && body.id !== null && body.id !== '') {
    const id = String(body.id)
    const [row] = await tx
      .select()
      .from(processLeave)
      .where(and(ownedRows(processLeave, actor.tenantId), eq(processLeave.id, id)))
    if (!row || row.createUser !== actor.userId) throw new BizError('请假单不存在')
    if (row.flowStatus !== LEAVE_STATUS.returned) throw new BizError('请假单正在审批中或已办结，不能修改')
    await tx
      .update(processLeave)
      .set({
        ...fields,
        processDefinitionId: row.processDefinitionId,
        updateUser: actor.userId,
        updateTime: new Date(),
      })
      .where(eq(processLeave.id, id))
    return id
  }
  const id = nextId()
  await tx.insert(processLeave).values({
    id,
    tenantId: actor.tenantId,
    ...fields,
    applyTime: new Date(),
    flowStatus: LEAVE_STATUS.inApproval,
    createUser: actor.userId,
    createDept: actor.deptIds[0] ?? null,
    updateUser: actor.userId,
  })
  return id
}

/** The approver picked on the form stands in when the department has no head on record. */
const approverOf = (body: Record<string, unknown>) =>
  body.taskUser ? { taskUser: String(body.taskUser) } : undefined

/** The leave process (`/api/blade-desk/process/leave/*`), on the shared business hook. */
export function registerLeaveRoutes(app: FastifyInstance) {
  registerLeaveStatus()
  const base = '/api/blade-desk/process/leave'

  app.post(`${base}/start-process`, async (request) => {
    const actor = actorOf(request)
    const body = (request.body ?? {}) as Record<string, unknown>
    const result = await app.db.transaction(async (tx) => {
      const businessId = await saveLeave(tx, actor, body)
      const started = await startForRecord({
        db: tx,
        user: actor,
        processKey: LEAVE_PROCESS_KEY,
        businessTable: LEAVE_TABLE,
        businessId,
        variables: approverOf(body),
      })
      await tx
        .update(processLeave)
        .set({
          processInstanceId: started.processInstanceId,
          processDefinitionId: started.processDefinitionId,
        })
        .where(eq(processLeave.id, businessId))
      return { ...started, businessId }
    })
    return ok(result, result.resubmitted ? '重新提交成功' : '提交成功')
  })

  app.get(
    `${base}/detail`,
    { schema: { querystring: z.record(z.string(), z.unknown()) } },
    async (request) => {
      const actor = actorOf(request)
      const raw = (request.query as Record<string, unknown>).businessId
      const id = typeof raw === 'string' ? raw.trim() : ''
      if (!/^\d{1,20}$/.test(id)) bad('请假单编号 businessId 不正确')
      const [row] = await app.db
        .select()
        .from(processLeave)
        .where(and(ownedRows(processLeave, actor.tenantId), eq(processLeave.id, id)))
      if (!row) bad('请假单不存在')
      const [instance] = row!.processInstanceId
        ? await app.db.select().from(flowInstance).where(eq(flowInstance.id, row!.processInstanceId))
        : []
      const mine = row!.createUser === actor.userId
      if (!mine && !(instance && (await canSeeInstance(app.db, actor, instance)))) bad('请假单不存在')
      return ok({ ...row, flow: await flowOf(app.db, actor.tenantId, instance?.id) })
    },
  )

  registerApprovalRoutes(app, {
    basePath: base,
    processKey: LEAVE_PROCESS_KEY,
    businessTable: LEAVE_TABLE,
    save: ({ tx, actor, body }) => saveLeave(tx, actor, body),
    variables: approverOf,
  })
}
