/**
 * The teaching calendar of a term, as every teaching screen and the server compute it: weeks are
 * 1-based teaching weeks counted from 第一周周一, weekday 1 = 星期一 … 7 = 星期日, sections (节次) are
 * numbered through the day, morning first. Pure functions, shared by server and renderer.
 */

export interface TermShape {
  firstWeekMonday: string
  weeks: number
  teachingWeekdays: string
  morningSections: number
  afternoonSections: number
  eveningSections: number
  holidays?: string | null
}

export const WEEKDAY_ZH = ['', '星期一', '星期二', '星期三', '星期四', '星期五', '星期六', '星期日']

export const sectionsPerDay = (
  t: Pick<TermShape, 'morningSections' | 'afternoonSections' | 'eveningSections'>,
) => Number(t.morningSections) + Number(t.afternoonSections) + Number(t.eveningSections)

/** 1 上午 2 下午 3 晚上: where section `n` falls by the term's counts. */
export function periodOfSection(
  t: Pick<TermShape, 'morningSections' | 'afternoonSections' | 'eveningSections'>,
  n: number,
): number {
  if (n <= Number(t.morningSections)) return 1
  if (n <= Number(t.morningSections) + Number(t.afternoonSections)) return 2
  return 3
}

/** "1,2,3" / [1,2,3] → sorted unique numbers (blank parts ignored). */
export function parseNumberList(value: string | number[] | null | undefined): number[] {
  const parts = Array.isArray(value) ? value : String(value ?? '').split(/[,，、\s]+/)
  const out = new Set<number>()
  for (const p of parts) {
    const s = String(p).trim()
    if (s === '') continue
    const n = Number(s)
    if (Number.isInteger(n)) out.add(n)
  }
  return [...out].sort((a, b) => a - b)
}

export const teachingWeekdaysOf = (t: Pick<TermShape, 'teachingWeekdays'>) =>
  parseNumberList(t.teachingWeekdays)

/** [1,2,3,4,6] → "1-4、6" (the screens' compressed weeks). */
export function compressNumbers(list: number[], joiner = '、'): string {
  const sorted = [...new Set(list)].sort((a, b) => a - b)
  const parts: string[] = []
  for (let i = 0; i < sorted.length;) {
    let j = i
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++
    parts.push(i === j ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`)
    i = j + 1
  }
  return parts.join(joiner)
}

/** 第1-4、6周. */
export const weeksText = (weeks: number[] | string) =>
  `第${compressNumbers(typeof weeks === 'string' ? parseNumberList(weeks) : weeks)}周`

/** "3-16", "1-4,6", "1-8单" … → week numbers (单/双 keep odd/even weeks); null when unreadable. */
export function parseWeekRanges(text: string): number[] | null {
  const out = new Set<number>()
  const cleaned = String(text ?? '')
    .trim()
    .replace(/^第/, '')
    .replace(/周$/, '')
  if (!cleaned) return null
  for (const raw of cleaned.split(/[,，、\s]+/).filter(Boolean)) {
    const m = /^(\d{1,2})(?:\s*[-~～—至]\s*(\d{1,2}))?(单|双)?$/.exec(raw)
    if (!m) return null
    const from = Number(m[1])
    const to = m[2] ? Number(m[2]) : from
    if (to < from) return null
    for (let w = from; w <= to; w++) {
      if (m[3] === '单' && w % 2 === 0) continue
      if (m[3] === '双' && w % 2 === 1) continue
      out.add(w)
    }
  }
  return [...out].sort((a, b) => a - b)
}

const pad = (n: number) => String(n).padStart(2, '0')

/** A yyyy-MM-dd date as a UTC day number (no time zones involved). */
export function dayNumber(date: string): number {
  const [y, m, d] = date.split('-').map(Number)
  return Math.floor(Date.UTC(y, m - 1, d) / 86400000)
}

export function dateOfDay(day: number): string {
  const d = new Date(day * 86400000)
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`
}

export const isIsoDate = (s: unknown): s is string =>
  typeof s === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(s) && dateOfDay(dayNumber(s)) === s

/** 1 = Monday … 7 = Sunday. */
export const weekdayOfDate = (date: string) => ((((dayNumber(date) + 3) % 7) + 7) % 7) + 1

/** The Monday of the week `date` falls in. */
export const mondayOf = (date: string) => dateOfDay(dayNumber(date) - weekdayOfDate(date) + 1)

/** The date of (week, weekday) of a term. */
export const dateOfWeekday = (firstWeekMonday: string, week: number, weekday: number) =>
  dateOfDay(dayNumber(firstWeekMonday) + (week - 1) * 7 + (weekday - 1))

/** {week, weekday} of a date (week may be ≤ 0 before the term or beyond its weeks after it). */
export function weekOfDate(firstWeekMonday: string, date: string): { week: number; weekday: number } {
  const diff = dayNumber(date) - dayNumber(firstWeekMonday)
  return { week: Math.floor(diff / 7) + 1, weekday: weekdayOfDate(date) }
}

/** The holiday dates of a term's text (comma, 、, space or line separated). */
export const holidaysOf = (t: Pick<TermShape, 'holidays'>) =>
  String(t.holidays ?? '')
    .split(/[,，、\s]+/)
    .map((s) => s.trim())
    .filter(Boolean)

/** 第3周星期二第1节. */
export const nodeName = (week: number, weekday: number, section: number) =>
  `第${week}周${WEEKDAY_ZH[weekday] ?? ''}第${section}节`

/** HH:mm → minutes after midnight (NaN when not a time). */
export function minutesOf(time: string): number {
  const m = /^(\d{2}):(\d{2})$/.exec(String(time ?? ''))
  if (!m) return NaN
  const h = Number(m[1])
  const min = Number(m[2])
  return h < 24 && min < 60 ? h * 60 + min : NaN
}

/** The default 作息时间 of a term without a previous one (domain 1). */
export const DEFAULT_SECTION_TIMES: [string, string][] = [
  ['08:00', '08:45'],
  ['08:55', '09:40'],
  ['10:00', '10:45'],
  ['10:55', '11:40'],
  ['14:00', '14:45'],
  ['14:55', '15:40'],
  ['16:00', '16:45'],
  ['16:55', '17:40'],
  ['19:00', '19:45'],
  ['19:55', '20:40'],
  ['20:50', '21:35'],
]

/** The local calendar date of a moment, yyyy-MM-dd. */
export const localDateOf = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
