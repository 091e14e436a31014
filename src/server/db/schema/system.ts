/**
 * System administration tables that are not plain resources: dictionaries, regions, logs, sent SMS
 * messages and external-task runs. Column names follow BladeX where BladeX has the table.
 */
import { pgTable, varchar, text, integer, timestamp, index } from 'drizzle-orm/pg-core'
import { id, tenantColumn } from '../columns'

const dictColumns = () => ({
  id: id('id').primaryKey(),
  /** 0 for a root (a dictionary code); the root's id for its items. */
  parentId: id('parent_id').default('0').notNull(),
  code: varchar('code', { length: 255 }).notNull(),
  dictKey: varchar('dict_key', { length: 255 }).notNull(),
  dictValue: varchar('dict_value', { length: 255 }).notNull(),
  sort: integer('sort').default(0).notNull(),
  remark: varchar('remark', { length: 255 }),
  isSealed: integer('is_sealed').default(0).notNull(),
  isDeleted: integer('is_deleted').default(0).notNull(),
})

export const dict = pgTable('blade_dict', dictColumns(), (t) => [
  index('blade_dict_code_idx').on(t.code),
  index('blade_dict_parent_idx').on(t.parentId),
])

export const dictBiz = pgTable('blade_dict_biz', { ...dictColumns(), tenantId: tenantColumn() }, (t) => [
  index('blade_dict_biz_tenant_code_idx').on(t.tenantId, t.code),
  index('blade_dict_biz_parent_idx').on(t.parentId),
])

export const region = pgTable(
  'blade_region',
  {
    code: varchar('code', { length: 12 }).primaryKey(),
    /** `00` for provinces. */
    parentCode: varchar('parent_code', { length: 12 }).notNull(),
    /** Comma-joined codes from the root down to the parent. */
    ancestors: varchar('ancestors', { length: 255 }),
    name: varchar('name', { length: 64 }).notNull(),
    /** 1 province, 2 city, 3 district, 4 town, 5 village. */
    regionLevel: integer('region_level').notNull(),
    sort: integer('sort').default(0).notNull(),
    remark: varchar('remark', { length: 255 }),
  },
  (t) => [index('blade_region_parent_idx').on(t.parentCode)],
)

const logColumns = () => ({
  id: id('id').primaryKey(),
  tenantId: varchar('tenant_id', { length: 12 }),
  serviceId: varchar('service_id', { length: 32 }),
  serverHost: varchar('server_host', { length: 255 }),
  serverIp: varchar('server_ip', { length: 255 }),
  env: varchar('env', { length: 255 }),
  method: varchar('method', { length: 10 }),
  requestUri: varchar('request_uri', { length: 1000 }),
  userAgent: varchar('user_agent', { length: 1000 }),
  remoteIp: varchar('remote_ip', { length: 255 }),
  params: text('params'),
  createBy: varchar('create_by', { length: 64 }),
  createTime: timestamp('create_time', { mode: 'date' }).defaultNow().notNull(),
})

/** Request log (BladeX blade_log_api): one row per API call. */
export const apiLog = pgTable(
  'blade_log_api',
  {
    ...logColumns(),
    /** 1 ok, 2 failed (HTTP status >= 400). */
    type: varchar('type', { length: 2 }),
    title: varchar('title', { length: 255 }),
    methodClass: varchar('method_class', { length: 255 }),
    methodName: varchar('method_name', { length: 255 }),
    /** HTTP status of the reply. */
    status: integer('status'),
    /** Duration in milliseconds. */
    time: varchar('time', { length: 64 }),
  },
  (t) => [index('blade_log_api_tenant_time_idx').on(t.tenantId, t.createTime)],
)

/** Service log (BladeX blade_log_usual): business events and refusals. */
export const usualLog = pgTable(
  'blade_log_usual',
  {
    ...logColumns(),
    logLevel: varchar('log_level', { length: 10 }),
    logId: varchar('log_id', { length: 100 }),
    logData: text('log_data'),
    methodClass: varchar('method_class', { length: 255 }),
    methodName: varchar('method_name', { length: 255 }),
  },
  (t) => [index('blade_log_usual_tenant_time_idx').on(t.tenantId, t.createTime)],
)

/** Error log (BladeX blade_log_error): server faults with their stack, and client errors sent at logout. */
export const errorLog = pgTable(
  'blade_log_error',
  {
    ...logColumns(),
    stackTrace: text('stack_trace'),
    exceptionName: varchar('exception_name', { length: 255 }),
    message: text('message'),
    methodClass: varchar('method_class', { length: 255 }),
    methodName: varchar('method_name', { length: 255 }),
    fileName: varchar('file_name', { length: 1000 }),
    lineNumber: integer('line_number'),
  },
  (t) => [index('blade_log_error_tenant_time_idx').on(t.tenantId, t.createTime)],
)

/** Messages sent through the default (recording) SMS provider. */
export const smsMessage = pgTable(
  'lab_sms_message',
  {
    id: id('id').primaryKey(),
    tenantId: tenantColumn(),
    smsCode: varchar('sms_code', { length: 32 }).notNull(),
    templateId: varchar('template_id', { length: 64 }),
    phone: varchar('phone', { length: 20 }).notNull(),
    /** JSON text of the template parameters. */
    params: text('params'),
    provider: varchar('provider', { length: 32 }).notNull(),
    createUser: id('create_user'),
    createTime: timestamp('create_time', { mode: 'date' }).defaultNow().notNull(),
  },
  (t) => [index('lab_sms_message_tenant_idx').on(t.tenantId, t.createTime)],
)

/** One execution of an external task (`externaltask/atOnce` or its schedule). */
export const externalTaskRun = pgTable(
  'lab_external_task_run',
  {
    id: id('id').primaryKey(),
    tenantId: tenantColumn(),
    taskId: id('task_id').notNull(),
    /** 1 succeeded, 2 failed. */
    result: integer('result').notNull(),
    message: varchar('message', { length: 1000 }),
    startTime: timestamp('start_time', { mode: 'date' }).notNull(),
    endTime: timestamp('end_time', { mode: 'date' }).notNull(),
    createUser: id('create_user'),
  },
  (t) => [index('lab_external_task_run_task_idx').on(t.taskId)],
)
