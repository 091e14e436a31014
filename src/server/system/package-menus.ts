import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { tenant, tenantPackage } from '../db/schema'
import { ADMIN_TENANT_ID } from '../core/context'

/**
 * The menu ids a tenant's package allows, or null when the tenant has no package (no limit). The
 * platform tenant is never limited.
 */
export async function packageMenuIds(db: Db, tenantId: string): Promise<Set<string> | null> {
  if (tenantId === ADMIN_TENANT_ID) return null
  const [t] = await db
    .select({ packageId: tenant.packageId })
    .from(tenant)
    .where(and(eq(tenant.tenantId, tenantId), eq(tenant.isDeleted, 0)))
    .limit(1)
  if (!t?.packageId) return null
  const [p] = await db
    .select({ menuId: tenantPackage.menuId })
    .from(tenantPackage)
    .where(and(eq(tenantPackage.id, t.packageId), eq(tenantPackage.isDeleted, 0)))
    .limit(1)
  if (!p) return null
  return new Set(
    String(p.menuId ?? '')
      .split(',')
      .filter(Boolean),
  )
}
