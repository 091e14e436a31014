import { and, asc, desc, eq, lt } from 'drizzle-orm'
import type { Data } from '../core/data'
import { bad } from '../core/errors'
import { academic, teachParameter, teachParameterTime } from '../db/schema'
import { currentTerm } from '../base/academic-routes'
import { dayNumber, mondayOf, sectionsPerDay, type TermShape } from '../../shared/resources/teach/calendar'

/**
 * The term (学年学期 row) and its 教学参数, as every teaching write reads them. Scheduling reads the
 * same functions, so a term's calendar is computed one way.
 */
export type TermRow = typeof academic.$inferSelect
export type ParameterRow = typeof teachParameter.$inferSelect

export async function needTerm(data: Data, academicYearId: string): Promise<TermRow> {
  return data.repo(academic).need(academicYearId, '学年学期不存在')
}

/** The current term: marked current, else the one today is in, else the latest. */
export async function currentTermOf(data: Data): Promise<TermRow | null> {
  return currentTerm(data.db, data.tenantId)
}

export async function termParameter(data: Data, academicYearId: string): Promise<ParameterRow | null> {
  return data.repo(teachParameter).first(eq(teachParameter.academicYearId, academicYearId))
}

export async function needTermParameter(data: Data, academicYearId: string): Promise<ParameterRow> {
  return (await termParameter(data, academicYearId)) ?? bad('请先设置该学年学期的教学参数')
}

export const shapeOf = (p: ParameterRow): TermShape => ({
  firstWeekMonday: String(p.firstWeekMonday),
  weeks: Number(p.weeks),
  teachingWeekdays: String(p.teachingWeekdays ?? ''),
  morningSections: Number(p.morningSections),
  afternoonSections: Number(p.afternoonSections),
  eveningSections: Number(p.eveningSections),
  holidays: p.holidays ?? '',
})

/** Unsaved defaults of a term without parameters (domain 1): its start's Monday, its weeks, 4+4+3. */
export function defaultParameter(term: TermRow) {
  const start = String(term.startDate)
  return {
    id: '',
    academicYearId: term.id,
    firstWeekMonday: mondayOf(start),
    weeks: Math.min(30, Math.max(1, Number(term.weeks) || 18)),
    teachingWeekdays: '1,2,3,4,5',
    morningSections: 4,
    afternoonSections: 4,
    eveningSections: 3,
    holidays: '',
    remark: '',
  }
}

/** The first and last day of a term's teaching weeks. */
export function teachingSpan(shape: Pick<TermShape, 'firstWeekMonday' | 'weeks'>) {
  const first = dayNumber(shape.firstWeekMonday)
  return { first, last: first + shape.weeks * 7 - 1 }
}

/** A term's 作息时间 rows, by section. */
export function sectionTimes(data: Data, academicYearId: string) {
  return data.repo(teachParameterTime).find([eq(teachParameterTime.academicYearId, academicYearId)], {
    sort: [asc(teachParameterTime.section)],
  })
}

/** The latest term before `term` that has 作息时间 rows (their times seed a new term's). */
export async function previousTermWithTimes(data: Data, term: TermRow): Promise<string | null> {
  const earlier = await data
    .repo(academic)
    .find([lt(academic.startDate, String(term.startDate))], { sort: [desc(academic.startDate)], limit: 20 })
  for (const t of earlier) {
    const has = await data.repo(teachParameterTime).exists(and(eq(teachParameterTime.academicYearId, t.id)))
    if (has) return t.id
  }
  return null
}

export { sectionsPerDay }
