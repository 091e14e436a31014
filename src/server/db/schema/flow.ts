/**
 * Workflow tables: BPMN models, deployments and process definitions; running and finished process
 * instances with the BPMN engine's serialized state; user tasks with their resolved candidates (so
 * to-do and claim lists are plain indexed queries); and the leave process's business table.
 */
import { sql } from 'drizzle-orm'
import {
  pgTable,
  varchar,
  text,
  integer,
  boolean,
  timestamp,
  jsonb,
  index,
  uniqueIndex,
  primaryKey,
} from 'drizzle-orm/pg-core'
import { auditColumns, id, tenantColumn } from '../columns'

const time = (name: string) => timestamp(name, { mode: 'date', withTimezone: false })

/** A BPMN model as edited in the designer (BladeX `ACT_DE_MODEL`). */
export const flowModel = pgTable(
  'blade_flow_model',
  {
    id: id('id').primaryKey(),
    tenantId: tenantColumn(),
    modelKey: varchar('model_key', { length: 255 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    description: text('description'),
    version: integer('version').default(1).notNull(),
    xml: text('xml').notNull(),
    created: time('created').defaultNow().notNull(),
    lastUpdated: time('last_updated').defaultNow().notNull(),
  },
  (t) => [uniqueIndex('blade_flow_model_key_uq').on(t.tenantId, t.modelKey)],
)

export const flowDeployment = pgTable('blade_flow_deployment', {
  id: id('id').primaryKey(),
  tenantId: tenantColumn(),
  name: varchar('name', { length: 255 }).notNull(),
  category: varchar('category', { length: 255 }),
  /** builtin, upload or model. */
  source: varchar('source', { length: 20 }).notNull(),
  deployTime: time('deploy_time').defaultNow().notNull(),
})

/** A deployed, immutable process definition; `id` is Flowable-shaped `key:version:deploymentId`. */
export const flowDefinition = pgTable(
  'blade_flow_definition',
  {
    id: varchar('id', { length: 128 }).primaryKey(),
    tenantId: tenantColumn(),
    deploymentId: id('deployment_id').notNull(),
    key: varchar('key', { length: 255 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    version: integer('version').notNull(),
    category: varchar('category', { length: 255 }),
    description: text('description'),
    resourceName: varchar('resource_name', { length: 255 }).notNull(),
    xml: text('xml').notNull(),
    /** 1 active, 2 suspended (Flowable's suspensionState). */
    suspensionState: integer('suspension_state').default(1).notNull(),
    deployTime: time('deploy_time').defaultNow().notNull(),
  },
  (t) => [uniqueIndex('blade_flow_definition_key_version_uq').on(t.tenantId, t.key, t.version)],
)

export const flowInstance = pgTable(
  'blade_flow_instance',
  {
    id: id('id').primaryKey(),
    tenantId: tenantColumn(),
    definitionId: varchar('definition_id', { length: 128 }).notNull(),
    processKey: varchar('process_key', { length: 255 }).notNull(),
    processName: varchar('process_name', { length: 255 }).notNull(),
    category: varchar('category', { length: 255 }),
    businessTable: varchar('business_table', { length: 128 }),
    businessId: varchar('business_id', { length: 64 }),
    startUserId: id('start_user_id').notNull(),
    startUserName: varchar('start_user_name', { length: 100 }),
    /** running, finished or deleted. */
    status: varchar('status', { length: 16 }).default('running').notNull(),
    /** approved, rejected (ended on a rejection) or deleted, once finished. */
    result: varchar('result', { length: 16 }),
    variables: jsonb('variables').$type<Record<string, unknown>>().default({}).notNull(),
    /** bpmn-engine `getState()` without the definition source (re-attached from the definition). */
    engineState: jsonb('engine_state').$type<Record<string, unknown>>(),
    /** Optimistic lock: every step bumps it; a step that lost a race is refused. */
    version: integer('version').default(0).notNull(),
    startTime: time('start_time').defaultNow().notNull(),
    endTime: time('end_time'),
    deleteReason: varchar('delete_reason', { length: 255 }),
  },
  (t) => [
    index('blade_flow_instance_start_user_idx').on(t.tenantId, t.startUserId, t.startTime),
    index('blade_flow_instance_business_idx').on(t.tenantId, t.businessTable, t.businessId),
  ],
)

export const flowTask = pgTable(
  'blade_flow_task',
  {
    id: id('id').primaryKey(),
    tenantId: tenantColumn(),
    instanceId: id('instance_id').notNull(),
    definitionId: varchar('definition_id', { length: 128 }).notNull(),
    processKey: varchar('process_key', { length: 255 }).notNull(),
    processName: varchar('process_name', { length: 255 }).notNull(),
    category: varchar('category', { length: 255 }),
    businessTable: varchar('business_table', { length: 128 }),
    businessId: varchar('business_id', { length: 64 }),
    startUserId: id('start_user_id').notNull(),
    startUserName: varchar('start_user_name', { length: 100 }),
    /** The BPMN element id of the user task. */
    taskDefKey: varchar('task_def_key', { length: 255 }).notNull(),
    name: varchar('name', { length: 255 }).notNull(),
    assigneeId: id('assignee_id'),
    assigneeName: varchar('assignee_name', { length: 100 }),
    createTime: time('create_time').defaultNow().notNull(),
    claimTime: time('claim_time'),
    endTime: time('end_time'),
    pass: boolean('pass'),
    comment: text('comment'),
  },
  (t) => [
    index('blade_flow_task_todo_idx')
      .on(t.tenantId, t.assigneeId, t.createTime)
      .where(sql`end_time is null`),
    index('blade_flow_task_done_idx')
      .on(t.tenantId, t.assigneeId, t.endTime)
      .where(sql`end_time is not null`),
    index('blade_flow_task_instance_idx').on(t.instanceId),
  ],
)

/**
 * Who may claim an unclaimed open task: `user:<id>`, `role:<alias>` or `role:<alias>@<deptId>`.
 * Rows are deleted when the task is claimed or completed, so the claim list only sees open work.
 */
export const flowTaskCandidate = pgTable(
  'blade_flow_task_candidate',
  {
    taskId: id('task_id').notNull(),
    tenantId: tenantColumn(),
    candidateKey: varchar('candidate_key', { length: 160 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.candidateKey] }),
    index('blade_flow_task_candidate_key_idx').on(t.tenantId, t.candidateKey, t.taskId),
  ],
)

/** The leave request (BladeX `blade_process_leave`). */
export const processLeave = pgTable(
  'blade_process_leave',
  {
    id: id('id').primaryKey(),
    tenantId: tenantColumn(),
    processDefinitionId: varchar('process_definition_id', { length: 128 }),
    processInstanceId: id('process_instance_id'),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    reason: varchar('reason', { length: 500 }).notNull(),
    /** The approver the applicant picked; used when the department has no head on record. */
    taskUser: id('task_user'),
    applyTime: time('apply_time').defaultNow(),
    /** Flow status: 1 in approval, 2 returned to the applicant, 3 approved, 4 cancelled. */
    flowStatus: integer('flow_status').default(1).notNull(),
    ...auditColumns(),
  },
  (t) => [index('blade_process_leave_user_idx').on(t.tenantId, t.createUser)],
)
