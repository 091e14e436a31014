import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { tokenSkipApi } from '../db/schema'
import { compilePattern } from '../auth/permissions'

/**
 * Whether a path is listed in the token-skip APIs (`/api/secure/tokenskipapi`), for the auth guard:
 * exact paths, or globs ending in `*` / `**`. Only `/api/` paths can be listed (the definition's rule).
 */
export async function isTokenSkipped(db: Db, path: string): Promise<boolean> {
  const rows = await db
    .select({ url: tokenSkipApi.url })
    .from(tokenSkipApi)
    .where(eq(tokenSkipApi.isDeleted, 0))
  return rows.some((r) => compilePattern(String(r.url))?.test(path) ?? false)
}
