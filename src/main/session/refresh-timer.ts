import type { Clock } from './clock'

/** Spec §9: the token is checked every 10 s and refreshed when its age reaches the token-time setting. */
export const TOKEN_CHECK_INTERVAL_MS = 10_000
export const TOKEN_TIME_SECONDS = 3000

/**
 * Checks the token's age every `checkEveryMs`; when it reaches `tokenTimeSeconds` and no refresh is in
 * flight, starts one. Success or failure, the in-flight marker is cleared afterwards; a failure does
 * nothing else (the next check tries again; a 401 signs out through the HTTP client).
 */
export class RefreshTimer {
  private handle: unknown = null
  private inFlight: Promise<void> | null = null

  constructor(
    private readonly clock: Clock,
    private readonly options: {
      /** When the current access token was issued (ms), or null when signed out. */
      issuedAt(): number | null
      refresh(): Promise<void>
      checkEveryMs?: number
      tokenTimeSeconds?: number
    },
  ) {}

  start(): void {
    if (this.handle !== null) return
    this.handle = this.clock.setInterval(
      () => void this.check(),
      this.options.checkEveryMs ?? TOKEN_CHECK_INTERVAL_MS,
    )
  }

  stop(): void {
    if (this.handle === null) return
    this.clock.clearInterval(this.handle)
    this.handle = null
  }

  get refreshing(): boolean {
    return this.inFlight !== null
  }

  /** One check; resolves when the refresh in flight (started now or before) has settled. */
  check(): Promise<void> {
    if (this.inFlight) return this.inFlight
    const issuedAt = this.options.issuedAt()
    if (issuedAt === null) return Promise.resolve()
    const ageSeconds = (this.clock.now() - issuedAt) / 1000
    if (ageSeconds < (this.options.tokenTimeSeconds ?? TOKEN_TIME_SECONDS)) return Promise.resolve()
    const run = this.options
      .refresh()
      .catch(() => undefined)
      .finally(() => {
        this.inFlight = null
      })
    this.inFlight = run
    return run
  }
}
