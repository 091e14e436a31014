import { and, eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { ResourceHooks } from '../core/resource-routes'
import { isAdministrator } from '../core/context'
import { ForbiddenError } from '../core/errors'
import { requireUser } from '../core/scope'
import type { Db } from '../db/client'
import { menu } from '../db/schema'
import { grantedMenuIds } from '../auth/menu-tree'

/** Refuses (403) unless the caller's roles hold the button `code`; administrators pass. */
async function requireButton(db: Db, request: FastifyRequest, code: string): Promise<void> {
  const user = requireUser(request)
  if (isAdministrator(user)) return
  const granted = await grantedMenuIds(db, user)
  if (granted === 'all') return
  const rows = await db
    .select({ id: menu.id })
    .from(menu)
    .where(and(eq(menu.code, code), eq(menu.isDeleted, 0)))
  if (!rows.some((r) => granted.has(r.id))) throw new ForbiddenError()
}

/**
 * Every role holds the 通知公告 menu (whose API scope covers `/api/blade-desk/notice/*`) so that
 * everyone reads; writing additionally needs the 新增/修改/删除 button.
 */
export const noticeHooks: ResourceHooks = {
  beforeSave: ({ db, request, isNew }) => requireButton(db, request, isNew ? 'notice_add' : 'notice_edit'),
  beforeRemove: ({ db, request }) => requireButton(db, request, 'notice_delete'),
}
