import type { Db } from '../db/client'
import { sessionState, type SessionState } from './sessions'

/**
 * How long one process may answer "is this session alive, which permission version" from memory.
 * Servers are stateless and several processes share one database, so a revocation (logout, refresh
 * reuse, a disabled user) or a grant change made by another process takes effect here within this
 * time; a change made by this process takes effect on its next request (see `noteAuthChange`).
 * One second keeps a hot client at one session read per second instead of one per request.
 */
export const SESSION_CACHE_TTL_MS = 1000
const MAX_ENTRIES = 10_000

/** Bumped by every revocation or grant change this process makes: cached answers older than it are void. */
let generation = 0
export function noteAuthChange() {
  generation++
}

interface Entry {
  at: number
  generation: number
  state: Promise<SessionState>
}

/** Session state per session id for one database, read through at most once per TTL. */
export class SessionStateCache {
  private entries = new Map<string, Entry>()

  constructor(private readonly ttlMs = SESSION_CACHE_TTL_MS) {}

  async get(db: Db, sessionId: string): Promise<{ alive: boolean; permissionVersion: string }> {
    const now = Date.now()
    let entry = this.entries.get(sessionId)
    if (!entry || entry.generation !== generation || now - entry.at >= this.ttlMs) {
      if (this.entries.size >= MAX_ENTRIES) this.evictStale(now)
      entry = { at: now, generation, state: sessionState(db, sessionId) }
      this.entries.set(sessionId, entry)
      const filled = entry
      filled.state.catch(() => {
        if (this.entries.get(sessionId) === filled) this.entries.delete(sessionId)
      })
    }
    const state = await entry.state
    // The session may have reached its end since it was read.
    return { alive: state.alive && state.expiresAt > Date.now(), permissionVersion: state.permissionVersion }
  }

  private evictStale(now: number) {
    for (const [id, e] of this.entries)
      if (e.generation !== generation || now - e.at >= this.ttlMs) this.entries.delete(id)
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear()
  }
}
