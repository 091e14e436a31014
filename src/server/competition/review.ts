/**
 * The review arithmetic of domain A.4, pure so it is tested on its own: the trimmed mean of the scores,
 * competition ranking and the suggested grade.
 */

/** Tenths of a score (scores carry one decimal), exactly. */
const tenths = (score: number) => Math.round(score * 10)

/**
 * The mean of the scores; with five or more the highest and the lowest one are dropped first. Rounded
 * half-up to two decimals, computed on integers so 88.125 is 88.13 whatever the floating point says.
 */
export function reviewMean(scores: number[]): number | null {
  if (!scores.length) return null
  let list = scores.map(tenths).sort((a, b) => a - b)
  if (list.length >= 5) list = list.slice(1, -1)
  const sum = list.reduce((a, b) => a + b, 0)
  const n = list.length
  // hundredths = sum × 10 / n, rounded half-up: floor((20·sum + n) / 2n)
  const hundredths = Math.floor((20 * sum + n) / (2 * n))
  return hundredths / 100
}

/** Competition ranking ("1224") by value, highest first: ties share a rank and the next rank skips. */
export function competitionRanks<K>(items: { key: K; value: number }[]): Map<K, number> {
  const sorted = [...items].sort((a, b) => b.value - a.value)
  const ranks = new Map<K, number>()
  sorted.forEach((item, i) => {
    const previous = sorted[i - 1]
    ranks.set(item.key, previous && previous.value === item.value ? ranks.get(previous.key)! : i + 1)
  })
  return ranks
}

/**
 * The suggested grade of a rank among m ranked applications: rank ≤ ⌈m·A%⌉ → 1 (A), rank ≤ ⌈m·(A+B)%⌉
 * → 2 (B), else 3 (C). Integer arithmetic, so 7 × 20% is exactly 1.4 → 2.
 */
export function suggestedGrade(rank: number, m: number, aRatio: number, bRatio: number): number {
  const ceilPercent = (ratio: number) => Math.floor((m * ratio + 99) / 100)
  if (rank <= ceilPercent(aRatio)) return 1
  if (rank <= ceilPercent(aRatio + bRatio)) return 2
  return 3
}
