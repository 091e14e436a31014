import type { Clock } from '../../src/main/session/clock'

/** A clock that moves only when told: `advance(ms)` fires every interval that falls due, in order. */
export class ManualClock implements Clock {
  private current: number
  private nextId = 1
  private readonly timers = new Map<number, { callback: () => void; every: number; due: number }>()

  constructor(start = Date.UTC(2026, 0, 1)) {
    this.current = start
  }

  now(): number {
    return this.current
  }

  setInterval(callback: () => void, ms: number): unknown {
    const id = this.nextId++
    this.timers.set(id, { callback, every: ms, due: this.current + ms })
    return id
  }

  clearInterval(handle: unknown): void {
    this.timers.delete(handle as number)
  }

  advance(ms: number): void {
    const target = this.current + ms
    for (;;) {
      const next = [...this.timers.values()].filter((t) => t.due <= target).sort((a, b) => a.due - b.due)[0]
      if (!next) break
      this.current = next.due
      next.due += next.every
      next.callback()
    }
    this.current = target
  }
}
