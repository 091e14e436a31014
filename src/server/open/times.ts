/**
 * `generateTime`: the dated times of a weekly pattern (开始日期…结束日期, 开放星期, 开始/结束时间), shared
 * by open-lab and open-base applications. At most 200 times and one year, so a slip of the date does
 * not write thousands of slots.
 */
import type { GeneratedTime } from '../../shared/api/open'
import { daysBetween, daysFrom, minutesOf, weekdayOf } from '../../shared/resources/lab/time'
import { bad } from '../core/errors'

export const MAX_TIMES = 200

export interface WeeklyPattern {
  startDate: string
  endDate: string
  weekdays: string
  startTime: string
  endTime: string
}

export function generateTimes(p: WeeklyPattern): GeneratedTime[] {
  if (p.endDate < p.startDate) bad('结束日期不能早于开始日期')
  if (daysBetween(p.startDate, p.endDate) > 366) bad('开放周期不能超过一年')
  if (minutesOf(p.endTime) <= minutesOf(p.startTime)) bad('结束时间必须晚于开始时间')
  const days = new Set(String(p.weekdays).split(',').map(Number))
  const times = daysFrom(p.startDate, p.endDate)
    .filter((d) => days.has(weekdayOf(d)))
    .map((date) => ({ date, weekday: weekdayOf(date), startTime: p.startTime, endTime: p.endTime }))
  if (!times.length) bad('所选日期范围内没有所选的开放星期')
  if (times.length > MAX_TIMES) bad(`一次最多生成${MAX_TIMES}个时段（当前${times.length}个），请缩短开放周期`)
  return times
}
