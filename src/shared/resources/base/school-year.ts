import type { FieldDef, Text } from '../../resource/types'

/**
 * School-year (学年) and term helpers shared by the server and the renderer. A 学年 runs from
 * 1 September to 31 August of the next year (the MOE statistical period), written `2025-2026`.
 */

export const SCHOOL_YEAR_PATTERN = '^\\d{4}-\\d{4}$'
export const MISSING_COLUMN_MESSAGE = '学年学期列名称不能为空！'

const DAY_MS = 24 * 60 * 60 * 1000

/** The 学年 a date falls in: September starts a new one. */
export function schoolYearOf(date: Date): string {
  const y = date.getFullYear()
  const first = date.getMonth() >= 8 ? y : y - 1
  return `${first}-${first + 1}`
}

/** `2025-2026`: two four-digit years, the second one after the first. */
export function isSchoolYear(value: unknown): value is string {
  if (typeof value !== 'string' || !new RegExp(SCHOOL_YEAR_PATTERN).test(value)) return false
  const [a, b] = value.split('-').map(Number)
  return b === a + 1
}

/** The first day and last day (yyyy-MM-dd) of a 学年. */
export function schoolYearRange(schoolYear: string): { start: string; end: string } {
  if (!isSchoolYear(schoolYear)) throw new Error(`学年格式不正确：${schoolYear}`)
  const first = Number(schoolYear.slice(0, 4))
  return { start: `${first}-09-01`, end: `${first + 1}-08-31` }
}

/** The `count` 学年 up to and including the one of `date`, newest first, plus `ahead` future ones. */
export function schoolYearsAround(date: Date, count = 5, ahead = 1): string[] {
  const current = Number(schoolYearOf(date).slice(0, 4))
  const out: string[] = []
  for (let y = current + ahead; y > current - count; y--) out.push(`${y}-${y + 1}`)
  return out
}

/** `2025-2026学年第一学期`. */
export const termLabel = (schoolYear: string, termName: string) => `${schoolYear}学年${termName}`

/** The teaching week (1-based) of `day` in a term starting on `startDate` (yyyy-MM-dd), or 0 before it. */
export function teachingWeek(startDate: string, day: Date): number {
  const [y, m, d] = startDate.split('-').map(Number)
  const start = Date.UTC(y, m - 1, d)
  const today = Date.UTC(day.getFullYear(), day.getMonth(), day.getDate())
  if (today < start) return 0
  return Math.floor((today - start) / DAY_MS / 7) + 1
}

/** Weeks between two dates (yyyy-MM-dd), a started week counting as one. */
export function weeksBetween(startDate: string, endDate: string): number {
  const ms = (s: string) => {
    const [y, m, d] = s.split('-').map(Number)
    return Date.UTC(y, m - 1, d)
  }
  return Math.max(1, Math.ceil((ms(endDate) - ms(startDate) + DAY_MS) / DAY_MS / 7))
}

/**
 * A 学年学期 column for any resource that records the term a row belongs to: a select over
 * `/api/system/academic/dictionary` (every term of the tenant, keyed by its id). The column name is
 * required; screens built without one are a programming error.
 */
export function schoolYearTermField(
  name: string,
  options: { label?: Text; required?: boolean; search?: boolean } = {},
): FieldDef {
  if (typeof name !== 'string' || name.trim() === '') throw new Error(MISSING_COLUMN_MESSAGE)
  const label = options.label ?? { zh: '学年学期', en: 'Term' }
  return {
    name: name.trim(),
    type: 'id',
    label,
    control: 'select',
    remote: { url: '/api/system/academic/dictionary', label: 'dictValue', value: 'dictKey' },
    ...(options.required
      ? { required: { zh: `请选择${label.zh}`, en: `Please select the ${label.en.toLowerCase()}` } }
      : {}),
    ...(options.search ? { search: 'equal' as const } : {}),
  }
}
