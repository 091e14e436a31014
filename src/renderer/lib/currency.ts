import { isEmpty } from './empty'

/**
 * Money as the spec shows it: the integer part grouped by thousands, the decimals kept as given,
 * and '0.0' for an empty value. Non-numeric text is returned unchanged.
 */
export function formatCurrency(value: number | string | null | undefined): string {
  if (isEmpty(value)) return '0.0'
  const text = String(value).trim()
  const match = /^(-?)(\d+)(\.\d+)?$/.exec(text)
  if (!match) return text
  const [, sign, whole, fraction = ''] = match
  return `${sign}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction}`
}
