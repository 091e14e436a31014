import type { Data } from '../core/data'
import { needTerm, termParameter } from '../teach/terms'
import { termIdOf, today } from '../teach/schedule/term'
import { mondayOf, weekOfDate } from '../../shared/resources/teach/calendar'

/** The term a quality call works on, as its messages name it (2024-2025学年第一学期). */
export interface QualityTerm {
  id: string
  name: string
  /** Monday of the term's first teaching week (教学参数, else the week of its start date). */
  firstWeekMonday: string
}

/** The term named by `?academicYearId=`, else the current term (请先设置当前学年学期). */
export async function qualityTerm(data: Data, academicYearId?: string | null): Promise<QualityTerm> {
  const row = await needTerm(data, await termIdOf(data, academicYearId))
  const parameter = await termParameter(data, row.id)
  return {
    id: row.id,
    name: String(row.name ?? ''),
    firstWeekMonday: parameter ? String(parameter.firstWeekMonday) : mondayOf(String(row.startDate)),
  }
}

/** The term's week `date` falls in (0 or less before it starts, past the last week after it ends). */
export const weekOfTerm = (term: QualityTerm, date = today()) => weekOfDate(term.firstWeekMonday, date).week
