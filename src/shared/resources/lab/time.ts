/**
 * Times of day and calendar days as the lab area stores them: `HH:mm` and `yyyy-MM-dd` strings.
 * Intervals are half-open ([start, end)), so a booking ending at 10:00 and one starting at 10:00 do
 * not overlap. Days are computed in UTC so the server's and the desktop's time zones never shift a day.
 */

export const TIME_PATTERN = '^([01]\\d|2[0-3]):[0-5]\\d$'
export const DATE_PATTERN = '^\\d{4}-\\d{2}-\\d{2}$'
const TIME_RE = new RegExp(TIME_PATTERN)
const DATE_RE = new RegExp(DATE_PATTERN)
const DAY_MS = 24 * 60 * 60 * 1000

export const isTime = (v: unknown): v is string => typeof v === 'string' && (TIME_RE.test(v) || v === '24:00')

/** Minutes since midnight of `HH:mm` (`24:00` is the end of the day). */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number)
  return h * 60 + m
}

/** `HH:mm` of minutes since midnight. */
export function timeOf(minutes: number): string {
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`
}

/** Half-open intervals [aStart, aEnd) and [bStart, bEnd) share a moment. */
export const overlaps = (aStart: number, aEnd: number, bStart: number, bEnd: number): boolean =>
  aStart < bEnd && bStart < aEnd

export function isDate(v: unknown): v is string {
  if (typeof v !== 'string' || !DATE_RE.test(v)) return false
  const d = new Date(`${v}T00:00:00Z`)
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v
}

const dayMs = (date: string) => Date.parse(`${date}T00:00:00Z`)

/** `yyyy-MM-dd` plus `days` (negative goes back). */
export const addDays = (date: string, days: number): string =>
  new Date(dayMs(date) + days * DAY_MS).toISOString().slice(0, 10)

/** Days from `a` to `b` (b − a). */
export const daysBetween = (a: string, b: string): number => Math.round((dayMs(b) - dayMs(a)) / DAY_MS)

/** 1 = 星期一 … 7 = 星期日. */
export function weekdayOf(date: string): number {
  const d = new Date(dayMs(date)).getUTCDay()
  return d === 0 ? 7 : d
}

/** The Monday of the week `date` falls in. */
export const mondayOf = (date: string): string => addDays(date, 1 - weekdayOf(date))

/** Every day from `from` to `to`, both included. */
export function daysFrom(from: string, to: string): string[] {
  const out: string[] = []
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d)
  return out
}

/** Today as `yyyy-MM-dd` in the local time zone of the caller (the day a user sees on their clock). */
export function localToday(now = new Date()): string {
  const y = now.getFullYear()
  const m = String(now.getMonth() + 1).padStart(2, '0')
  const d = String(now.getDate()).padStart(2, '0')
  return `${y}-${m}-${d}`
}

/** `HH:mm` of the local clock. */
export const localNowTime = (now = new Date()): string => timeOf(now.getHours() * 60 + now.getMinutes())

export const WEEKDAY_NAMES = ['星期一', '星期二', '星期三', '星期四', '星期五', '星期六', '星期日']

/**
 * Bytes of a text in GBK, as the MOE report files count widths: ASCII one byte, anything else two.
 * Used to keep names inside their report field (实验室名称 C50 = 25 汉字).
 */
export function gbkBytes(text: string): number {
  let n = 0
  for (const ch of text) n += ch.charCodeAt(0) < 0x80 ? 1 : 2
  return n
}
