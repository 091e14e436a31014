import { inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { apiScopeResource, dataScopeResource } from '../../shared/resources/system/scopes'
import { roleScope, scopeApi, scopeData } from '../db/schema'
import { registerResourceRoutes } from '../core/resource-routes'
import { requirePlatformAdmin } from './guards'
import { bumpPermissionVersion } from '../auth/settings'

/**
 * Data scopes and API scopes: the standard routes over the identity tables. Scopes belong to menus,
 * which are platform-wide: only the platform administrator edits them.
 */
export async function scopeRoutes(app: FastifyInstance) {
  for (const [def, table] of [
    [dataScopeResource, scopeData],
    [apiScopeResource, scopeApi],
  ] as const) {
    registerResourceRoutes(app, def, table, {
      beforeSave: async (ctx) => {
        requirePlatformAdmin(ctx.request)
        await bumpPermissionVersion(ctx.db)
      },
      beforeRemove: async (ctx) => {
        requirePlatformAdmin(ctx.request)
        // a removed scope is no longer granted to anyone
        await ctx.db.delete(roleScope).where(inArray(roleScope.scopeId, ctx.ids))
        await bumpPermissionVersion(ctx.db)
      },
    })
  }
}
