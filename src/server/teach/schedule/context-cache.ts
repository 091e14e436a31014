import type { Data } from '../../core/data'
import { readLineContexts, type ContextRow } from './line'

/**
 * Line contexts (plan line, plan, project, term calendar) kept per tenant for the `teachContext` change
 * version (src/server/db/versions.ts) they were read at: an edit of batches reads the version with its
 * rows and reads only the contexts this process does not hold at that version. The version is read
 * before the contexts, so a write committed in between makes them look older than they are, never
 * newer.
 */
const kept = new Map<string, { version: string; lines: Map<string, ContextRow> }>()

/** Lines kept per tenant; beyond it the tenant's are dropped and read again as used. */
const MAX_LINES = 5000

/** The contexts of `lineIds` at `version` (undefined for a line gone or out of reach). */
export async function contextsAt(
  data: Data,
  version: string,
  lineIds: readonly string[],
): Promise<Map<string, ContextRow | undefined>> {
  const unique = [...new Set(lineIds)]
  if (data.allTenants) return readLineContexts(data, unique)
  let tenant = kept.get(data.tenantId)
  if (tenant?.version !== version) {
    tenant = { version, lines: new Map() }
    kept.set(data.tenantId, tenant)
  }
  const lines = tenant.lines
  const missing = unique.filter((id) => !lines.has(id))
  if (missing.length) {
    const read = await readLineContexts(data, missing)
    if (lines.size + read.size > MAX_LINES) lines.clear()
    for (const [id, row] of read) if (row) lines.set(id, row)
  }
  return new Map(unique.map((id) => [id, lines.get(id)]))
}
