/**
 * Exact decimal arithmetic for report amounts (元 with 2 places, 万元 with 2 places): values travel as
 * decimal strings and are summed and rounded on scaled integers, never on binary floats, so
 * Σ元 / 10000 rounds half up once, as reports-portal.md 2 requires.
 */

const SCALE = 6
const FACTOR = 10n ** BigInt(SCALE)
const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/

/** A decimal value scaled by 10^6 (more places are rounded half up), or null when not a number. */
export function toScaled(value: unknown): bigint | null {
  if (value === null || value === undefined || value === '') return null
  const text =
    typeof value === 'number' ? (Number.isFinite(value) ? numberText(value) : '') : String(value).trim()
  const m = DECIMAL.exec(text)
  if (!m) return null
  const fraction = (m[3] ?? '').padEnd(SCALE + 1, '0')
  let scaled = BigInt(m[2]) * FACTOR + BigInt(fraction.slice(0, SCALE))
  if (Number(fraction[SCALE]) >= 5) scaled += 1n
  return m[1] ? -scaled : scaled
}

function numberText(n: number): string {
  // Plain notation (no exponent) with enough places for what a report holds.
  return Math.abs(n) < 1e21 ? n.toFixed(SCALE + 1).replace(/\.?0+$/, '') : String(n)
}

/** A scaled value rounded half up (away from zero) to `places` and written with exactly that many. */
export function formatScaled(scaled: bigint, places: number): string {
  const negative = scaled < 0n
  const abs = negative ? -scaled : scaled
  const unit = 10n ** BigInt(SCALE - places)
  const rounded = (abs + unit / 2n) / unit
  const digits = rounded.toString().padStart(places + 1, '0')
  const text = places ? `${digits.slice(0, -places)}.${digits.slice(-places)}` : digits
  return negative && rounded !== 0n ? `-${text}` : text
}

/** `value` written with exactly `places` decimals (half up); null when it is not a number. */
export function fixed(value: unknown, places: number): string | null {
  const scaled = toScaled(value)
  return scaled === null ? null : formatScaled(scaled, places)
}

/** Σ of the values (nulls count as 0) as a scaled integer. */
export function sumScaled(values: Iterable<unknown>): bigint {
  let total = 0n
  for (const v of values) total += toScaled(v) ?? 0n
  return total
}

/** 元 → 万元: round_half_up(Σ元 / 10000, 2). */
export function yuanToWan(totalYuanScaled: bigint): string {
  return formatScaled(totalYuanScaled / 10000n, 2)
}

/** Compares two decimals at `places` (after rounding each). */
export function sameAt(a: unknown, b: unknown, places = 2): boolean {
  return fixed(a ?? 0, places) === fixed(b ?? 0, places)
}

export const scaledToNumber = (scaled: bigint): number => Number(scaled) / Number(FACTOR)
