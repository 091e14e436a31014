import { z } from 'zod'
import { answer, GET, POST } from './endpoint'
import { AnyBody, BladeQuery, Id, IdQuery, IdsQuery } from './common'
import type { Page } from './envelope'
import { resourceEndpoints, type RowOf } from './resource'
import { teachParameterResource } from '../resources/teach/parameter'
import { teachParameterTimeResource } from '../resources/teach/parameter-time'
import { teachTimeNodeResource } from '../resources/teach/time-node'
import { teachClassroomResource } from '../resources/teach/classroom'
import { teachCourseResource } from '../resources/teach/course'
import { teachProjectResource } from '../resources/teach/project'
import { teachCoursePlanResource } from '../resources/teach/course-plan'
import { teachCoursePlanImportResource } from '../resources/teach/course-plan-import'

/**
 * The wire contract of the teach area (`/api/teach/*` except scheduling, plus the no-time
 * `lab/labroom/pageExcludeHasBeenUsedRoom`): settings, projects, courses, plans and plan imports.
 */

const termQuery = z.object({ academicYearId: Id('请选择学年学期') }).loose()

// ---------------------------------------------------------------- 1. settings

export type TeachParameter = RowOf<typeof teachParameterResource> & { sectionsPerDay: number }
export type ParameterTime = RowOf<typeof teachParameterTimeResource>
export type TimeNode = RowOf<typeof teachTimeNodeResource>
export type Classroom = RowOf<typeof teachClassroomResource> & {
  roomName?: string
  roomNo?: string
  labName?: string
  seats?: number | null
}
export interface CurrentParameter extends TeachParameter {
  termName: string
  currentWeek: number
  times: ParameterTime[]
}
export interface FreeRoom {
  id: string
  roomNo: string
  roomName: string
  labId: string | null
  labName: string
  seats: number | null
}

/** The 学年 that have terms (base data), for the 教学参数 screen's picker. */
export const yearList = GET('/api/system/academic/getYearList', {
  answer: answer<{ dictKey: string; dictValue: string }[]>(),
})

export const teachParameterApi = {
  detailByTerm: GET('/api/teach/teachparameter/getDetailByAcademicYearId', {
    query: termQuery,
    answer: answer<TeachParameter>(),
  }),
  current: GET('/api/teach/teachparameter/getCurrent', { answer: answer<CurrentParameter | null>() }),
  submit: POST('/api/teach/teachparameter/submit', { body: AnyBody, answer: answer<{ id: string }>() }),
}

export const parameterTimeApi = resourceEndpoints(teachParameterTimeResource)

export const timeNodeApi = {
  list: GET('/api/teach/timenode/list', { query: BladeQuery, answer: answer<Page<TimeNode>>() }),
  generate: POST('/api/teach/timenode/generateTimeAssNode', {
    query: termQuery,
    answer: answer<{ count: number; unavailable: number; removed: number }>(),
  }),
  selectByIds: GET('/api/teach/timenode/select-by-ids', { query: IdsQuery, answer: answer<TimeNode[]>() }),
}

export const classroomApi = {
  ...resourceEndpoints(teachClassroomResource),
  /** Lab rooms not yet 排课教室 (domain 9.7, the no-time variant). */
  freeRooms: GET('/api/lab/labroom/pageExcludeHasBeenUsedRoom', {
    query: BladeQuery,
    answer: answer<Page<FreeRoom>>(),
  }),
}

// ---------------------------------------------------------------- pickers the teaching forms read

export interface DeptNode {
  id: string
  parentId: string
  title: string
  serial: string
  children?: DeptNode[]
}
export interface TeacherOption {
  id: string
  teacherNo: string
  teacherName: string
  deptSerial: string | null
  userId: string | null
}
export interface ClassOption {
  classNo: string
  className: string
  deptSerial: string | null
  grade: string | null
  studentCount: number
}

/** Base data a teacher may not read directly (it is staff-only), offered through the forms that need it. */
export const teachPickerApi = {
  deptTree: GET('/api/teach/teachproject/dept-tree', { answer: answer<DeptNode[]>() }),
  teachers: GET('/api/teach/teachproject/teachers', { query: BladeQuery, answer: answer<TeacherOption[]>() }),
  planTeachers: GET('/api/teach/teachcourseplan/teachers', {
    query: BladeQuery,
    answer: answer<TeacherOption[]>(),
  }),
  planClasses: GET('/api/teach/teachcourseplan/classes', {
    query: BladeQuery,
    answer: answer<ClassOption[]>(),
  }),
}

// ---------------------------------------------------------------- 2. projects

export type Project = RowOf<typeof teachProjectResource> & {
  labName?: string
  labSerial?: string
  teacherName?: string
}

// ---------------------------------------------------------------- 3. courses

export type Course = RowOf<typeof teachCourseResource>
export interface LinkedProject extends Project {
  linkId: string
  sort: number
  labName?: string
}

const CourseDetailQuery = z
  .object({
    id: Id().optional(),
    kch: z.string().trim().max(20, '课程号不能超过20个字符').optional(),
  })
  .loose()
  .refine((q) => !!q.id || !!q.kch, '请指定课程 id 或课程号 kch')

const CourseProjectsBody = z.object({
  teachCourseId: Id('请选择课程'),
  projectIds: z
    .union([z.array(Id('实验项目格式不正确')), z.string()])
    .transform((v) =>
      Array.isArray(v)
        ? v
        : v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
    )
    .refine((v) => v.length > 0, '请选择实验项目')
    .refine((v) => v.length <= 500, '一次最多关联500个实验项目')
    .refine((v) => v.every((s) => /^\d{1,19}$/.test(s)), '实验项目格式不正确')
    .transform((v) => [...new Set(v)]),
})

const IdsInOrder = z
  .object({
    ids: z
      .string({ error: '请指定 ids' })
      .max(12000, 'ids 过长')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .refine((v) => v.length <= 500, '一次最多查询500条')
      .refine((v) => v.every((s) => /^\d{1,19}$/.test(s)), 'ids 格式不正确'),
  })
  .loose()

const NumberCheckQuery = (key: string, label: string) =>
  z
    .object({
      [key]: z
        .string({ error: `请输入${label}` })
        .trim()
        .min(1, `请输入${label}`)
        .max(20, `${label}过长`),
      id: z.preprocess((v) => (v === '' ? undefined : v), Id().optional()),
    })
    .loose()

export const courseApi = {
  ...resourceEndpoints(teachCourseResource),
  detail: GET('/api/teach/teachcourse/detail', { query: CourseDetailQuery, answer: answer<Course>() }),
  listByIds: GET('/api/teach/teachcourse/listByIds', { query: IdsInOrder, answer: answer<Course[]>() }),
  checkCourseNumber: GET('/api/teach/teachcourse/checkCourseNumber', {
    query: NumberCheckQuery('courseNumber', '课程号'),
    answer: answer<boolean>(),
  }),
  export: GET('/api/teach/teachcourse/export', { query: BladeQuery, file: true }),
}

export const courseProjectApi = {
  projectList: GET('/api/teach/teachcourseassproject/projectList', {
    query: z.object({ teachCourseId: Id('请选择课程') }).loose(),
    answer: answer<LinkedProject[]>(),
  }),
  batchSubmit: POST('/api/teach/teachcourseassproject/batchSubmit', {
    body: CourseProjectsBody,
    answer: answer<{ added: number; skipped: number }>(),
  }),
  batchRemove: POST('/api/teach/teachcourseassproject/batchRemove', {
    body: CourseProjectsBody,
    answer: answer<{ removed: number }>(),
  }),
}

// ---------------------------------------------------------------- 2. projects (calls)

export interface PublicProject {
  id: string
  experimentNumber: string
  experimentName: string
  experimentCategory: number
  experimentType: number
  isNetwork: number
  subjectCode: string
  requirement: number
  experimenterType: number
  groupSize: number
  hours: number
  labId: string
  labName: string
  independentCourse: number
  deptSerial: string
}
export interface LabOption {
  id: string
  labName: string
  serial: string | null
  name: string
}

const GenerateQuery = z
  .object({
    labId: Id('请选择所属实验室'),
    independentCourse: z.preprocess(
      (v) => (v === '' || v === undefined ? 0 : v),
      z.coerce
        .number({ error: '独立设课只能是0或1' })
        .int()
        .min(0, '独立设课只能是0或1')
        .max(1, '独立设课只能是0或1'),
    ),
  })
  .loose()

export const projectApi = {
  ...resourceEndpoints(teachProjectResource),
  generateNumber: POST('/api/teach/teachproject/generateExperimentNumber', {
    query: GenerateQuery,
    answer: answer<string>(),
  }),
  checkNumber: GET('/api/teach/teachproject/checkExperimentNumber', {
    query: NumberCheckQuery('experimentNumber', '实验编号'),
    answer: answer<boolean>(),
  }),
  /** checkExperimentNumber with its reason as data, for the form's on-blur message. */
  numberState: GET('/api/teach/teachproject/numberState', {
    query: NumberCheckQuery('experimentNumber', '实验编号'),
    answer: answer<{ taken: boolean; message: string }>(),
  }),
  listById: GET('/api/teach/teachproject/listById', { query: IdsInOrder, answer: answer<Project[]>() }),
  noAuthPage: GET('/api/teach/teachproject/noAuthPage', {
    query: BladeQuery,
    answer: answer<Page<PublicProject>>(),
  }),
  export: GET('/api/teach/teachproject/export', { query: BladeQuery, file: true }),
  saveImport: POST('/api/teach/teachproject/saveImportProject', {
    body: AnyBody,
    answer: answer<{ total: number; generated: number }>(),
  }),
  labs: GET('/api/teach/teachproject/labs', { answer: answer<LabOption[]>() }),
}

// ---------------------------------------------------------------- 3. plans

export type CoursePlan = RowOf<typeof teachCoursePlanResource> & {
  academicYearName?: string
  deptName?: string
  courseLabHours?: number
  assistantTeacherNames?: string
  checkCount?: number
}
export interface PlanLine {
  id: string
  coursePlanId: string
  projectId: string
  hours: number
  groupSize: number | null
  requirement: number | null
  planWeeks: string | null
  content: string | null
  sort: number
  experimentNumber: string
  experimentName: string
  experimentType: number | null
  experimentCategory: number | null
  labId: string | null
  labName: string
}
export interface PlanDetail extends CoursePlan {
  projects: PlanLine[]
}
export interface ScheduleRow {
  week: number
  weekText: string
  lineId: string
  projectId: string
  experimentNumber: string
  experimentName: string
  hours: number
  labName: string
  content: string | null
}
export interface PlanCheck {
  code: 'hours' | 'lab' | 'students' | 'group' | 'weeks'
  message: string
}
export interface PlanCheckDetail extends PlanDetail {
  checks: PlanCheck[]
}
export interface CheckListRow extends CoursePlan {
  checks: PlanCheck[]
}
export interface StatItem {
  name: string
  value: number
}
export interface PlanStatistics {
  totals: {
    plans: number
    approved: number
    projects: number
    lines: number
    hours: number
    personHours: number
    students: number
  }
  byDept: { name: string; plans: number; hours: number; personHours: number }[]
  byType: StatItem[]
  byCategory: StatItem[]
  byWeek: { week: number; lines: number; hours: number }[]
}

const PlanIdQuery = z.object({ coursePlanId: Id('请选择课程计划') }).loose()
const PlanIds = z
  .object({
    ids: z
      .string({ error: '请选择课程计划' })
      .max(4000, 'ids 过长')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      )
      .refine((v) => v.length > 0, '请选择课程计划')
      .refine((v) => v.length <= 100, '一次最多导出100个计划')
      .refine((v) => v.every((s) => /^\d{1,19}$/.test(s)), 'ids 格式不正确')
      .transform((v) => [...new Set(v)]),
  })
  .loose()
const OptionalTerm = z
  .object({ academicYearId: z.preprocess((v) => (v === '' ? undefined : v), Id().optional()) })
  .loose()

export const coursePlanApi = {
  page: GET('/api/teach/teachcourseplan/page', { query: BladeQuery, answer: answer<Page<CoursePlan>>() }),
  list: GET('/api/teach/teachcourseplan/list', { query: BladeQuery, answer: answer<Page<CoursePlan>>() }),
  detail: GET('/api/teach/teachcourseplan/detail', { query: IdQuery, answer: answer<PlanDetail>() }),
  /** Saves a draft (or a returned plan) with its `projects` lines. */
  submit: POST('/api/teach/teachcourseplan/submit', { body: AnyBody, answer: answer<{ id: string }>() }),
  /** 提交审核: starts `teachplan` for a draft. */
  applyFor: POST('/api/teach/teachcourseplan/handleApplyFor', {
    body: z.object({ id: Id('请选择课程计划') }).loose(),
    answer: answer<{ processInstanceId: string }>(),
  }),
  /** 退回重提: saves a returned plan and re-submits it. */
  submitReturn: POST('/api/teach/teachcourseplan/submitReturn', {
    body: AnyBody,
    answer: answer<{ id: string }>(),
  }),
  /** 计划变更: changes an approved plan (changeReason) and re-approves it. */
  handleUpdate: POST('/api/teach/teachcourseplan/handleUpdate', {
    body: AnyBody,
    answer: answer<{ id: string }>(),
  }),
  /** 撤销计划. */
  revoke: POST('/api/teach/teachcourseplan/delete', {
    query: z.object({ id: Id('请选择课程计划') }).loose(),
    answer: answer<Record<string, never>>(),
  }),
  /** Deletes drafts. */
  remove: POST('/api/teach/teachcourseplan/remove', {
    query: IdsQuery,
    answer: answer<Record<string, never>>(),
  }),
  planList: GET('/api/teach/teachcourseplan/planList', { query: PlanIdQuery, answer: answer<PlanLine[]>() }),
  scheduleList: GET('/api/teach/teachcourseplan/scheduleList', {
    query: PlanIdQuery,
    answer: answer<ScheduleRow[]>(),
  }),
  checkList: GET('/api/teach/teachcourseplan/checkList', {
    query: BladeQuery,
    answer: answer<Page<CheckListRow>>(),
  }),
  checkDetail: GET('/api/teach/teachcourseplan/checkDetail', {
    query: IdQuery,
    answer: answer<PlanCheckDetail>(),
  }),
  dataStatistics: GET('/api/teach/teachcourseplan/dataStatistics', {
    query: OptionalTerm,
    answer: answer<PlanStatistics>(),
  }),
  export: GET('/api/teach/teachcourseplan/export', { query: BladeQuery, file: true }),
  exportPlan: GET('/api/teach/teachcourseplan/exportPlan', { query: PlanIds, file: true }),
  exportSchedule: GET('/api/teach/teachcourseplan/exportSchedule', { query: PlanIds, file: true }),
  auditList: GET('/api/teach/teachcourseplan/audit-list', {
    query: BladeQuery,
    answer: answer<Page<Record<string, unknown>>>(),
  }),
  auditRecordList: GET('/api/teach/teachcourseplan/auditRecord-list', {
    query: BladeQuery,
    answer: answer<Page<Record<string, unknown>>>(),
  }),
  completeTask: POST('/api/teach/teachcourseplan/complete-task', {
    body: AnyBody,
    answer: answer<Record<string, never>>(),
  }),
  saveImport: POST('/api/teach/teachcourseplan/saveImportCoursePlan', {
    body: AnyBody,
    answer: answer<{ total: number; plans: number; importBatch: string }>(),
  }),
}

export type CoursePlanImport = RowOf<typeof teachCoursePlanImportResource> & { planStatus?: number | null }
export const coursePlanImportApi = resourceEndpoints(teachCoursePlanImportResource)
