import { asc, inArray } from 'drizzle-orm'
import type { Data } from '../../core/data'
import { teachCoursePlanProject, teachParameter } from '../../db/schema'
import { contextFields, joinContext, type ContextRow } from './line'

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
  if (data.allTenants) return readContexts(data, unique)
  let tenant = kept.get(data.tenantId)
  if (tenant?.version !== version) {
    tenant = { version, lines: new Map() }
    kept.set(data.tenantId, tenant)
  }
  const lines = tenant.lines
  const missing = unique.filter((id) => !lines.has(id))
  if (missing.length) {
    const read = await readContexts(data, missing)
    if (lines.size + read.size > MAX_LINES) lines.clear()
    for (const [id, row] of read) if (row) lines.set(id, row)
  }
  return new Map(unique.map((id) => [id, lines.get(id)]))
}

/** The contexts of lines, in one read (a term with several parameter rows: the first by id). */
async function readContexts(
  data: Data,
  lineIds: readonly string[],
): Promise<Map<string, ContextRow | undefined>> {
  const out = new Map<string, ContextRow | undefined>(lineIds.map((id) => [id, undefined]))
  if (!lineIds.length) return out
  const rows = await joinContext(
    data,
    data.db.select(contextFields(data)).from(teachCoursePlanProject).$dynamic(),
  )
    .where(data.rows(teachCoursePlanProject, inArray(teachCoursePlanProject.id, [...lineIds])))
    .orderBy(asc(teachCoursePlanProject.id), asc(teachParameter.id))
  for (const r of rows) if (r.line && !out.get(r.line.id)) out.set(r.line.id, r)
  return out
}
