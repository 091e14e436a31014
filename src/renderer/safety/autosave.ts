/**
 * The exam's answer store on the screen: each change raises the version by one and is kept in
 * sessionStorage under the paper at once (a reload resumes from it), then saved to the server after a
 * 2 s pause; a failed save keeps the answers, says so and retries. The server ignores versions older
 * than the one it holds, so saves may arrive in any order.
 */

export type Answers = Record<string, string>

export interface Stored {
  answers: Answers
  version: number
  /** The highest version the server acknowledged. */
  acked: number
  marked: string[]
  blurCount: number
}

export interface SaveResult {
  version: number
  stale?: boolean
}

export type SaveState = 'idle' | 'pending' | 'saving' | 'saved' | 'failed'

export interface AutosaveOptions {
  key: string
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>
  send: (s: Stored) => Promise<SaveResult>
  onState?: (state: SaveState) => void
  /** The server refused the save for good (handed in, time over). */
  onRefused?: (error: unknown) => void
  debounceMs?: number
  retryMs?: number
  timers?: { set: (fn: () => void, ms: number) => unknown; clear: (handle: unknown) => void }
}

export const storageKey = (paperPersonId: string) => `safety-exam:${paperPersonId}`

export class AutosaveQueue {
  private stored: Stored
  private timer: unknown = null
  private inFlight: Promise<void> | null = null
  private readonly debounceMs: number
  private readonly retryMs: number
  private readonly timers: NonNullable<AutosaveOptions['timers']>

  constructor(
    private readonly options: AutosaveOptions,
    server: { answers: Answers; version: number; blurCount?: number },
  ) {
    this.debounceMs = options.debounceMs ?? 2000
    this.retryMs = options.retryMs ?? 5000
    this.timers = options.timers ?? {
      set: (fn, ms) => setTimeout(fn, ms),
      clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    }
    const kept = AutosaveQueue.read(options)
    // What this screen kept and the server has not acknowledged wins over the server's copy.
    if (kept && kept.version > server.version) {
      this.stored = kept
      this.schedule(0)
    } else
      this.stored = {
        answers: { ...server.answers },
        version: server.version,
        acked: server.version,
        marked: kept?.marked ?? [],
        blurCount: Math.max(server.blurCount ?? 0, kept?.blurCount ?? 0),
      }
    this.persist()
  }

  static read(options: Pick<AutosaveOptions, 'key' | 'storage'>): Stored | null {
    try {
      const raw = options.storage.getItem(options.key)
      return raw ? (JSON.parse(raw) as Stored) : null
    } catch {
      return null
    }
  }

  get state(): Stored {
    return this.stored
  }

  get pending(): boolean {
    return this.stored.version > this.stored.acked
  }

  private persist() {
    this.options.storage.setItem(this.options.key, JSON.stringify(this.stored))
  }

  private schedule(ms: number) {
    if (this.timer !== null) this.timers.clear(this.timer)
    this.timer = this.timers.set(() => {
      this.timer = null
      void this.flush()
    }, ms)
  }

  /** One answer changed ('' clears it). */
  answer(qid: string, value: string) {
    const answers = { ...this.stored.answers }
    if (value) answers[qid] = value
    else delete answers[qid]
    this.change({ answers })
  }

  toggleMark(qid: string) {
    const marked = this.stored.marked.includes(qid)
      ? this.stored.marked.filter((x) => x !== qid)
      : [...this.stored.marked, qid]
    this.stored = { ...this.stored, marked }
    this.persist()
  }

  blurred() {
    this.change({ blurCount: this.stored.blurCount + 1 })
  }

  private change(patch: Partial<Stored>) {
    this.stored = { ...this.stored, ...patch, version: this.stored.version + 1 }
    this.persist()
    this.options.onState?.('pending')
    this.schedule(this.debounceMs)
  }

  /** Saves the latest version now (one save at a time); on failure keeps it and retries. */
  async flush(): Promise<void> {
    if (this.inFlight) await this.inFlight
    if (!this.pending) return
    const sending = this.stored
    this.options.onState?.('saving')
    this.inFlight = this.options
      .send(sending)
      .then((result) => {
        const acked =
          result.version >= sending.version ? Math.max(this.stored.acked, sending.version) : this.stored.acked
        this.stored = { ...this.stored, acked }
        this.persist()
        this.options.onState?.(this.pending ? 'pending' : 'saved')
        if (this.pending) this.schedule(this.debounceMs)
      })
      .catch((error: unknown) => {
        // A refusal (the paper was handed in, the time is up) is final; anything else is the network.
        const status = (error as { status?: number } | null)?.status ?? 0
        if (status >= 400 && status < 500) {
          this.options.onRefused?.(error)
          return
        }
        this.options.onState?.('failed')
        this.schedule(this.retryMs)
      })
      .finally(() => {
        this.inFlight = null
      })
    await this.inFlight
  }

  /** Stops the timers and forgets the kept copy (after hand-in). */
  finish() {
    if (this.timer !== null) this.timers.clear(this.timer)
    this.timer = null
    this.options.storage.removeItem(this.options.key)
  }

  stop() {
    if (this.timer !== null) this.timers.clear(this.timer)
    this.timer = null
  }
}
