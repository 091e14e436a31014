import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client'
import { loginFailure } from '../db/schema'
import { dataOfTenant } from '../core/data'
import { PARAM_FAIL_COUNT, readParam } from './params'

/** Failures count within a 30-minute window that starts at the first failure (contract 1.3 step 2). */
export const LOCK_WINDOW_MS = 30 * 60 * 1000
const DEFAULT_FAIL_COUNT = 5

export async function failLimit(db: Db): Promise<number> {
  const n = Number(await readParam(db, PARAM_FAIL_COUNT))
  return Number.isInteger(n) && n > 0 ? n : DEFAULT_FAIL_COUNT
}

const key = (db: Db, tenantId: string, account: string) =>
  dataOfTenant(db, tenantId).rows(loginFailure, eq(loginFailure.account, account.slice(0, 64)))

export async function isLocked(db: Db, tenantId: string, account: string): Promise<boolean> {
  const rows = await db
    .select()
    .from(loginFailure)
    .where(key(db, tenantId, account))
    .limit(1)
  const row = rows[0]
  if (!row || Date.now() - row.windowStart.getTime() >= LOCK_WINDOW_MS) return false
  return row.count >= (await failLimit(db))
}

export async function recordFailure(db: Db, tenantId: string, account: string): Promise<void> {
  const since = new Date(Date.now() - LOCK_WINDOW_MS)
  await db
    .insert(loginFailure)
    .values({ tenantId, account: account.slice(0, 64), count: 1, windowStart: new Date() })
    .onConflictDoUpdate({
      target: [loginFailure.tenantId, loginFailure.account],
      set: {
        count: sql`case when ${loginFailure.windowStart} < ${since} then 1 else ${loginFailure.count} + 1 end`,
        windowStart: sql`case when ${loginFailure.windowStart} < ${since} then now() else ${loginFailure.windowStart} end`,
      },
    })
}

export async function clearFailures(db: Db, tenantId: string, account: string): Promise<void> {
  await db.delete(loginFailure).where(key(db, tenantId, account))
}
