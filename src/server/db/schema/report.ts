/** Tables of the report area (统计报表 SJ1–SJ7 (`/api/report/*`)). */
import { sql } from 'drizzle-orm'
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type AnyPgColumn,
  type IndexBuilder,
  type PgColumnBuilderBase,
} from 'drizzle-orm/pg-core'
import { resourceTable } from '../../core/resource-table'
import { id, tenantTable } from '../columns'
import { assetClassResource } from '../../../shared/resources/report/asset-class'
import {
  SJ1_FIELDS,
  SJ2_FIELDS,
  SJ3_FIELDS,
  SJ4_FIELDS,
  SJ5_FIELDS,
  SJ6_FIELDS,
  SJ7_FIELDS,
  type FieldKind,
  type ReportField,
} from '../../../shared/resources/report/tables'
import type { ReportSettings } from '../../../shared/resources/report/settings'

/** 《高等学校固定资产分类及编码》: platform-wide, shared with the equipment area (分类号 pickers). */
export const sysAssetClass = resourceTable(assetClassResource, {
  indexes: (c) => [
    uniqueIndex('sys_asset_class_code_uq')
      .on(c.code)
      .where(sql`is_deleted = 0`),
    index('sys_asset_class_parent_idx').on(c.parentCode),
  ],
})

/** 报表任务: one per 学年 (reports-portal.md 1); `status` 0 草稿 1 已下发 2 已完成. */
export const reportTask = tenantTable(
  'report_task',
  {
    taskSerialNum: varchar('task_serial_num', { length: 20 }).notNull(),
    taskName: varchar('task_name', { length: 100 }).notNull(),
    academicYear: varchar('academic_year', { length: 9 }).notNull(),
    schoolCode: varchar('school_code', { length: 5 }).notNull(),
    statEndMonth: varchar('stat_end_month', { length: 6 }).notNull(),
    schoolType: integer('school_type').notNull(),
    tableCodes: varchar('table_codes', { length: 40 }).notNull(),
    collegeSerialNums: text('college_serial_nums').notNull(),
    processDefinitionId: varchar('process_definition_id', { length: 64 }),
    deadline: varchar('deadline', { length: 10 }),
    settings: jsonb('settings').$type<ReportSettings>().notNull(),
    remark: varchar('remark', { length: 500 }),
    issueTime: timestamp('issue_time', { mode: 'date' }),
  },
  (t) => [
    uniqueIndex('report_task_year_uq')
      .on(t.tenantId, t.academicYear)
      .where(sql`is_deleted = 0`),
  ],
)

/**
 * 填报记录: one per task × college × table; `status` 0 未填报 1 填报中 2 待审核 3 已退回 4 已通过, and
 * 2 and 4 lock the scope's rows. `create_dept` is the college's dept (data scope 本机构及以下).
 */
export const reportSubmission = tenantTable(
  'report_submission',
  {
    taskId: id('task_id').notNull(),
    taskSerialNum: varchar('task_serial_num', { length: 20 }).notNull(),
    academicYear: varchar('academic_year', { length: 9 }).notNull(),
    collegeSerialNum: varchar('college_serial_num', { length: 20 }).notNull(),
    collegeName: varchar('college_name', { length: 100 }),
    collegeSort: integer('college_sort').notNull().default(0),
    tableCode: varchar('table_code', { length: 4 }).notNull(),
    rowCount: integer('row_count').notNull().default(0),
    processDefinitionId: varchar('process_definition_id', { length: 64 }),
    processInstanceId: id('process_instance_id'),
    submitUser: id('submit_user'),
    submitUserName: varchar('submit_user_name', { length: 100 }),
    submitTime: timestamp('submit_time', { mode: 'date' }),
    auditUser: id('audit_user'),
    auditUserName: varchar('audit_user_name', { length: 100 }),
    auditTime: timestamp('audit_time', { mode: 'date' }),
    auditComment: varchar('audit_comment', { length: 1000 }),
    remark: text('remark'),
    checkTime: timestamp('check_time', { mode: 'date' }),
    checkErrors: integer('check_errors'),
    checkWarnings: integer('check_warnings'),
    checkInfos: integer('check_infos'),
    /** The last check passed and no row changed since. */
    checkPassed: boolean('check_passed'),
  },
  (t) => [
    uniqueIndex('report_submission_scope_uq')
      .on(t.tenantId, t.taskId, t.collegeSerialNum, t.tableCode)
      .where(sql`is_deleted = 0`),
    index('report_submission_instance_idx').on(t.processInstanceId),
  ],
)

/** The stored findings of a scope's last check (reports-portal.md 4). */
export const reportCheckIssue = tenantTable(
  'report_check_issue',
  {
    submissionId: id('submission_id').notNull(),
    tableCode: varchar('table_code', { length: 4 }).notNull(),
    ruleId: varchar('rule_id', { length: 10 }).notNull(),
    level: varchar('level', { length: 8 }).notNull(),
    rowId: id('row_id'),
    rowNo: integer('row_no'),
    field: varchar('field', { length: 40 }),
    fieldLabel: varchar('field_label', { length: 60 }),
    value: varchar('value', { length: 500 }),
    message: varchar('message', { length: 1000 }).notNull(),
  },
  (t) => [
    index('report_check_issue_level_idx').on(t.submissionId, t.level),
    index('report_check_issue_row_idx').on(t.submissionId, t.rowId),
  ],
)

type ColumnOf<K extends FieldKind> = K extends 'N'
  ? ReturnType<typeof integer>
  : K extends 'D'
    ? ReturnType<typeof numeric>
    : ReturnType<typeof varchar>

type FieldColumns<F extends readonly ReportField[]> = {
  [X in F[number] as X['name']]: ColumnOf<X['kind']>
}

const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

function fieldColumns<F extends readonly ReportField[]>(fields: F): FieldColumns<F> {
  const out: Record<string, PgColumnBuilderBase> = {}
  for (const field of fields)
    out[field.name] =
      field.kind === 'N'
        ? integer(snake(field.name))
        : field.kind === 'D'
          ? numeric(snake(field.name), { precision: 14, scale: 2 })
          : varchar(snake(field.name), { length: field.max ?? 255 })
  return out as FieldColumns<F>
}

/** The columns every report row carries besides its MOE fields (reports-portal.md 2). */
const rowColumns = () => ({
  taskId: id('task_id').notNull(),
  academicYear: varchar('academic_year', { length: 9 }).notNull(),
  collegeSerialNum: varchar('college_serial_num', { length: 20 }).notNull(),
  submissionId: id('submission_id').notNull(),
  rowNo: integer('row_no').notNull(),
  sourceType: integer('source_type').notNull(),
  sourceId: varchar('source_id', { length: 40 }),
  remark: varchar('remark', { length: 500 }),
})

function reportRowTable<F extends readonly ReportField[], X extends Record<string, PgColumnBuilderBase>>(
  name: string,
  fields: F,
  extra: X,
  keys: (t: Record<string, AnyPgColumn>) => IndexBuilder[] = () => [],
) {
  return tenantTable(name, { ...rowColumns(), ...extra, ...fieldColumns(fields) }, (t) => [
    index(`${name}_scope_idx`).on(t.tenantId, t.taskId, t.collegeSerialNum, t.rowNo),
    index(`${name}_submission_idx`).on(t.submissionId, t.rowNo),
    ...keys(t as unknown as Record<string, AnyPgColumn>),
  ])
}

export const reportSj1 = reportRowTable('report_sj1', SJ1_FIELDS, {}, (t) => [
  index('report_sj1_key_idx').on(t.tenantId, t.taskId, t.equipmentNo),
])
export const reportSj2 = reportRowTable('report_sj2', SJ2_FIELDS, {})
export const reportSj3 = reportRowTable('report_sj3', SJ3_FIELDS, {}, (t) => [
  index('report_sj3_key_idx').on(t.tenantId, t.taskId, t.equipmentNo),
])
export const reportSj4 = reportRowTable(
  'report_sj4',
  SJ4_FIELDS,
  { independentCourse: integer('independent_course').notNull().default(0) },
  (t) => [
    index('report_sj4_key_idx').on(t.taskId, t.experimentNo),
    index('report_sj4_lab_idx').on(t.taskId, t.labCode),
  ],
)
export const reportSj5 = reportRowTable('report_sj5', SJ5_FIELDS, {}, (t) => [
  index('report_sj5_key_idx').on(t.taskId, t.staffNo),
  index('report_sj5_lab_idx').on(t.taskId, t.labCode),
])
export const reportSj6 = reportRowTable('report_sj6', SJ6_FIELDS, {}, (t) => [
  index('report_sj6_lab_idx').on(t.taskId, t.labCode),
])
export const reportSj7 = reportRowTable('report_sj7', SJ7_FIELDS, {})
