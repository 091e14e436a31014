import { z } from 'zod'
import { answer, GET, POST } from './endpoint'
import { BladeQuery, Id, IdQuery, IdsBody, IdsQuery, ID_PATTERN } from './common'
import type { Page } from './envelope'
import type { RowOf } from './resource'
import type { TermCalendar } from '../resources/schedule/calendar'
import type { batchPlanResource } from '../resources/schedule/batch-plan'
import type { collisionResources } from '../resources/schedule/collision'
import type { adjustResource } from '../resources/schedule/adjust'

/**
 * The wire contract of scheduling (teaching.md 4–7): 排课任务 and the wizard (`newBatchPlan`), batch
 * plans (`batchplan`), assigned students (`batchassstudent`), the four collision families, timetables
 * and adjustments (`teachbatchplanadjust`), plus the time variant of `lab/labroom/pageExcludeHasBeenUsedRoom`.
 */

// ---------------------------------------------------------------- shapes

/** "1,2,3" or [1,2,3] → [1,2,3]; refuses anything but week numbers. */
export const WeeksInput = z
  .union([z.array(z.coerce.number()), z.string()])
  .transform((v) =>
    (Array.isArray(v)
      ? v
      : v
          .split(/[,，\s]+/)
          .filter(Boolean)
          .map(Number)
    ).map((n) => Number(n)),
  )
  .refine((v) => v.every((n) => Number.isInteger(n)), '周次格式不正确')
  .transform((v) => [...new Set(v)].sort((a, b) => a - b))

/** Ids as a list or a comma string. */
export const IdListInput = (empty = '请选择至少一条数据') =>
  z
    .union([z.array(Id()), z.string()])
    .transform((v) =>
      Array.isArray(v)
        ? v
        : v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
    )
    .refine((v) => v.every((s) => ID_PATTERN.test(s)), 'ids 格式不正确')
    .transform((v) => [...new Set(v)])
    .refine((v) => v.length > 0, empty)

const TextListInput = z
  .union([z.array(z.string()), z.string()])
  .transform((v) => (Array.isArray(v) ? v : v.split(/[,，、\s]+/)).map((s) => s.trim()).filter(Boolean))
  .transform((v) => [...new Set(v)])

const Int = (message: string) => z.coerce.number({ error: message }).int(message)

/** One batch as the wizard, saveList and updateList send it. */
export const BatchInput = z
  .object({
    id: Id().optional(),
    coursePlanProjectId: Id('请选择计划项目').optional(),
    batchNo: Int('批次格式不正确').min(1, '批次必须大于0').max(999, '批次不能超过999').optional(),
    weeks: WeeksInput.refine((v) => v.length > 0, '请选择周次'),
    /** Weekday and sections together, or none of them: a batch whose time 生成时间 will find. */
    weekday: Int('请选择星期').min(1, '星期必须在1到7之间').max(7, '星期必须在1到7之间').nullish(),
    startSection: Int('请选择开始节次').min(1, '开始节次必须大于0').nullish(),
    endSection: Int('请选择结束节次').min(1, '结束节次必须大于0').nullish(),
    roomIds: IdListInput('请选择房间'),
    teacherIds: IdListInput('请选择任课教师'),
    classNos: TextListInput.optional(),
    studentNos: TextListInput.optional(),
  })
  .refine(
    (b) =>
      [b.weekday, b.startSection, b.endSection].every((v) => v == null) ||
      [b.weekday, b.startSection, b.endSection].every((v) => v != null),
    '请同时选择星期和节次',
  )
export type BatchInput = z.input<typeof BatchInput>

export type BatchPlanRow = RowOf<typeof batchPlanResource>

/** A batch plan with the names screens and exports show. */
export interface BatchView extends BatchPlanRow {
  batchName: string
  weeksText: string
  weekdayName: string
  sectionsText: string
  timeText: string
  rooms: { id: string; name: string }[]
  teachers: { id: string; name: string; no: string }[]
  roomNames: string
  teacherNames: string
  statusName: string
  collisionCount: number
  studentNos: string[]
}

/** Collisions a write found (new or reopened), as the reply of every scheduling write carries them. */
export interface CollisionNote {
  kind: 'teacher' | 'room' | 'class' | 'student'
  id: string
  description: string
}

export interface WriteReply {
  ids: string[]
  collisions: CollisionNote[]
}

export interface Cell {
  weekday: number
  section: number
  free: boolean
  holiday: boolean
  reasons: string[]
}

export interface WeekCell {
  week: number
  free: boolean
  holiday: boolean
  reasons: string[]
}

export interface FreeTime {
  weekday: number
  startSection: number
  endSection: number
  text: string
}

export interface RoomChoice {
  id: string
  roomNo: string
  roomName: string
  labId: string | null
  labName: string
  capacity: number
}

// ---------------------------------------------------------------- newBatchPlan (排课任务 and the wizard)

export interface TaskRow {
  id: string | null
  academicYearId: string
  coursePlanId: string
  coursePlanProjectId: string
  projectId: string
  projectName: string
  experimentNumber: string
  courseName: string
  courseNumber: string
  deptSerial: string | null
  teacherName: string
  classNos: string
  studentCount: number
  hours: number
  planWeeks: string
  status: number
  statusName: string
  batchCount: number
  scheduledStudents: number
}

export interface PlanClass {
  classNo: string
  className: string
  students: { studentNo: string; studentName: string; batchPlanId: string | null }[]
}

export interface PlanInfo {
  task: TaskRow
  classes: PlanClass[]
  teachers: { id: string; name: string; no: string }[]
  batches: BatchView[]
  unassigned: { studentNo: string; studentName: string; classNo: string }[]
  calendar: TermCalendar
  labId: string | null
}

const LineQuery = z.object({ coursePlanProjectId: Id('请选择计划项目') }).loose()
const TermQuery = z.object({ academicYearId: Id('请选择学年学期') }).loose()

const TimeListQuery = LineQuery.extend({
  weeks: WeeksInput.optional(),
  /** With weekday and sections, timeList also answers the free 排课教室 then. */
  weekday: z.coerce.number().int().min(1).max(7).optional(),
  startSection: z.coerce.number().int().min(1).optional(),
  endSection: z.coerce.number().int().min(1).optional(),
  roomIds: IdListInput().optional(),
  teacherIds: IdListInput().optional(),
  classNos: TextListInput.optional(),
  excludeIds: IdListInput().optional(),
})

const Block = {
  weekday: Int('请选择星期').min(1, '星期必须在1到7之间').max(7, '星期必须在1到7之间'),
  startSection: Int('请选择开始节次').min(1, '开始节次必须大于0'),
  endSection: Int('请选择结束节次').min(1, '结束节次必须大于0'),
}

export interface SummaryRow {
  key: string
  name: string
  batches: number
  studentsPlanned: number
  studentsScheduled: number
  usedSlots: number
  totalSlots: number
  useRate: number
}

export const newBatchPlanApi = {
  projectList: GET('/api/teach/newBatchPlan/projectList', {
    query: TermQuery.extend({
      deptSerial: z.string().optional(),
      status: z.coerce.number().int().optional(),
    }),
    answer: answer<TaskRow[]>(),
  }),
  planInfo: GET('/api/teach/newBatchPlan/planInfo', { query: LineQuery, answer: answer<PlanInfo>() }),
  timeList: GET('/api/teach/newBatchPlan/timeList', {
    query: TimeListQuery,
    answer: answer<{ weeks: number[]; cells: Cell[]; freeRooms: RoomChoice[] }>(),
  }),
  timeWeekList: GET('/api/teach/newBatchPlan/timeWeekList', {
    query: TimeListQuery.extend(Block),
    answer: answer<WeekCell[]>(),
  }),
  timeListReset: GET('/api/teach/newBatchPlan/timeListReset', {
    query: LineQuery,
    answer: answer<{ weeks: number[] }>(),
  }),
  timeWeekListReset: GET('/api/teach/newBatchPlan/timeWeekListReset', {
    query: LineQuery,
    answer: answer<{ weeks: number[] }>(),
  }),
  savePlan: POST('/api/teach/newBatchPlan/savePlan', {
    body: z.object({
      coursePlanProjectId: Id('请选择计划项目'),
      batches: z.array(BatchInput).min(1, '请至少添加一个批次').max(200, '批次不能超过200个'),
    }),
    answer: answer<{ batchPlanIds: string[]; collisions: CollisionNote[] }>(),
  }),
  batchAddPlan: POST('/api/teach/newBatchPlan/batchAddPlan', {
    body: z.object({
      lineIds: IdListInput('请选择计划项目'),
      startWeek: Int('请选择开始周').min(1, '开始周必须大于0'),
      ...Block,
      roomIds: IdListInput('请选择房间').optional(),
      teacherIds: IdListInput('请选择任课教师').optional(),
    }),
    answer: answer<{
      results: {
        lineId: string
        projectName: string
        batchPlanIds: string[]
        weeks: number[]
        reason: string
      }[]
      collisions: CollisionNote[]
    }>(),
  }),
  updateList: POST('/api/teach/newBatchPlan/updateList', {
    query: z
      .object({
        status: z.coerce.number({ error: '状态不正确' }).int().min(0, '状态不正确').max(3, '状态不正确'),
      })
      .loose(),
    body: z
      .union([z.array(Id()), IdsBody.transform((b) => b.ids)])
      .refine((v) => v.length > 0, '请选择至少一条数据'),
    answer: answer<{ updated: number; submitted: number }>(),
  }),
  projectSummary: GET('/api/teach/newBatchPlan/projectSummary', {
    query: TermQuery,
    answer: answer<SummaryRow[]>(),
  }),
  labSummary: GET('/api/teach/newBatchPlan/labSummary', { query: TermQuery, answer: answer<SummaryRow[]>() }),
}

// ---------------------------------------------------------------- batchplan

export interface TimetableEntry {
  batchPlanId: string
  projectName: string
  courseName: string
  batchName: string
  weeks: string
  weeksText: string
  weekday: number
  startSection: number
  endSection: number
  rooms: string[]
  teachers: string[]
  classes: string[]
  roomIds: string[]
  teacherIds: string[]
  studentCount: number
  status: number
  kind: 'batch' | 'booking'
}

export interface Timetable {
  owner: { id: string; name: string; no?: string } | null
  calendar: TermCalendar | null
  currentWeek: number | null
  week: number | null
  dates: { weekday: number; date: string }[]
  entries: TimetableEntry[]
}

export interface TimetableOwnerRow {
  id: string
  no: string
  name: string
  deptSerial?: string | null
  labName?: string
  batches: number
  sections: number
}

const TimetableQuery = z
  .object({
    academicYearId: Id('请选择学年学期').optional(),
    week: z.coerce.number().int().min(1, '周次不正确').max(30, '周次不正确').optional(),
  })
  .loose()

export const batchPlanApi = {
  page: GET('/api/teach/batchplan/page', { query: BladeQuery, answer: answer<Page<BatchView>>() }),
  detail: GET('/api/teach/batchplan/detail', { query: IdQuery, answer: answer<BatchView>() }),
  remove: POST('/api/teach/batchplan/remove', {
    query: IdsQuery,
    answer: answer<{ collisions: CollisionNote[] }>(),
  }),
  pageExport: GET('/api/teach/batchplan/page-export', { query: BladeQuery, file: true }),
  saveList: POST('/api/teach/batchplan/saveList', {
    body: z.array(BatchInput).min(1, '请至少添加一个批次').max(500, '一次最多保存500个批次'),
    answer: answer<WriteReply>(),
  }),
  updateList: POST('/api/teach/batchplan/updateList', {
    body: z.array(BatchInput).min(1, '请至少修改一个批次').max(500, '一次最多修改500个批次'),
    answer: answer<WriteReply>(),
  }),
  batchUpdate: POST('/api/teach/batchplan/batchUpdate', {
    body: z.object({
      ids: IdListInput(),
      weeks: WeeksInput.optional(),
      weekday: Block.weekday.optional(),
      startSection: Block.startSection.optional(),
      endSection: Block.endSection.optional(),
      roomIds: IdListInput('请选择房间').optional(),
      teacherIds: IdListInput('请选择任课教师').optional(),
    }),
    answer: answer<WriteReply>(),
  }),
  batchSubmit: POST('/api/teach/batchplan/batchSubmit', { body: IdsBody, answer: answer<WriteReply>() }),
  publish: POST('/api/teach/batchplan/publish', { body: IdsBody, answer: answer<{ published: number }>() }),
  collisionCheckAgain: POST('/api/teach/batchplan/collisionCheckAgain', {
    body: IdsBody,
    answer: answer<WriteReply>(),
  }),
  collisionBatchCheckAgain: POST('/api/teach/batchplan/collisionBatchCheckAgain', {
    body: z.object({ academicYearId: Id('请选择学年学期') }),
    answer: answer<{
      checked: number
      teacher: number
      room: number
      class: number
      student: number
      added: number
      cleared: number
    }>(),
  }),
  generateTime: POST('/api/teach/batchplan/generateTime', {
    body: z.object({
      ids: IdListInput(),
      weeks: WeeksInput.optional(),
      weekdays: z.array(Block.weekday).optional(),
      blocks: z
        .array(z.object({ startSection: Block.startSection, endSection: Block.endSection }))
        .optional(),
    }),
    answer: answer<{
      placed: { id: string; batchName: string; text: string }[]
      failed: { id: string; batchName: string; reason: string }[]
      collisions: CollisionNote[]
    }>(),
  }),
  listByCoursePlanId: GET('/api/teach/batchplan/listByCoursePlanId', {
    query: z.object({ coursePlanId: Id('请选择课程计划') }).loose(),
    answer: answer<BatchView[]>(),
  }),
  listByCoursePlanList: GET('/api/teach/batchplan/listByCoursePlanList', {
    query: z.object({ coursePlanIds: IdListInput('请选择课程计划') }).loose(),
    answer: answer<BatchView[]>(),
  }),
  teacherTimetable: GET('/api/teach/batchplan/getTeacherTimetable', {
    query: TimetableQuery.extend({ teacherId: Id().optional() }),
    answer: answer<Timetable>(),
  }),
  labroomTimetable: GET('/api/teach/batchplan/getLabroomTimetable', {
    query: TimetableQuery.extend({ roomId: Id('请选择房间') }),
    answer: answer<Timetable>(),
  }),
  timeTran: GET('/api/teach/batchplan/timeTran', {
    query: z
      .object({
        academicYearId: Id('请选择学年学期').optional(),
        date: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式应为 yyyy-MM-dd')
          .optional(),
        week: z.coerce.number().int().min(1, '周次不正确').max(30, '周次不正确').optional(),
        weekday: Block.weekday.optional(),
      })
      .loose(),
    answer: answer<{ week: number; weekday: number; date: string }>(),
  }),
  timeNodeName: GET('/api/teach/batchplan/getTimeNodeName', {
    query: z
      .object({
        academicYearId: Id('请选择学年学期').optional(),
        weeks: WeeksInput,
        ...Block,
      })
      .loose(),
    answer: answer<string>(),
  }),
  allTeachers: GET('/api/teach/batchplan/selectPageAllTeachers', {
    query: BladeQuery,
    answer: answer<Page<TimetableOwnerRow>>(),
  }),
  allLabrooms: GET('/api/teach/batchplan/selectPageAllLabroom', {
    query: BladeQuery,
    answer: answer<Page<TimetableOwnerRow>>(),
  }),
  schoolSchedule: GET('/api/teach/batchplan/selectPageSchoolSchedule', {
    query: BladeQuery,
    answer: answer<Page<BatchView>>(),
  }),
  schoolScheduleExport: GET('/api/teach/batchplan/selectPageSchoolSchedule-export', {
    query: BladeQuery,
    file: true,
  }),
}

export const batchAssStudentApi = {
  saveList: POST('/api/teach/batchassstudent/saveList', {
    body: z
      .array(z.object({ batchPlanId: Id('请选择排课'), studentNos: TextListInput }))
      .min(1, '请至少选择一个批次')
      .max(200, '一次最多200个批次'),
    answer: answer<WriteReply>(),
  }),
}

// ---------------------------------------------------------------- collisions

export type CollisionRow = RowOf<(typeof collisionResources)['teacher']> & {
  weeksText: string
  statusName: string
  weekdayName: string
  sectionsText: string
}

export interface CollisionSuggestions {
  side: 'A' | 'B'
  plan: BatchView
  published: boolean
  rooms: RoomChoice[]
  times: FreeTime[]
  noTimes: string
}

export interface CollisionDetail extends CollisionRow {
  a: BatchView | null
  b: BatchView | null
  suggestions: CollisionSuggestions | null
}

function collisionEndpoints(name: string) {
  const base = `/api/teach/${name}`
  return {
    page: GET(`${base}/page`, { query: BladeQuery, answer: answer<Page<CollisionRow>>() }),
    list: GET(`${base}/list`, { query: BladeQuery, answer: answer<Page<CollisionRow>>() }),
    detail: GET(`${base}/detail`, {
      query: IdQuery.extend({ side: z.enum(['A', 'B'], { error: 'side 应为 A 或 B' }).optional() }),
      answer: answer<CollisionDetail>(),
    }),
    submit: POST(`${base}/submit`, {
      body: z.object({
        id: Id(),
        status: z.coerce.number().refine((v) => v === 1, '只能将冲突标记为已处理'),
        handleRemark: z
          .string({ error: '请填写处理说明' })
          .trim()
          .min(1, '请填写处理说明')
          .max(500, '处理说明不能超过500个字符'),
      }),
      answer: answer<{ id: string }>(),
    }),
    remove: POST(`${base}/remove`, { query: IdsQuery, answer: answer<Record<string, never>>() }),
  }
}

/** The four families share one shape; their paths are literal here so the contract stays greppable. */
export const collisionApi = {
  teacher: collisionEndpoints('teachercollision'),
  room: collisionEndpoints('addresscollision'),
  class: collisionEndpoints('classcollision'),
  student: collisionEndpoints('studentcollision'),
}
// Greppable paths: /api/teach/teachercollision/* /api/teach/addresscollision/* /api/teach/classcollision/*
// /api/teach/studentcollision/* (page, list, detail, submit, remove).

// ---------------------------------------------------------------- adjustments (调课)

export type AdjustRow = RowOf<typeof adjustResource>

export interface AdjustView extends AdjustRow {
  statusName: string
  adjustTypeName: string
  before: string
  after: string
  plan: BatchView | null
  result: BatchView | null
  newRoomNames: string
  newTeacherNames: string
}

export const AdjustInput = z.object({
  id: Id().optional(),
  batchPlanId: Id('请选择要调整的排课'),
  adjustWeeks: WeeksInput.refine((v) => v.length > 0, '请选择要调整的周次'),
  newWeeks: WeeksInput.refine((v) => v.length > 0, '请选择调整后的周次'),
  newWeekday: Block.weekday,
  newStartSection: Block.startSection,
  newEndSection: Block.endSection,
  newRoomIds: IdListInput('请选择房间'),
  newTeacherIds: IdListInput('请选择任课教师'),
  reason: z
    .string({ error: '请填写调课原因' })
    .trim()
    .min(1, '请填写调课原因')
    .max(500, '调课原因不能超过500个字符'),
})
export type AdjustInput = z.input<typeof AdjustInput>

export const adjustApi = {
  page: GET('/api/teach/teachbatchplanadjust/page', {
    query: BladeQuery,
    answer: answer<Page<AdjustView>>(),
  }),
  list: GET('/api/teach/teachbatchplanadjust/list', {
    query: BladeQuery,
    answer: answer<Page<AdjustView>>(),
  }),
  detail: GET('/api/teach/teachbatchplanadjust/detail', { query: IdQuery, answer: answer<AdjustView>() }),
  remove: POST('/api/teach/teachbatchplanadjust/remove', {
    query: IdsQuery,
    answer: answer<Record<string, never>>(),
  }),
  save: POST('/api/teach/teachbatchplanadjust/save', { body: AdjustInput, answer: answer<{ id: string }>() }),
  update: POST('/api/teach/teachbatchplanadjust/update', {
    body: AdjustInput.extend({ id: Id() }),
    answer: answer<{ id: string }>(),
  }),
  /** Saves (when the body is a whole request) and starts `teachadjust`. */
  submit: POST('/api/teach/teachbatchplanadjust/submit', {
    body: z.record(z.string(), z.unknown()),
    answer: answer<{ processInstanceId: string; resubmitted: boolean }>(),
  }),
  timeListAdjust: GET('/api/teach/teachbatchplanadjust/timeListAdjust', {
    query: z
      .object({
        batchPlanId: Id('请选择要调整的排课'),
        adjustWeeks: WeeksInput.optional(),
        newWeeks: WeeksInput.optional(),
        weekday: Block.weekday.optional(),
        startSection: Block.startSection.optional(),
        endSection: Block.endSection.optional(),
        teacherIds: IdListInput().optional(),
        roomIds: IdListInput().optional(),
      })
      .loose(),
    answer: answer<{ cells: Cell[]; freeRooms: RoomChoice[] }>(),
  }),
  auditList: GET('/api/teach/teachbatchplanadjust/audit-list', {
    query: BladeQuery,
    answer: answer<Page<AdjustTask>>(),
  }),
  auditRecordList: GET('/api/teach/teachbatchplanadjust/auditRecord-list', {
    query: BladeQuery,
    answer: answer<Page<AdjustTask>>(),
  }),
  completeTask: POST('/api/teach/teachbatchplanadjust/complete-task', {
    body: z
      .object({
        taskId: z.string(),
        pass: z.union([z.boolean(), z.string()]),
        comment: z.string().optional(),
      })
      .loose(),
    answer: answer<Record<string, never>>(),
  }),
}

/** An audit-list row: the flow task with the request's fields merged in. */
export type AdjustTask = Partial<AdjustView> & {
  taskId: string
  taskName: string
  businessId: string
  processInstanceId: string
  createTime?: string
  endTime?: string
  pass?: boolean
  comment?: string
}

// ---------------------------------------------------------------- free 排课教室 at a time (domain 9.7)

export const FreeRoomTimeQuery = z
  .object({
    academicYearId: Id('请选择学年学期'),
    weeks: WeeksInput.refine((v) => v.length > 0, '请选择周次'),
    ...Block,
    studentCount: z.coerce.number().int().min(0).optional(),
    excludeIds: IdListInput().optional(),
  })
  .loose()

// ---------------------------------------------------------------- reads of other areas the screens use

export interface TermItem {
  id: string
  dictKey: string
  dictValue: string
  isCurrent?: number
}

/** 学年学期 as dictionary items (base data; any signed-in user). */
export const termDictionary = GET('/api/system/academic/dictionary', { answer: answer<TermItem[]>() })
