import { z } from 'zod'
import { openBaseApplyResource } from '../resources/open/base-apply'
import { openRoomApplyResource } from '../resources/open/room-apply'
import { openRoomReserveResource } from '../resources/open/room-reserve'
import { openRoomRulesResource } from '../resources/open/room-rules'
import { openRoomShareResource } from '../resources/open/room-share'
import { AnyBody, BladeQuery, Id, IdQuery } from './common'
import { answer, GET, POST } from './endpoint'
import type { Page } from './envelope'
import { resourceEndpoints, type RowOf, type SubmitOf } from './resource'

/**
 * `/api/open/*`: 开放实验室 (applications with the `openRoom` flow and their dated slots, students'
 * reservations with the credit score of 开放规则, room sharing, statistics) and 开放基地 (applications
 * with the `openBase` flow).
 */

export type OpenRoomApply = RowOf<typeof openRoomApplyResource> & {
  roomNo?: string | null
  roomName?: string | null
  labName?: string | null
  slots?: OpenSlot[]
}
export type OpenBaseApply = RowOf<typeof openBaseApplyResource>
export type OpenReserve = RowOf<typeof openRoomReserveResource>

/** A dated slot of an open-lab application (a 批次 of the reserve screens). */
export interface OpenSlot {
  id: string
  applyId: string
  roomId: string
  slotDate: string
  startTime: string
  endTime: string
  capacity: number
  taken: number
  projectName?: string
  roomName?: string
  teacherName?: string
  /** `2031-05-12 14:00-16:00 电路兴趣实验 E101（剩余3）`, for pickers. */
  label?: string
}

export interface GeneratedTime {
  date: string
  weekday: number
  startTime: string
  endTime: string
}

/** The weekly pattern `generateTime` turns into dated times (at most 200). */
export const GenerateBody = z
  .object({
    startDate: z
      .string({ error: '请选择开始日期' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, '开始日期格式应为 yyyy-MM-dd'),
    endDate: z
      .string({ error: '请选择结束日期' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, '结束日期格式应为 yyyy-MM-dd'),
    weekdays: z.coerce.string({ error: '请选择开放星期' }).regex(/^[1-7](,[1-7])*$/, '开放星期格式不正确'),
    startTime: z
      .string({ error: '请输入开始时间' })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, '开始时间格式应为 HH:mm'),
    endTime: z
      .string({ error: '请输入结束时间' })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, '结束时间格式应为 HH:mm'),
  })
  .loose()

export interface CreditView {
  studentNo: string
  score: number
  fullScore: number
  threshold: number
  noShows: number
  lates: number
  blocked: boolean
  ruleName: string | null
}

/** Why a student under the rule's minimum cannot reserve: the server's refusal and the page's notice. */
export const creditBlockedMessage = (c: Pick<CreditView, 'score' | 'noShows' | 'lates' | 'threshold'>) =>
  `你的信用分为${c.score}分（爽约${c.noShows}次、迟到${c.lates}次），低于${c.threshold}分，暂不能预约开放实验`

export interface OpenStatistics {
  applies: number
  approved: number
  slots: number
  seats: number
  reserved: number
  attended: number
  noShows: number
  byRoom: { roomId: string; roomName: string; slots: number; reserved: number; attended: number }[]
  byMonth: { month: string; slots: number; reserved: number }[]
}

export interface StudentStatistics {
  studentNo: string
  studentName: string
  reserved: number
  attended: number
  noShows: number
  lates: number
  cancelled: number
  hours: number
  score: number
}

/** A task of an application's approval (audit-list / auditRecord-list), with the application's fields. */
export interface OpenApprovalTask {
  taskId: string
  processInstanceId: string
  businessId: string
  taskName: string
  createTime: string
  startUser: string
  pass?: boolean | null
  comment?: string | null
  endTime?: string | null
  [key: string]: unknown
}

export interface OpenCompleteBody {
  taskId: string
  processInstanceId?: string
  pass: boolean
  comment?: string
}

/** audit-list, auditRecord-list and complete-task of one application family. */
const approvalOf = (base: string) => ({
  auditList: GET(`${base}/audit-list`, { query: BladeQuery, answer: answer<Page<OpenApprovalTask>>() }),
  auditRecordList: GET(`${base}/auditRecord-list`, {
    query: BladeQuery,
    answer: answer<Page<OpenApprovalTask>>(),
  }),
  completeTask: POST(`${base}/complete-task`, {
    body: AnyBody as unknown as z.ZodType<OpenCompleteBody, OpenCompleteBody>,
    answer: answer<Record<string, never>>(),
  }),
})

const applyBody = AnyBody as unknown as z.ZodType<SubmitOf<typeof openRoomApplyResource>>
const baseBody = AnyBody as unknown as z.ZodType<SubmitOf<typeof openBaseApplyResource>>
const reserveBody = AnyBody as unknown as z.ZodType<SubmitOf<typeof openRoomReserveResource>>
const roomApplyStandard = resourceEndpoints(openRoomApplyResource)
const baseApplyStandard = resourceEndpoints(openBaseApplyResource)
const reserveStandard = resourceEndpoints(openRoomReserveResource)

/** Start (or re-submit) an application's approval: the body's fields are saved first. */
const submitOf = (path: string, body: z.ZodType) =>
  POST(path, { body, answer: answer<{ processInstanceId: string; resubmitted: boolean }>() })

export const openRoomApplyApi = {
  ...approvalOf('/api/open/openroomapply'),
  page: GET('/api/open/openroomapply/page', { query: BladeQuery, answer: answer<Page<OpenRoomApply>>() }),
  list: roomApplyStandard.list,
  detail: GET('/api/open/openroomapply/detail', { query: IdQuery, answer: answer<OpenRoomApply>() }),
  save: POST('/api/open/openroomapply/save', { body: applyBody, answer: answer<{ id: string }>() }),
  update: POST('/api/open/openroomapply/update', { body: applyBody, answer: answer<{ id: string }>() }),
  remove: roomApplyStandard.remove,
  submit: submitOf('/api/open/openroomapply/submit', applyBody),
  generateTime: POST('/api/open/openroomapply/generateTime', {
    body: GenerateBody,
    answer: answer<GeneratedTime[]>(),
  }),
  statistics: GET('/api/open/openroomapply/statistics', {
    query: BladeQuery,
    answer: answer<OpenStatistics>(),
  }),
  studentStatistics: GET('/api/open/openroomapply/openRoomStatisticsStudent', {
    query: BladeQuery,
    answer: answer<Page<StudentStatistics>>(),
  }),
  exportStudentStatistics: GET('/api/open/openroomapply/exportOpenRoomStatisticsStudent', {
    query: BladeQuery,
    file: true,
  }),
}

export const openBaseApplyApi = {
  ...approvalOf('/api/open/openbaseapply'),
  page: baseApplyStandard.page,
  detail: baseApplyStandard.detail,
  save: POST('/api/open/openbaseapply/save', { body: baseBody, answer: answer<{ id: string }>() }),
  update: POST('/api/open/openbaseapply/update', { body: baseBody, answer: answer<{ id: string }>() }),
  remove: baseApplyStandard.remove,
  submit: submitOf('/api/open/openbaseapply/submit', baseBody),
  generateTime: POST('/api/open/openbaseapply/generateTime', {
    body: GenerateBody,
    answer: answer<GeneratedTime[]>(),
  }),
}

const SlotQuery = z
  .object({ batchPlanId: z.preprocess((v) => (v === '' ? undefined : v), Id('请选择开放时段').optional()) })
  .loose()

export const StudentsBody = z.object({
  slotId: Id('请选择开放时段'),
  studentNos: z
    .array(z.coerce.string().trim().min(1, '学号不能为空').max(30, '学号过长'), { error: '请选择学生' })
    .min(1, '请选择学生')
    .max(500, '一次最多选择500名学生'),
})

export const openReserveApi = {
  page: GET('/api/open/openroomreserve/page', { query: BladeQuery, answer: answer<Page<OpenReserve>>() }),
  /** Reservations of one slot (`batchPlanId`), or all visible ones. */
  list: GET('/api/open/openroomreserve/list', { query: SlotQuery, answer: answer<OpenReserve[]>() }),
  detail: reserveStandard.detail,
  /** Staff: a reservation for a student (new), or attendance (签到/爽约/迟到) of an existing one. */
  save: POST('/api/open/openroomreserve/save', { body: reserveBody, answer: answer<{ id: string }>() }),
  /** Cancels reservations (frees their seats); a student only their own, before the slot starts. */
  remove: reserveStandard.remove,
  /** Slots still ahead of approved applications, with the seats left (students). */
  batchList: GET('/api/open/openroomreserve/batch-list', { query: BladeQuery, answer: answer<OpenSlot[]>() }),
  /** A student reserves a seat in a slot (`slotId`). */
  submit: POST('/api/open/openroomreserve/submit', {
    body: z.object({ slotId: Id('请选择开放时段') }).loose(),
    answer: answer<{ id: string }>(),
  }),
  studentRecordList: GET('/api/open/openroomreserve/student-record-list', {
    query: BladeQuery,
    answer: answer<OpenReserve[]>(),
  }),
  /** The slots of the teacher's own applications. */
  batchTeacherList: GET('/api/open/openroomreserve/batch-teacher-list', {
    query: BladeQuery,
    answer: answer<OpenSlot[]>(),
  }),
  /** Reservations in the teacher's own slots. */
  pageTeacher: GET('/api/open/openroomreserve/pageTeacher', {
    query: BladeQuery,
    answer: answer<Page<OpenReserve>>(),
  }),
  /** Students a teacher may add (`studentNo`, `studentName`, `className`; filters studentNo/studentName/classNo). */
  selectStudentList: GET('/api/open/openroomreserve/select-student-list', {
    query: BladeQuery,
    answer: answer<Page<{ studentNo: string; studentName: string; classNo: string | null }>>(),
  }),
  /** A teacher adds students to a slot of theirs: all or none. */
  batchSave: POST('/api/open/openroomreserve/batch-save', {
    body: StudentsBody,
    answer: answer<{ added: number }>(),
  }),
  /** The caller's credit score under the rule in force. */
  credit: GET('/api/open/openroomreserve/credit', { query: BladeQuery, answer: answer<CreditView>() }),
}

export const openRulesApi = resourceEndpoints(openRoomRulesResource)
export const openShareApi = resourceEndpoints(openRoomShareResource)
