import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../../tests/host/manual-clock'
import {
  BACKOFF_MAX_MS,
  REFRESH_FLOOR_MS,
  REFRESH_TIMEOUT_MS,
  RefreshScheduler,
  backoffDelayMs,
  type RenewResult,
} from './refresh-scheduler'

const flush = () => new Promise((r) => setImmediate(r))

function setup(answer: (signal: AbortSignal) => Promise<RenewResult>) {
  const clock = new ManualClock()
  const signals: AbortSignal[] = []
  const scheduler = new RefreshScheduler(clock, {
    attempt: (signal) => {
      signals.push(signal)
      return answer(signal)
    },
    random: () => 0.5,
  })
  return { clock, scheduler, calls: () => signals.length, signals }
}

const ok = (expiresInSeconds = 3599): Promise<RenewResult> =>
  Promise.resolve({ kind: 'ok', expiresInSeconds })

describe('RefreshScheduler', () => {
  it('refreshes at 80 % of the server-given expires_in, measured on the monotonic clock', async () => {
    const t = setup(() => ok(600))
    t.scheduler.tokenIssued(600)
    t.clock.advance(479_000)
    expect(t.calls()).toBe(0)
    t.clock.advance(1_000)
    expect(t.calls()).toBe(1)
    await flush()
    // The new token's lifetime plans the next one.
    expect(t.scheduler.dueInMs()).toBe(480_000)
  })

  it('never plans a refresh sooner than the floor, whatever expires_in says', () => {
    const t = setup(() => ok(1))
    t.scheduler.tokenIssued(1)
    expect(t.scheduler.dueInMs()).toBe(REFRESH_FLOOR_MS)
  })

  it('ignores wall-clock jumps: only monotonic time counts', () => {
    const t = setup(() => ok())
    t.scheduler.tokenIssued(3600)
    const due = t.scheduler.dueInMs()
    // A wall-clock change is not a ManualClock operation at all: monotonic time alone drives timers.
    expect(due).toBe(2_880_000)
    t.clock.advance(1_000)
    expect(t.scheduler.dueInMs()).toBe(due! - 1_000)
  })

  it('shares one refresh among every caller (single flight)', async () => {
    let settle!: (r: RenewResult) => void
    const t = setup(() => new Promise((r) => (settle = r)))
    const a = t.scheduler.refresh()
    const b = t.scheduler.refresh()
    const c = t.scheduler.refresh()
    expect(t.calls()).toBe(1)
    expect(t.scheduler.refreshing).toBe(true)
    settle({ kind: 'ok', expiresInSeconds: 100 })
    expect(await Promise.all([a, b, c])).toEqual([
      { kind: 'ok', expiresInSeconds: 100 },
      { kind: 'ok', expiresInSeconds: 100 },
      { kind: 'ok', expiresInSeconds: 100 },
    ])
    expect(t.scheduler.refreshing).toBe(false)
    expect(t.scheduler.refresh()).not.toBe(a)
  })

  it('retries an unreachable server with exponential backoff up to 5 minutes', async () => {
    const t = setup(() => Promise.resolve({ kind: 'unreachable' }))
    const delays: number[] = []
    await t.scheduler.refresh()
    for (let i = 0; i < 10; i++) {
      const due = t.scheduler.dueInMs()!
      delays.push(due)
      t.clock.advance(due)
      await flush()
    }
    expect(delays.slice(0, 4)).toEqual([2_000, 4_000, 8_000, 16_000])
    expect(delays.at(-1)).toBe(BACKOFF_MAX_MS)
    expect(t.calls()).toBe(11)
  })

  it('adds up to ±20 % jitter to the backoff, never beyond the maximum', () => {
    expect(backoffDelayMs(0, () => 0)).toBe(1_600)
    expect(backoffDelayMs(0, () => 1)).toBe(2_400)
    expect(backoffDelayMs(20, () => 1)).toBe(BACKOFF_MAX_MS)
  })

  it('abandons a hung refresh after the timeout, aborts it and keeps checking', async () => {
    const t = setup(() => new Promise(() => undefined))
    const run = t.scheduler.refresh()
    t.clock.advance(REFRESH_TIMEOUT_MS)
    expect(await run).toEqual({ kind: 'unreachable' })
    expect(t.signals[0]!.aborted).toBe(true)
    expect(t.scheduler.refreshing).toBe(false)
    // The next attempt is planned with backoff, and it runs.
    t.clock.advance(t.scheduler.dueInMs()!)
    expect(t.calls()).toBe(2)
  })

  it('stops when the server refuses the token', async () => {
    const t = setup(() => Promise.resolve({ kind: 'refused', reason: '令牌已失效' }))
    t.scheduler.tokenIssued(3600)
    expect(await t.scheduler.refresh()).toEqual({ kind: 'refused', reason: '令牌已失效' })
    expect(t.scheduler.dueInMs()).toBeNull()
    expect(t.clock.pending).toBe(0)
  })
})
