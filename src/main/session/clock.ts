/**
 * Time as the session sees it, injectable so scheduling can be tested with a controlled clock.
 * `monotonic()` (like `performance.now()`) is what every delay is measured on: it never jumps when
 * the user or NTP changes the wall clock. `now()` (wall time) is for display and records only.
 */
export interface Clock {
  now(): number
  monotonic(): number
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
  setInterval(callback: () => void, ms: number): unknown
  clearInterval(handle: unknown): void
}

export const systemClock: Clock = {
  now: () => Date.now(),
  monotonic: () => performance.now(),
  setTimeout: (callback, ms) => {
    const handle = setTimeout(callback, ms)
    // A pending refresh must not keep the process alive on quit.
    handle.unref?.()
    return handle
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
}
