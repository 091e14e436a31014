import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { setting } from '../db/schema'
import { noteAuthChange } from './session-cache'

const JWT_SECRET_KEY = 'jwt.secret'
export const PERMISSION_VERSION_KEY = 'permission.version'

/**
 * The installation's token signing key: 64 random bytes created on first start and kept in the
 * database, so every server process over the same database signs alike. Never a built-in default.
 */
export async function ensureJwtSecret(db: Db): Promise<string> {
  const fresh = randomBytes(64).toString('base64url')
  await db.insert(setting).values({ key: JWT_SECRET_KEY, value: fresh }).onConflictDoNothing()
  const rows = await db.select({ value: setting.value }).from(setting).where(eq(setting.key, JWT_SECRET_KEY))
  return rows[0].value
}

/**
 * Grants changed (role menus, scopes, user roles): every server drops its cached permissions on the
 * next request. Call inside the transaction that changes the grants.
 */
export async function bumpPermissionVersion(db: Db): Promise<void> {
  noteAuthChange()
  await db
    .insert(setting)
    .values({ key: PERMISSION_VERSION_KEY, value: '1' })
    .onConflictDoUpdate({
      target: setting.key,
      set: { value: sql`(cast(${setting.value} as bigint) + 1)::text` },
    })
}
