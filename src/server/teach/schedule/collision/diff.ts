import { collisionKey, type Collision, type CollisionKind } from './engine'

/** 0 未处理, 1 已处理, 2 已消除 (teaching.md 5). */
export const COLLISION_OPEN = 0
export const COLLISION_HANDLED = 1
export const COLLISION_CLEARED = 2

/** A stored collision row as the diff sees it. */
export interface StoredCollision {
  id: string
  kind: CollisionKind
  partyKey: string
  a: string
  b: string
  weekMask: number
  weekday: number
  startSection: number
  endSection: number
  /** Comma-joined, student rows only. */
  studentNos: string | null
  status: number
}

export interface CollisionDiff {
  /** Found and not stored: new rows, status 0. */
  insert: Collision[]
  /** Stored but what they share changed, or cleared and back: rewritten, status 0. */
  reopen: { id: string; found: Collision }[]
  /** Stored, unchanged and open or handled: status kept (only the check time moves). */
  keep: string[]
  /** Stored open or handled, no longer found (or a side is gone): status 2 with a clear time. */
  clear: string[]
}

const sameShare = (s: StoredCollision, c: Collision): boolean =>
  s.weekMask === c.weekMask &&
  s.weekday === c.weekday &&
  s.startSection === c.startSection &&
  s.endSection === c.endSection &&
  (s.studentNos ?? '') === (c.studentNos ?? []).join(',')

/**
 * Compares the rows a check found with the rows stored for the same scope (the term, or the rows
 * involving the checked plans), by natural key: new → 0; same weeks, sections (and students) → status
 * kept; changed → 0; gone → 2. A cleared row that is found again opens again.
 */
export function diffCollisions(
  stored: readonly StoredCollision[],
  found: readonly Collision[],
): CollisionDiff {
  const byKey = new Map<string, StoredCollision>()
  for (const s of stored) byKey.set(collisionKey(s), s)
  const diff: CollisionDiff = { insert: [], reopen: [], keep: [], clear: [] }
  const seen = new Set<string>()
  for (const c of found) {
    const key = collisionKey(c)
    seen.add(key)
    const s = byKey.get(key)
    if (!s) diff.insert.push(c)
    else if (s.status === COLLISION_CLEARED || !sameShare(s, c)) diff.reopen.push({ id: s.id, found: c })
    else diff.keep.push(s.id)
  }
  for (const s of stored)
    if (!seen.has(collisionKey(s)) && s.status !== COLLISION_CLEARED) diff.clear.push(s.id)
  return diff
}
