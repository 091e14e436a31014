import { z } from 'zod'
import { labInfoResource } from '../resources/lab/lab-info'
import { labRoomResource } from '../resources/lab/lab-room'
import { appointmentResource } from '../resources/lab/appointment'
import { labTeacherResource } from '../resources/lab/lab-teacher'
import { roomMonitoringResource } from '../resources/lab/room-monitoring'
import { DATE_PATTERN, TIME_PATTERN } from '../resources/lab/time'
import { AnyBody, BladeQuery, Id, IdQuery, IdsQuery } from './common'
import { answer, GET, POST } from './endpoint'
import type { Page } from './envelope'
import { resourceEndpoints, type RowOf, type SubmitOf } from './resource'

/**
 * `/api/lab/*`: laboratories (实验室信息, SJ6), rooms (实验房间) and their closed periods, room
 * occupancy and availability. Other areas read labs and rooms through these endpoints or the tables
 * `lab_info` / `lab_room` (src/server/db/schema/lab.ts).
 */

export type LabInfo = RowOf<typeof labInfoResource> & {
  /** Lazy lists: whether the row has children. */
  hasChildren?: boolean
  deptName?: string | null
  parentName?: string | null
  roomCount?: number
}
export type LabRoom = RowOf<typeof labRoomResource> & {
  labName?: string | null
  labSerial?: string | null
  deptSerial?: string | null
}

/** A node of the lab tree (pickers): `title` the name, `id` the lab, `serial` its 实验室编号. */
export interface LabNode {
  id: string
  parentId: string
  title: string
  value: string
  key: string
  serial: string | null
  labKind: number | null
  deptSerial: string | null
  hasChildren?: boolean
  children?: LabNode[]
}

const dateField = (label: string) =>
  z.string({ error: `请选择${label}` }).regex(new RegExp(DATE_PATTERN), `${label}格式应为 yyyy-MM-dd`)
const timeField = (label: string) =>
  z.string({ error: `请选择${label}` }).regex(new RegExp(TIME_PATTERN), `${label}格式应为 HH:mm`)
const optionalTime = (label: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), timeField(label).optional())

/** `?serial=` or `?id=` of a lab. */
export const LabDetailQuery = z
  .object({
    id: z.preprocess((v) => (v === '' ? undefined : v), Id().optional()),
    serial: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^[A-Za-z0-9]{1,10}$/, '实验室编号格式不正确')
        .optional(),
    ),
  })
  .loose()
  .refine((q) => q.id || q.serial, '请指定实验室编号')

export const ParentQuery = z
  .object({
    parentId: z.preprocess((v) => (v === '' || v === undefined ? '0' : v), Id('上级编号格式不正确')),
  })
  .loose()

export const AutoCodeQuery = z
  .object({
    deptSerial: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(20, '院系号过长').optional()),
  })
  .loose()

const labInfoStandard = resourceEndpoints(labInfoResource)

export const labInfoApi = {
  page: labInfoStandard.page,
  /** The whole tree, flat (`parentId`), in sort order. */
  list: GET('/api/lab/labinfo/list', { query: BladeQuery, answer: answer<LabInfo[]>() }),
  detail: GET('/api/lab/labinfo/detail', { query: LabDetailQuery, answer: answer<LabInfo>() }),
  save: POST('/api/lab/labinfo/save', {
    body: AnyBody as unknown as z.ZodType<SubmitOf<typeof labInfoResource>>,
    answer: answer<{ id?: string }>(),
  }),
  update: POST('/api/lab/labinfo/update', {
    body: AnyBody as unknown as z.ZodType<SubmitOf<typeof labInfoResource>>,
    answer: answer<{ id?: string }>(),
  }),
  remove: labInfoStandard.remove,
  lazyList: GET('/api/lab/labinfo/lazy-list', { query: ParentQuery, answer: answer<LabInfo[]>() }),
  /** Nested nodes for tree pickers. */
  tree: GET('/api/lab/labinfo/tree', { query: BladeQuery, answer: answer<LabNode[]>() }),
  /** Every lab, unpaged (pickers, other areas). */
  allList: GET('/api/lab/labinfo/all-list', { query: BladeQuery, answer: answer<LabInfo[]>() }),
  /** The next free 实验室编号 (院系号 + 3 digits, or 4 digits without a college). */
  autoCode: GET('/api/lab/labinfo/autoCode', { query: AutoCodeQuery, answer: answer<string>() }),
}

/** A closed period of a room (停用时段). */
export interface RoomClosure {
  id: string
  roomId: string
  startDate: string
  endDate: string
  startTime: string | null
  endTime: string | null
  reason: string
}

export const ClosureBody = z
  .object({
    id: z.preprocess((v) => (v === '' || v === null ? undefined : v), Id().optional()),
    roomId: Id('请选择房间'),
    startDate: dateField('开始日期'),
    endDate: dateField('结束日期'),
    startTime: optionalTime('开始时间'),
    endTime: optionalTime('结束时间'),
    reason: z
      .string({ error: '请输入停用原因' })
      .trim()
      .min(1, '请输入停用原因')
      .max(200, '停用原因不能超过200个字符'),
  })
  .refine((b) => b.endDate >= b.startDate, { message: '结束日期不能早于开始日期' })
  .refine((b) => !b.startTime === !b.endTime, { message: '开始时间和结束时间须同时填写（都不填表示全天）' })
  .refine((b) => !b.startTime || !b.endTime || b.endTime > b.startTime, {
    message: '结束时间必须晚于开始时间',
  })

const labRoomStandard = resourceEndpoints(labRoomResource)

export const labRoomApi = {
  ...labRoomStandard,
  page: GET('/api/lab/labroom/page', { query: BladeQuery, answer: answer<Page<LabRoom>>() }),
  /** Rooms for anyone (guests, the booking form), without a token: tenant from the token or `Tenant-Id`. */
  unAuthPage: GET('/api/lab/labroom/unAuthPage', { query: BladeQuery, answer: answer<Page<LabRoom>>() }),
  closureList: GET('/api/lab/labroom/closure-list', {
    query: z.object({ roomId: Id('请选择房间') }).loose(),
    answer: answer<RoomClosure[]>(),
  }),
  closureSubmit: POST('/api/lab/labroom/closure-submit', {
    body: ClosureBody,
    answer: answer<{ id: string }>(),
  }),
  closureRemove: POST('/api/lab/labroom/closure-remove', {
    query: IdsQuery,
    answer: answer<Record<string, never>>(),
  }),
  /**
   * 同步设备: every room in the caller's scope gets 设备台件 and 设备金额 from the equipment register
   * (items stored in it and still in stock); answers how many rooms and items were counted.
   */
  equipmentSyncToRoom: POST('/api/lab/labroom/equipmentSyncToRoom', {
    answer: answer<{ rooms: number; equipment: number }>(),
  }),
}

// ── 实验室预约 ────────────────────────────────────────────────────────────────────────────────────

export type Appointment = RowOf<typeof appointmentResource> & {
  roomNo?: string | null
  roomName?: string | null
  labName?: string | null
}
export type AppointmentSubmit = SubmitOf<typeof appointmentResource>

/** A busy interval as the calendars and the booking form show it. */
export interface BusyView {
  roomId: string
  date: string
  start: string
  end: string
  kind: string
  kindLabel: string
  title: string
  /** People and more; absent for guests. */
  detail?: string
}

export interface FreeRoomView {
  id: string
  roomNo: string
  roomName: string
  labId: string
  labName: string
  seats: number
}

export interface BookingCheckView {
  ok: boolean
  conflicts: (BusyView & { roomNo: string; text: string })[]
  rooms: FreeRoomView[]
  slots: { start: string; end: string }[]
}

export const BookingCheckQuery = z
  .object({
    id: z.preprocess((v) => (v === '' ? undefined : v), Id().optional()),
    roomId: Id('请选择预约房间'),
    appointmentDate: dateField('预约日期'),
    startTime: timeField('开始时间'),
    endTime: timeField('结束时间'),
    headcount: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce
        .number({ error: '使用人数必须是整数' })
        .int('使用人数必须是整数')
        .min(1, '使用人数不能小于1')
        .optional(),
    ),
  })
  .loose()

/** The rooms of a week calendar: `roomIds` (comma list) or every room of `labId`; `from` the first day. */
export const WeekQuery = z
  .object({
    roomIds: z.preprocess(
      (v) => (v === '' || v === undefined ? undefined : v),
      z
        .string()
        .regex(/^\d{1,19}(,\d{1,19})*$/, '房间格式不正确')
        .transform((s) => [...new Set(s.split(','))])
        .refine((l) => l.length <= 200, '一次最多查看200个房间')
        .optional(),
    ),
    labId: z.preprocess((v) => (v === '' ? undefined : v), Id('实验室格式不正确').optional()),
    from: dateField('开始日期'),
    days: z.preprocess(
      (v) => (v === '' || v === undefined ? 7 : v),
      z.coerce.number().int('天数必须是整数').min(1, '天数不能小于1').max(31, '一次最多查看31天'),
    ),
  })
  .loose()
  .refine((q) => q.roomIds?.length || q.labId, '请选择实验室或房间')

export interface WeekRoom {
  id: string
  roomNo: string
  roomName: string
  labId: string
  labName: string
  seats: number
  openStart: string
  openEnd: string
  status: number
  bookable: number
}

export interface WeekView {
  from: string
  to: string
  rooms: WeekRoom[]
  busy: BusyView[]
}

const IdBody = z.object({ id: Id('请选择预约') }).loose()
const appointmentStandard = resourceEndpoints(appointmentResource)

export const appointmentApi = {
  page: GET('/api/lab/appointment/page', { query: BladeQuery, answer: answer<Page<Appointment>>() }),
  list: appointmentStandard.list,
  detail: GET('/api/lab/appointment/detail', { query: IdQuery, answer: answer<Appointment>() }),
  /** Saves a draft (or a returned / cancelled booking being changed). */
  submit: POST('/api/lab/appointment/submit', {
    body: AnyBody as unknown as z.ZodType<AppointmentSubmit>,
    answer: answer<{ id: string }>(),
  }),
  remove: appointmentStandard.remove,
  /** A new draft with the fields of `id`. */
  copy: POST('/api/lab/appointment/copy', { body: IdBody, answer: answer<{ id: string }>() }),
  /** Saves and submits for approval (a new booking or a draft). */
  handleApplyFor: POST('/api/lab/appointment/handleApplyFor', {
    body: AnyBody as unknown as z.ZodType<AppointmentSubmit>,
    answer: answer<{ id: string; processInstanceId: string }>(),
  }),
  /** Saves and submits again a returned or cancelled booking. */
  handleReApplyFor: POST('/api/lab/appointment/handleReApplyFor', {
    body: AnyBody as unknown as z.ZodType<AppointmentSubmit>,
    answer: answer<{ id: string; processInstanceId: string }>(),
  }),
  /** Withdraws a booking in approval or gives up an approved one (frees the room). */
  cancel: POST('/api/lab/appointment/cancel', { body: IdBody, answer: answer<Record<string, never>>() }),
  /** Conflicts of a prospective booking, with free rooms then and the room's free periods that day. */
  check: GET('/api/lab/appointment/check', { query: BookingCheckQuery, answer: answer<BookingCheckView>() }),
  /** What occupies rooms over some days (the booking form's calendar), with details. */
  week: GET('/api/lab/appointment/week', { query: WeekQuery, answer: answer<WeekView>() }),
}

/** 实验室浏览's week calendar: kinds and titles only. */
export const roomWeekApi = {
  week: GET('/api/lab/labroom/week', { query: WeekQuery, answer: answer<WeekView>() }),
}

// ── 实验室人员 and 队伍统计 ─────────────────────────────────────────────────────────────────────────

/** A lab staff row: the roster person, the assignment, the lab and the title's name. */
export interface LabStaff {
  id: string
  teacherId: string
  teacherNo: string
  teacherName: string
  sex: number | null
  birthday: string | null
  deptSerial: string | null
  deptName: string | null
  labId: string
  labName: string | null
  labSerial: string | null
  staffType: number
  post: number | null
  professionCode: string | null
  professionName: string | null
  professionGrade: string | null
  education: string | null
  subjectCode: string | null
  expertCategory: string | null
  categoryNo: string | null
  phone: string | null
  domDegreeTime: number
  domOtherTime: number
  abroadDegreeTime: number
  abroadOtherTime: number
  remark: string | null
  age: number | null
}
export type LabStaffSubmit = SubmitOf<typeof labTeacherResource>

/** A roster teacher for the 选择教师 picker, with the lab they already serve in. */
export interface RosterTeacher {
  id: string
  teacherNo: string
  teacherName: string
  sex: number | null
  birthday: string | null
  deptSerial: string | null
  deptName: string | null
  professionCode: string | null
  education: string | null
  subjectCode: string | null
  expertCategory: string | null
  categoryNo: string | null
  phone: string | null
  assignedLabName: string | null
}

/** Filters of the staff statistics and their exports. */
export const StaffStatsQuery = z
  .object({
    labId: z.preprocess((v) => (v === '' ? undefined : v), Id('实验室格式不正确').optional()),
    deptSerial: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(20).optional()),
    staffType: z.preprocess(
      (v) => (v === '' || v === undefined ? undefined : v),
      z.coerce.number().int().min(1, '人员类别不正确').max(2, '人员类别不正确').optional(),
    ),
  })
  .loose()

/** One row of a breakdown: a band, a title grade or an education, split by 专任/兼任. */
export interface StaffCount {
  key: string
  name: string
  fullTime: number
  partTime: number
  total: number
}

export interface StaffOverview {
  total: number
  fullTime: number
  partTime: number
  labs: number
  averageAge: number | null
  byLab: {
    labId: string
    labName: string
    serial: string
    fullTime: number
    partTime: number
    total: number
  }[]
}

/** 队伍结构: one row per lab. */
export interface StaffStructureRow {
  labId: string
  labName: string
  serial: string
  total: number
  fullTime: number
  partTime: number
  /** by title grade */
  senior: number
  associate: number
  intermediate: number
  junior: number
  untitled: number
  /** by education */
  doctor: number
  master: number
  bachelor: number
  otherEducation: number
  /** by age */
  age35: number
  age45: number
  age55: number
  age56: number
}

const staffFile = (path: string) => GET(path, { query: StaffStatsQuery, file: true })

export const labStaffApi = {
  page: GET('/api/lab/teacher/page', { query: BladeQuery, answer: answer<Page<LabStaff>>() }),
  detail: GET('/api/lab/teacher/detail', { query: IdQuery, answer: answer<LabStaff>() }),
  save: POST('/api/lab/teacher/save', {
    body: AnyBody as unknown as z.ZodType<LabStaffSubmit>,
    answer: answer<{ id: string }>(),
  }),
  update: POST('/api/lab/teacher/update', {
    body: AnyBody as unknown as z.ZodType<LabStaffSubmit>,
    answer: answer<{ id: string }>(),
  }),
  remove: POST('/api/lab/teacher/remove', { query: IdsQuery, answer: answer<Record<string, never>>() }),
  /** Roster teachers to pick from (选择教师). */
  teacherPage: GET('/api/lab/teacher/teacher-page', {
    query: BladeQuery,
    answer: answer<Page<RosterTeacher>>(),
  }),
  pageExport: GET('/api/lab/teacher/page-export', { query: BladeQuery, file: true }),
  statistical: GET('/api/lab/teacher/statistical', {
    query: StaffStatsQuery,
    answer: answer<StaffOverview>(),
  }),
  age: GET('/api/lab/teacher/statistical-age', { query: StaffStatsQuery, answer: answer<StaffCount[]>() }),
  job: GET('/api/lab/teacher/statistical-job', { query: StaffStatsQuery, answer: answer<StaffCount[]>() }),
  cultural: GET('/api/lab/teacher/statistical-cultural', {
    query: StaffStatsQuery,
    answer: answer<StaffCount[]>(),
  }),
  structure: GET('/api/lab/teacher/statistical-structure', {
    query: StaffStatsQuery,
    answer: answer<StaffStructureRow[]>(),
  }),
  ageExport: staffFile('/api/lab/teacher/statistical-age-export'),
  jobExport: staffFile('/api/lab/teacher/statistical-job-export'),
  culturalExport: staffFile('/api/lab/teacher/statistical-cultural-export'),
  structureExport: staffFile('/api/lab/teacher/statistical-structure-export'),
}

// ── 房间监控 ──────────────────────────────────────────────────────────────────────────────────────

export type RoomMonitor = RowOf<typeof roomMonitoringResource> & {
  roomNo?: string | null
  roomName?: string | null
  labName?: string | null
}

/** A node of the room tree: a lab (with its rooms and sub-labs) or a room (with its device count). */
export interface RoomTreeNode {
  id: string
  key: string
  title: string
  type: 'lab' | 'room'
  /** Rooms: how many devices it has. */
  monitors?: number
  children?: RoomTreeNode[]
}

export const roomMonitoringApi = {
  ...resourceEndpoints(roomMonitoringResource),
  page: GET('/api/lab/roommonitoring/page', { query: BladeQuery, answer: answer<Page<RoomMonitor>>() }),
  /** Labs → rooms, for the tree on the left (filters: roomNo, roomName). */
  roomTree: GET('/api/lab/roommonitoring/room-tree', { query: BladeQuery, answer: answer<RoomTreeNode[]>() }),
  /** Rooms to pick for a device (`id`, `roomNo`, `roomName`). */
  select: GET('/api/lab/roommonitoring/room-monitoring-select', {
    query: BladeQuery,
    answer: answer<{ id: string; roomNo: string; roomName: string; labName: string }[]>(),
  }),
}

// ── 实验室统计 ───────────────────────────────────────────────────────────────────────────────────────

export interface LabOverview {
  centres: number
  labs: number
  rooms: number
  seats: number
  /** m², the rooms' areas */
  area: number
  staff: number
  /** labs by SJ6 实验室类别 / 实验室类型 code */
  byCategory: { code: string; count: number }[]
  byType: { code: string; count: number }[]
}

/** One lab of 实验室统计's table and export. */
export interface LabFigures {
  id: string
  serial: string
  labName: string
  deptSerial: string | null
  rooms: number
  seats: number
  area: number
  staff: number
  /** approved bookings in the period */
  bookings: number
  /** class hours used in the period (timetable, bookings, open labs) */
  classHours: number
}

/** 实验室统计 period: `from` … `to` (default the last 30 days). */
export const PeriodQuery = z
  .object({
    from: z.preprocess((v) => (v === '' ? undefined : v), dateField('开始日期').optional()),
    to: z.preprocess((v) => (v === '' ? undefined : v), dateField('结束日期').optional()),
  })
  .loose()
  .refine((q) => !q.from || !q.to || q.from <= q.to, '结束日期不能早于开始日期')

/** Utilisation of one room in the period: class hours by kind of use. */
export interface RoomUse {
  roomId: string
  roomNo: string
  roomName: string
  labName: string
  classHours: number
  byKind: Record<string, number>
}

export const labStatisticsApi = {
  statistical: GET('/api/lab/labinfo/statistical', { query: BladeQuery, answer: answer<LabOverview>() }),
  information: GET('/api/lab/labinfo/information-statistical', {
    query: PeriodQuery,
    answer: answer<LabFigures[]>(),
  }),
  export: GET('/api/lab/labinfo/export', { query: PeriodQuery, file: true }),
  rooms: GET('/api/lab/labroom/statistical', { query: PeriodQuery, answer: answer<RoomUse[]>() }),
}
