import { z } from 'zod'
import { Id } from './common'
import { answer, GET } from './endpoint'
import type { Page } from './envelope'

/**
 * 首页 statistics and the caller's week (`/api/blade-desk/home-page/*`, reports-portal.md 8). Every
 * statistic answers in the caller's data scope (a college's staff see their college) with `available`
 * flags: an area without rows answers zeros and `false`, never an error.
 */

/** Which areas have data behind the figures (a widget of an unavailable area shows 暂无数据). */
export interface HomeAvailable {
  labs: boolean
  equipment: boolean
  teaching: boolean
  open: boolean
}

export interface CodeCount {
  code: string
  name: string
  count: number
}

/**
 * The five headline figures of the KPI cards (`home-page/kpi`): counts and sums only, so the cards paint
 * before the grouped statistics behind the charts have answered. Same rules as those calls.
 */
export interface HomeKpi {
  available: HomeAvailable
  academicYearId: string | null
  labCount: number
  roomCount: number
  equipmentCount: number
  /** 元 */
  equipmentValue: number
  /** 本学期实验学时 */
  teachingHours: number
  bookingsThisWeek: number
}

export interface LabOverview {
  available: HomeAvailable
  labCount: number
  roomCount: number
  labArea: number
  labsByCategory: CodeCount[]
  byCollege: { collegeSerialNum: string; collegeName: string; labs: number; rooms: number; area: number }[]
  bookings: {
    today: number
    thisWeek: number
    /** The last 12 weeks, oldest first; `week` is the Monday (yyyy-MM-dd). */
    byWeek: { week: string; appointments: number; openReserves: number; subscriptions: number }[]
  }
}

export interface EquipmentSummary {
  available: HomeAvailable
  count: number
  /** 元 */
  value: number
  valuableCount: number
  valuableValue: number
  /** The 单价 from which an item counts as valuable (SJ3 of the current report task, else 400000). */
  valuableFrom: number
  byClass: (CodeCount & { value: number })[]
  byCollege: { collegeSerialNum: string; collegeName: string; count: number; value: number }[]
  byYear: { year: number; count: number; value: number }[]
  byStatus: (CodeCount & { value: number })[]
}

export interface TeachStatistics {
  available: HomeAvailable
  academicYearId: string | null
  projects: number
  courses: number
  batches: number
  hours: number
  studentHours: number
  byWeek: { week: number; batches: number; hours: number }[]
  byCollege: {
    collegeSerialNum: string
    collegeName: string
    projects: number
    batches: number
    hours: number
    studentHours: number
  }[]
  topLabs: { labId: string; labName: string; batches: number; hours: number }[]
}

export interface TeachDetailRow {
  collegeName: string
  courseNumber: string
  courseName: string
  experimentNumber: string
  experimentName: string
  labName: string
  batches: number
  hours: number
  students: number
  studentHours: number
}

export type MyWeekKind = 'batch' | 'booking' | 'subscription' | 'openReserve' | 'exam'

export interface MyWeekItem {
  date: string
  /** 1 = 星期一 … 7 = 星期日 */
  weekday: number
  /** Sections of the term's timetable; null for a clock-time item outside them. */
  startSection: number | null
  endSection: number | null
  startTime: string
  endTime: string
  title: string
  place: string
  kind: MyWeekKind
  /** The screen that shows the item. */
  link: string
}

export interface MyWeek {
  /** The Monday of the week (yyyy-MM-dd). */
  weekStart: string
  /** The teaching week of the current term, or null outside it. */
  week: number | null
  /** Sections of a day in the term's timetable (for the grid), with their times. */
  sections: { section: number; startTime: string; endTime: string }[]
  items: MyWeekItem[]
  /** A student's next published safety exams (at most 5), whatever their week. */
  upcomingExams: MyWeekItem[]
}

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional())

/** The filters every statistic takes. */
export const HomeQuery = z
  .object({
    academicYearId: optional(Id('学年学期不正确')),
    collegeSerialNum: optional(
      z
        .string()
        .max(20, '院系号不正确')
        .regex(/^[A-Za-z0-9]+$/, '院系号不正确'),
    ),
    refresh: optional(z.coerce.string()),
  })
  .loose()

export const MyWeekQuery = z
  .object({
    date: optional(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期格式不正确')),
  })
  .loose()

const H = '/api/blade-desk/home-page'

export const homeApi = {
  kpi: GET(`${H}/kpi`, { query: HomeQuery, answer: answer<HomeKpi>() }),
  labOverview: GET(`${H}/lab-overview`, { query: HomeQuery, answer: answer<LabOverview>() }),
  equipmentSummary: GET(`${H}/lab-overview-equ-summary`, {
    query: HomeQuery,
    answer: answer<EquipmentSummary>(),
  }),
  teachStatistics: GET(`${H}/teachStatistics`, { query: HomeQuery, answer: answer<TeachStatistics>() }),
  teachStatisticsDetail: GET(`${H}/teachStatisticsDetail`, {
    query: HomeQuery,
    answer: answer<Page<TeachDetailRow> & { available: HomeAvailable }>(),
  }),
  teachStatisticsDetailExport: GET(`${H}/teachStatisticsDetailExport`, { query: HomeQuery, file: true }),
  myWeek: GET(`${H}/my-week`, { query: MyWeekQuery, answer: answer<MyWeek>() }),
}

/** The ten columns of 教学统计明细 (screen and export). */
export const TEACH_DETAIL_COLUMNS: readonly (readonly [keyof TeachDetailRow, string])[] = [
  ['collegeName', '学院'],
  ['courseNumber', '课程号'],
  ['courseName', '课程名称'],
  ['experimentNumber', '实验编号'],
  ['experimentName', '实验名称'],
  ['labName', '实验室'],
  ['batches', '批次数'],
  ['hours', '学时'],
  ['students', '学生人数'],
  ['studentHours', '人时数'],
]
