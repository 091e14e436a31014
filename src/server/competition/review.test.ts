import { describe, expect, it } from 'vitest'
import { competitionRanks, reviewMean, suggestedGrade } from './review'

describe('review arithmetic (domain A.4)', () => {
  it('averages, dropping the highest and the lowest from five scores on, half-up to two decimals', () => {
    expect(reviewMean([])).toBeNull()
    expect(reviewMean([88, 92, 75])).toBe(85)
    expect(reviewMean([88, 92.5])).toBe(90.25)
    expect(reviewMean([80, 80, 81])).toBe(80.33)
    expect(reviewMean([80.5, 80, 80])).toBe(80.17)
    // 5 scores: 60 and 99 go, (80 + 85 + 90) / 3 = 85
    expect(reviewMean([60, 80, 85, 90, 99])).toBe(85)
    // half-up on exact halves: (70 + 70.1 + 70.2 + 70.0) → 280.3 / 4 = 70.075 → 70.08
    expect(reviewMean([70, 70.1, 70.2, 70.0])).toBe(70.08)
    // 4 scores keep their extremes
    expect(reviewMean([0, 100, 50, 50])).toBe(50)
  })

  it('ranks by competition ranking: 1, 2, 2, 4', () => {
    const ranks = competitionRanks([
      { key: 'a', value: 90 },
      { key: 'b', value: 85 },
      { key: 'c', value: 85 },
      { key: 'd', value: 80 },
    ])
    expect(['a', 'b', 'c', 'd'].map((k) => ranks.get(k))).toEqual([1, 2, 2, 4])
  })

  it('suggests grades by the ratios: m = 7, A 20% → the top 2, A+B 70% → the top 5', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((r) => suggestedGrade(r, 7, 20, 50))).toEqual([1, 1, 2, 2, 2, 3, 3])
    // exact boundaries: m = 5, A 20% → 1, A+B 60% → 3
    expect([1, 2, 3, 4, 5].map((r) => suggestedGrade(r, 5, 20, 40))).toEqual([1, 2, 2, 3, 3])
    // ties at the boundary share the better grade
    expect(suggestedGrade(2, 10, 10, 0)).toBe(3)
    expect(suggestedGrade(1, 10, 10, 0)).toBe(1)
  })
})
