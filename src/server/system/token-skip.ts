import type { Db } from '../db/client'
import { tokenSkipApi } from '../db/schema'
import { compilePattern } from '../auth/permissions'
import { liveRows } from '../core/data'

async function loadPatterns(db: Db): Promise<RegExp[]> {
  const rows = await db.select({ url: tokenSkipApi.url }).from(tokenSkipApi).where(liveRows(tokenSkipApi))
  return rows.flatMap((r) => compilePattern(String(r.url)) ?? [])
}

/**
 * Whether a path is listed in the token-skip APIs (`/api/secure/tokenskipapi`), for the auth guard:
 * exact paths, or globs ending in `*` / `**`. Only `/api/` paths can be listed (the definition's rule).
 */
export async function isTokenSkipped(db: Db, path: string): Promise<boolean> {
  return (await loadPatterns(db)).some((re) => re.test(path))
}

/**
 * The token-skip list as the guard reads it on every request: reloaded at most once per `ttlMs`, so an
 * edit takes effect on every server sharing the database within that time.
 */
export class TokenSkipCache {
  private loaded = 0
  private patterns: Promise<RegExp[]> | null = null

  constructor(private readonly ttlMs = 1000) {}

  async skips(db: Db, path: string): Promise<boolean> {
    const now = Date.now()
    if (!this.patterns || now - this.loaded >= this.ttlMs) {
      this.loaded = now
      const next = loadPatterns(db)
      next.catch(() => {
        if (this.patterns === next) this.patterns = null
      })
      this.patterns = next
    }
    return (await this.patterns).some((re) => re.test(path))
  }
}
