/**
 * The emptiness test of spec section 5: null, undefined, '', [] and {} are empty; numbers and
 * booleans (including 0 and false) never are.
 */
export function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true
  if (typeof value === 'number' || typeof value === 'boolean') return false
  if (typeof value === 'string') return value.length === 0
  if (Array.isArray(value)) return value.length === 0
  if (typeof value === 'object') return Object.keys(value as object).length === 0
  return false
}
