import type { Clock } from './clock'

/** What one refresh attempt came to. Only `refused` (the server said no to the token) ends a session. */
export type RenewResult =
  { kind: 'ok'; expiresInSeconds: number } | { kind: 'refused'; reason: string } | { kind: 'unreachable' }

/** Refresh at this share of the access token's lifetime… */
export const REFRESH_AT = 0.8
/** …but never sooner than this after the last token (a tiny `expires_in` must not spin). */
export const REFRESH_FLOOR_MS = 30_000
export const BACKOFF_FIRST_MS = 2_000
export const BACKOFF_MAX_MS = 300_000
/** A refresh call that has not answered by then is abandoned (aborted) and retried with backoff. */
export const REFRESH_TIMEOUT_MS = 15_000

export function refreshDelayMs(expiresInSeconds: number): number {
  return Math.max(REFRESH_FLOOR_MS, Math.floor(expiresInSeconds * 1000 * REFRESH_AT))
}

/** 2 s, 4 s, 8 s … up to 5 min, each ±20 % so many clients do not retry in step. */
export function backoffDelayMs(failures: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.min(failures, 30))
  return Math.min(BACKOFF_MAX_MS, Math.round(base * (0.8 + 0.4 * random())))
}

/**
 * When the session refreshes its token: at 80 % of `expires_in` after each new token (timers on the
 * clock's monotonic time), on demand (a 401, resume from sleep, the network back), one refresh at a
 * time for everyone who asks (single flight), each attempt aborted after 15 s, and after a failure
 * to reach the server again with exponential backoff. A refused token stops it until the next token.
 */
export class RefreshScheduler {
  private handle: unknown = null
  private inFlight: Promise<RenewResult> | null = null
  private failures = 0
  private dueAt: number | null = null

  constructor(
    private readonly clock: Clock,
    private readonly options: {
      attempt(signal: AbortSignal): Promise<RenewResult>
      timeoutMs?: number
      random?: () => number
    },
  ) {}

  /** A new access token arrived (sign-in, refresh, switch): plan the next refresh from its lifetime. */
  tokenIssued(expiresInSeconds: number): void {
    this.failures = 0
    this.arm(refreshDelayMs(expiresInSeconds))
  }

  /** Refreshes now unless a refresh is already under way, whose result is shared. */
  refresh(): Promise<RenewResult> {
    if (this.inFlight) return this.inFlight
    this.disarm()
    const controller = new AbortController()
    let timer: unknown = null
    const timedOut = new Promise<RenewResult>((resolve) => {
      timer = this.clock.setTimeout(() => {
        controller.abort()
        resolve({ kind: 'unreachable' })
      }, this.options.timeoutMs ?? REFRESH_TIMEOUT_MS)
    })
    const attempt = this.options
      .attempt(controller.signal)
      .catch((): RenewResult => ({ kind: 'unreachable' }))
    const run = Promise.race([attempt, timedOut]).then((result) => {
      this.clock.clearTimeout(timer)
      this.inFlight = null
      if (result.kind === 'ok') this.tokenIssued(result.expiresInSeconds)
      else if (result.kind === 'unreachable') this.arm(backoffDelayMs(this.failures++, this.options.random))
      else this.stop()
      return result
    })
    this.inFlight = run
    return run
  }

  /** Signed out: nothing more to refresh. */
  stop(): void {
    this.disarm()
    this.failures = 0
  }

  /** The last refresh failed to reach the server; the next one is planned with backoff. */
  get retrying(): boolean {
    return this.failures > 0
  }

  get refreshing(): boolean {
    return this.inFlight !== null
  }

  /** Milliseconds (monotonic) until the planned refresh; null when none is planned. */
  dueInMs(): number | null {
    return this.dueAt === null ? null : Math.max(0, this.dueAt - this.clock.monotonic())
  }

  private arm(delayMs: number): void {
    this.disarm()
    this.dueAt = this.clock.monotonic() + delayMs
    this.handle = this.clock.setTimeout(() => {
      this.handle = null
      this.dueAt = null
      void this.refresh()
    }, delayMs)
  }

  private disarm(): void {
    if (this.handle !== null) this.clock.clearTimeout(this.handle)
    this.handle = null
    this.dueAt = null
  }
}
