import type { HostNetwork, HostPowerMonitor } from '../host/electron-host'
import { log } from '../log'
import type { Clock } from './clock'
import { backoffDelayMs } from './refresh-scheduler'
import type { Session } from './session'

/** How often the idle time is read for the auto-lock. */
export const IDLE_CHECK_MS = 30_000

/**
 * Keeps the session in step with the world around it: the HTTP client's reachability (offline
 * while the server cannot be reached, probed with backoff until it answers), sleep and wake and
 * the network coming back (the token is checked again), and the idle auto-lock.
 */
export class Connectivity {
  private probeHandle: unknown = null
  private probeFailures = 0
  private idleHandle: unknown = null

  constructor(
    private readonly deps: {
      clock: Clock
      session: Session
      /** One cheap call to the server; any answer (even an error status) means it is reachable. */
      probe(): Promise<unknown>
      power: HostPowerMonitor
      network: HostNetwork
      random?: () => number
    },
  ) {}

  start(): void {
    const { power, network, session, clock } = this.deps
    power.on('resume', () => void this.wake('resume'))
    power.on('unlock-screen', () => void this.wake('unlock-screen'))
    network.onChange((online) => {
      if (online) void this.wake('network back')
    })
    this.idleHandle = clock.setInterval(() => this.checkIdle(), IDLE_CHECK_MS)
    if (session.isOffline) this.armProbe()
  }

  /** The HTTP client's verdict of each call. */
  reachable(reachable: boolean): void {
    const { session } = this.deps
    const wasOffline = session.isOffline
    session.reachable(reachable)
    if (!reachable) {
      if (this.probeHandle === null) this.armProbe()
      return
    }
    this.stopProbe()
    // Back online with a refresh owed (a failed one, or none since the start): do it now.
    if (wasOffline && session.state().signedIn && (!session.accessToken() || session.scheduler.retrying))
      void session.renew()
  }

  /** Auto-lock when the user has been idle for the set minutes and a lock password is set. */
  checkIdle(): void {
    const { session, power } = this.deps
    const minutes = session.idleLockMinutes()
    const state = session.state()
    if (!minutes || !state.signedIn || state.locked || !state.lockPasswordSet) return
    if (power.getSystemIdleTime() >= minutes * 60) session.lock()
  }

  stop(): void {
    this.stopProbe()
    if (this.idleHandle !== null) this.deps.clock.clearInterval(this.idleHandle)
    this.idleHandle = null
  }

  private async wake(why: string): Promise<void> {
    log.info(`${why}: checking the server and the session`)
    this.stopProbe()
    await this.probeNow()
    if (this.deps.session.state().signedIn) await this.deps.session.recheck()
  }

  private armProbe(): void {
    const delay = backoffDelayMs(this.probeFailures++, this.deps.random)
    this.probeHandle = this.deps.clock.setTimeout(() => {
      this.probeHandle = null
      void this.probeNow().then(() => {
        if (this.deps.session.isOffline && this.probeHandle === null) this.armProbe()
      })
    }, delay)
  }

  private async probeNow(): Promise<void> {
    // The HTTP client reports the outcome through `reachable`.
    await this.deps.probe().catch(() => undefined)
  }

  private stopProbe(): void {
    if (this.probeHandle !== null) this.deps.clock.clearTimeout(this.probeHandle)
    this.probeHandle = null
    this.probeFailures = 0
  }
}
