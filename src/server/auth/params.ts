import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { param } from '../db/schema'
import { liveRows } from '../core/data'

/** A system parameter (blade_param) by key, or undefined. */
export async function readParam(db: Db, key: string): Promise<string | undefined> {
  const rows = await db
    .select({ value: param.paramValue })
    .from(param)
    .where(and(eq(param.paramKey, key), liveRows(param)))
    .limit(1)
  return (rows[0]?.value as string | null | undefined) ?? undefined
}

export const PARAM_INIT_PASSWORD = 'account.initPassword'
export const PARAM_FAIL_COUNT = 'account.failCount'
export const PARAM_REGISTER_USER = 'account.registerUser'
/** The oldest desktop client version that may sign in (semver; empty = no minimum). */
export const PARAM_CLIENT_MIN_VERSION = 'client.minVersion'
