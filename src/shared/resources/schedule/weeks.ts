/**
 * Teaching weeks on the wire and on screen (teaching.md conventions): weeks are 1-based, travel as a
 * sorted comma list ("1,2,3,4,6"), are stored beside a bit mask (bit w−1 per week, at most 30 weeks so
 * the mask fits a 32-bit integer) and show compressed: 第1-4、6周. Built on the teach area's calendar
 * helpers (src/shared/resources/teach/calendar.ts); the masks and sentence parts are scheduling's own.
 */

import { parseNumberList, WEEKDAY_ZH, weeksText } from '../teach/calendar'

export const MAX_WEEKS = 30

export const WEEKDAY_NAMES: readonly string[] = WEEKDAY_ZH
export const WEEKDAY_NAMES_EN = ['', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const

/** "3,1,2" or [3,1,2] → [1,2,3] (deduplicated, sorted; non-numbers dropped). */
export const parseWeeks = (value: string | readonly number[] | null | undefined): number[] =>
  parseNumberList(value == null ? null : typeof value === 'string' ? value : [...value])

/** [3,1,2] → "1,2,3". */
export const joinWeeks = (weeks: readonly number[]): string => parseWeeks(weeks).join(',')

/** Weeks → mask (bit w−1). Weeks outside 1..30 are ignored. */
export function weeksToMask(weeks: readonly number[]): number {
  let mask = 0
  for (const w of weeks) if (w >= 1 && w <= MAX_WEEKS) mask |= 1 << (w - 1)
  return mask >>> 0
}

/** Mask → sorted weeks. */
export function maskToWeeks(mask: number): number[] {
  const weeks: number[] = []
  for (let w = 1; w <= MAX_WEEKS; w++) if (mask & (1 << (w - 1))) weeks.push(w)
  return weeks
}

/** Number of weeks in a mask. */
export function maskSize(mask: number): number {
  let n = 0
  for (let m = mask >>> 0; m; m &= m - 1) n++
  return n
}

/** [1,2,3,4,6] or "1,2,3,4,6" → "第1-4、6周"; empty → "". */
export function formatWeeks(weeks: string | readonly number[] | null | undefined): string {
  const list = parseWeeks(weeks)
  return list.length ? weeksText(list) : ''
}

/** [1,2] → "第1-2节", [3] → "第3节". */
export function formatSections(start: number, end: number): string {
  return start === end ? `第${start}节` : `第${start}-${end}节`
}

/** 第3-4周星期二第1-2节 */
export function formatWhen(
  weeks: readonly number[] | string,
  weekday: number,
  start: number,
  end: number,
): string {
  return `${formatWeeks(weeks)}${WEEKDAY_NAMES[weekday] ?? ''}${formatSections(start, end)}`
}
