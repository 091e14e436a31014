import { and, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { topMenuResource } from '../../shared/resources/system/top-menu'
import { menu, topMenu, topMenuSetting } from '../db/schema'
import { done } from '../core/envelope'
import { bad } from '../core/errors'
import { nextId } from '../core/ids'
import { registerResourceRoutes } from '../core/resource-routes'
import { dataOf, liveRows } from '../core/data'
import { idCsv, tenantParam } from './params'
import { grantableMenus } from './menu-routes'

/** Top menus: the standard routes over blade_top_menu, plus `grant` (topMenuIds, menuIds). */
export async function topMenuRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, topMenuResource, topMenu, {
    beforeRemove: async ({ db, ids }) => {
      await db.delete(topMenuSetting).where(inArray(topMenuSetting.topMenuId, ids))
    },
  })

  const grantInput = z
    .object({ topMenuIds: idCsv('顶部菜单'), menuIds: idCsv('菜单'), tenantId: tenantParam })
    .loose()
  app.post(
    '/api/blade-system/topmenu/grant',
    { schema: { querystring: z.record(z.string(), z.unknown()), body: z.unknown() } },
    async (request) => {
      // Saber sends the ids as query parameters; a JSON body is accepted too.
      const raw = {
        ...(request.query as object),
        ...(typeof request.body === 'object' && request.body ? request.body : {}),
      }
      const input = grantInput.parse(raw)
      if (!input.topMenuIds.length) bad('请选择顶部菜单')
      const data = dataOf(request, { tenant: input.tenantId })
      const visible = new Set((await grantableMenus(app, request)).map((m) => m.id))
      if (input.menuIds.some((id) => !visible.has(id))) bad('部分菜单不存在或无权授权')
      await data.transaction(async ({ db }) => {
        const tops = await db
          .select({ id: topMenu.id })
          .from(topMenu)
          .where(data.rows(topMenu, inArray(topMenu.id, input.topMenuIds)))
        if (tops.length !== input.topMenuIds.length) bad('部分顶部菜单不存在或无权授权')
        if (input.menuIds.length) {
          const menus = await db
            .select({ id: menu.id })
            .from(menu)
            .where(and(liveRows(menu), inArray(menu.id, input.menuIds)))
          if (menus.length !== input.menuIds.length) bad('部分菜单不存在')
        }
        await db.delete(topMenuSetting).where(inArray(topMenuSetting.topMenuId, input.topMenuIds))
        const rows = input.topMenuIds.flatMap((topMenuId) =>
          input.menuIds.map((menuId) => ({ id: nextId(), topMenuId, menuId })),
        )
        if (rows.length) await db.insert(topMenuSetting).values(rows)
      })
      return done()
    },
  )
}
