import { describe, expect, it } from 'vitest'
import { validateField } from '../../resource/validate'
import {
  MISSING_COLUMN_MESSAGE,
  isSchoolYear,
  schoolYearOf,
  schoolYearRange,
  schoolYearTermField,
  schoolYearsAround,
  teachingWeek,
  termLabel,
  weeksBetween,
} from './school-year'

describe('school year helper', () => {
  it('starts a new school year on 1 September', () => {
    expect(schoolYearOf(new Date(2025, 7, 31))).toBe('2024-2025')
    expect(schoolYearOf(new Date(2025, 8, 1))).toBe('2025-2026')
    expect(schoolYearOf(new Date(2026, 0, 15))).toBe('2025-2026')
  })

  it('accepts only consecutive four-digit years', () => {
    expect(isSchoolYear('2025-2026')).toBe(true)
    expect(isSchoolYear('2025-2027')).toBe(false)
    expect(isSchoolYear('2025/2026')).toBe(false)
    expect(isSchoolYear(2025)).toBe(false)
    expect(schoolYearRange('2025-2026')).toEqual({ start: '2025-09-01', end: '2026-08-31' })
    expect(() => schoolYearRange('2025')).toThrow('学年格式不正确')
  })

  it('lists recent years newest first with one ahead', () => {
    expect(schoolYearsAround(new Date(2026, 2, 1), 3, 1)).toEqual([
      '2026-2027',
      '2025-2026',
      '2024-2025',
      '2023-2024',
    ])
  })

  it('counts teaching weeks from the start date', () => {
    expect(teachingWeek('2025-09-01', new Date(2025, 7, 30))).toBe(0)
    expect(teachingWeek('2025-09-01', new Date(2025, 8, 1))).toBe(1)
    expect(teachingWeek('2025-09-01', new Date(2025, 8, 7))).toBe(1)
    expect(teachingWeek('2025-09-01', new Date(2025, 8, 8))).toBe(2)
    expect(weeksBetween('2025-09-01', '2026-01-18')).toBe(20)
    expect(termLabel('2025-2026', '第一学期')).toBe('2025-2026学年第一学期')
  })

  it('refuses a term column without a name, with the spec message', () => {
    expect(() => schoolYearTermField('')).toThrow(MISSING_COLUMN_MESSAGE)
    expect(() => schoolYearTermField('   ')).toThrow('学年学期列名称不能为空！')
    expect(() => schoolYearTermField(undefined as unknown as string)).toThrow(MISSING_COLUMN_MESSAGE)
  })

  it('builds a term column bound to the academic dictionary', () => {
    const f = schoolYearTermField('academicId', { required: true, search: true })
    expect(f.name).toBe('academicId')
    expect(f.remote?.url).toBe('/api/system/academic/dictionary')
    expect(f.search).toBe('equal')
    expect(validateField(f, '')).toBe('请选择学年学期')
    expect(validateField(f, '12345')).toBeNull()
  })
})
