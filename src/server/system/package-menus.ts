import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { tenantPackage } from '../db/schema'
import { ADMIN_TENANT_ID } from '../core/context'
import { liveRows } from '../core/data'
import { liveTenantRow } from '../auth/tenant-state'

/**
 * The menu ids a tenant's package allows, or null when the tenant has no package (no limit). The
 * platform tenant is never limited.
 */
export async function packageMenuIds(db: Db, tenantId: string): Promise<Set<string> | null> {
  if (tenantId === ADMIN_TENANT_ID) return null
  const t = await liveTenantRow(db, tenantId)
  if (!t?.packageId) return null
  const [p] = await db
    .select({ menuId: tenantPackage.menuId })
    .from(tenantPackage)
    .where(and(eq(tenantPackage.id, t.packageId), liveRows(tenantPackage)))
    .limit(1)
  if (!p) return null
  return new Set(
    String(p.menuId ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  )
}
