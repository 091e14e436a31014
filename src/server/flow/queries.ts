import { and, asc, desc, eq, exists, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import { dict, flowDefinition, flowInstance, flowTask, flowTaskCandidate } from '../db/schema'
import type { Page } from '../core/envelope'
import type { Paging } from '../core/query'
import type { PgTable } from 'drizzle-orm/pg-core'
import { countRows, dataOfTenant, liveRows, pageOf } from '../core/data'
import { candidateKeysOf } from './candidates'
import { canSeeInstance } from './access'
import type { Actor, Executor } from './db-types'

type TaskRow = typeof flowTask.$inferSelect

/** The live rows of `table` that belong to `tenantId`, with `extra` (the data layer's condition). */
const tenantRowsOf = (db: Executor, tenantId: string, table: PgTable, ...extra: (SQL | undefined)[]) =>
  dataOfTenant(db, tenantId).rows(table, ...extra)
type InstanceRow = typeof flowInstance.$inferSelect
type DefinitionRow = typeof flowDefinition.$inferSelect

/** Filters the Saber work pages send; unknown keys are ignored. */
export interface TaskFilters {
  category?: string
  processDefinitionKey?: string
  processDefinitionName?: string
  businessTable?: string
  taskName?: string
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : undefined)

export function taskFiltersOf(query: Record<string, unknown>): TaskFilters {
  return {
    category: str(query.category),
    processDefinitionKey: str(query.processDefinitionKey),
    processDefinitionName: str(query.processDefinitionName),
    businessTable: str(query.businessTable),
    taskName: str(query.taskName),
  }
}

const likeText = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

function taskFilterConditions(f: TaskFilters): (SQL | undefined)[] {
  return [
    f.category ? eq(flowTask.category, f.category) : undefined,
    f.processDefinitionKey ? eq(flowTask.processKey, f.processDefinitionKey) : undefined,
    f.processDefinitionName ? ilike(flowTask.processName, likeText(f.processDefinitionName)) : undefined,
    f.businessTable ? eq(flowTask.businessTable, f.businessTable) : undefined,
    f.taskName ? ilike(flowTask.name, likeText(f.taskName)) : undefined,
  ]
}

/** A task in the shape of BladeX's `BladeFlow`, as the Saber work pages read it. */
export function taskView(t: TaskRow, status: 'todo' | 'claim' | 'finished') {
  return {
    taskId: t.id,
    taskName: t.name,
    taskDefinitionKey: t.taskDefKey,
    processDefinitionId: t.definitionId,
    processDefinitionKey: t.processKey,
    processDefinitionName: t.processName,
    processDefinitionVersion: Number(t.definitionId.split(':')[1] ?? 1),
    processInstanceId: t.instanceId,
    executionId: t.instanceId,
    businessTable: t.businessTable ?? '',
    businessId: t.businessId ?? '',
    category: t.category ?? '',
    createTime: t.createTime,
    claimTime: t.claimTime,
    endTime: t.endTime,
    historyTaskEndTime: t.endTime,
    assignee: t.assigneeId ?? '',
    assigneeName: t.assigneeName ?? '',
    startUserId: t.startUserId,
    startUser: t.startUserName ?? '',
    status,
    pass: t.pass,
    comment: t.comment ?? '',
  }
}

function pagedTasks(
  db: Executor,
  where: SQL | undefined,
  order: SQL[],
  paging: Paging,
): Promise<Page<TaskRow>> {
  return pageOf(
    paging,
    db
      .select()
      .from(flowTask)
      .where(where)
      .orderBy(...order),
    () => countRows(db, flowTask, where),
  )
}

/** A page of tasks in the BladeFlow shape. */
const viewTasks = (p: Page<TaskRow>, status: (t: TaskRow) => 'todo' | 'claim' | 'finished') => ({
  ...p,
  records: p.records.map((t) => taskView(t, status(t))),
})

/** 待办: open tasks assigned to the user (served by a partial index on open tasks). */
export async function todoList(db: Executor, actor: Actor, filters: TaskFilters, paging: Paging) {
  const where = tenantRowsOf(
    db,
    actor.tenantId,
    flowTask,
    eq(flowTask.assigneeId, actor.userId),
    isNull(flowTask.endTime),
    ...taskFilterConditions(filters),
  )
  const tasks = await pagedTasks(db, where, [desc(flowTask.createTime), desc(flowTask.id)], paging)
  return viewTasks(tasks, () => 'todo')
}

const claimableBy = (db: Executor, actor: Actor) =>
  exists(
    sql`(select 1 from ${flowTaskCandidate} where ${tenantRowsOf(
      db,
      actor.tenantId,
      flowTaskCandidate,
      sql`${flowTaskCandidate.taskId} = ${flowTask.id}`,
      inArray(flowTaskCandidate.candidateKey, candidateKeysOf(actor)),
    )})`,
  )

/** 待签: unclaimed open tasks the user is a candidate for (by user, role, or role in a department). */
export async function claimList(db: Executor, actor: Actor, filters: TaskFilters, paging: Paging) {
  const where = tenantRowsOf(
    db,
    actor.tenantId,
    flowTask,
    isNull(flowTask.assigneeId),
    isNull(flowTask.endTime),
    claimableBy(db, actor),
    ...taskFilterConditions(filters),
  )
  const tasks = await pagedTasks(db, where, [desc(flowTask.createTime), desc(flowTask.id)], paging)
  return viewTasks(tasks, () => 'claim')
}

/** Open tasks the user may act on now: assigned to them, or claimable by them (business audit lists). */
export async function openTasksFor(db: Executor, actor: Actor, filters: TaskFilters, paging: Paging) {
  const where = tenantRowsOf(
    db,
    actor.tenantId,
    flowTask,
    isNull(flowTask.endTime),
    or(eq(flowTask.assigneeId, actor.userId), and(isNull(flowTask.assigneeId), claimableBy(db, actor))),
    ...taskFilterConditions(filters),
  )
  const tasks = await pagedTasks(db, where, [desc(flowTask.createTime), desc(flowTask.id)], paging)
  return {
    rows: tasks.records.map((t) => taskView(t, t.assigneeId ? 'todo' : 'claim')),
    total: tasks.total,
  }
}

/** Tasks the user has completed (business audit records). */
export async function doneTasksOf(db: Executor, actor: Actor, filters: TaskFilters, paging: Paging) {
  const where = tenantRowsOf(
    db,
    actor.tenantId,
    flowTask,
    eq(flowTask.assigneeId, actor.userId),
    isNotNull(flowTask.endTime),
    ...taskFilterConditions(filters),
  )
  const tasks = await pagedTasks(db, where, [desc(flowTask.endTime), desc(flowTask.id)], paging)
  return { rows: tasks.records.map((t) => taskView(t, 'finished')), total: tasks.total }
}

/** An instance in the BladeFlow shape (sent, done and follow lists). */
export function instanceView(i: InstanceRow, currentTasks: string[] = []) {
  return {
    id: i.id,
    processInstanceId: i.id,
    executionId: i.id,
    processDefinitionId: i.definitionId,
    processDefinitionKey: i.processKey,
    processDefinitionName: i.processName,
    processDefinitionVersion: Number(i.definitionId.split(':')[1] ?? 1),
    businessTable: i.businessTable ?? '',
    businessId: i.businessId ?? '',
    businessKey: i.businessTable && i.businessId ? `${i.businessTable}:${i.businessId}` : '',
    category: i.category ?? '',
    startUserId: i.startUserId,
    startUser: i.startUserName ?? '',
    createTime: i.startTime,
    startTime: i.startTime,
    endTime: i.endTime,
    historyTaskEndTime: i.endTime,
    status: i.status,
    result: i.result ?? '',
    processIsFinished: i.status === 'running' ? 'unfinished' : 'finished',
    suspensionState: 1,
    taskName: currentTasks.join(','),
    deleteReason: i.deleteReason ?? '',
  }
}

function instanceFilterConditions(f: TaskFilters): (SQL | undefined)[] {
  return [
    f.category ? eq(flowInstance.category, f.category) : undefined,
    f.processDefinitionKey ? eq(flowInstance.processKey, f.processDefinitionKey) : undefined,
    f.processDefinitionName ? ilike(flowInstance.processName, likeText(f.processDefinitionName)) : undefined,
    f.businessTable ? eq(flowInstance.businessTable, f.businessTable) : undefined,
  ]
}

async function pagedInstances(
  db: Executor,
  where: SQL | undefined,
  paging: Paging,
): Promise<Page<ReturnType<typeof instanceView>>> {
  const instances = await pageOf(
    paging,
    db.select().from(flowInstance).where(where).orderBy(desc(flowInstance.startTime), desc(flowInstance.id)),
    () => countRows(db, flowInstance, where),
  )
  const ids = instances.records.map((r) => r.id)
  const open = ids.length
    ? await db
        .select({ instanceId: flowTask.instanceId, name: flowTask.name })
        .from(flowTask)
        .where(and(inArray(flowTask.instanceId, ids), isNull(flowTask.endTime)))
    : []
  return {
    ...instances,
    records: instances.records.map((r) =>
      instanceView(
        r,
        open.filter((o) => o.instanceId === r.id).map((o) => o.name),
      ),
    ),
  }
}

/** 已发: instances the user started. */
export function sendList(db: Executor, actor: Actor, filters: TaskFilters, paging: Paging) {
  return pagedInstances(
    db,
    tenantRowsOf(
      db,
      actor.tenantId,
      flowInstance,
      eq(flowInstance.startUserId, actor.userId),
      ...instanceFilterConditions(filters),
    ),
    paging,
  )
}

/** 办结: finished instances the user started or worked on (BladeX: finished + involvedUser). */
export function doneList(db: Executor, actor: Actor, filters: TaskFilters, paging: Paging) {
  const involved = or(
    eq(flowInstance.startUserId, actor.userId),
    exists(
      sql`(select 1 from ${flowTask} where ${flowTask.instanceId} = ${flowInstance.id} and ${flowTask.assigneeId} = ${actor.userId})`,
    ),
  )
  return pagedInstances(
    db,
    tenantRowsOf(
      db,
      actor.tenantId,
      flowInstance,
      eq(flowInstance.status, 'finished'),
      involved,
      ...instanceFilterConditions(filters),
    ),
    paging,
  )
}

/** 流程监控: running instances of the tenant. */
export function followList(db: Executor, tenantId: string, query: Record<string, unknown>, paging: Paging) {
  const f = taskFiltersOf(query)
  const instanceId = str(query.processInstanceId)
  return pagedInstances(
    db,
    tenantRowsOf(
      db,
      tenantId,
      flowInstance,
      eq(flowInstance.status, 'running'),
      instanceId && /^\d+$/.test(instanceId) ? eq(flowInstance.id, instanceId) : undefined,
      ...instanceFilterConditions(f),
    ),
    paging,
  )
}

/** A definition in the shape of BladeX's `FlowProcess` (`categoryName` from the `flow` dictionary). */
export function definitionView(d: DefinitionRow, categoryNames: Map<string, string> = new Map()) {
  return {
    id: d.id,
    tenantId: d.tenantId,
    name: d.name,
    key: d.key,
    category: d.category ?? '',
    categoryName: categoryName(d.category, categoryNames),
    version: d.version,
    deploymentId: d.deploymentId,
    resourceName: d.resourceName,
    diagramResourceName: d.resourceName.replace(/\.(bpmn20\.xml|bpmn|xml)$/, '.png'),
    description: d.description ?? '',
    suspensionState: d.suspensionState,
    deploymentTime: d.deployTime,
  }
}

/** Process definitions; `latestActive` gives what may be started (work/start-list). */
export async function definitionList(
  db: Executor,
  tenantId: string,
  query: Record<string, unknown>,
  paging: Paging,
  latestActive: boolean,
) {
  const category = str(query.category)
  const key = str(query.key) ?? str(query.processDefinitionKey)
  const name = str(query.name)
  const latest = sql`${flowDefinition.version} = (select max(d2.version) from ${flowDefinition} d2 where d2.tenant_id = ${flowDefinition.tenantId} and d2.key = ${flowDefinition.key})`
  const where = tenantRowsOf(
    db,
    tenantId,
    flowDefinition,
    category ? eq(flowDefinition.category, category) : undefined,
    key ? eq(flowDefinition.key, key) : undefined,
    name ? ilike(flowDefinition.name, likeText(name)) : undefined,
    latestActive ? and(latest, eq(flowDefinition.suspensionState, 1)) : undefined,
  )
  const definitions = await pageOf(
    paging,
    db
      .select()
      .from(flowDefinition)
      .where(where)
      .orderBy(asc(flowDefinition.key), desc(flowDefinition.version)),
    () => countRows(db, flowDefinition, where),
  )
  const names = await flowCategoryNames(db)
  return { ...definitions, records: definitions.records.map((d) => definitionView(d, names)) }
}

/** Every step of an instance, start to end, with who did it, when, and what they said. */
export async function historyFlowList(db: Executor, actor: Actor, instanceId: string) {
  const [instance] = await db
    .select()
    .from(flowInstance)
    .where(tenantRowsOf(db, actor.tenantId, flowInstance, eq(flowInstance.id, instanceId)))
  if (!instance || !(await canSeeInstance(db, actor, instance))) return null
  const tasks = await db
    .select()
    .from(flowTask)
    .where(eq(flowTask.instanceId, instanceId))
    .orderBy(asc(flowTask.createTime), asc(flowTask.id))
  const step = (
    id: string,
    name: string,
    type: string,
    assignee: string,
    assigneeName: string,
    start: Date,
    end: Date | null,
    comment: string,
    extra: Record<string, unknown> = {},
  ) => ({
    historyActivityId: id,
    historyActivityName: name,
    historyActivityType: type,
    assignee,
    assigneeName,
    createTime: start,
    endTime: end,
    historyActivityDurationTime: end ? durationText(end.getTime() - start.getTime()) : '',
    comment,
    processInstanceId: instanceId,
    ...extra,
  })
  const out = [
    step(
      'start',
      '开始',
      'startEvent',
      instance.startUserId,
      instance.startUserName ?? '',
      instance.startTime,
      instance.startTime,
      '发起流程',
    ),
    ...tasks.map((t) =>
      step(
        t.taskDefKey,
        t.name,
        'userTask',
        t.assigneeId ?? '',
        t.assigneeName ?? '',
        t.createTime,
        t.endTime,
        t.comment ?? '',
        {
          taskId: t.id,
          pass: t.pass,
        },
      ),
    ),
  ]
  if (instance.endTime)
    out.push(
      step(
        'end',
        instance.status === 'deleted' ? '已删除' : instance.result === 'approved' ? '结束（通过）' : '结束',
        'endEvent',
        '',
        '',
        instance.endTime,
        instance.endTime,
        instance.deleteReason ?? '',
      ),
    )
  return out
}

function durationText(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000))
  const d = Math.floor(s / 86400)
  const h = Math.floor((s % 86400) / 3600)
  const m = Math.floor((s % 3600) / 60)
  return `${d ? `${d}天` : ''}${h ? `${h}小时` : ''}${m ? `${m}分` : ''}${s % 60}秒`
}

/** A definition's category `flow_<dictKey>` named by the `flow` dictionary (flow_1 → 请假流程). */
const categoryName = (category: string | null, names: Map<string, string>) =>
  names.get((category ?? '').replace(/^flow_/, '')) ?? ''

/** The names of the flow categories by dictionary key (system dictionary `flow`). */
export async function flowCategoryNames(db: Executor): Promise<Map<string, string>> {
  const items = await db
    .select({ key: dict.dictKey, value: dict.dictValue })
    .from(dict)
    .where(and(liveRows(dict), eq(dict.code, 'flow'), sql`${dict.parentId} > 0`))
  return new Map(items.map((i) => [i.key, i.value]))
}

/**
 * A business record's `flow` (BladeX FlowEntity.flow): the instance, and the open task with who has it
 * (`assignee`, `assigneeName`, `taskId`, `taskName`, `taskDefinitionKey`; empty when it is finished or
 * waits to be claimed). Every approval module's detail answer carries it.
 */
export async function flowOf(db: Executor, tenantId: string, instanceId: string | null | undefined) {
  if (!instanceId || !/^\d{1,20}$/.test(instanceId)) return null
  const [instance] = await db
    .select()
    .from(flowInstance)
    .where(tenantRowsOf(db, tenantId, flowInstance, eq(flowInstance.id, instanceId)))
  if (!instance) return null
  const open = await db
    .select()
    .from(flowTask)
    .where(and(eq(flowTask.instanceId, instanceId), isNull(flowTask.endTime)))
    .orderBy(asc(flowTask.createTime))
  const task = open[0]
  return {
    ...instanceView(
      instance,
      open.map((t) => t.name),
    ),
    taskId: task?.id ?? '',
    taskName: open.map((t) => t.name).join(','),
    taskDefinitionKey: task?.taskDefKey ?? '',
    assignee: open
      .map((t) => t.assigneeId ?? '')
      .filter(Boolean)
      .join(','),
    assigneeName: open
      .map((t) => t.assigneeName ?? '')
      .filter(Boolean)
      .join(','),
  }
}
