import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { authSession, setting } from '../db/schema'
import { PERMISSION_VERSION_KEY } from './settings'
import { noteAuthChange } from './session-cache'

export type SessionRow = typeof authSession.$inferSelect

export const newJti = () => randomUUID()

export async function createSession(
  db: Db,
  values: {
    userId: string
    tenantId: string
    clientId: string
    deptId?: string
    roleId?: string
    refreshJti: string
    expiresAt: Date
  },
): Promise<string> {
  const id = randomUUID().replace(/-/g, '')
  await db.insert(authSession).values({ id, ...values })
  return id
}

export async function findSession(db: Db, id: string): Promise<SessionRow | undefined> {
  return (await db.select().from(authSession).where(eq(authSession.id, id)).limit(1))[0]
}

/**
 * Moves the session to a new refresh token, only if `expected` is still its current one (so two
 * concurrent refreshes with the same token cannot both win). False means the token was already used.
 */
export async function rotateSession(
  db: Db,
  id: string,
  expected: string,
  next: string,
  expiresAt: Date,
): Promise<boolean> {
  const rows = await db
    .update(authSession)
    .set({ refreshJti: next, expiresAt })
    .where(and(eq(authSession.id, id), eq(authSession.refreshJti, expected), eq(authSession.revoked, false)))
    .returning({ id: authSession.id })
  return rows.length === 1
}

export async function revokeSession(db: Db, id: string): Promise<void> {
  noteAuthChange()
  await db.update(authSession).set({ revoked: true }).where(eq(authSession.id, id))
}

export async function revokeUserSessions(db: Db, userId: string): Promise<void> {
  noteAuthChange()
  await db.update(authSession).set({ revoked: true }).where(eq(authSession.userId, userId))
}

export interface SessionState {
  alive: boolean
  /** Epoch ms after which the session is over (0 when there is none). */
  expiresAt: number
  permissionVersion: string
}

/**
 * What every authenticated request needs from the database in one indexed round trip (session by
 * primary key, setting by primary key): is the session alive, and the permission version (for the
 * grants cache). Read through SessionStateCache.
 */
export async function sessionState(db: Db, id: string): Promise<SessionState> {
  const rows = await db
    .select({
      revoked: authSession.revoked,
      expiresAt: authSession.expiresAt,
      version: sql<
        string | null
      >`(select ${setting.value} from ${setting} where ${setting.key} = ${PERMISSION_VERSION_KEY})`,
    })
    .from(authSession)
    .where(eq(authSession.id, id))
    .limit(1)
  const row = rows[0]
  if (!row) return { alive: false, expiresAt: 0, permissionVersion: '0' }
  return {
    alive: !row.revoked && row.expiresAt.getTime() > Date.now(),
    expiresAt: row.expiresAt.getTime(),
    permissionVersion: row.version ?? '0',
  }
}
