import { asc, eq } from 'drizzle-orm'
import type { Data } from '../../core/data'
import { bad } from '../../core/errors'
import { currentTerm } from '../../base/academic-routes'
import { teachParameter, teachParameterTime } from '../../db/schema'
import { calendarOf, dateOf, weekOf, type TermCalendar } from '../../../shared/resources/schedule/calendar'

/**
 * The calendar a scheduling call works in: the term's 教学参数 and 作息时间 (teaching.md 1). Refuses a
 * term without parameters, since weeks, weekdays and sections come from them.
 */
export async function termCalendar(data: Data, academicYearId: string): Promise<TermCalendar> {
  const calendar = await maybeTermCalendar(data, academicYearId)
  return calendar ?? bad('请先设置该学年学期的教学参数')
}

export async function maybeTermCalendar(data: Data, academicYearId: string): Promise<TermCalendar | null> {
  // One read: the parameters with their section times (a row per section).
  const rows = await data.db
    .select(calendarFields)
    .from(teachParameter)
    .leftJoin(teachParameterTime, sectionTimesOf(data))
    .where(data.rows(teachParameter, eq(teachParameter.academicYearId, academicYearId)))
    .orderBy(...calendarOrder)
  return calendarFromRows(academicYearId, rows)
}

/** What a calendar is read as: the parameters and one section time per row (joined by a caller too). */
export const calendarFields = {
  p: {
    id: teachParameter.id,
    firstWeekMonday: teachParameter.firstWeekMonday,
    weeks: teachParameter.weeks,
    teachingWeekdays: teachParameter.teachingWeekdays,
    morningSections: teachParameter.morningSections,
    afternoonSections: teachParameter.afternoonSections,
    eveningSections: teachParameter.eveningSections,
    holidays: teachParameter.holidays,
  },
  section: teachParameterTime.section,
  startTime: teachParameterTime.startTime,
  endTime: teachParameterTime.endTime,
}

/** The join of the section times to the parameters. */
export const sectionTimesOf = (data: Data) =>
  data.rows(teachParameterTime, eq(teachParameterTime.academicYearId, teachParameter.academicYearId))

export const calendarOrder = [asc(teachParameter.id), asc(teachParameterTime.section)]

type CalendarRow = {
  p: Pick<typeof teachParameter.$inferSelect, keyof (typeof calendarFields)['p']> | null
  section: unknown
  startTime: unknown
  endTime: unknown
}

/** The calendar of rows read with `calendarFields` (in `calendarOrder`); null without parameters. */
export function calendarFromRows(academicYearId: string, rows: readonly CalendarRow[]): TermCalendar | null {
  const p = rows.find((r) => r.p)?.p
  if (!p) return null
  const times = rows.filter((r) => r.p?.id === p.id && r.section != null)
  return calendarOf(
    academicYearId,
    {
      firstWeekMonday: String(p.firstWeekMonday),
      weeks: Number(p.weeks),
      teachingWeekdays: String(p.teachingWeekdays ?? ''),
      morningSections: Number(p.morningSections),
      afternoonSections: Number(p.afternoonSections),
      eveningSections: Number(p.eveningSections),
      holidays: String(p.holidays ?? ''),
    },
    times.map((t) => ({
      section: Number(t.section),
      startTime: String(t.startTime),
      endTime: String(t.endTime),
    })),
  )
}

/** The term a call means: the one it names, else the current term. */
export async function termIdOf(data: Data, academicYearId?: string | null): Promise<string> {
  if (academicYearId) return academicYearId
  const term = await currentTerm(data.db, data.tenantId)
  return term?.id ?? bad('请先设置当前学年学期')
}

export const today = (): string => {
  const d = new Date()
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

/** This week of the term (clamped to 1..weeks), or null when today is outside it. */
export function currentWeekOf(calendar: TermCalendar, date = today()): number | null {
  const { week } = weekOf(calendar, date)
  return week >= 1 && week <= calendar.weeks ? week : null
}

/** Each weekday's date in `week`. */
export const datesOfWeek = (calendar: TermCalendar, week: number) =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, date: dateOf(calendar, week, weekday) }))
