import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm'
import { flowDefinition, flowInstance, flowTask, flowTaskCandidate } from '../db/schema'
import { BizError } from '../core/errors'
import { nextId } from '../core/ids'
import { processSpecOf, type UserTaskSpec } from './bpmn'
import { ensureBuiltinFlows } from './builtins'
import { BUILTIN_FLOWS } from './definitions'
import { candidateKeysOf, deptChain, findDeptLeaders, resolveTaskPeople, userNames } from './candidates'
import { signalEngine, startEngine, type EngineStep } from './engine-runner'
import { emitFlowEvent, type FlowEventType } from './events'
import type { Actor, Executor } from './db-types'
import { ownedRows } from '../core/data'

type Definition = typeof flowDefinition.$inferSelect
type Instance = typeof flowInstance.$inferSelect
type Task = typeof flowTask.$inferSelect

/** Variables the engine sets itself; callers cannot override them. */
const RESERVED = ['applicant', 'applicantName', 'applicantDeptId', 'applicantDeptChain', 'pass', 'comment']

function cleanVariables(input: unknown): Record<string, unknown> {
  if (input === undefined || input === null) return {}
  if (typeof input !== 'object' || Array.isArray(input)) throw new BizError('流程变量 variables 必须是对象')
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(input)) if (!RESERVED.includes(k)) out[k] = v
  return out
}

export async function findDefinition(
  db: Executor,
  tenantId: string,
  ref: { processDefinitionId?: string; processKey?: string },
): Promise<Definition> {
  const where = ref.processDefinitionId
    ? and(ownedRows(flowDefinition, tenantId), eq(flowDefinition.id, ref.processDefinitionId))
    : and(ownedRows(flowDefinition, tenantId), eq(flowDefinition.key, ref.processKey ?? ''))
  const latest = () =>
    db.select().from(flowDefinition).where(where).orderBy(desc(flowDefinition.version)).limit(1)
  let [definition] = await latest()
  // A tenant created after start-up gets the built-in flows on its first use of one.
  if (!definition && ref.processKey && BUILTIN_FLOWS.some((f) => f.key === ref.processKey)) {
    await ensureBuiltinFlows(db, tenantId)
    ;[definition] = await latest()
  }
  if (!definition) throw new BizError('流程定义不存在，请先部署流程')
  return definition
}

/** Creates task rows (with resolved candidates) for user tasks the engine is newly waiting on. */
async function openTasks(
  db: Executor,
  instance: Instance,
  definition: Definition,
  step: EngineStep,
  alreadyOpen: string[],
) {
  const spec = await processSpecOf(definition.id, definition.xml)
  const fresh = step.waiting.filter((key) => !alreadyOpen.includes(key))
  const created: Task[] = []
  for (const key of fresh) {
    const taskSpec = spec.userTasks.get(key) ?? { id: key, name: key }
    const people = await resolveTaskPeople(db, instance.tenantId, taskSpec, instance.variables)
    const names = people.assigneeId ? await userNames(db, instance.tenantId, [people.assigneeId]) : new Map()
    const [task] = await db
      .insert(flowTask)
      .values({
        id: nextId(),
        tenantId: instance.tenantId,
        instanceId: instance.id,
        definitionId: definition.id,
        processKey: definition.key,
        processName: definition.name,
        category: definition.category,
        businessTable: instance.businessTable,
        businessId: instance.businessId,
        startUserId: instance.startUserId,
        startUserName: instance.startUserName,
        taskDefKey: key,
        name: taskSpec.name,
        assigneeId: people.assigneeId,
        assigneeName: people.assigneeId ? (names.get(people.assigneeId) ?? null) : null,
        createTime: new Date(),
      })
      .returning()
    if (people.candidateKeys.length)
      await db.insert(flowTaskCandidate).values(
        people.candidateKeys.map((candidateKey) => ({
          taskId: task.id,
          tenantId: instance.tenantId,
          candidateKey,
        })),
      )
    created.push(task)
  }
  return created
}

export interface StartOptions {
  processDefinitionId?: string
  processKey?: string
  businessTable?: string | null
  businessId?: string | null
  variables?: Record<string, unknown>
}

/**
 * Starts a process instance as `actor`: resolves the applicant's department chain and head
 * (`${deptLeader}`), runs the engine to its first wait state, and stores instance and tasks in one
 * transaction. A definition whose first task has nobody to do it is refused and nothing is stored.
 */
export async function startProcess(db: Executor, actor: Actor, options: StartOptions) {
  const definition = await findDefinition(db, actor.tenantId, options)
  if (definition.suspensionState !== 1) throw new BizError('流程已挂起，不能发起')
  const chain = await deptChain(db, actor.tenantId, actor.deptIds[0])
  const variables: Record<string, unknown> = {
    ...cleanVariables(options.variables),
    applicant: actor.userId,
    applicantName: actor.realName,
    applicantDeptId: actor.deptIds[0] ?? null,
    applicantDeptChain: chain,
  }
  if (variables.deptLeader === undefined || variables.deptLeader === null || variables.deptLeader === '') {
    const leaders = await findDeptLeaders(db, actor.tenantId, chain)
    if (leaders.length) variables.deptLeader = leaders.length === 1 ? leaders[0] : leaders
    // The approver picked on a form (BladeX `taskUser`) stands in when the department has no head.
    else if (variables.taskUser) variables.deptLeader = String(variables.taskUser)
  }
  const step = await startEngine(definition.id, definition.xml, variables)
  return db.transaction(async (tx) => {
    const [instance] = await tx
      .insert(flowInstance)
      .values({
        id: nextId(),
        tenantId: actor.tenantId,
        definitionId: definition.id,
        processKey: definition.key,
        processName: definition.name,
        category: definition.category,
        businessTable: options.businessTable ?? null,
        businessId: options.businessId ?? null,
        startUserId: actor.userId,
        startUserName: actor.realName,
        status: step.ended ? 'finished' : 'running',
        result: step.ended ? 'approved' : null,
        variables,
        engineState: step.state,
        endTime: step.ended ? new Date() : null,
      })
      .returning()
    const tasks = await openTasks(tx, instance, definition, step, [])
    await emitFlowEvent({
      type: step.ended ? 'approved' : 'started',
      tx,
      actor,
      tenantId: actor.tenantId,
      processKey: definition.key,
      processInstanceId: instance.id,
      businessTable: instance.businessTable,
      businessId: instance.businessId,
      currentStep: tasks.map((t) => t.name).join(','),
    })
    return { processInstanceId: instance.id, processDefinitionId: definition.id, tasks }
  })
}

async function isCandidate(db: Executor, actor: Actor, taskId: string) {
  const rows = await db
    .select({ key: flowTaskCandidate.candidateKey })
    .from(flowTaskCandidate)
    .where(
      and(
        eq(flowTaskCandidate.taskId, taskId),
        inArray(flowTaskCandidate.candidateKey, candidateKeysOf(actor)),
      ),
    )
    .limit(1)
  return rows.length > 0
}

/**
 * Claims a candidate task. The task row is locked first, so of two users claiming at once the second
 * waits, then reads the first one's claim and is told the task is taken (without the lock it could
 * read the task unclaimed and its candidates already removed, and hear it was never a candidate).
 */
export async function claimTask(db: Executor, actor: Actor, taskId: string) {
  return db.transaction(async (tx) => {
    const [task] = await tx
      .select()
      .from(flowTask)
      .where(and(ownedRows(flowTask, actor.tenantId), eq(flowTask.id, taskId)))
      .for('update')
    if (!task) throw new BizError('任务不存在')
    if (task.endTime) throw new BizError('任务已办理')
    if (task.assigneeId === actor.userId) return task
    if (task.assigneeId) throw new BizError('任务已被他人签收')
    if (!(await isCandidate(tx, actor, taskId))) throw new BizError('您不是该任务的候选人，不能签收')
    const [claimed] = await tx
      .update(flowTask)
      .set({ assigneeId: actor.userId, assigneeName: actor.realName, claimTime: new Date() })
      .where(and(eq(flowTask.id, taskId), isNull(flowTask.assigneeId), isNull(flowTask.endTime)))
      .returning()
    if (!claimed) throw new BizError('任务已被他人签收')
    await tx.delete(flowTaskCandidate).where(eq(flowTaskCandidate.taskId, taskId))
    return claimed
  })
}

export interface CompleteOptions {
  taskId: string
  pass: boolean
  comment?: string | null
  variables?: Record<string, unknown>
  /** When set, the task must belong to this process key (business audit routes). */
  processKey?: string
}

/**
 * Completes a task (approve with pass=true, reject with pass=false): locks the task and its
 * instance, advances the engine from the stored state, and stores the new state, the finished task
 * and any new tasks in one transaction. A concurrent completion of the same task is refused.
 */
export async function completeTask(db: Executor, actor: Actor, options: CompleteOptions) {
  const comment = options.comment?.trim() || (options.pass ? '同意' : '驳回')
  if (comment.length > 1000) throw new BizError('审批意见不能超过1000个字符')
  return db.transaction(async (tx) => {
    const [task] = await tx
      .select()
      .from(flowTask)
      .where(and(ownedRows(flowTask, actor.tenantId), eq(flowTask.id, options.taskId)))
      .for('update')
    if (!task) throw new BizError('任务不存在')
    if (options.processKey && task.processKey !== options.processKey)
      throw new BizError('任务不属于该业务流程')
    if (task.endTime) throw new BizError('任务已办理，请刷新列表')
    if (task.assigneeId && task.assigneeId !== actor.userId)
      throw new BizError('任务已被他人签收，您不能办理')
    if (!task.assigneeId && !(await isCandidate(tx, actor, task.id)))
      throw new BizError('您不是该任务的办理人')

    const [instance] = await tx
      .select()
      .from(flowInstance)
      .where(eq(flowInstance.id, task.instanceId))
      .for('update')
    if (!instance || instance.status !== 'running' || !instance.engineState)
      throw new BizError('流程实例已结束')
    const [definition] = await tx
      .select()
      .from(flowDefinition)
      .where(eq(flowDefinition.id, instance.definitionId))
    if (!definition) throw new BizError('流程定义不存在')

    const variables = {
      ...instance.variables,
      ...cleanVariables(options.variables),
      pass: options.pass,
      comment,
    }
    const step = await signalEngine(
      definition.id,
      definition.xml,
      instance.engineState,
      task.taskDefKey,
      variables,
    )

    await tx
      .update(flowTask)
      .set({
        assigneeId: actor.userId,
        assigneeName: actor.realName,
        claimTime: task.claimTime ?? new Date(),
        endTime: new Date(),
        pass: options.pass,
        comment,
      })
      .where(eq(flowTask.id, task.id))
    await tx.delete(flowTaskCandidate).where(eq(flowTaskCandidate.taskId, task.id))

    const spec = await processSpecOf(definition.id, definition.xml)
    const applicantStep = isApplicantTask(spec.userTasks.get(task.taskDefKey))
    const result = step.ended ? (options.pass ? 'approved' : applicantStep ? 'cancelled' : 'rejected') : null
    const updated = await tx
      .update(flowInstance)
      .set({
        engineState: step.state,
        variables,
        version: instance.version + 1,
        ...(step.ended ? { status: 'finished', result, endTime: new Date() } : {}),
      })
      .where(and(eq(flowInstance.id, instance.id), eq(flowInstance.version, instance.version)))
      .returning({ id: flowInstance.id })
    if (!updated.length) throw new BizError('流程已被他人处理，请刷新后重试')

    const stillOpen = (
      await tx
        .select({ key: flowTask.taskDefKey })
        .from(flowTask)
        .where(and(eq(flowTask.instanceId, instance.id), isNull(flowTask.endTime)))
    ).map((r) => r.key)
    const next = await openTasks(tx, { ...instance, variables }, definition, step, stillOpen)

    const type: FlowEventType = step.ended
      ? (result as FlowEventType)
      : !options.pass
        ? 'rejected'
        : applicantStep
          ? 'resubmitted'
          : 'advanced'
    await emitFlowEvent({
      type,
      tx,
      actor,
      tenantId: instance.tenantId,
      processKey: instance.processKey,
      processInstanceId: instance.id,
      businessTable: instance.businessTable,
      businessId: instance.businessId,
      comment,
      currentStep: next.map((t) => t.name).join(','),
      completedStep: task.taskDefKey,
      waitingSteps: [...stillOpen, ...next.map((t) => t.taskDefKey)],
    })
    return { ended: step.ended, result, next }
  })
}

/** The applicant's own step (edit and re-submit after a rejection) is assigned to `${applicant}`. */
function isApplicantTask(spec: UserTaskSpec | undefined): boolean {
  return spec?.assignee?.replace(/\s/g, '') === '${applicant}'
}

/** Ends a running instance (follow/delete-process-instance); its open tasks close unfinished. */
export async function deleteInstance(
  db: Executor,
  actor: Actor,
  tenantId: string,
  instanceId: string,
  reason: string,
) {
  await db.transaction(async (tx) => {
    const [instance] = await tx
      .select()
      .from(flowInstance)
      .where(and(ownedRows(flowInstance, tenantId), eq(flowInstance.id, instanceId)))
      .for('update')
    if (!instance) throw new BizError('流程实例不存在')
    if (instance.status !== 'running') throw new BizError('流程实例已结束')
    const open = await tx
      .update(flowTask)
      .set({ endTime: new Date(), comment: reason })
      .where(and(eq(flowTask.instanceId, instanceId), isNull(flowTask.endTime)))
      .returning({ id: flowTask.id })
    if (open.length)
      await tx.delete(flowTaskCandidate).where(
        inArray(
          flowTaskCandidate.taskId,
          open.map((t) => t.id),
        ),
      )
    await tx
      .update(flowInstance)
      .set({
        status: 'deleted',
        result: 'deleted',
        endTime: new Date(),
        deleteReason: reason,
        engineState: null,
        version: sql`${flowInstance.version} + 1`,
      })
      .where(eq(flowInstance.id, instanceId))
    await emitFlowEvent({
      type: 'cancelled',
      tx,
      actor,
      tenantId,
      processKey: instance.processKey,
      processInstanceId: instance.id,
      businessTable: instance.businessTable,
      businessId: instance.businessId,
      comment: reason,
    })
  })
}
