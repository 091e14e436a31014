import { z } from 'zod'
import {
  competitionAddressResource,
  competitionApplyResource,
  competitionAppointmentResource,
  competitionCampusResource,
  competitionFinalResource,
  competitionFinalResultResource,
  competitionParameterResource,
  competitionPreliminaryResource,
  competitionPreliminaryResultResource,
} from '../resources/competition'
import { AnyBody, BladeQuery, Id, IdQuery, IdsBody, IdsQuery } from './common'
import { answer, GET, POST } from './endpoint'
import type { Page } from './envelope'
import { resourceEndpoints, type RowOf, type SubmitOf } from './resource'

/**
 * `/api/competition/*` (domain notes A): parameters and venues, 校赛数据, applications with review and
 * grading, entries, preliminaries, finals with their results, and the awards statistics.
 */

const BASE = '/api/competition'

// ---------------------------------------------------------------- shapes

export type Parameter = RowOf<typeof competitionParameterResource>
export type Address = RowOf<typeof competitionAddressResource>
export type Campus = RowOf<typeof competitionCampusResource>
export type ApplyRecord = RowOf<typeof competitionApplyResource>
export type Entry = RowOf<typeof competitionAppointmentResource>
export type Preliminary = RowOf<typeof competitionPreliminaryResource>
export type PreliminaryResult = RowOf<typeof competitionPreliminaryResultResource>
export type Final = RowOf<typeof competitionFinalResource>
export type FinalResult = RowOf<typeof competitionFinalResultResource>

/** A college (院系号 and name), as pickers and statistics show it. */
export interface College {
  deptSerial: string
  deptName: string
}

/** The system's counts of one college and 学年 (A.2), shown read-only above the entered figures. */
export interface CampusComputed {
  projectCount: number
  entryCount: number
  participantCount: number
  awardNational: number
  awardProvincial: number
  awardSchool: number
}

export type CampusRow = Campus & College & CampusComputed & { fillUserName: string }

export interface ApplyRow extends ApplyRecord {
  deptName: string
  leaderName: string
  teacherNames: string
  labName: string
  placesLeft: number | null
}

export interface ReviewScore {
  reviewerName: string
  score: number
  comment: string | null
  scoreTime: string | null
}

export interface ApplyDetail extends ApplyRow {
  /** Every reviewer's score for holders of 申报评审; an empty list for others. */
  scores: ReviewScore[]
  maxScore: number | null
  minScore: number | null
}

export interface ScoreListRow extends ApplyRow {
  myScore: number | null
  myComment: string | null
  mine: boolean
}

export interface GradeListRow extends ApplyRow {
  maxScore: number | null
  minScore: number | null
  suggestedGrade: number | null
}

export interface Option {
  value: string
  label: string
}

export interface TeacherOption {
  id: string
  teacherNo: string
  teacherName: string
  deptSerial: string | null
  userId: string | null
}

/** What the application form picks from. */
export interface ApplyOptions {
  academicYears: string[]
  currentYear: string
  colleges: College[]
  teachers: TeacherOption[]
  labs: Option[]
  /** The caller's own teacher row (a teacher applies only for themselves). */
  me: TeacherOption | null
  staff: boolean
  parameter: Parameter
}

export type SignupState = '未开始' | '报名中' | '已截止' | '已满'

export interface SignupProject {
  id: string
  academicYear: string
  projectName: string
  competitionName: string
  competitionLevel: number
  entryMode: number
  minMembers: number | null
  maxMembers: number | null
  maxEntries: number
  entryCount: number
  placesLeft: number | null
  signupStart: string | null
  signupEnd: string | null
  planStart: string | null
  planEnd: string | null
  deptName: string
  leaderName: string
  signupState: SignupState
  myEntryId: string | null
  myEntryType: number | null
}

export interface SignupDetail extends SignupProject {
  organizer: string
  content: string
  teachers: { id: string; teacherName: string }[]
  canSignup: boolean
  /** Why the caller cannot sign up now (the message the server would answer). */
  reason: string
  /** The caller's student row, when they are a student (fixed as the leader of their team). */
  me: MemberInfo | null
  staff: boolean
}

export interface MemberInfo {
  studentNo: string
  studentName: string
  classNo: string | null
  className: string
  deptSerial: string | null
  deptName: string
}

export interface Member extends MemberInfo {
  id: string
  isLeader: number
}

export interface EntryRow extends Entry {
  projectName: string
  competitionName: string
  memberNames: string
  teacherNames: string
  deptName: string
  className: string
  stage: string
  /** Whether the caller may edit or remove it now (the rule's message otherwise). */
  canEdit: boolean
  editReason: string
}

export interface EntryDetail extends EntryRow {
  members: Member[]
}

export interface PersonalEntryBody {
  id?: string
  projectId: string
  studentNo?: string
  instructorTeacherIds?: string
  workTitle?: string
  phone?: string
  remark?: string
}

export interface GroupEntryBody extends PersonalEntryBody {
  teamName: string
  leaderStudentNo?: string
  memberNos: string[]
}

export interface PreliminaryRow {
  /** The project; the round's fields when it is registered. */
  projectId: string
  projectName: string
  competitionName: string
  academicYear: string
  leaderName: string
  signupEnd: string | null
  projectEntryCount: number
  id: string
  preliminaryTime: string | null
  addressName: string | null
  form: number | null
  judges: string | null
  entryCount: number
  advanceTotal: number
  status: number | null
  processInstanceId: string | null
}

/** One line of the 登记 grid: an entry with its members and saved result. */
export interface GridEntry {
  appointmentId: string
  entryType: number
  teamName: string | null
  memberNos: string
  memberNames: string
  deptName: string
  className: string
  score: number | null
  rank: number | null
  advance: number
  remark: string | null
}

export interface ProjectSummary {
  id: string
  projectName: string
  competitionName: string
  competitionLevel: number
  academicYear: string
  entryMode: number
  entryCount: number
  signupEnd: string | null
  preliminaryRequired: number
  leaderName: string
  deptName: string
  organizer: string
}

export interface PreliminaryView {
  project: ProjectSummary
  preliminary: Preliminary | null
  addresses: Address[]
}

export interface PreliminaryDetail extends Preliminary {
  project: ProjectSummary
  results: GridEntry[]
}

export interface ResultRow extends PreliminaryResult {
  projectName: string
  deptName: string
  className: string
  preliminaryStatus: number
}

export interface FinalRow extends Final {
  projectName: string
  leaderName: string
}

export interface FinalView {
  project: ProjectSummary
  addresses: Address[]
  /** 决赛级别 already held by a final of the project. */
  levels: number[]
  /** Why entrants cannot be picked yet (初赛尚未审核通过), else ''. */
  reason: string
}

export interface EligibleEntry extends GridEntry {
  selected: boolean
}

export interface FinalResultRow extends FinalResult {
  projectName: string
  deptName: string
  className: string
  members: Member[]
}

export interface FinalDetail extends FinalRow {
  project: ProjectSummary
  entrants: FinalResultRow[]
  awardCounts: { award: number; count: number }[]
}

export interface AwardRow {
  id: string
  academicYear: string
  projectId: string
  projectName: string
  competitionName: string
  finalLevel: number
  award: number
  entryType: number
  teamName: string | null
  leaderName: string | null
  memberNos: string
  memberNames: string
  teacherNames: string | null
  deptSerial: string | null
  deptName: string
  classNo: string | null
  className: string
  awardDate: string | null
  certificateNo: string | null
}

export interface AwardSum {
  total: number
  byAward: { award: number; count: number }[]
  byLevel: { finalLevel: number; count: number }[]
  byDept: { deptSerial: string; deptName: string; count: number }[]
  /** 决赛级别 × 获奖等级 (A.8). */
  matrix: { finalLevel: number; award: number; count: number }[]
  /** 院系 × 获奖等级: the stacked bar. */
  deptAward: { deptSerial: string; deptName: string; award: number; count: number }[]
}

export interface ClassSummaryRow {
  classNo: string
  className: string
  deptName: string
  majorName: string
  studentCount: number
  participants: number
  participationRate: number
  awardees: number
  awardPersonTimes: number
  national: number
  provincial: number
  other: number
  isTotal: boolean
}

export interface ApprovalTask {
  taskId: string
  processInstanceId: string
  businessId: string
  taskName: string
  createTime: string
  startUser: string
  [key: string]: unknown
}

// ---------------------------------------------------------------- inputs

const optionalYear = z
  .string()
  .regex(/^(\d{4}-\d{4})?$/, '学年格式应为 2025-2026')
  .optional()

export const YearQuery = z.object({ academicYear: optionalYear }).loose()

export const ProjectQuery = z.object({ projectId: Id('请选择竞赛项目') }).loose()

export const FinalQuery = z.object({ finalId: Id('请选择决赛') }).loose()

const score = z.coerce
  .number({ error: '评分须在0到100之间' })
  .refine((n) => Number.isFinite(n) && n >= 0 && n <= 100, '评分须在0到100之间')

export const UpdateBatchBody = z.discriminatedUnion(
  'action',
  [
    z.object({
      action: z.literal('score'),
      items: z
        .array(
          z.object({
            id: Id(),
            score,
            comment: z.string().max(500, '评语不能超过500个字符').nullish(),
          }),
          { error: '请选择至少一条数据' },
        )
        .min(1, '请选择至少一条数据')
        .max(1000, '一次最多提交1000条'),
    }),
    z.object({
      action: z.literal('grade'),
      items: z
        .array(
          z.object({
            id: Id(),
            grade: z.coerce
              .number({ error: '请选择评定等级' })
              .int('请选择评定等级')
              .min(1, '请选择评定等级')
              .max(3, '请选择评定等级'),
            approvedFunds: z.coerce
              .number({ error: '核定经费必须是数字' })
              .refine((n) => Number.isFinite(n) && n >= 0, '核定经费不能小于0')
              .nullish(),
          }),
          { error: '请选择至少一条数据' },
        )
        .min(1, '请选择至少一条数据')
        .max(1000, '一次最多提交1000条'),
    }),
  ],
  { error: '操作类型不正确' },
)
export type UpdateBatchBody = z.input<typeof UpdateBatchBody>

const studentNo = z.string().trim().min(1, '请输入学号').max(30, '学号不能超过30个字符')

const entryFields = {
  id: Id().optional(),
  projectId: Id('请选择竞赛项目'),
  instructorTeacherIds: z
    .union([z.array(Id()), z.string()])
    .transform((v) => (Array.isArray(v) ? v : v.split(',').filter(Boolean)))
    .refine((v) => v.length <= 2, '指导教师最多2人')
    .refine((v) => v.every((s) => /^\d{1,19}$/.test(s)), '指导教师格式不正确')
    .optional(),
  workTitle: z.string().max(100, '作品名称不能超过100个字符').nullish(),
  phone: z
    .string()
    .regex(/^(1\d{10})?$/, '联系电话格式不正确')
    .nullish(),
  remark: z.string().max(200, '备注不能超过200个字符').nullish(),
}

export const PersonalEntryInput = z.object({ ...entryFields, studentNo: studentNo.optional() })

export const GroupEntryInput = z.object({
  ...entryFields,
  teamName: z
    .string({ error: '请输入团队名称' })
    .trim()
    .min(1, '请输入团队名称')
    .max(50, '团队名称不能超过50个字符'),
  leaderStudentNo: studentNo.optional(),
  memberNos: z.array(studentNo, { error: '请添加团队成员' }).max(20, '团队人数须在1至10人之间（含队长）'),
})

const decimalOrNull = (label: string, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.coerce
      .number({ error: `${label}必须是数字` })
      .refine((n) => Number.isFinite(n) && n >= 0 && n <= max, `${label}须在0到${max}之间`)
      .nullable(),
  )

export const PreliminaryInput = z
  .object({
    id: Id().optional().or(z.literal('')),
    projectId: Id('请选择竞赛项目'),
    results: z
      .array(
        z.object({
          appointmentId: Id('报名记录不存在或不属于该项目'),
          score: decimalOrNull('初赛成绩', 100),
          advance: z.coerce.number().int().min(0).max(1).default(0),
          remark: z.string().max(200, '备注不能超过200个字符').nullish(),
        }),
      )
      .max(10000, '成绩行数过多')
      .default([]),
  })
  .loose()

export const FinalInput = z
  .object({
    id: Id().optional().or(z.literal('')),
    projectId: Id('请选择竞赛项目'),
    appointmentIds: z
      .union([z.array(Id()), z.string()])
      .transform((v) => (Array.isArray(v) ? v : v.split(',').filter(Boolean)))
      .refine((v) => v.every((s) => /^\d{1,19}$/.test(s)), '参赛报名格式不正确')
      .optional(),
  })
  .loose()

const resultRow = {
  award: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.coerce
      .number({ error: '获奖等级不正确' })
      .int('获奖等级不正确')
      .refine((n) => [1, 2, 3, 4, 5, 9].includes(n), '获奖等级不正确')
      .nullable(),
  ),
  score: decimalOrNull('决赛成绩', 9999.99).optional(),
  rank: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    z.coerce.number({ error: '名次必须是整数' }).int('名次必须是整数').min(1, '名次不能小于1').nullable(),
  ),
  certificateNo: z.string().max(50, '获奖证书编号不能超过50个字符').nullish(),
  awardDate: z
    .string()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, '获奖日期格式应为 yyyy-MM-dd')
    .nullish(),
  remark: z.string().max(200, '备注不能超过200个字符').nullish(),
}

export const FinalResultSaveBody = z.object({
  finalId: Id('请选择决赛'),
  rows: z
    .array(z.object({ appointmentId: Id('报名记录不存在或不属于该决赛'), ...resultRow }), {
      error: '请录入获奖结果',
    })
    .max(10000, '结果行数过多'),
})

export const FinalResultUpdateBody = z.object({ id: Id(), ...resultRow })

export const FinalIdBody = z.object({ finalId: Id('请选择决赛') })

export const MemberLookupQuery = z
  .object({
    studentNo: z.string({ error: '请输入学号' }).trim().min(1, '请输入学号').max(30, '学号不能超过30个字符'),
  })
  .loose()

export const CampusDetailQuery = z
  .object({
    deptSerial: z
      .string({ error: '请选择院系' })
      .trim()
      .min(1, '请选择院系')
      .max(20, '院系号不能超过20个字符'),
    academicYear: optionalYear,
  })
  .loose()

const entityBody = <D extends Parameters<typeof resourceEndpoints>[0]>() =>
  AnyBody as unknown as z.ZodType<SubmitOf<D>, SubmitOf<D>>

export interface ParameterBody extends SubmitOf<typeof competitionParameterResource> {
  addresses?: SubmitOf<typeof competitionAddressResource>[]
}

export type ApplyBody = SubmitOf<typeof competitionApplyResource> & { applyFlag?: number }

// ---------------------------------------------------------------- endpoints

const P = `${BASE}/parameter`
const A = `${BASE}/competitionprojectapply`
const E = `${BASE}/competitionprojectappointment`
const PR = `${BASE}/competitionprojectpreliminary`
const F = `${BASE}/competitionprojectfinal`
const FR = `${BASE}/competitionprojectfinalresult`

export const competitionParameterApi = {
  currentData: GET(`${P}/current-data`, { query: YearQuery, answer: answer<Parameter>() }),
  submit: POST(`${P}/submit`, {
    body: AnyBody as unknown as z.ZodType<ParameterBody, ParameterBody>,
    answer: answer<{ id: string }>(),
  }),
  addressPage: GET(`${P}/address-page`, { query: BladeQuery, answer: answer<Page<Address>>() }),
  campusPage: GET(`${P}/campus-page`, { query: BladeQuery, answer: answer<Page<CampusRow>>() }),
  campusDetail: GET(`${P}/campusDetail`, { query: CampusDetailQuery, answer: answer<CampusRow>() }),
  submitCampus: POST(`${P}/submitCampus`, {
    body: entityBody<typeof competitionCampusResource>(),
    answer: answer<{ id: string }>(),
  }),
  groupAwards: GET(`${P}/group-awards`, { query: BladeQuery, answer: answer<Page<AwardRow>>() }),
  groupAwardsSum: GET(`${P}/group-awards-sum`, { query: BladeQuery, answer: answer<AwardSum>() }),
  groupAwardsExport: GET(`${P}/group-awards-export`, { query: BladeQuery, file: true }),
  personalAwards: GET(`${P}/personnal-awards`, { query: BladeQuery, answer: answer<Page<AwardRow>>() }),
  personalAwardsSum: GET(`${P}/personnal-awards-sum`, { query: BladeQuery, answer: answer<AwardSum>() }),
  personalAwardsExport: GET(`${P}/personnal-awards-export`, { query: BladeQuery, file: true }),
  classSummary: GET(`${P}/class-summary`, { query: BladeQuery, answer: answer<ClassSummaryRow[]>() }),
}

export const competitionApplyApi = {
  page: GET(`${A}/page`, { query: BladeQuery, answer: answer<Page<ApplyRow>>() }),
  detail: GET(`${A}/detail`, { query: IdQuery, answer: answer<ApplyDetail>() }),
  remove: POST(`${A}/remove`, { query: IdsQuery, answer: answer<Record<string, never>>() }),
  pageExport: GET(`${A}/page-export`, { query: BladeQuery, file: true }),
  submit: POST(`${A}/submit`, {
    body: AnyBody as unknown as z.ZodType<ApplyBody, ApplyBody>,
    answer: answer<{ id: string; applyNo: string | null; status: number }>(),
  }),
  scoreList: GET(`${A}/score-list`, { query: BladeQuery, answer: answer<Page<ScoreListRow>>() }),
  gradeList: GET(`${A}/grade-list`, { query: YearQuery, answer: answer<GradeListRow[]>() }),
  updateBatch: POST(`${A}/updateBatch`, { body: UpdateBatchBody, answer: answer<{ count: number }>() }),
  /** What the form picks from (colleges, teachers, labs, 学年, the caller): the family's own catalogue. */
  options: GET(`${A}/options`, { query: YearQuery, answer: answer<ApplyOptions>() }),
}

export const competitionAppointmentApi = {
  projectPage: GET(`${E}/projectPage`, { query: BladeQuery, answer: answer<Page<SignupProject>>() }),
  getApplyDetail: GET(`${E}/getApplyDetail`, { query: ProjectQuery, answer: answer<SignupDetail>() }),
  recordPage: GET(`${E}/recordPage`, { query: BladeQuery, answer: answer<Page<EntryRow>>() }),
  savePersonal: POST(`${E}/savePersonal`, { body: PersonalEntryInput, answer: answer<{ id: string }>() }),
  updatePersonal: POST(`${E}/updatePersonal`, { body: PersonalEntryInput, answer: answer<{ id: string }>() }),
  removePersonal: POST(`${E}/removePersonal`, { query: IdsQuery, answer: answer<Record<string, never>>() }),
  detailPersonal: GET(`${E}/detailPersonal`, { query: IdQuery, answer: answer<EntryDetail>() }),
  saveGroup: POST(`${E}/saveGroup`, { body: GroupEntryInput, answer: answer<{ id: string }>() }),
  updateGroup: POST(`${E}/updateGroup`, { body: GroupEntryInput, answer: answer<{ id: string }>() }),
  removeGroup: POST(`${E}/removeGroup`, { query: IdsQuery, answer: answer<Record<string, never>>() }),
  detailGroup: GET(`${E}/detailGroup`, { query: IdQuery, answer: answer<EntryDetail>() }),
  /** The team dialog's name lookup by 学号. */
  memberLookup: GET(`${E}/memberLookup`, { query: MemberLookupQuery, answer: answer<MemberInfo>() }),
}

export const competitionPreliminaryApi = {
  page: GET(`${PR}/page`, { query: BladeQuery, answer: answer<Page<PreliminaryRow>>() }),
  detail: GET(`${PR}/detail`, { query: IdQuery, answer: answer<PreliminaryDetail>() }),
  getApplyDetail: GET(`${PR}/getApplyDetail`, { query: ProjectQuery, answer: answer<PreliminaryView>() }),
  getProjectPreliminaryStudent: GET(`${PR}/getProjectPreliminaryStudent`, {
    query: ProjectQuery,
    answer: answer<GridEntry[]>(),
  }),
  saveAndUpdate: POST(`${PR}/saveAndUpdate`, {
    body: PreliminaryInput as unknown as z.ZodType<
      SubmitOf<typeof competitionPreliminaryResource> & z.input<typeof PreliminaryInput>,
      SubmitOf<typeof competitionPreliminaryResource> & z.input<typeof PreliminaryInput>
    >,
    answer: answer<{ id: string }>(),
  }),
  batchSubmit: POST(`${PR}/batchSubmit`, { body: IdsBody, answer: answer<{ count: number }>() }),
  detailPage: GET(`${PR}/detail-page`, { query: BladeQuery, answer: answer<Page<ResultRow>>() }),
  detailPageExport: GET(`${PR}/detail-page-export`, { query: BladeQuery, file: true }),
  pageExport: GET(`${PR}/page-export`, { query: BladeQuery, file: true }),
  exportProjectPreliminaryStudent: GET(`${PR}/exportProjectPreliminaryStudent`, {
    query: ProjectQuery,
    file: true,
  }),
  auditList: GET(`${PR}/audit-list`, { query: BladeQuery, answer: answer<Page<ApprovalTask>>() }),
  auditRecordList: GET(`${PR}/auditRecord-list`, { query: BladeQuery, answer: answer<Page<ApprovalTask>>() }),
  completeTask: POST(`${PR}/complete-task`, {
    body: AnyBody as unknown as z.ZodType<CompleteTaskBody, CompleteTaskBody>,
    answer: answer<Record<string, never>>(),
  }),
}

export interface CompleteTaskBody {
  taskId: string
  processInstanceId?: string
  pass: boolean
  comment?: string
}

export const competitionPreliminaryResultApi = {
  ...resourceEndpoints(competitionPreliminaryResultResource),
  page: GET(`${BASE}/competitionprojectpreliminaryresult/page`, {
    query: BladeQuery,
    answer: answer<Page<ResultRow>>(),
  }),
}

export type FinalBody = SubmitOf<typeof competitionFinalResource> & { appointmentIds?: string[] }

export const competitionFinalApi = {
  list: GET(`${F}/list`, { query: BladeQuery, answer: answer<Page<FinalRow>>() }),
  page: GET(`${F}/page`, { query: BladeQuery, answer: answer<Page<FinalRow>>() }),
  detail: GET(`${F}/detail`, { query: IdQuery, answer: answer<FinalDetail>() }),
  detailPage: GET(`${F}/detail-page`, { query: BladeQuery, answer: answer<Page<FinalResultRow>>() }),
  detailPageExport: GET(`${F}/detail-page-export`, { query: BladeQuery, file: true }),
  pageExport: GET(`${F}/page-export`, { query: BladeQuery, file: true }),
  getApplyDetail: GET(`${F}/getApplyDetail`, { query: ProjectQuery, answer: answer<FinalView>() }),
  getProjectFinalStudent: GET(`${F}/getProjectFinalStudent`, {
    query: ProjectQuery,
    answer: answer<Page<EligibleEntry>>(),
  }),
  remove: POST(`${F}/remove`, { query: IdsQuery, answer: answer<Record<string, never>>() }),
  save: POST(`${F}/save`, {
    body: FinalInput as unknown as z.ZodType<FinalBody, FinalBody>,
    answer: answer<{ id: string }>(),
  }),
  update: POST(`${F}/update`, {
    body: FinalInput as unknown as z.ZodType<FinalBody, FinalBody>,
    answer: answer<{ id: string }>(),
  }),
  /** Saves and starts (or re-submits) the approval (registerApprovalRoutes' submit). */
  submit: POST(`${F}/submit`, {
    body: AnyBody as unknown as z.ZodType<FinalBody, FinalBody>,
    answer: answer<{ processInstanceId: string; resubmitted: boolean }>(),
  }),
  batchSubmit: POST(`${F}/batchSubmit`, { body: IdsBody, answer: answer<{ count: number }>() }),
  auditList: GET(`${F}/audit-list`, { query: BladeQuery, answer: answer<Page<ApprovalTask>>() }),
  auditRecordList: GET(`${F}/auditRecord-list`, { query: BladeQuery, answer: answer<Page<ApprovalTask>>() }),
  completeTask: POST(`${F}/complete-task`, {
    body: AnyBody as unknown as z.ZodType<CompleteTaskBody, CompleteTaskBody>,
    answer: answer<Record<string, never>>(),
  }),
}

export const competitionFinalResultApi = {
  detail: GET(`${FR}/detail`, { query: FinalQuery, answer: answer<FinalDetail>() }),
  groupList: GET(`${FR}/groupList`, { query: FinalQuery, answer: answer<FinalResultRow[]>() }),
  personalList: GET(`${FR}/personalList`, { query: FinalQuery, answer: answer<FinalResultRow[]>() }),
  save: POST(`${FR}/save`, { body: FinalResultSaveBody, answer: answer<{ count: number }>() }),
  update: POST(`${FR}/update`, { body: FinalResultUpdateBody, answer: answer<{ id: string }>() }),
  submit: POST(`${FR}/submit`, { body: FinalIdBody, answer: answer<{ count: number }>() }),
}
