/**
 * The exam's clock on the candidate's screen. The server fixed the deadline; the screen only knows
 * how far it was when the answer arrived (deadline − serverNow, both the server's), so a wrong local
 * clock or time zone changes nothing. Never a local start time.
 */

const parse = (text: string) => {
  const [y, mo, d, h, mi, s] = text.split(/[- :T]/).map(Number)
  return Date.UTC(y, mo - 1, d, h, mi, s || 0)
}

/** Milliseconds left at the server's `serverNow` (0 when past). */
export const leftAtServer = (deadline: string, serverNow: string) =>
  Math.max(0, parse(deadline) - parse(serverNow))

/** The local instant (performance-free: `now()` ms) the exam ends, given when the answer arrived. */
export const endsAt = (deadline: string, serverNow: string, receivedAt: number) =>
  receivedAt + leftAtServer(deadline, serverNow)

/** Whole seconds left at `now` (rounded up, so 0 means over). */
export const secondsLeft = (end: number, now: number) => Math.max(0, Math.ceil((end - now) / 1000))

/** `59:08`, `1:02:05`. */
export function clockText(seconds: number): string {
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  const two = (n: number) => String(n).padStart(2, '0')
  return h ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`
}

/** The warnings due when the clock passes from `before` to `after` seconds: 5 and 1 minutes. */
export function warningsBetween(before: number, after: number): (300 | 60)[] {
  return ([300, 60] as const).filter((mark) => before > mark && after <= mark)
}
