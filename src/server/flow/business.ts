/**
 * The one way business modules use the workflow engine.
 *
 *   // start (or, after a rejection, re-submit) the approval of a record
 *   await startForRecord({ db, user, processKey: 'openRoom', businessTable: 'open_room_apply', businessId })
 *
 *   // react to what happens to it, inside the step's transaction
 *   onFlowEvent('openRoom', {
 *     rejected: ({ tx, businessId }) => tx.update(openRoomApply).set({ status: 2 }).where(eq(openRoomApply.id, businessId!)),
 *     approved: ({ tx, businessId }) => tx.update(openRoomApply).set({ status: 3 }).where(eq(openRoomApply.id, businessId!)),
 *   })
 *
 *   // submit, audit-list, auditRecord-list and complete-task under the module's base path
 *   registerApprovalRoutes(app, { basePath: '/api/open/openroomapply', processKey: 'openRoom',
 *     businessTable: 'open_room_apply', save: ({ tx, actor, body }) => saveApply(tx, actor, body),
 *     describe: ({ db, tenantId, ids }) => loadApplies(db, tenantId, ids) })
 */
import { and, eq, isNull } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { flowInstance, flowTask } from '../db/schema'
import type { AuthUser } from '../core/context'
import { done, ok, page } from '../core/envelope'
import { BizError } from '../core/errors'
import { parsePaging } from '../core/query'
import { actorOf, actorOfUser } from './actor'
import { processSpecOf } from './bpmn'
import type { Actor, Executor, Tx } from './db-types'
import { doneTasksOf, openTasksFor, taskFiltersOf } from './queries'
import { completeTask, deleteInstance, findDefinition, startProcess } from './runtime'
import { onFlowEvent, type FlowEvent, type FlowEventHandlers, type FlowEventType } from './events'
import { Data } from '../core/data'
import { CompleteBody, passOf, taskIdOf } from './work-routes'
import { ownedRows } from '../core/data'

export { onFlowEvent, type FlowEvent, type FlowEventType, type FlowEventHandlers } from './events'
/** A record's `flow` for its detail answer: the instance and who has its open task. */
export { flowOf } from './queries'
export type { Actor, Executor } from './db-types'

const toActor = (user: Actor | AuthUser): Actor => ('account' in user ? actorOfUser(user) : user)

/** A flow with the business table its records live in. */
export interface RecordFlow {
  processKey: string
  businessTable: string
}

/**
 * Reacts to what happens to the records of one business table: each handler gets the step's
 * transaction as a data layer of the record's tenant (no data scope: the approver acts for the
 * flow), the record id and the event.
 */
export function onRecordEvent(
  flow: RecordFlow,
  handlers: Partial<Record<FlowEventType, (data: Data, id: string, event: FlowEvent) => Promise<void>>>,
): void {
  const wrapped: FlowEventHandlers = {}
  for (const [type, handler] of Object.entries(handlers) as [
    FlowEventType,
    NonNullable<(typeof handlers)[FlowEventType]>,
  ][])
    wrapped[type] = async (event) => {
      if (event.businessTable !== flow.businessTable || !event.businessId) return
      await handler(new Data({ db: event.tx, tenantId: event.tenantId, user: null }), event.businessId, event)
    }
  onFlowEvent(flow.processKey, wrapped)
}

/** Deletes a record's process instance as its applicant (a withdrawn or removed application). */
export async function deleteRecordProcess(data: Data, processInstanceId: string, reason: string) {
  await deleteInstance(data.db, actorOfUser(data.me), data.tenantId, processInstanceId, reason)
}

export interface StartForRecordOptions {
  db: Executor
  user: Actor | AuthUser
  processKey: string
  /** A deployed version of `processKey` to start instead of its latest (a module's chosen flow). */
  processDefinitionId?: string
  businessTable: string
  businessId: string
  variables?: Record<string, unknown>
}

/**
 * Starts the latest `processKey` definition for a business record. If the record's process is
 * waiting on the applicant (it was rejected back to them), this re-submits it instead. A record
 * already in approval is refused.
 */
export async function startForRecord(options: StartForRecordOptions) {
  const actor = toActor(options.user)
  const { db, processKey, businessTable, businessId } = options
  const [running] = await db
    .select()
    .from(flowInstance)
    .where(
      and(
        ownedRows(flowInstance, actor.tenantId),
        eq(flowInstance.businessTable, businessTable),
        eq(flowInstance.businessId, businessId),
        eq(flowInstance.status, 'running'),
      ),
    )
    .limit(1)
  if (running) {
    const open = await db
      .select()
      .from(flowTask)
      .where(and(eq(flowTask.instanceId, running.id), isNull(flowTask.endTime)))
    const definition = await findDefinition(db, actor.tenantId, { processDefinitionId: running.definitionId })
    const spec = await processSpecOf(definition.id, definition.xml)
    const mine = open.find(
      (t) =>
        t.assigneeId === actor.userId &&
        spec.userTasks.get(t.taskDefKey)?.assignee?.replace(/\s/g, '') === '${applicant}',
    )
    if (!mine) throw new BizError('该记录正在审批中，不能重复提交')
    await completeTask(db, actor, {
      taskId: mine.id,
      pass: true,
      comment: '重新提交',
      variables: options.variables,
    })
    return { processInstanceId: running.id, processDefinitionId: running.definitionId, resubmitted: true }
  }
  const started = await startProcess(db, actor, {
    processKey,
    processDefinitionId: options.processDefinitionId,
    businessTable,
    businessId,
    variables: options.variables,
  })
  return {
    processInstanceId: started.processInstanceId,
    processDefinitionId: started.processDefinitionId,
    resubmitted: false,
  }
}

export interface ApprovalRoutesOptions {
  /** e.g. `/api/open/openroomapply`. */
  basePath: string
  /**
   * The route that saves and starts (or re-submits) the approval, under `basePath`: `submit` by
   * default; another name (`handleApplyFor`) where the module's `submit` is its plain save; `null`
   * for none (the module starts the flow itself with `startForRecord`).
   */
  startPath?: string | null
  processKey: string
  businessTable: string
  /**
   * Validates and saves the submitted record (insert or update) and returns its id; runs in the
   * same transaction as the process start (`dataOf(request).with(tx)` is the caller's data layer in
   * it). Absent: the body must name an existing record by `id`.
   */
  save?: (ctx: {
    tx: Tx
    actor: Actor
    body: Record<string, unknown>
    request: FastifyRequest
  }) => Promise<string>
  /** Process variables from the submitted body (e.g. an approver picked on the form). */
  variables?: (body: Record<string, unknown>) => Record<string, unknown> | undefined
  /** Business fields for audit-list rows, by record id (merged into each task row). */
  describe?: (ctx: {
    db: Executor
    tenantId: string
    ids: string[]
  }) => Promise<Map<string, Record<string, unknown>>>
}

const AnyQuery = z.record(z.string(), z.unknown())

/** Registers the start route (`submit`), `audit-list`, `auditRecord-list` and `complete-task` for one business flow. */
export function registerApprovalRoutes(app: FastifyInstance, options: ApprovalRoutesOptions) {
  const { basePath, processKey, businessTable } = options

  const withRecords = async <T extends { businessId: string }>(tenantId: string, tasks: T[]) => {
    if (!options.describe || !tasks.length) return tasks
    const records = await options.describe({
      db: app.db,
      tenantId,
      ids: [...new Set(tasks.map((t) => t.businessId))],
    })
    return tasks.map((t) => ({ ...(records.get(t.businessId) ?? {}), ...t }))
  }

  const startPath = options.startPath === undefined ? 'submit' : options.startPath
  if (startPath)
    app.post(`${basePath}/${startPath}`, async (request) => {
      const actor = actorOf(request)
      const body = (request.body ?? {}) as Record<string, unknown>
      const result = await app.db.transaction(async (tx) => {
        const businessId = options.save
          ? await options.save({ tx, actor, body, request })
          : typeof body.id === 'string' || typeof body.id === 'number'
            ? String(body.id)
            : ''
        if (!/^\d{1,20}$/.test(businessId)) throw new BizError('请选择要提交的记录')
        const variables = options.variables
          ? options.variables(body)
          : ((body.variables && typeof body.variables === 'object' ? body.variables : undefined) as
              Record<string, unknown> | undefined)
        return startForRecord({ db: tx, user: actor, processKey, businessTable, businessId, variables })
      })
      return ok(result, result.resubmitted ? '重新提交成功' : '提交成功')
    })

  for (const [path, list] of [
    ['audit-list', openTasksFor],
    ['auditRecord-list', doneTasksOf],
  ] as const)
    app.get(`${basePath}/${path}`, { schema: { querystring: AnyQuery } }, async (request) => {
      const actor = actorOf(request)
      const query = request.query as Record<string, unknown>
      const paging = parsePaging(query)
      const { rows, total } = await list(
        app.db,
        actor,
        { ...taskFiltersOf(query), processDefinitionKey: processKey, businessTable },
        paging,
      )
      return ok(page(await withRecords(actor.tenantId, rows), total, paging.current, paging.size))
    })

  app.post(`${basePath}/complete-task`, { schema: { body: CompleteBody } }, async (request) => {
    const body = request.body as z.infer<typeof CompleteBody>
    await completeTask(app.db, actorOf(request), {
      taskId: taskIdOf(body.taskId),
      pass: passOf(body.pass),
      comment: body.comment,
      variables: body.variables ?? undefined,
      processKey,
    })
    return done()
  })
}
