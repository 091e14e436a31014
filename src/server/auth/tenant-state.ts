import type { Db } from '../db/client'
import { tenant } from '../db/schema'
import { ADMIN_TENANT_ID } from '../core/context'
import { dataOfTenant, ownedRows } from '../core/data'

/** Why a tenant's users may not work (contract 1.3 step 3 texts; disabled has no BladeX text). */
export const TENANT_REFUSAL = {
  unknown: '未获得用户的租户信息',
  expired: '租户授权已过期,请联系管理员',
  disabled: '租户已停用,请联系管理员',
} as const

export interface TenantState {
  live: boolean
  enabled: boolean
  /** Epoch ms; null never expires. */
  expiresAt: number | null
}

/**
 * The live blade_tenant row of a tenant id, before anyone of it is signed in. The tenant table is
 * keyed by the tenant each row describes, so the tenant's own row is the one row it owns.
 */
export function liveTenantRow(db: Db, tenantId: string) {
  return dataOfTenant(db, tenantId).repo(tenant).first()
}

/** The condition selecting the live blade_tenant row of a tenant id (for updates and joins). */
export const liveTenantOf = (tenantId: string) => ownedRows(tenant, tenantId)

export async function readTenantState(db: Db, tenantId: string): Promise<TenantState> {
  const row = await liveTenantRow(db, tenantId)
  return row ? tenantStateOf(row) : { live: false, enabled: false, expiresAt: null }
}

export function tenantStateOf(row: {
  isDeleted: number
  status: number
  expireTime: Date | null
}): TenantState {
  return {
    live: row.isDeleted === 0,
    enabled: row.status === 1,
    expiresAt: row.expireTime?.getTime() ?? null,
  }
}

/** The refusal for a tenant in this state now, or null when its users may work. */
export function tenantRefusal(tenantId: string, state: TenantState): string | null {
  if (tenantId === ADMIN_TENANT_ID) return null
  if (!state.live) return TENANT_REFUSAL.unknown
  if (state.expiresAt !== null && state.expiresAt < Date.now()) return TENANT_REFUSAL.expired
  if (!state.enabled) return TENANT_REFUSAL.disabled
  return null
}

/**
 * Tenant state per tenant, read once per permission version: every change of a tenant's expiry,
 * status or existence bumps the version, so a signed-in user of an expired or disabled tenant is
 * refused on the next request. The expiry itself is compared with the clock on every call.
 */
export class TenantStateCache {
  private entries = new Map<string, { version: string; state: Promise<TenantState> }>()

  async refusal(db: Db, permissionVersion: string, tenantId: string): Promise<string | null> {
    if (tenantId === ADMIN_TENANT_ID) return null
    let entry = this.entries.get(tenantId)
    if (!entry || entry.version !== permissionVersion) {
      entry = { version: permissionVersion, state: readTenantState(db, tenantId) }
      this.entries.set(tenantId, entry)
      const filled = entry
      filled.state.catch(() => {
        if (this.entries.get(tenantId) === filled) this.entries.delete(tenantId)
      })
    }
    return tenantRefusal(tenantId, await entry.state)
  }
}
