import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AutosaveQueue, storageKey, type SaveState, type Stored } from './autosave'

/** A Storage in memory (sessionStorage's three calls). */
function memoryStorage() {
  const items = new Map<string, string>()
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  }
}

/** The server's side of the save: holds the highest version, ignores older ones; can be cut off. */
function fakeServer() {
  const server = {
    saved: { answers: {} as Record<string, string>, version: 0 },
    calls: [] as number[],
    offline: false,
    refuse: false,
    send: async (s: Stored) => {
      server.calls.push(s.version)
      if (server.offline) throw Object.assign(new Error('网络异常'), { status: 0 })
      if (server.refuse) throw Object.assign(new Error('您已交卷，不能修改答案'), { status: 400 })
      if (s.version <= server.saved.version) return { version: server.saved.version, stale: true }
      server.saved = { answers: { ...s.answers }, version: s.version }
      return { version: s.version }
    },
  }
  return server
}

const KEY = storageKey('p1')

describe('the autosave queue of the exam room', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('keeps each change at once, raises the version by one and saves once after a 2 s pause', async () => {
    const storage = memoryStorage()
    const server = fakeServer()
    const states: SaveState[] = []
    const queue = new AutosaveQueue(
      { key: KEY, storage, send: server.send, onState: (s) => states.push(s) },
      { answers: {}, version: 0 },
    )
    queue.answer('q1', 'A')
    queue.answer('q2', 'B')
    expect(queue.state.version).toBe(2)
    expect(JSON.parse(storage.getItem(KEY)!).answers).toEqual({ q1: 'A', q2: 'B' })
    await vi.advanceTimersByTimeAsync(1500)
    queue.answer('q1', 'C')
    await vi.advanceTimersByTimeAsync(1999)
    expect(server.calls).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(server.calls).toEqual([3])
    expect(server.saved).toEqual({ answers: { q1: 'C', q2: 'B' }, version: 3 })
    expect(queue.pending).toBe(false)
    expect(states.at(-1)).toBe('saved')
  })

  it('keeps the answers through a network cut, says so, and saves them when the network is back', async () => {
    const storage = memoryStorage()
    const server = fakeServer()
    const states: SaveState[] = []
    const queue = new AutosaveQueue(
      { key: KEY, storage, send: server.send, onState: (s) => states.push(s), retryMs: 5000 },
      { answers: {}, version: 0 },
    )
    server.offline = true
    queue.answer('q1', 'A')
    await vi.advanceTimersByTimeAsync(2000)
    expect(states.at(-1)).toBe('failed')
    expect(queue.pending).toBe(true)
    await vi.advanceTimersByTimeAsync(5000)
    expect(server.calls).toEqual([1, 1])
    server.offline = false
    await vi.advanceTimersByTimeAsync(5000)
    expect(server.saved).toEqual({ answers: { q1: 'A' }, version: 1 })
    expect(states.at(-1)).toBe('saved')
  })

  it('stops for good when the server refuses (handed in, time over)', async () => {
    const server = fakeServer()
    const refused: unknown[] = []
    const queue = new AutosaveQueue(
      { key: KEY, storage: memoryStorage(), send: server.send, onRefused: (e) => refused.push(e) },
      { answers: {}, version: 0 },
    )
    server.refuse = true
    queue.answer('q1', 'A')
    await vi.advanceTimersByTimeAsync(60_000)
    expect(server.calls).toEqual([1])
    expect(refused).toHaveLength(1)
  })

  it('after a reload resumes from what the screen kept when the server has less, else from the server', async () => {
    const storage = memoryStorage()
    const server = fakeServer()
    const first = new AutosaveQueue({ key: KEY, storage, send: server.send }, { answers: {}, version: 0 })
    first.answer('q1', 'A')
    first.toggleMark('q2')
    first.stop()
    // Reloaded before the save: the server still has version 0.
    const second = new AutosaveQueue({ key: KEY, storage, send: server.send }, { answers: {}, version: 0 })
    expect(second.state.answers).toEqual({ q1: 'A' })
    expect(second.state.marked).toEqual(['q2'])
    await vi.advanceTimersByTimeAsync(0)
    expect(server.saved.version).toBe(1)
    second.stop()
    // The server is ahead (saved from elsewhere): its answers win, the marks stay.
    const third = new AutosaveQueue(
      { key: KEY, storage, send: server.send },
      { answers: { q1: 'B' }, version: 4, blurCount: 2 },
    )
    expect(third.state).toMatchObject({
      answers: { q1: 'B' },
      version: 4,
      acked: 4,
      marked: ['q2'],
      blurCount: 2,
    })
    third.finish()
    expect(storage.getItem(KEY)).toBeNull()
  })

  it('counts window blurs as changes (切屏次数 is saved too)', async () => {
    const server = fakeServer()
    const queue = new AutosaveQueue(
      { key: KEY, storage: memoryStorage(), send: server.send },
      { answers: {}, version: 0, blurCount: 1 },
    )
    queue.blurred()
    expect(queue.state).toMatchObject({ blurCount: 2, version: 1 })
    await vi.advanceTimersByTimeAsync(2000)
    expect(server.calls).toEqual([1])
  })
})
