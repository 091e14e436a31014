/**
 * The area's clock. The server owns exam time: every deadline, grace and phase is judged by this
 * clock, never by the database's or a client's. Tests set `clock.now` to run on a fixed time.
 */
export const clock = {
  now: (): Date => new Date(),
}

/** Seconds after the deadline a save or a hand-in is still taken (network latency). */
export const GRACE_SECONDS = 15

const pad = (n: number) => String(n).padStart(2, '0')

/** `2025-11-20 09:00` (messages). */
export const minuteText = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`

/** `2025-11-20` (dates of certificates and file names). */
export const dateText = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`

/** `20251120` (file names). */
export const compactDate = (d: Date) => dateText(d).replace(/-/g, '')

/** A numeric column (numeric comes back as text) as a number, or null. */
export const num = (v: unknown): number | null =>
  v === null || v === undefined || v === '' ? null : Number(v)

/** Half-up rounding to one decimal (scores). */
export const round1 = (n: number) => Math.round((n + Number.EPSILON) * 10) / 10
