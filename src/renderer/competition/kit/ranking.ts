/**
 * The 登记 grid's live figures (A.6): competition ranking by score, highest first (1, 2, 2, 4), rows
 * without a score unranked; the advance ticks the rule proposes (the teacher may change them).
 */

const numberOf = (score: string | number | null | undefined): number | null => {
  if (score === null || score === undefined || String(score).trim() === '') return null
  const n = Number(score)
  return Number.isFinite(n) ? n : null
}

export function competitionRanks(scores: (string | number | null | undefined)[]): (number | null)[] {
  const values = scores.map(numberOf)
  return values.map((v) => (v === null ? null : 1 + values.filter((o) => o !== null && o > v).length))
}

/** Rule 1 按名次: rank ≤ count; rule 2 按分数线: score ≥ the line. Unscored rows never advance. */
export function proposedAdvance(
  scores: (string | number | null | undefined)[],
  rule: number,
  count: number | null,
  line: number | null,
): number[] {
  const ranks = competitionRanks(scores)
  return scores.map((s, i) => {
    const v = numberOf(s)
    if (v === null) return 0
    if (rule === 2) return line !== null && v >= line ? 1 : 0
    return count !== null && ranks[i]! <= count ? 1 : 0
  })
}
