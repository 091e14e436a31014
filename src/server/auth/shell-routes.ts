import type { FastifyInstance } from 'fastify'
import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import { ok } from '../core/envelope'
import { requireUser } from '../core/scope'
import { tenant } from '../db/schema'
import { liveRows } from '../core/data'
import { buttonsOf, routesOf, topMenusOf } from './menu-tree'

const topMenuQuery = z
  .object({
    topMenuId: z
      .string()
      .regex(/^\d{1,19}$/, { error: '顶部菜单主键格式不正确' })
      .optional()
      .or(z.literal('')),
  })
  .loose()
const domainQuery = z.object({ domain: z.string().max(500, { error: '域名过长' }).optional() }).loose()

/** The shell's start-up calls (contract 5.1-5.3) and the login page's tenant lookup. */
export function registerShellRoutes(app: FastifyInstance) {
  app.get(
    '/api/blade-system/menu/routes',
    { config: { anyUser: true }, schema: { querystring: topMenuQuery } },
    async (request) => {
      const { topMenuId } = request.query as z.infer<typeof topMenuQuery>
      return ok(await routesOf(app.db, requireUser(request), topMenuId || undefined))
    },
  )
  app.get('/api/blade-system/menu/buttons', { config: { anyUser: true } }, async (request) =>
    ok(await buttonsOf(app.db, requireUser(request))),
  )
  app.get('/api/blade-system/menu/top-menu', { config: { anyUser: true } }, async (request) =>
    ok(await topMenusOf(app.db, requireUser(request))),
  )
  app.get(
    '/api/blade-system/tenant/info',
    { config: { public: true }, schema: { querystring: domainQuery } },
    async (request) => {
      const { domain } = request.query as z.infer<typeof domainQuery>
      if (!domain) return ok({})
      const rows = await app.db
        .select({ tenantId: tenant.tenantId, domain: tenant.domain, backgroundUrl: tenant.backgroundUrl })
        .from(tenant)
        .where(and(eq(tenant.domain, domain), liveRows(tenant)))
        .limit(1)
      const row = rows[0]
      return ok(
        row
          ? { tenantId: row.tenantId, domain: row.domain ?? '', backgroundUrl: row.backgroundUrl ?? '' }
          : {},
      )
    },
  )
}
