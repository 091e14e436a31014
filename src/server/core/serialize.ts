/** BladeX writes dates as `yyyy-MM-dd HH:mm:ss` in server local time (contract 3); bigints as strings. */
export function formatDateTime(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`
}

/** The inverse of formatDateTime: `yyyy-MM-dd HH:mm:ss` (already validated) in server local time. */
export function parseDateTime(text: string): Date {
  const [y, mo, d, h, mi, sec] = text.split(/[- :]/).map(Number)
  return new Date(y, mo - 1, d, h, mi, sec)
}

export function toJson(payload: unknown): string {
  return JSON.stringify(payload, function (this: Record<string, unknown>, key, value) {
    const raw = this[key]
    if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? '' : formatDateTime(raw)
    if (typeof value === 'bigint') return value.toString()
    return value
  })
}
