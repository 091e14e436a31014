import type { Clock } from '../../src/main/session/clock'

/**
 * A clock that moves only when told. Timers run on its monotonic time: `advance(ms)` fires every
 * timeout and interval that falls due, in order. `sleep(ms)` is a suspended machine: wall and
 * monotonic time jump without firing anything (timers overdue fire at the next `advance`).
 */
export class ManualClock implements Clock {
  private wall: number
  private mono = 0
  private nextId = 1
  private readonly timers = new Map<number, { callback: () => void; every: number | null; due: number }>()

  constructor(start = Date.UTC(2026, 0, 1)) {
    this.wall = start
  }

  now(): number {
    return this.wall
  }

  monotonic(): number {
    return this.mono
  }

  setTimeout(callback: () => void, ms: number): unknown {
    const id = this.nextId++
    this.timers.set(id, { callback, every: null, due: this.mono + Math.max(0, ms) })
    return id
  }

  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number)
  }

  setInterval(callback: () => void, ms: number): unknown {
    const id = this.nextId++
    this.timers.set(id, { callback, every: ms, due: this.mono + ms })
    return id
  }

  clearInterval(handle: unknown): void {
    this.timers.delete(handle as number)
  }

  /** Timers waiting to fire (for tests that check nothing is scheduled). */
  get pending(): number {
    return this.timers.size
  }

  advance(ms: number): void {
    const target = this.mono + ms
    for (;;) {
      const next = [...this.timers.entries()]
        .filter(([, t]) => t.due <= target)
        .sort((a, b) => a[1].due - b[1].due)[0]
      if (!next) break
      const [id, timer] = next
      this.wall += Math.max(0, timer.due - this.mono)
      this.mono = Math.max(this.mono, timer.due)
      if (timer.every === null) this.timers.delete(id)
      else timer.due += timer.every
      timer.callback()
    }
    this.wall += target - this.mono
    this.mono = target
  }

  /** A suspend of `ms`: both clocks move on, no timer fires. */
  sleep(ms: number): void {
    this.wall += ms
    this.mono += ms
  }
}
