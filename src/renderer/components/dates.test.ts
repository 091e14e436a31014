import { describe, expect, it } from 'vitest'
import { formatDay, joinDateTime, parseDay, parseTime, splitDateTime } from './dates'

describe('the product date format', () => {
  it('writes and reads yyyy-MM-dd whatever the locale', () => {
    expect(formatDay(new Date(2025, 8, 1))).toBe('2025-09-01')
    expect(parseDay('2025-09-01')?.getDate()).toBe(1)
    for (const typed of ['2025/9/1', '2025.9.1', '20250901', '2025年9月1日'])
      expect(formatDay(parseDay(typed)!)).toBe('2025-09-01')
  })
  it('refuses days that do not exist', () => {
    for (const typed of ['2025-02-30', '2025-13-01', '09/01/2025', '', 'abc'])
      expect(parseDay(typed)).toBeNull()
  })
  it('splits and joins the wire date-time', () => {
    expect(splitDateTime('2026-12-01 08:30:00')).toEqual({ day: '2026-12-01', time: '08:30' })
    expect(splitDateTime('')).toEqual({ day: '', time: '' })
    expect(joinDateTime('2026-12-01', '08:30')).toBe('2026-12-01 08:30:00')
    expect(joinDateTime('2026-12-01', '')).toBe('2026-12-01 00:00:00')
    expect(joinDateTime('', '08:30')).toBe('')
    expect(parseTime('8:05')).toEqual([8, 5, 0])
    expect(parseTime('24:00')).toBeNull()
  })
})
