import { z } from 'zod'
import { AnyBody, BladeQuery, IdQuery, IdsQuery } from './common'
import { answer, GET, POST } from './endpoint'
import type { Page } from './envelope'
import type { ReportSettings } from '../resources/report/settings'
import type { RuleLevel } from '../resources/report/rules'
import type { TableCode } from '../resources/report/tables'

/**
 * `/api/report/*`: 统计报表 SJ1–SJ7. Every table's family is `/api/report/sjN/...` (the catalogue's
 * `report/{type}` rows), made by `reportTableApi(table)` like `resourceEndpoints` makes the standard
 * five; the task, the asset-class catalogue and the calls only one table has are written out below.
 * Every SJ call takes `taskSerialNum` (or `academicYear`, meaning that year's task) and
 * `collegeSerialNum` (default: the caller's college when they have one).
 */

// ---- asset classes -------------------------------------------------------------------------------

/** 《高等学校固定资产分类及编码》 entry as the 分类号 pickers read it. */
export interface AssetClass {
  id: string
  code: string
  name: string
  parentCode: string
  level: number
  hasChildren: boolean
}

const digits = (max: number) =>
  z.string().trim().max(max, `分类号不能超过${max}位`).regex(/^\d*$/, '分类号只能是数字').optional()

const AssetClassQuery = z
  .object({
    /** Codes starting with these digits (a padded 8-digit code is read as its parent). */
    code: digits(8),
    name: z.string().trim().max(100, '分类名称不能超过100个字符').optional(),
    /** Children of one entry ('' or absent with nothing else: the 大类). */
    parentCode: digits(8),
    size: z.coerce
      .number()
      .int('条数必须是整数')
      .min(1, '条数至少为1')
      .max(500, '条数不能超过500')
      .optional(),
  })
  .loose()

/** `/api/report/assetclass/*`: the asset-class catalogue (shared with the equipment area). */
export const assetClassApi = {
  /** Entries by code prefix or name, or the children of `parentCode`; at most `size` (200). */
  list: GET('/api/report/assetclass/list', { query: AssetClassQuery, answer: answer<AssetClass[]>() }),
  /** Multipart xlsx (分类号, 分类名称): upserts by code in one transaction (platform administrator). */
  importData: POST('/api/report/assetclass/importData', {
    answer: answer<{ total: number; inserted: number; updated: number }>(),
  }),
}

// ---- shapes --------------------------------------------------------------------------------------

export type TaskStatus = 0 | 1 | 2
export type SubmitStatus = 0 | 1 | 2 | 3 | 4

export interface ReportTask {
  id: string
  taskSerialNum: string
  taskName: string
  academicYear: string
  schoolCode: string
  statEndMonth: string
  schoolType: number
  tableCodes: string
  collegeSerialNums: string
  processDefinitionId: string | null
  deadline: string | null
  status: number
  settings: ReportSettings
  remark: string | null
  issueTime: string | null
  createTime: string | null
  /** 已有学院提交审核: 口径与格式 can no longer change. */
  settingsFrozen?: boolean
}

export interface Submission {
  id: string
  taskId: string
  taskSerialNum: string
  academicYear: string
  collegeSerialNum: string
  collegeName: string | null
  tableCode: TableCode
  status: number
  rowCount: number
  processDefinitionId: string | null
  processInstanceId: string | null
  submitUserName: string | null
  submitTime: string | null
  auditUserName: string | null
  auditTime: string | null
  auditComment: string | null
  remark: string | null
  checkTime: string | null
  checkErrors: number | null
  checkWarnings: number | null
  checkInfos: number | null
  checkPassed: boolean | null
}

export type CheckLevel = RuleLevel | 'ok'

/** A row of an SJ table on the wire: its fields by name, and its last check. */
export type ReportRecord = {
  id: string
  rowNo: number
  collegeSerialNum: string
  sourceType: number
  remark: string | null
  /** The worst level of its findings (null: not checked since it changed). */
  checkLevel: CheckLevel | null
  /** Its first findings' messages (three in lists, all in detail). */
  checkMessages: string[]
} & Record<string, string | number | null | string[]>

export interface CheckItem {
  ruleId: string
  level: RuleLevel
  rowId: string | null
  rowNo: number | null
  field: string | null
  fieldLabel: string | null
  value: string | null
  message: string
}

export interface RuleCount {
  ruleId: string
  level: RuleLevel
  title: string
  count: number
}

export interface CheckResult {
  passed: boolean
  errors: number
  warnings: number
  infos: number
  checkedRows: number
  checkTime: string
  byRule: RuleCount[]
  /** The first 200 findings. */
  items: CheckItem[]
}

export interface ImportFinding {
  ruleId: string
  /** block (P-*) refuses the file; notice (I-*) does not. */
  level: 'block' | 'notice'
  line: number | null
  message: string
}

export interface ImportResult {
  dryRun: boolean
  total: number
  blocking: number
  /** The first 200 parse findings (P-*, I-*). */
  findings: ImportFinding[]
  /** The check rules over the rows as they would stand after the import. */
  check: Omit<CheckResult, 'passed' | 'checkTime'> & { passed: boolean }
  /** Rows written (commit only). */
  imported: number
}

export interface ExtractResult {
  rows: number
  added: number
  updated: number
  removed: number
  notes: string[]
}

export interface FlowStep {
  id: string
  name: string
  assignee: string | null
  candidateGroups: string | null
}

export interface FlowComment {
  taskId: string
  name: string
  person: string | null
  pass: boolean | null
  comment: string | null
  time: string | null
}

/** The scope bar of an SJ screen: the submission, rows and what audit said. */
export interface ApplyData extends Page<ReportRecord> {
  submission: Submission | null
  task: ReportTask | null
  /** SJ2 / SJ7: the values SJ1 / SJ6 (and last year's approved record) imply. */
  implied?: Record<string, string | number | null>
}

export interface CellState {
  status: number
  rowCount: number
  checkErrors: number | null
  checkWarnings: number | null
  submitTime: string | null
  submissionId: string
}

export interface ProgressMatrix {
  task: ReportTask
  tables: TableCode[]
  colleges: { collegeSerialNum: string; collegeName: string; cells: Partial<Record<TableCode, CellState>> }[]
}

export interface ApplyScope {
  tasks: Pick<ReportTask, 'id' | 'taskSerialNum' | 'taskName' | 'academicYear' | 'status' | 'deadline'>[]
  task: ReportTask | null
  /** The caller's own college (fixed in the scope bar), or null for the school's staff. */
  callerCollege: string | null
  colleges: { collegeSerialNum: string; collegeName: string }[]
  scopes: (Submission & { overdue: boolean })[]
}

export interface AuditCounts {
  tableCode: TableCode
  todo: number
  submitted: number
  returned: number
  approved: number
}

export interface AuditRow extends Submission {
  taskName: string
  /** The caller's open flow task on it, when they may complete it. */
  flowTaskId: string | null
  flowTaskName: string | null
}

export interface AuditData {
  submission: Submission
  task: ReportTask
  summary: Record<string, string | number | null>
  check: CheckResult | null
  rows: Page<ReportRecord>
  comments: FlowComment[]
  /** The caller's open task on this submission, when they may complete it. */
  flowTaskId: string | null
}

export interface SummaryRow {
  collegeSerialNum: string
  collegeName: string
  status: number | null
  rowCount: number
  figures: Record<string, string | number | null>
}

export interface Summary {
  tableCode: TableCode
  colleges: SummaryRow[]
  total: Record<string, string | number | null>
}

export interface EquipmentStats {
  count: number
  amount: string
  bigCount: number
  bigAmount: string
  byClass: { key: string; name: string; count: number; amount: string }[]
  byDirection: { key: string; name: string; count: number; amount: string }[]
  byStatus: { key: string; name: string; count: number; amount: string }[]
  bySource: { key: string; name: string; count: number; amount: string }[]
  byYear: { key: string; name: string; count: number; amount: string }[]
}

// ---- queries and bodies --------------------------------------------------------------------------

const taskSerial = z
  .string()
  .trim()
  .max(20, '任务编号不能超过20个字符')
  .regex(/^[A-Za-z0-9_-]*$/, '任务编号格式不正确')
  .optional()
const year = z
  .string()
  .trim()
  .regex(/^(\d{4}-\d{4})?$/, '学年格式应为2024-2025')
  .optional()
const collegeSerial = z
  .string()
  .trim()
  .max(20, '院系号不能超过20个字符')
  .regex(/^[A-Za-z0-9_-]*$/, '院系号格式不正确')
  .optional()

export const ScopeFields = { taskSerialNum: taskSerial, academicYear: year, collegeSerialNum: collegeSerial }

const flag = z
  .union([z.boolean(), z.string(), z.number()])
  .transform((v) => v === true || v === 1 || v === '1' || v === 'true')
  .optional()

export const ScopeQuery = z.object(ScopeFields).loose()
const PagedScopeQuery = z
  .object({
    ...ScopeFields,
    checkLevel: z.enum(['error', 'warning', 'problem', 'ok'], { error: '校验级别不正确' }).optional(),
  })
  .loose()
const ExportQuery = z.object({ ...ScopeFields, asyncTask: flag, template: flag }).loose()
const ScopeBody = z.object(ScopeFields).loose()
const SubmitBody = z
  .object({
    ...ScopeFields,
    processDefinitionId: z.string().trim().max(128, '流程编号过长').optional(),
    remark: z.string().max(2000, '填报说明不能超过2000个字符').optional(),
  })
  .loose()
/** The JSON form of an import (rows by field name); a file comes as multipart instead. */
export const ImportBody = z
  .object({
    ...ScopeFields,
    mode: z.enum(['replace', 'append'], { error: '导入方式只能是replace或append' }).optional(),
    dryRun: flag,
    rows: z.array(z.record(z.string(), z.unknown())).max(50000, '单次导入不能超过50000行').optional(),
    /** A TXT or Excel file as base64 (the screens' file picker; multipart is the other way in). */
    file: z
      .object({
        name: z.string().trim().max(200, '文件名过长'),
        base64: z
          .string()
          .max(Math.ceil((100 * 1024 * 1024 * 4) / 3) + 4, '文件不能超过100MB')
          .regex(/^[A-Za-z0-9+/]*={0,2}$/, '文件内容格式不正确'),
      })
      .optional(),
  })
  .optional()
const AuditPageQuery = z
  .object({
    ...ScopeFields,
    auditStatus: z.enum(['todo', 'done', 'all'], { error: '审核状态只能是todo、done或all' }).optional(),
  })
  .loose()
const AuditDataQuery = z
  .object({
    submissionId: z
      .string()
      .regex(/^\d{1,19}$/, '主键格式不正确')
      .optional(),
    processInstanceId: z
      .string()
      .regex(/^\d{1,19}$/, '主键格式不正确')
      .optional(),
    checkLevel: z.enum(['error', 'warning', 'problem', 'ok'], { error: '校验级别不正确' }).optional(),
  })
  .loose()
const CompleteTaskBody = z.object({
  taskId: z.coerce.string().regex(/^\d{1,19}$/, '请选择要办理的任务'),
  processInstanceId: z.coerce
    .string()
    .regex(/^\d{1,19}$/, '流程实例编号不正确')
    .optional(),
  pass: z.union([z.boolean(), z.string(), z.number()], { error: '请选择通过或退回' }),
  comment: z.string().max(1000, '审批意见不能超过1000个字符').optional().nullable(),
})

const recordPage = answer<Page<ReportRecord>>()

/** The family of one table (`/api/report/sjN/...`). */
export function reportTableApi<T extends TableCode>(table: T) {
  const base = `/api/report/${table}`
  return {
    page: GET(`${base}/page`, { query: PagedScopeQuery, answer: recordPage }),
    list: GET(`${base}/list`, { query: PagedScopeQuery, answer: recordPage }),
    detail: GET(`${base}/detail`, { query: IdQuery, answer: answer<ReportRecord>() }),
    save: POST(`${base}/save`, { body: AnyBody, answer: answer<{ id: string }>() }),
    update: POST(`${base}/update`, { body: AnyBody, answer: answer<{ id: string }>() }),
    remove: POST(`${base}/remove`, { query: IdsQuery, answer: answer<Record<string, never>>() }),
    getApplyData: GET(`${base}/getApplyData`, { query: PagedScopeQuery, answer: answer<ApplyData>() }),
    checkData:
      table === 'sj7'
        ? POST(`${base}/checkData`, {
            query: ScopeQuery,
            body: ScopeBody.optional(),
            answer: answer<CheckResult>(),
          })
        : GET(`${base}/checkData`, { query: ScopeQuery, answer: answer<CheckResult>() }),
    /** Multipart (`file`, `mode`, `dryRun`, scope fields) or JSON `ImportBody`; checked by the server. */
    importData: POST(`${base}/importData`, { query: ScopeQuery, answer: answer<ImportResult>() }),
    extractData: POST(`${base}/extract-data`, {
      query: ScopeQuery,
      body: SubmitBody.optional(),
      answer: answer<ExtractResult>(),
    }),
    submit: POST(`${base}/submit`, {
      body: SubmitBody,
      answer: answer<{ status: number; processInstanceId: string | null; resubmitted: boolean }>(),
    }),
    exportTxt: GET(`${base}/exportTxt`, { query: ExportQuery, file: true }),
    exportExcel: GET(`${base}/exportExcel`, { query: ExportQuery, file: true }),
    summarySelect: GET(`${base}/summary-select`, { query: ScopeQuery, answer: answer<Summary>() }),
    auditPage: GET(`${base}/audit-page`, { query: AuditPageQuery, answer: answer<Page<AuditRow>>() }),
    getAuditData: GET(`${base}/get-audit-data`, { query: AuditDataQuery, answer: answer<AuditData>() }),
    completeTask: POST(`${base}/complete-task`, {
      body: CompleteTaskBody,
      answer: answer<{ status: number }>(),
    }),
  }
}

export type ReportTableApi = ReturnType<typeof reportTableApi>

export const sjApi = {
  sj1: reportTableApi('sj1'),
  sj2: reportTableApi('sj2'),
  sj3: reportTableApi('sj3'),
  sj4: reportTableApi('sj4'),
  sj5: reportTableApi('sj5'),
  sj6: reportTableApi('sj6'),
  sj7: reportTableApi('sj7'),
} as const

// ---- 导入设备: the equipment picker --------------------------------------------------------------

const isoDate = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, `${label}格式应为2024-09-01`)
    .optional()

/** The picker's filters over the equipment register (within the caller's equipment data scope). */
export const EquipmentPickQuery = z
  .object({
    ...ScopeFields,
    /** 分类号 starting with these digits. */
    classCode: z.string().trim().max(8, '分类号不能超过8位').regex(/^\d*$/, '分类号只能是数字').optional(),
    /** 仪器名称 or 仪器编号 containing this text. */
    keyword: z.string().trim().max(50, '名称或编号不能超过50个字符').optional(),
    purchaseDateFrom: isoDate('购置日期起'),
    purchaseDateTo: isoDate('购置日期止'),
    /** `college`: units under the scope's college (default); `all`: every item the caller may see. */
    units: z.enum(['college', 'all'], { error: '院系范围只能是college或all' }).optional(),
    current: z.coerce.number().int('页码应为整数').min(1, '页码应大于0').optional(),
    size: z.coerce
      .number()
      .int('每页条数应为整数')
      .min(1, '每页条数应大于0')
      .max(100, '每页最多100条')
      .optional(),
  })
  .loose()
  .refine((q) => !q.purchaseDateFrom || !q.purchaseDateTo || q.purchaseDateFrom <= q.purchaseDateTo, {
    message: '购置日期起不能晚于购置日期止',
  })

/** An item of the register as the picker lists it; `imported` when its 仪器编号 is already in the task's SJ1. */
export interface PickableEquipment {
  id: string
  equipmentNo: string
  equipmentName: string | null
  classCode: string | null
  model: string | null
  unitPrice: string | null
  purchaseDate: string | null
  statusCode: string | null
  unitCode: string | null
  unitName: string | null
  imported: boolean
}

/** At most this many items are picked (and 全选匹配项 answers) at once. */
export const MAX_PICKED_EQUIPMENT = 5000

/** Calls only one table has. */
export const sj1Api = {
  listIgnorePageHelper: GET('/api/report/sj1/listIgnorePageHelper', {
    query: PagedScopeQuery,
    answer: answer<ReportRecord[]>(),
  }),
  statisticalByConditions: GET('/api/report/sj1/statisticalByConditions', {
    query: ScopeQuery,
    answer: answer<EquipmentStats>(),
  }),
  saveImportEquipment: POST('/api/report/sj1/saveImportEquipment', {
    body: z
      .object({
        ...ScopeFields,
        equipments: z
          .array(z.coerce.string().regex(/^\d{1,19}$/, '设备编号格式不正确'), { error: '请选择设备' })
          .min(1, '请选择设备')
          .max(MAX_PICKED_EQUIPMENT, `一次最多导入${MAX_PICKED_EQUIPMENT}台设备`),
        processDefinitionId: z.string().trim().max(128, '流程编号过长').optional(),
      })
      .loose(),
    answer: answer<{ added: number; skipped: string[] }>(),
  }),
  /** The 导入设备 picker: a page of the register. */
  equipmentPage: GET('/api/report/sj1/equipment-page', {
    query: EquipmentPickQuery,
    answer: answer<Page<PickableEquipment>>(),
  }),
  /** 全选匹配项: the ids of every item matching the filters not yet in the task (≤ 5,000). */
  equipmentIds: GET('/api/report/sj1/equipment-ids', {
    query: EquipmentPickQuery,
    answer: answer<{ ids: string[]; total: number }>(),
  }),
}

export const sj6Api = {
  getReportApplyData: GET('/api/report/sj6/getReportApplyData', {
    query: ScopeQuery,
    answer: answer<ApplyScope>(),
  }),
  getFlowConfigInfo: GET('/api/report/sj6/getFlowConfigInfo', {
    query: ScopeQuery,
    answer: answer<{ processDefinitionId: string | null; name: string | null; steps: FlowStep[] }>(),
  }),
  getFlowConfigSubInfo: GET('/api/report/sj6/getFlowConfigSubInfo', {
    query: z
      .object({ processDefinitionId: z.string().trim().max(128, '流程编号过长').optional(), ...ScopeFields })
      .loose(),
    answer: answer<FlowStep[]>(),
  }),
  flowComment: GET('/api/report/sj6/flow-comment', {
    query: z.object({ instanceId: z.string().regex(/^\d{1,19}$/, '流程实例编号不正确') }).loose(),
    answer: answer<FlowComment[]>(),
  }),
}

// ---- tasks ---------------------------------------------------------------------------------------

export const TaskBody = z
  .object({
    id: z.coerce
      .string()
      .regex(/^\d{1,19}$/, '主键格式不正确')
      .optional(),
    taskName: z.string().trim().max(100, '任务名称不能超过100个字符').optional(),
    academicYear: z.string().trim().max(9, '学年格式应为2024-2025').optional(),
    schoolCode: z.string().trim().max(5, '学校代码应为5位数字').optional(),
    statEndMonth: z.string().trim().max(6, '统计截止年月应为YYYYMM').optional(),
    schoolType: z.coerce.number().int('请选择学校类型').optional(),
    collegeSerialNums: z
      .union([z.array(z.string().max(20)), z.string().max(4000, '填报单位过多')])
      .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter(Boolean))
      .optional(),
    processDefinitionId: z.string().trim().max(128, '流程编号过长').optional().nullable(),
    deadline: z
      .string()
      .trim()
      .regex(/^(\d{4}-\d{2}-\d{2})?$/, '填报截止日期格式应为yyyy-MM-dd')
      .optional()
      .nullable(),
    settings: z.record(z.string(), z.unknown()).optional(),
    remark: z.string().max(500, '备注不能超过500个字符').optional().nullable(),
  })
  .loose()

const TaskRefQuery = z
  .object({
    taskSerialNum: taskSerial,
    academicYear: year,
    id: z
      .string()
      .regex(/^\d{0,19}$/, '主键格式不正确')
      .optional(),
  })
  .loose()

export const taskApi = {
  page: GET('/api/report/task/page', { query: BladeQuery, answer: answer<Page<ReportTask>>() }),
  detail: GET('/api/report/task/detail', { query: IdQuery, answer: answer<ReportTask>() }),
  save: POST('/api/report/task/save', { body: TaskBody, answer: answer<ReportTask>() }),
  update: POST('/api/report/task/update', { body: TaskBody, answer: answer<ReportTask>() }),
  remove: POST('/api/report/task/remove', { query: IdsQuery, answer: answer<Record<string, never>>() }),
  /** 下发: creates the task × college × table submissions. */
  submit: POST('/api/report/task/submit', {
    body: z.object({ id: z.coerce.string().regex(/^\d{1,19}$/, '请选择报表任务') }).loose(),
    answer: answer<{ submissions: number }>(),
  }),
  /** 查看: the progress matrix college × table. */
  reporttable: GET('/api/report/task/reporttable', { query: TaskRefQuery, answer: answer<ProgressMatrix>() }),
  historyreporttable: GET('/api/report/task/historyreporttable', {
    query: BladeQuery,
    answer: answer<
      Page<
        ReportTask & {
          counts: Partial<Record<TableCode, { colleges: number; approved: number; rows: number }>>
        }
      >
    >(),
  }),
  getReportApplyData: GET('/api/report/task/getReportApplyData', {
    query: ScopeQuery,
    answer: answer<ApplyScope>(),
  }),
  reportAudit: GET('/api/report/task/report-audit', { query: ScopeQuery, answer: answer<AuditCounts[]>() }),
}

// ---- lists of other areas that 报表任务's dialog reads ----------------------------------------------

export interface SchoolYearOption {
  dictKey: string
  dictValue: string
  current: boolean
}

export interface DeptTreeNode {
  id: string
  title: string
  deptCategory?: number
  serial?: string
  children?: DeptTreeNode[]
}

/** Routes of the base, flow and system areas (registered there), typed for the report screens. */
export const reportLookups = {
  schoolYears: GET('/api/system/academic/getSchoolYearList', { answer: answer<SchoolYearOption[]>() }),
  auditFlows: GET('/api/blade-flow/manager/list', {
    query: z.object({ category: z.string().optional(), current: z.number(), size: z.number() }).loose(),
    answer: answer<Page<{ id: string; name: string; key: string; version: number; category: string }>>(),
  }),
  colleges: GET('/api/blade-system/dept/category-tree-select', {
    query: z.object({ category: z.number().optional() }).loose(),
    answer: answer<DeptTreeNode[]>(),
  }),
}
