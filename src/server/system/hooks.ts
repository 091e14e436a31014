import { and, inArray } from 'drizzle-orm'
import { liveRows } from '../core/data'
import type { ResourceHooks } from '../core/resource-routes'
import { bad } from '../core/errors'
import { menu, tenant } from '../db/schema'
import { bumpPermissionVersion } from '../auth/settings'
import { requirePlatformAdmin } from './guards'

type Row = Record<string, unknown>

/** What a secret column shows on the wire; submitting it back keeps the stored value. */
export const SECRET_MASK = '******'

/** Writes of platform-wide resources (params, packages, token-skip APIs, ...) are the platform administrator's. */
export const platformOnlyWrites: ResourceHooks = {
  beforeSave: async ({ request }) => {
    requirePlatformAdmin(request)
  },
  beforeRemove: async ({ request }) => {
    requirePlatformAdmin(request)
  },
}

/** Secret columns are masked on the way out and kept when the mask comes back. */
export function maskSecrets(fields: string[], base: ResourceHooks = {}): ResourceHooks {
  return {
    ...base,
    beforeSave: async (ctx) => {
      for (const f of fields) if (ctx.row[f] === SECRET_MASK) delete ctx.row[f]
      await base.beforeSave?.(ctx)
    },
    present: (rows: Row[]) =>
      rows.map((r) => ({ ...r, ...Object.fromEntries(fields.map((f) => [f, r[f] ? SECRET_MASK : ''])) })),
  }
}

/**
 * Package menus must exist; a package in use by a tenant cannot be removed (its tenants would lose
 * their limit). Every change bumps the permission version, so the tenants' API scopes follow at once.
 */
export const tenantPackageHooks: ResourceHooks = {
  beforeSave: async (ctx) => {
    requirePlatformAdmin(ctx.request)
    await bumpPermissionVersion(ctx.db)
    if (typeof ctx.row.menuId !== 'string') return
    const ids = [...new Set(ctx.row.menuId.split(',').filter(Boolean))]
    if (ids.length > 5000) bad('菜单过多')
    const found = ids.length
      ? await ctx.db
          .select({ id: menu.id })
          .from(menu)
          .where(and(liveRows(menu), inArray(menu.id, ids)))
      : []
    if (found.length !== ids.length) bad('部分菜单不存在')
    ctx.row.menuId = ids.join(',')
  },
  beforeRemove: async ({ db, request, ids }) => {
    requirePlatformAdmin(request)
    const users = await db
      .select({ tenantId: tenant.tenantId })
      .from(tenant)
      .where(and(liveRows(tenant), inArray(tenant.packageId, ids)))
      .limit(1)
    if (users.length) bad(`产品包正在被租户 ${users[0].tenantId} 使用,不能删除`)
    await bumpPermissionVersion(db)
  },
}
