import { describe, expect, it } from 'vitest'
import {
  formatSections,
  formatWeeks,
  formatWhen,
  maskSize,
  maskToWeeks,
  parseWeeks,
  weeksToMask,
} from './weeks'

describe('weeks', () => {
  it('compresses runs of weeks the way the screens show them', () => {
    expect(formatWeeks([1, 2, 3, 4, 6])).toBe('第1-4、6周')
    expect(formatWeeks('6,1,2,3,4')).toBe('第1-4、6周')
    expect(formatWeeks([5])).toBe('第5周')
    expect(formatWeeks([1, 3, 5, 7])).toBe('第1、3、5、7周')
    expect(formatWeeks([3, 4, 5, 7, 8, 9, 10, 12])).toBe('第3-5、7-10、12周')
    expect(formatWeeks('')).toBe('')
  })

  it('parses wire lists, deduplicates and sorts', () => {
    expect(parseWeeks('3,1,2,2')).toEqual([1, 2, 3])
    expect(parseWeeks('1，2 3')).toEqual([1, 2, 3])
    expect(parseWeeks(null)).toEqual([])
  })

  it('round-trips masks for every week up to 30', () => {
    const all = Array.from({ length: 30 }, (_, i) => i + 1)
    expect(maskToWeeks(weeksToMask(all))).toEqual(all)
    expect(weeksToMask([1])).toBe(1)
    expect(weeksToMask([30])).toBe(2 ** 29)
    expect(maskSize(weeksToMask([1, 5, 30]))).toBe(3)
  })

  it('names sections and times', () => {
    expect(formatSections(1, 2)).toBe('第1-2节')
    expect(formatSections(3, 3)).toBe('第3节')
    expect(formatWhen([3, 4], 2, 1, 2)).toBe('第3-4周星期二第1-2节')
  })
})
