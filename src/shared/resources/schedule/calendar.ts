import {
  dateOfWeekday,
  holidaysOf,
  periodOfSection,
  teachingWeekdaysOf,
  weekOfDate,
  type TermShape,
} from '../teach/calendar'

/**
 * A term's teaching calendar (teaching.md 1): weeks from the Monday of week 1, the teaching weekdays,
 * the sections of a day in 上午/下午/晚上 and the holidays. Pure, shared by the server (rules, free
 * slots) and the screens (dates above the grid, greyed cells).
 */

export interface SectionTime {
  section: number
  startTime: string
  endTime: string
}

export interface TermCalendar {
  academicYearId: string
  /** yyyy-MM-dd, a Monday. */
  firstWeekMonday: string
  weeks: number
  teachingWeekdays: number[]
  morningSections: number
  afternoonSections: number
  eveningSections: number
  /** yyyy-MM-dd dates. */
  holidays: string[]
  sectionTimes: SectionTime[]
}

export const PERIOD_NAMES = ['', '上午', '下午', '晚上'] as const

export const sectionsPerDay = (c: TermCalendar): number =>
  c.morningSections + c.afternoonSections + c.eveningSections

/** 1 上午, 2 下午, 3 晚上 (from the counts). */
export const periodOf = (c: TermCalendar, section: number): 1 | 2 | 3 =>
  periodOfSection(c, section) as 1 | 2 | 3

/** The sections of each period: [[1..4], [5..8], [9..11]] (empty periods left out). */
export function periodRanges(c: TermCalendar): { period: 1 | 2 | 3; start: number; end: number }[] {
  const out: { period: 1 | 2 | 3; start: number; end: number }[] = []
  let next = 1
  for (const [period, n] of [
    [1, c.morningSections],
    [2, c.afternoonSections],
    [3, c.eveningSections],
  ] as const) {
    if (n > 0) out.push({ period, start: next, end: next + n - 1 })
    next += n
  }
  return out
}

/** The date of (week, weekday): week 1 starts on firstWeekMonday. */
export const dateOf = (c: Pick<TermCalendar, 'firstWeekMonday'>, week: number, weekday: number): string =>
  dateOfWeekday(c.firstWeekMonday, week, weekday)

/** The (week, weekday) of a date; week may fall outside 1..weeks (before or after the term). */
export const weekOf = (c: Pick<TermCalendar, 'firstWeekMonday'>, date: string) =>
  weekOfDate(c.firstWeekMonday, date)

/** Holidays of the term as "week-weekday" keys. */
export function holidayCells(c: TermCalendar): Set<string> {
  const cells = new Set<string>()
  for (const date of c.holidays) {
    const { week, weekday } = weekOf(c, date)
    if (week >= 1 && week <= c.weeks) cells.add(`${week}-${weekday}`)
  }
  return cells
}

/** The first of `weeks` whose `weekday` is a holiday, with its date, or null. */
export function firstHoliday(
  c: TermCalendar,
  weeks: readonly number[],
  weekday: number,
): { week: number; date: string } | null {
  const cells = holidayCells(c)
  for (const week of weeks)
    if (cells.has(`${week}-${weekday}`)) return { week, date: dateOf(c, week, weekday) }
  return null
}

/** 08:00-09:40 for sections 1..2, or '' when the times are not set. */
export function sectionSpanTime(c: TermCalendar, start: number, end: number): string {
  const a = c.sectionTimes.find((t) => t.section === start)
  const b = c.sectionTimes.find((t) => t.section === end)
  return a && b ? `${a.startTime}-${b.endTime}` : ''
}

/** The scheduling calendar of a saved 教学参数 row and its 作息时间. */
export function calendarOf(
  academicYearId: string,
  term: TermShape,
  sectionTimes: SectionTime[],
): TermCalendar {
  return {
    academicYearId,
    firstWeekMonday: term.firstWeekMonday,
    weeks: Number(term.weeks),
    teachingWeekdays: teachingWeekdaysOf(term),
    morningSections: Number(term.morningSections),
    afternoonSections: Number(term.afternoonSections),
    eveningSections: Number(term.eveningSections),
    holidays: holidaysOf(term),
    sectionTimes: [...sectionTimes].sort((a, b) => a.section - b.section),
  }
}
