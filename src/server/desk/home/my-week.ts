/**
 * 首页 本周课表 / 本周安排 (`home-page/my-week?date=`): the caller's items of the week holding `date`
 * (default today). A teacher: their published batches (teacher link rows) and their own 实验室预约
 * (pending or approved). A student: published batches whose effective students include them (the
 * assigned students of a batch, else its classes' students), their booked 实验项目预约 slots and
 * open-lab reservations, and the published safety exams they sit. Anyone else: an empty week.
 * Sections come from the timetable of the term holding the week; a clock-time item takes the sections
 * its times overlap (null when none).
 */
import { and, asc, desc, eq, gte, inArray, lte, or, sql } from 'drizzle-orm'
import type { Data } from '../../core/data'
import {
  academic,
  baseStudent,
  experimentProjectStu,
  experimentProjectTime,
  labAppointment,
  labRoom,
  openRoomReserve,
  safetyPlan,
  safetyPlanPerson,
  teachBatchAssStudent,
  teachBatchPlan,
  teachBatchPlanClass,
  teachBatchPlanTeacher,
} from '../../db/schema'
import type { BatchPlanRow } from '../../db/schema/schedule'
import { splitList } from '../../teach/schedule/load'
import { namesOf } from '../../teach/schedule/names'
import { ownTeacher } from '../../teach/schedule/people'
import { maybeTermCalendar, termIdOf } from '../../teach/schedule/term'
import type { MyWeek, MyWeekItem, MyWeekKind } from '../../../shared/api/home'
import { APPLY_STATUS } from '../../../shared/resources/lab/options'
import { addDays, localToday, minutesOf, mondayOf, weekdayOf } from '../../../shared/resources/lab/time'
import { RESERVE_STATUS } from '../../../shared/resources/open/room-reserve'
import { PLAN_STATUS } from '../../../shared/resources/safety/exam'
import { BATCH_STATUS } from '../../../shared/resources/schedule/codes'
import { dateOf, weekOf, type TermCalendar } from '../../../shared/resources/schedule/calendar'
import { parseWeeks } from '../../../shared/resources/schedule/weeks'

export const MY_WEEK_LINKS: Record<MyWeekKind, string> = {
  batch: '/teach/myTimetable',
  booking: '/lab/appointment',
  subscription: '/open/myBooking',
  openReserve: '/open/myBooking',
  exam: '/safety/myExam',
}

const pad = (n: number) => String(n).padStart(2, '0')
const clockOf = (d: Date) => `${pad(d.getHours())}:${pad(d.getMinutes())}`

/**
 * The calendar of the week: of a term whose dates hold `date` and which has 教学参数 (the current one
 * first), else of the current term; null when none has parameters.
 */
async function calendarFor(data: Data, date: string): Promise<TermCalendar | null> {
  const holding = await data
    .repo(academic)
    .find([lte(academic.startDate, date), gte(academic.endDate, date)], {
      sort: [desc(academic.isCurrent), desc(academic.startDate)],
    })
  const current = await termIdOf(data).catch(() => null)
  for (const termId of [...holding.map((t) => t.id), current]) {
    const calendar = termId ? await maybeTermCalendar(data, termId) : null
    if (calendar) return calendar
  }
  return null
}

/** The sections a clock-time span overlaps in the calendar, or nulls. */
function sectionsOf(calendar: TermCalendar | null, start: string, end: string) {
  const s = minutesOf(start)
  const e = minutesOf(end)
  const hit = (calendar?.sectionTimes ?? []).filter(
    (t) => minutesOf(t.startTime) < e && minutesOf(t.endTime) > s,
  )
  return hit.length
    ? { startSection: hit[0].section, endSection: hit[hit.length - 1].section }
    : { startSection: null, endSection: null }
}

function clockItem(
  calendar: TermCalendar | null,
  kind: MyWeekKind,
  i: { date: string; startTime: string; endTime: string; title: string; place: string },
): MyWeekItem {
  return {
    ...i,
    weekday: weekdayOf(i.date),
    ...sectionsOf(calendar, i.startTime, i.endTime),
    kind,
    link: MY_WEEK_LINKS[kind],
  }
}

/** Published batches of the term meeting in `week`, as items on their dates. */
async function batchItems(
  data: Data,
  calendar: TermCalendar,
  week: number,
  ids: string[],
  link: string,
): Promise<MyWeekItem[]> {
  if (!ids.length) return []
  const rows: BatchPlanRow[] = await data
    .repo(teachBatchPlan)
    .find([
      inArray(teachBatchPlan.id, ids),
      eq(teachBatchPlan.academicYearId, calendar.academicYearId),
      gte(teachBatchPlan.status, BATCH_STATUS.published),
      sql`${teachBatchPlan.weekday} is not null`,
    ])
  const shown = rows.filter((r) => parseWeeks(r.weeks).includes(week))
  const names = await namesOf(data, shown)
  const time = (section: number, edge: 'startTime' | 'endTime') =>
    calendar.sectionTimes.find((t) => t.section === section)?.[edge] ?? ''
  return shown.map((r) => ({
    date: dateOf(calendar, week, Number(r.weekday)),
    weekday: Number(r.weekday),
    startSection: Number(r.startSection),
    endSection: Number(r.endSection),
    startTime: time(Number(r.startSection), 'startTime'),
    endTime: time(Number(r.endSection), 'endTime'),
    title: `${r.projectName ?? r.courseName ?? ''}·第${r.batchNo}批`,
    place: names.roomNames(splitList(r.roomIds)).join('、'),
    kind: 'batch' as const,
    link,
  }))
}

/** Batch ids of the term whose teacher link names this teacher. */
async function taughtIds(data: Data, termId: string, teacherId: string): Promise<string[]> {
  const rows = await data.db
    .select({ id: teachBatchPlanTeacher.batchPlanId })
    .from(teachBatchPlanTeacher)
    .where(
      data.rows(
        teachBatchPlanTeacher,
        eq(teachBatchPlanTeacher.academicYearId, termId),
        eq(teachBatchPlanTeacher.party, teacherId),
      ),
    )
  return rows.map((r) => r.id)
}

/** Batch ids of the term whose effective students include this student. */
async function attendedIds(
  data: Data,
  termId: string,
  student: { studentNo: string; classNo: string | null },
): Promise<string[]> {
  const assigned = await data.db
    .select({ id: teachBatchAssStudent.batchPlanId })
    .from(teachBatchAssStudent)
    .where(
      data.rows(
        teachBatchAssStudent,
        eq(teachBatchAssStudent.academicYearId, termId),
        eq(teachBatchAssStudent.studentNo, student.studentNo),
      ),
    )
  const ids = new Set(assigned.map((r) => r.id))
  if (student.classNo) {
    const byClass = await data.db
      .select({ id: teachBatchPlanClass.batchPlanId })
      .from(teachBatchPlanClass)
      .where(
        data.rows(
          teachBatchPlanClass,
          eq(teachBatchPlanClass.academicYearId, termId),
          eq(teachBatchPlanClass.party, student.classNo),
        ),
      )
    const classIds = byClass.map((r) => r.id).filter((id) => !ids.has(id))
    // A batch with assigned students takes only them (its classes are not all of its students).
    const withAssigned = classIds.length
      ? new Set(
          (
            await data.db
              .selectDistinct({ id: teachBatchAssStudent.batchPlanId })
              .from(teachBatchAssStudent)
              .where(data.rows(teachBatchAssStudent, inArray(teachBatchAssStudent.batchPlanId, classIds)))
          ).map((r) => r.id),
        )
      : new Set<string>()
    for (const id of classIds) if (!withAssigned.has(id)) ids.add(id)
  }
  return [...ids]
}

async function roomNames(data: Data, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map()
  const rows = await data.db
    .select({ id: labRoom.id, roomNo: labRoom.roomNo, roomName: labRoom.roomName })
    .from(labRoom)
    .where(data.rows(labRoom, inArray(labRoom.id, [...new Set(ids)])))
  return new Map(rows.map((r) => [r.id, r.roomName || r.roomNo || '']))
}

async function bookingItems(data: Data, calendar: TermCalendar | null, from: string, to: string) {
  const rows = await data
    .repo(labAppointment)
    .find([
      eq(labAppointment.createUser, data.me.userId),
      inArray(labAppointment.status, [APPLY_STATUS.pending, APPLY_STATUS.approved]),
      gte(labAppointment.appointmentDate, from),
      lte(labAppointment.appointmentDate, to),
    ])
  const rooms = await roomNames(
    data,
    rows.map((r) => String(r.roomId)),
  )
  return rows.map((r) =>
    clockItem(calendar, 'booking', {
      date: String(r.appointmentDate),
      startTime: String(r.startTime),
      endTime: String(r.endTime),
      title: `${r.title ?? '实验室预约'}${r.status === APPLY_STATUS.pending ? '（待审核）' : ''}`,
      place: rooms.get(String(r.roomId)) ?? '',
    }),
  )
}

async function studentItems(
  data: Data,
  calendar: TermCalendar | null,
  studentNo: string,
  from: string,
  to: string,
): Promise<MyWeekItem[]> {
  const slots = await data.db
    .select({
      date: experimentProjectTime.date,
      startTime: experimentProjectTime.startTime,
      endTime: experimentProjectTime.endTime,
      roomId: experimentProjectTime.roomId,
      projectId: experimentProjectTime.projectId,
    })
    .from(experimentProjectStu)
    .innerJoin(experimentProjectTime, eq(experimentProjectTime.id, experimentProjectStu.timeId))
    .where(
      and(
        data.rows(
          experimentProjectStu,
          eq(experimentProjectStu.studentNo, studentNo),
          eq(experimentProjectStu.status, 1),
        ),
        data.rows(
          experimentProjectTime,
          gte(experimentProjectTime.date, from),
          lte(experimentProjectTime.date, to),
        ),
      ),
    )
  const reserves = await data
    .repo(openRoomReserve)
    .find([
      eq(openRoomReserve.studentNo, studentNo),
      inArray(openRoomReserve.status, [RESERVE_STATUS.booked, RESERVE_STATUS.attended, RESERVE_STATUS.late]),
      gte(openRoomReserve.slotDate, from),
      lte(openRoomReserve.slotDate, to),
    ])
  const rooms = await roomNames(data, [
    ...slots.map((s) => String(s.roomId)),
    ...reserves.map((r) => String(r.roomId)),
  ])
  return [
    ...slots.map((s) =>
      clockItem(calendar, 'subscription', {
        date: String(s.date),
        startTime: String(s.startTime ?? ''),
        endTime: String(s.endTime ?? ''),
        title: '实验项目预约',
        place: rooms.get(String(s.roomId)) ?? '',
      }),
    ),
    ...reserves.map((r) =>
      clockItem(calendar, 'openReserve', {
        date: String(r.slotDate),
        startTime: String(r.startTime),
        endTime: String(r.endTime),
        title: `开放实验：${r.projectName ?? ''}`,
        place: r.roomName || rooms.get(String(r.roomId)) || '',
      }),
    ),
  ]
}

/** Published safety exams of the caller overlapping [from, to) (Dates). */
async function examsOf(data: Data, from: Date, to: Date | null) {
  return data.db
    .select({
      id: safetyPlan.id,
      name: safetyPlan.planName,
      start: safetyPlan.startTime,
      end: safetyPlan.endTime,
    })
    .from(safetyPlanPerson)
    .innerJoin(safetyPlan, eq(safetyPlan.id, safetyPlanPerson.planId))
    .where(
      and(
        data.rows(safetyPlanPerson, eq(safetyPlanPerson.userId, data.me.userId)),
        data.rows(
          safetyPlan,
          eq(safetyPlan.status, PLAN_STATUS.published),
          or(gte(safetyPlan.endTime, from), sql`${safetyPlan.endTime} is null`),
          to ? lte(safetyPlan.startTime, to) : undefined,
        ),
      ),
    )
    .orderBy(asc(safetyPlan.startTime))
    .limit(50)
}

function examItem(
  calendar: TermCalendar | null,
  e: { name: string | null; start: Date | null; end: Date | null },
) {
  const start = e.start ?? new Date()
  const end = e.end && localToday(e.end) === localToday(start) ? clockOf(e.end) : '24:00'
  return clockItem(calendar, 'exam', {
    date: localToday(start),
    startTime: clockOf(start),
    endTime: end,
    title: `安全考试：${e.name ?? ''}`,
    place: '线上考试',
  })
}

/** The caller's student row: linked by account, else the student whose number is the account. */
async function ownStudent(data: Data) {
  return (
    (await data.repo(baseStudent).first(eq(baseStudent.userId, data.me.userId))) ??
    (await data.repo(baseStudent).first(eq(baseStudent.studentNo, data.me.account)))
  )
}

export async function myWeek(data: Data, date = localToday()): Promise<MyWeek> {
  const weekStart = mondayOf(date)
  const weekEnd = addDays(weekStart, 6)
  const calendar = await calendarFor(data, date)
  const termWeek = calendar ? weekOf(calendar, weekStart).week : 0
  const week = calendar && termWeek >= 1 && termWeek <= calendar.weeks ? termWeek : null
  const items: MyWeekItem[] = []
  let upcomingExams: MyWeekItem[] = []

  const teacher = await ownTeacher(data)
  if (teacher) {
    if (calendar && week)
      items.push(
        ...(await batchItems(
          data,
          calendar,
          week,
          await taughtIds(data, calendar.academicYearId, String(teacher.id)),
          '/teach/teacherTimetable',
        )),
      )
  }
  if (teacher || data.me.roleAliases.includes('teacher'))
    items.push(...(await bookingItems(data, calendar, weekStart, weekEnd)))

  const student = teacher ? null : await ownStudent(data)
  if (student) {
    if (calendar && week)
      items.push(
        ...(await batchItems(
          data,
          calendar,
          week,
          await attendedIds(data, calendar.academicYearId, {
            studentNo: String(student.studentNo),
            classNo: student.classNo ? String(student.classNo) : null,
          }),
          MY_WEEK_LINKS.batch,
        )),
      )
    items.push(...(await studentItems(data, calendar, String(student.studentNo), weekStart, weekEnd)))
    const [y, m, d] = weekStart.split('-').map(Number)
    const from = new Date(y, m - 1, d)
    const to = new Date(y, m - 1, d + 7)
    items.push(
      ...(await examsOf(data, from, to))
        .filter((e) => e.start && e.start < to)
        .map((e) => examItem(calendar, e)),
    )
    upcomingExams = (await examsOf(data, new Date(), null)).slice(0, 5).map((e) => examItem(calendar, e))
  }

  items.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      (a.startSection ?? 99) - (b.startSection ?? 99) ||
      a.startTime.localeCompare(b.startTime),
  )
  return {
    weekStart,
    week,
    sections: calendar?.sectionTimes ?? [],
    items,
    upcomingExams,
  }
}
