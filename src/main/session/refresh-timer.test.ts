import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../../tests/host/manual-clock'
import { RefreshTimer } from './refresh-timer'

function setup(refresh: () => Promise<void>) {
  const clock = new ManualClock()
  let issuedAt: number | null = clock.now()
  let calls = 0
  const timer = new RefreshTimer(clock, {
    issuedAt: () => issuedAt,
    refresh: () => {
      calls++
      return refresh()
    },
  })
  return {
    clock,
    timer,
    calls: () => calls,
    setIssuedAt: (v: number | null) => (issuedAt = v),
  }
}

describe('RefreshTimer', () => {
  it('refreshes once the token is 3000 s old, checking every 10 s', async () => {
    const t = setup(async () => undefined)
    t.timer.start()
    t.clock.advance(2990_000)
    expect(t.calls()).toBe(0)
    t.clock.advance(10_000)
    expect(t.calls()).toBe(1)
  })

  it('does not start a second refresh while one is in flight', async () => {
    let settle!: () => void
    const t = setup(() => new Promise<void>((r) => (settle = r)))
    t.timer.start()
    t.clock.advance(3000_000)
    t.clock.advance(60_000)
    expect(t.calls()).toBe(1)
    expect(t.timer.refreshing).toBe(true)
    settle()
    await Promise.resolve()
    await new Promise((r) => setImmediate(r))
    expect(t.timer.refreshing).toBe(false)
  })

  it('after a failed refresh only clears the in-flight marker and tries again at the next check', async () => {
    const t = setup(() => Promise.reject(new Error('network down')))
    t.timer.start()
    t.clock.advance(3000_000)
    await new Promise((r) => setImmediate(r))
    expect(t.timer.refreshing).toBe(false)
    t.clock.advance(10_000)
    expect(t.calls()).toBe(2)
  })

  it('a successful refresh resets the age through the new issue time', async () => {
    const t = setup(async () => undefined)
    t.timer.start()
    t.clock.advance(3000_000)
    t.setIssuedAt(t.clock.now())
    await new Promise((r) => setImmediate(r))
    t.clock.advance(100_000)
    expect(t.calls()).toBe(1)
  })

  it('does nothing when signed out, and stops', () => {
    const t = setup(async () => undefined)
    t.setIssuedAt(null)
    t.timer.start()
    t.clock.advance(10_000_000)
    expect(t.calls()).toBe(0)
    t.setIssuedAt(t.clock.now())
    t.timer.stop()
    t.clock.advance(10_000_000)
    expect(t.calls()).toBe(0)
  })
})
