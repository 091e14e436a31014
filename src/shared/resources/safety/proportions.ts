/**
 * 按比例组卷 (B.3): how many questions of a type each category gets. Shared by the server (generation)
 * and the paper composer (the live preview of the counts).
 */

export interface Proportion {
  categoryId: string
  proportion: number
}

/**
 * Largest remainder: quota qᵢ = n × pᵢ / 100; each gets ⌊qᵢ⌋, the remaining n − Σ⌊qᵢ⌋ go one each to
 * the largest fractional parts, ties to the earlier listed category. (30, 40/35/25 → 12, 11, 7.)
 */
export function allocate(n: number, proportions: number[]): number[] {
  // Integer arithmetic: qᵢ × 100 = n × pᵢ, so fractions compare exactly.
  const scaled = proportions.map((p) => n * p)
  const counts = scaled.map((s) => Math.floor(s / 100))
  let left = n - counts.reduce((a, b) => a + b, 0)
  const order = scaled.map((s, i) => ({ i, rest: s % 100 })).sort((a, b) => b.rest - a.rest || a.i - b.i)
  for (const { i } of order) {
    if (left <= 0) break
    counts[i] += 1
    left -= 1
  }
  return counts
}

/** The message of the first broken rule of a proportion list (integers ≥ 1, no repeats, Σ = 100), or null. */
export function checkProportions(rows: Proportion[]): string | null {
  if (!rows.length) return '请设置分类比例'
  for (const r of rows) {
    if (!r.categoryId) return '请选择题目分类'
    if (!Number.isInteger(r.proportion) || r.proportion < 1 || r.proportion > 100)
      return '分类比例须为1到100的整数'
  }
  if (new Set(rows.map((r) => r.categoryId)).size !== rows.length) return '分类不能重复选择'
  if (rows.reduce((s, r) => s + r.proportion, 0) !== 100) return '各分类比例之和必须为100'
  return null
}

/** Parses `[{"categoryId":"…","proportion":40}]` (or an array), or null when it is not such a list. */
export function parseProportions(raw: unknown): Proportion[] | null {
  let value: unknown = raw
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw)
    } catch {
      return null
    }
  }
  if (!Array.isArray(value)) return null
  return value.map((v) => ({
    categoryId: String((v as { categoryId?: unknown })?.categoryId ?? ''),
    proportion: Number((v as { proportion?: unknown })?.proportion),
  }))
}
