import { asc, eq, sql } from 'drizzle-orm'
import type { Data } from '../../core/data'
import { bad } from '../../core/errors'
import { currentTerm } from '../../base/academic-routes'
import { teachParameter, teachParameterTime } from '../../db/schema'
import {
  calendarOf,
  dateOf,
  weekOf,
  type SectionTime,
  type TermCalendar,
} from '../../../shared/resources/schedule/calendar'

/**
 * The calendar a scheduling call works in: the term's 教学参数 and 作息时间 (teaching.md 1). Refuses a
 * term without parameters, since weeks, weekdays and sections come from them.
 */
export async function termCalendar(data: Data, academicYearId: string): Promise<TermCalendar> {
  const calendar = await maybeTermCalendar(data, academicYearId)
  return calendar ?? bad('请先设置该学年学期的教学参数')
}

export async function maybeTermCalendar(data: Data, academicYearId: string): Promise<TermCalendar | null> {
  const rows = await data.db
    .select(calendarFields(data))
    .from(teachParameter)
    .where(data.rows(teachParameter, eq(teachParameter.academicYearId, academicYearId)))
    .orderBy(asc(teachParameter.id))
    .limit(1)
  return calendarFromRow(academicYearId, rows[0])
}

/**
 * What a calendar is read as, from `teach_parameter` (joined by a caller too): the parameters and the
 * term's section times in one column, so a calendar is one row (a row per section multiplied every
 * column a caller selects beside it).
 */
export const calendarFields = (data: Data) => ({
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
  sectionTimes: sql<
    SectionTime[] | null
  >`(select json_agg(json_build_object('section', ${teachParameterTime.section}, 'startTime', ${teachParameterTime.startTime}, 'endTime', ${teachParameterTime.endTime}) order by ${teachParameterTime.section}) from ${teachParameterTime} where ${data.rows(teachParameterTime, eq(teachParameterTime.academicYearId, teachParameter.academicYearId))})`.mapWith(
    // node-postgres and PGlite both parse json; a driver answering text is parsed here
    (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as SectionTime[] | null,
  ),
})

export type CalendarRow = {
  p: Pick<typeof teachParameter.$inferSelect, keyof ReturnType<typeof calendarFields>['p']> | null
  sectionTimes: SectionTime[] | null
}

/** The calendar of a row read with `calendarFields`; null without parameters. */
export function calendarFromRow(academicYearId: string, row: CalendarRow | undefined): TermCalendar | null {
  const p = row?.p
  if (!p) return null
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
    (row.sectionTimes ?? []).map((t) => ({
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
