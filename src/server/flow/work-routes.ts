import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { done, ok } from '../core/envelope'
import { bad } from '../core/errors'
import { parsePaging } from '../core/query'
import { actorOf } from './actor'
import { ensureBuiltinFlows } from './builtins'
import { claimTask, completeTask } from './runtime'
import {
  claimList,
  definitionList,
  doneList,
  historyFlowList,
  sendList,
  taskFiltersOf,
  todoList,
} from './queries'

const AnyQuery = z.record(z.string(), z.unknown())
const ID = /^\d{1,20}$/

export const taskIdOf = (raw: unknown): string => {
  const id = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : ''
  if (!ID.test(id)) bad('任务编号 taskId 不正确')
  return id
}

/** `pass` arrives as a boolean, or as 'true'/'false' from forms; missing means approve (BladeX default). */
export const passOf = (raw: unknown): boolean => {
  if (raw === undefined || raw === null || raw === '') return true
  if (raw === true || raw === 'true' || raw === 1 || raw === '1') return true
  if (raw === false || raw === 'false' || raw === 0 || raw === '0') return false
  return bad('审批结果 pass 不正确')
}

export const CompleteBody = z.object({
  taskId: z.union([z.string(), z.number()]),
  processInstanceId: z.union([z.string(), z.number()]).optional().nullable(),
  pass: z.unknown().optional(),
  flag: z.string().optional().nullable(),
  comment: z.string().max(1000, '审批意见不能超过1000个字符').optional().nullable(),
  variables: z.record(z.string(), z.unknown()).optional().nullable(),
})

/** 我的事务 (`/api/blade-flow/work/*`) and the step history of an instance. */
export function registerWorkRoutes(app: FastifyInstance) {
  const base = '/api/blade-flow/work'

  app.get(`${base}/start-list`, { schema: { querystring: AnyQuery } }, async (request) => {
    const actor = actorOf(request)
    await ensureBuiltinFlows(app.db, actor.tenantId)
    const query = request.query as Record<string, unknown>
    return ok(await definitionList(app.db, actor.tenantId, query, parsePaging(query), true))
  })

  const personal = [
    ['todo-list', todoList],
    ['claim-list', claimList],
    ['send-list', sendList],
    ['done-list', doneList],
  ] as const
  for (const [path, list] of personal)
    app.get(`${base}/${path}`, { schema: { querystring: AnyQuery } }, async (request) => {
      const query = request.query as Record<string, unknown>
      return ok(await list(app.db, actorOf(request), taskFiltersOf(query), parsePaging(query)))
    })

  app.post(`${base}/claim-task`, { schema: { querystring: AnyQuery } }, async (request) => {
    const query = request.query as Record<string, unknown>
    const body = (request.body ?? {}) as Record<string, unknown>
    await claimTask(app.db, actorOf(request), taskIdOf(query.taskId ?? body.taskId))
    return done('签收成功')
  })

  app.post(`${base}/complete-task`, { schema: { body: CompleteBody } }, async (request) => {
    const body = request.body as z.infer<typeof CompleteBody>
    await completeTask(app.db, actorOf(request), {
      taskId: taskIdOf(body.taskId),
      pass: passOf(body.pass),
      comment: body.comment,
      variables: body.variables ?? undefined,
    })
    return done()
  })

  app.get(
    '/api/blade-flow/process/history-flow-list',
    { schema: { querystring: AnyQuery } },
    async (request) => {
      const raw = (request.query as Record<string, unknown>).processInstanceId
      const id = typeof raw === 'string' ? raw.trim() : ''
      if (!ID.test(id)) bad('流程实例编号 processInstanceId 不正确')
      const steps = await historyFlowList(app.db, actorOf(request), id)
      if (!steps) bad('流程实例不存在')
      return ok(steps)
    },
  )
}
