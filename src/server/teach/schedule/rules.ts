import { and, eq, max, ne } from 'drizzle-orm'
import type { Data } from '../../core/data'
import { bad } from '../../core/errors'
import { baseTeacher, labRoom, teachBatchPlan } from '../../db/schema'
import type { BatchPlanRow } from '../../db/schema/schedule'
import { firstHoliday, sectionsPerDay, type TermCalendar } from '../../../shared/resources/schedule/calendar'
import { joinWeeks, WEEKDAY_NAMES, weeksToMask } from '../../../shared/resources/schedule/weeks'
import { BATCH_STATUS } from '../../../shared/resources/schedule/codes'
import type { LineContext } from './line'
import { readInputs, WriteInputs } from './inputs'

/** A batch's time and parties after the rules of teaching.md 4 (what a write stores). */
export interface BatchValues {
  academicYearId: string
  coursePlanId: string
  coursePlanProjectId: string
  projectId: string
  courseId: string
  courseName: string
  courseNumber: string
  projectName: string
  deptSerial: string | null
  batchNo: number
  weeks: string
  weekMask: number
  weekday: number | null
  startSection: number | null
  endSection: number | null
  roomIds: string
  teacherIds: string
  classNos: string
  studentCount: number
  assigned: number
}

export interface TimeInput {
  weeks: number[]
  weekday: number
  startSection: number
  endSection: number
}

/** Weeks in the term, a teaching weekday, sections in the day, no holiday (teaching.md 4). */
export function checkTime(calendar: TermCalendar, t: TimeInput): void {
  if (!t.weeks.length) bad('请选择周次')
  if (t.weeks.some((w) => w < 1 || w > calendar.weeks)) bad(`周次必须在1到${calendar.weeks}之间`)
  if (!calendar.teachingWeekdays.includes(t.weekday))
    bad(`${WEEKDAY_NAMES[t.weekday] ?? '该日'}不是本学期的上课日`)
  if (t.startSection > t.endSection) bad('开始节次不能大于结束节次')
  const perDay = sectionsPerDay(calendar)
  if (t.endSection > perDay) bad(`节次超出每天节数（${perDay}）`)
  const holiday = firstHoliday(calendar, t.weeks, t.weekday)
  if (holiday) bad(`第${holiday.week}周${WEEKDAY_NAMES[t.weekday]}（${holiday.date}）为节假日，不能排课`)
}

/** The 启用 排课教室 among `roomIds` with their capacity; refuses any other room. */
export async function needClassrooms(data: Data, roomIds: readonly string[]): Promise<Map<string, number>> {
  if (!roomIds.length) bad('请选择房间')
  const inputs = new WriteInputs()
  await readInputs(data, inputs, { roomIds, teacherIds: [], classNos: [] })
  return classroomsOf(data, roomIds, inputs)
}

/** The capacity of each of `roomIds` as `inputs` read them; refuses one that is not an enabled 排课教室. */
async function classroomsOf(
  data: Data,
  roomIds: readonly string[],
  inputs: WriteInputs,
): Promise<Map<string, number>> {
  const missing = roomIds.filter((id) => inputs.rooms.get(id) == null)
  if (missing.length) {
    const room = await data.repo(labRoom).get(missing[0])
    bad(`房间『${room?.roomName || room?.roomNo || missing[0]}』不是启用的排课教室`)
  }
  return new Map(roomIds.map((id) => [id, inputs.rooms.get(id)!]))
}

export async function needTeachers(data: Data, teacherIds: readonly string[]): Promise<void> {
  if (!teacherIds.length) bad('请选择任课教师')
  await data.repo(baseTeacher).needAll([...teacherIds], '任课教师不存在')
}

export function checkEditable(row: Pick<BatchPlanRow, 'status'>): void {
  if (Number(row.status) === BATCH_STATUS.published) bad('已发布的排课不能修改，请通过调课申请调整')
}

/** The next batch number of a line. */
export async function nextBatchNo(data: Data, coursePlanProjectId: string): Promise<number> {
  const [row] = await data.db
    .select({ n: max(teachBatchPlan.batchNo) })
    .from(teachBatchPlan)
    .where(data.rows(teachBatchPlan, eq(teachBatchPlan.coursePlanProjectId, coursePlanProjectId)))
  return Number(row?.n ?? 0) + 1
}

export async function checkBatchNoFree(
  data: Data,
  coursePlanProjectId: string,
  batchNo: number,
  id?: string,
): Promise<void> {
  const taken = await data
    .repo(teachBatchPlan)
    .exists(
      and(eq(teachBatchPlan.coursePlanProjectId, coursePlanProjectId), eq(teachBatchPlan.batchNo, batchNo)),
      id ? ne(teachBatchPlan.id, id) : undefined,
    )
  if (taken) bad(`第${batchNo}批已存在`)
}

export interface BatchRequest {
  weeks: number[]
  /** Null for a batch without a time yet (生成时间 finds one). */
  weekday: number | null
  startSection: number | null
  endSection: number | null
  batchNo: number
  roomIds: string[]
  teacherIds: string[]
  classNos?: string[]
  /** Assigned students' count (undefined = whole classes). */
  assignedCount?: number
}

/**
 * Checks one batch of a line against teaching.md 4 and answers what to store. What it reads of rooms,
 * teachers and classes goes into `inputs` (the write's other batches and collision check reuse it).
 */
export async function batchValues(
  data: Data,
  ctx: LineContext,
  req: BatchRequest,
  inputs: WriteInputs = new WriteInputs(),
): Promise<BatchValues> {
  if (req.weekday == null || req.startSection == null || req.endSection == null) {
    if (!req.weeks.length) bad('请选择周次')
    if (req.weeks.some((w) => w < 1 || w > ctx.calendar.weeks)) bad(`周次必须在1到${ctx.calendar.weeks}之间`)
  } else
    checkTime(ctx.calendar, {
      ...req,
      weekday: req.weekday,
      startSection: req.startSection,
      endSection: req.endSection,
    })
  const classNos = req.classNos?.length ? req.classNos : ctx.classNos
  const outside = classNos.filter((c) => !ctx.classNos.includes(c))
  if (outside.length) bad(`班级${outside[0]}不在课程计划的上课班级中`)
  if (!req.roomIds.length) bad('请选择房间')
  if (!req.teacherIds.length) bad('请选择任课教师')
  const wholeClasses = req.assignedCount === undefined
  await readInputs(data, inputs, {
    roomIds: req.roomIds,
    teacherIds: req.teacherIds,
    classNos: wholeClasses ? classNos : [],
  })
  const capacity = await classroomsOf(data, req.roomIds, inputs)
  if (req.teacherIds.some((id) => !inputs.teachers.get(id))) bad('任课教师不存在')
  const studentCount =
    req.assignedCount ?? classNos.reduce((n, c) => n + (inputs.students.get(c)?.length ?? 0), 0)
  const seats = [...capacity.values()].reduce((a, b) => a + b, 0)
  if (studentCount > seats) bad(`第${req.batchNo}批人数（${studentCount}）超过房间容量（${seats}）`)
  return {
    academicYearId: String(ctx.plan.academicYearId),
    coursePlanId: String(ctx.plan.id),
    coursePlanProjectId: ctx.line.id,
    projectId: ctx.line.projectId,
    courseId: String(ctx.plan.courseId),
    courseName: String(ctx.plan.courseName ?? ''),
    courseNumber: String(ctx.plan.courseNumber ?? ''),
    projectName: String(ctx.project.experimentName ?? ''),
    deptSerial: ctx.plan.deptSerial == null ? null : String(ctx.plan.deptSerial),
    batchNo: req.batchNo,
    weeks: joinWeeks(req.weeks),
    weekMask: weeksToMask(req.weeks),
    weekday: req.weekday ?? null,
    startSection: req.weekday == null ? null : req.startSection,
    endSection: req.weekday == null ? null : req.endSection,
    roomIds: req.roomIds.join(','),
    teacherIds: req.teacherIds.join(','),
    classNos: classNos.join(','),
    studentCount,
    assigned: req.assignedCount === undefined ? 0 : 1,
  }
}
