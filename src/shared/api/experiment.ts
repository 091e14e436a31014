import { z } from 'zod'
import { answer, GET, POST } from './endpoint'
import { AnyBody, BladeQuery, Id, IdsBody } from './common'
import type { Page } from './envelope'
import { resourceEndpoints, type RowOf } from './resource'
import { experimentProjectResource } from '../resources/experiment/project'
import { experimentProjectTimeResource } from '../resources/experiment/project-time'
import { experimentProjectParamsResource } from '../resources/experiment/params'
import { experimentProjectStuResource } from '../resources/experiment/project-stu'
import type { ClassOption, DeptNode, LabOption, TeacherOption } from './teach'

/** The wire contract of 实验项目预约 (`/api/experimentProject/*`, domain teaching.md section 8). */

export type SubscribeProject = RowOf<typeof experimentProjectResource> & {
  labName?: string
  teacherNames?: string
  academicYearName?: string
  slotCount?: number
  capacity?: number
  booked?: number
}
export type ProjectSlot = RowOf<typeof experimentProjectTimeResource> & {
  roomName?: string
  roomNo?: string
  teacherNames?: string
  projectName?: string
}
export type SubscribeParams = RowOf<typeof experimentProjectParamsResource>
export type Booking = RowOf<typeof experimentProjectStuResource>

/** A slot as a student sees it, with what they may do. */
export type SlotState = '可预约' | '已约满' | '已预约' | '时间冲突' | '已开始'
export interface StudentSlot extends ProjectSlot {
  left: number
  state: SlotState
  reason: string
}
export interface StudentProject extends SubscribeProject {
  left: number
  mine: number
}
export interface MyBooking extends Booking {
  projectName: string
  date: string
  startTime: string
  endTime: string
  week: number
  weekday: number
  startSection: number
  endSection: number
  roomName: string
  canCancel: boolean
  cancelReason: string
}
export interface WindowState {
  open: boolean
  start: string | null
  end: string | null
  now: string
  msg: string
}
export interface SkippedSlot {
  week: number
  weekday: number
  startSection: number
  endSection: number
  roomName: string
  reason: string
}
export interface ProjectStatRow {
  projectId: string
  projectName: string
  academicYearName: string
  slots: number
  capacity: number
  booked: number
  cancelled: number
  fillRate: number
}
export interface BookingStatistics {
  byProject: { name: string; capacity: number; booked: number; fillRate: number }[]
  byCollege: { name: string; value: number }[]
  byDay: { date: string; value: number }[]
  totals: { projects: number; slots: number; capacity: number; booked: number; cancelled: number }
}

export interface SlotCalendar {
  academicYearId: string
  weeks: number
  teachingWeekdays: number[]
  sectionsPerDay: number
  times: { section: number; startTime: string; endTime: string; period: number }[]
  currentWeek: number
}

const ProjectQuery = z.object({ projectId: Id('请选择预约项目') }).loose()
const OptionalProject = z
  .object({ projectId: z.preprocess((v) => (v === '' ? undefined : v), Id().optional()) })
  .loose()
const SlotQuery = z.object({ timeId: Id('请选择预约时段') }).loose()

const Addr = z.object({
  roomId: Id('请选择房间'),
  weekday: z.coerce
    .number({ error: '请选择星期' })
    .int('请选择星期')
    .min(1, '请选择星期')
    .max(7, '请选择星期'),
  startSection: z.coerce
    .number({ error: '请选择开始节次' })
    .int()
    .min(1, '请选择开始节次')
    .max(16, '节次不正确'),
  endSection: z.coerce
    .number({ error: '请选择结束节次' })
    .int()
    .min(1, '请选择结束节次')
    .max(16, '节次不正确'),
  capacity: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: '容量必须是1到999的整数' })
      .int('容量必须是1到999的整数')
      .min(1, '容量必须是1到999的整数')
      .max(999, '容量必须是1到999的整数')
      .optional(),
  ),
})

const idList = (message: string) =>
  z
    .union([z.array(z.coerce.string()), z.string(), z.null()])
    .optional()
    .transform((v) =>
      (Array.isArray(v) ? v : String(v ?? '').split(',')).map((s) => s.trim()).filter(Boolean),
    )
    .refine((v) => v.every((s) => /^\d{1,19}$/.test(s)), message)

const textList = z
  .union([z.array(z.coerce.string()), z.string(), z.null()])
  .optional()
  .transform((v) => [
    ...new Set(
      (Array.isArray(v) ? v : String(v ?? '').split(/[,，、]/)).map((s) => s.trim()).filter(Boolean),
    ),
  ])

export const CreateTimeBody = z.object({
  id: Id('请选择预约项目'),
  weeks: z
    .union([z.array(z.coerce.number()), z.string()])
    .transform((v) =>
      (Array.isArray(v) ? v : v.split(',').map((s) => Number(s.trim()))).filter((n) => Number.isFinite(n)),
    )
    .refine((v) => v.length > 0, '请选择周次')
    .refine((v) => v.every((n) => Number.isInteger(n)), '周次不正确'),
  addrList: z
    .array(Addr, { error: '请添加房间和时间' })
    .min(1, '请添加房间和时间')
    .max(50, '一次最多50组房间和时间'),
  experimentUser: idList('指导教师格式不正确'),
  classList: textList,
  mode: z.enum(['append', 'replace'], { error: '生成方式只能是追加或替换' }).default('append'),
})

export const SubscribeItem = z.object({
  timeId: Id('请选择预约时段'),
  stuSerial: z.string({ error: '请指定学号' }).trim().min(1, '请指定学号').max(30, '学号过长'),
})
const SubscribeBody = z
  .array(SubscribeItem, { error: '预约数据格式不正确' })
  .min(1, '请选择学生')
  .max(500, '一次最多添加500名学生')

export const experimentApi = {
  project: {
    ...resourceEndpoints(experimentProjectResource),
    push: POST('/api/experimentProject/project/pushProject', {
      body: IdsBody.extend({
        push: z.coerce
          .number({ error: '请指定发布或撤回' })
          .int()
          .min(0, '请指定发布或撤回')
          .max(1, '请指定发布或撤回'),
      }),
      answer: answer<Record<string, never>>(),
    }),
    export: GET('/api/experimentProject/project/exportProject', { query: BladeQuery, file: true }),
    /** Published projects the student may book. */
    subscribeList: GET('/api/experimentProject/project/subscribeList', {
      query: BladeQuery,
      answer: answer<StudentProject[]>(),
    }),
    statistics: GET('/api/experimentProject/project/projectStatistics', {
      query: BladeQuery,
      answer: answer<BookingStatistics>(),
    }),
    teachers: GET('/api/experimentProject/project/teachers', {
      query: BladeQuery,
      answer: answer<TeacherOption[]>(),
    }),
    classes: GET('/api/experimentProject/project/classes', {
      query: BladeQuery,
      answer: answer<ClassOption[]>(),
    }),
    depts: GET('/api/experimentProject/project/depts', {
      answer: answer<{ serial: string; deptName: string }[]>(),
    }),
    deptTree: GET('/api/experimentProject/project/dept-tree', { answer: answer<DeptNode[]>() }),
    labs: GET('/api/experimentProject/project/labs', { answer: answer<LabOption[]>() }),
    rooms: GET('/api/experimentProject/project/rooms', {
      answer: answer<{ id: string; roomName: string; roomNo: string; capacity: number; labName: string }[]>(),
    }),
    teachProjects: GET('/api/experimentProject/project/teachProjects', {
      answer: answer<
        {
          id: string
          experimentName: string
          experimentNumber: string
          hours: number
          labId: string | null
        }[]
      >(),
    }),
  },
  time: {
    page: GET('/api/experimentProject/projectTime/page', {
      query: BladeQuery,
      answer: answer<Page<ProjectSlot>>(),
    }),
    create: POST('/api/experimentProject/projectTime/createTime', {
      body: CreateTimeBody,
      answer: answer<{ created: number; skipped: SkippedSlot[] }>(),
    }),
    /** The term calendar of a project (sections, times, weeks) for the slot generator. */
    calendar: GET('/api/experimentProject/projectTime/calendar', {
      query: ProjectQuery,
      answer: answer<SlotCalendar>(),
    }),
    /** The project's slots with the student's state of each. */
    subscribeList: GET('/api/experimentProject/projectTime/subscribeList', {
      query: ProjectQuery,
      answer: answer<StudentSlot[]>(),
    }),
  },
  params: {
    detail: GET('/api/experimentProject/projectparams/detail', {
      answer: answer<SubscribeParams & { window: WindowState }>(),
    }),
    submit: POST('/api/experimentProject/projectparams/submit', {
      body: AnyBody,
      answer: answer<{ id: string }>(),
    }),
    checkTime: GET('/api/experimentProject/projectparams/checkTime', { answer: answer<WindowState>() }),
    checkSubscribeTime: GET('/api/experimentProject/projectparams/checkSubscribeTime', {
      query: OptionalProject,
      answer: answer<{
        canSubscribe: boolean
        reason: string
        window: WindowState
        notice: string
        /** The caller's 学号 (null without a student row). */
        studentNo: string | null
      }>(),
    }),
  },
  stu: {
    save: POST('/api/experimentProject/projectstu/saveSubscribeList', {
      body: SubscribeBody,
      answer: answer<{ booked: number }>(),
    }),
    remove: POST('/api/experimentProject/projectstu/removeStu', {
      query: z
        .object({
          timeId: Id('请选择预约时段'),
          stuSerial: z.string({ error: '请指定学号' }).trim().min(1, '请指定学号').max(30, '学号过长'),
        })
        .loose(),
      answer: answer<Record<string, never>>(),
    }),
    stuList: GET('/api/experimentProject/projectstu/stuList', {
      query: SlotQuery,
      answer: answer<Page<{ studentNo: string; studentName: string; classNo: string; deptSerial: string }>>(),
    }),
    subStuList: GET('/api/experimentProject/projectstu/subStuList', {
      query: BladeQuery,
      answer: answer<Page<Booking>>(),
    }),
    mySubscribe: GET('/api/experimentProject/projectstu/mySubscribe', {
      query: BladeQuery,
      answer: answer<MyBooking[]>(),
    }),
    statistics: GET('/api/experimentProject/projectstu/stuStatistics', {
      query: BladeQuery,
      answer: answer<Page<ProjectStatRow>>(),
    }),
    exportStatistics: GET('/api/experimentProject/projectstu/exportStatistics', {
      query: BladeQuery,
      file: true,
    }),
  },
}
