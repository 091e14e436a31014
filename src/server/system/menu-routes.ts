import { and, asc, eq, inArray, type AnyColumn, type SQL } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { menuResource } from '../../shared/resources/system/organisation'
import type { Db } from '../db/client'
import { menu, role, roleMenu, roleScope, scopeApi, scopeData, topMenu, topMenuSetting } from '../db/schema'
import { ok } from '../core/envelope'
import { bad } from '../core/errors'
import { parentNames, registerResourceRoutes, type ResourceHooks } from '../core/resource-routes'
import { isAdministrator, isPlatformAdmin } from '../core/context'
import { allOf, filterConditions } from '../core/query'
import { requireUser } from '../core/scope'
import { dataOf, liveRows } from '../core/data'
import { requirePlatformAdmin } from './guards'
import { forest, treeNodes, withAncestors, type TreeNode } from '../core/tree'
import { idCsv, optionalId, tenantParam } from './params'
import { packageMenuIds } from './package-menus'
import { dictLabels } from './dict-routes'
import { bumpPermissionVersion } from '../auth/settings'

type Row = Record<string, unknown>
type MenuRow = typeof menu.$inferSelect
const cols = menu as unknown as Record<string, AnyColumn>
const live = liveRows(menu)
const FILTER_SKIP = new Set(['parentId', 'tenantId'])
const anyQuery = z.record(z.string(), z.unknown())

async function allMenus(db: Db, extra: (SQL | undefined)[] = []): Promise<MenuRow[]> {
  return db
    .select()
    .from(menu)
    .where(allOf([live, ...extra]))
    .orderBy(asc(menu.sort), asc(menu.id))
}

/**
 * The menus a caller may see and grant: every menu for the platform administrator; the tenant's
 * package (or everything without one) for a tenant administrator; otherwise the caller's own grants.
 * Ancestors of what is visible come along so the trees stay connected.
 */
export async function grantableMenus(app: FastifyInstance, request: FastifyRequest): Promise<MenuRow[]> {
  const user = requireUser(request)
  const menus = await allMenus(app.db)
  if (isPlatformAdmin(user)) return menus
  const pkg = await packageMenuIds(app.db, user.tenantId)
  let allowed: Set<string>
  if (isAdministrator(user)) {
    if (!pkg) return menus
    allowed = pkg
  } else {
    const ids = user.roleIds.length
      ? await app.db
          .select({ id: roleMenu.menuId })
          .from(roleMenu)
          .where(inArray(roleMenu.roleId, user.roleIds))
      : []
    allowed = new Set(ids.map((r) => r.id).filter((id) => !pkg || pkg.has(id)))
  }
  const keep = withAncestors(menus, allowed)
  return menus.filter((m) => keep.has(m.id))
}

const hasFilters = (q: Row) =>
  Object.keys(q).some((k) => !FILTER_SKIP.has(k) && q[k] !== '' && q[k] !== undefined)

async function present(db: Db, rows: MenuRow[]): Promise<Row[]> {
  const [categories, actions, yesNo] = await Promise.all([
    dictLabels(db, 'menu_category'),
    dictLabels(db, 'button_func'),
    dictLabels(db, 'menu_open'),
  ])
  return rows.map((r) => ({
    ...r,
    categoryName: categories.get(String(r.category)) ?? '',
    actionName: actions.get(String(r.action)) ?? '',
    isOpenName: yesNo.get(String(r.isOpen)) ?? '',
  }))
}

/**
 * Menu rules for the engine's list, detail, submit and remove: platform data written by the platform
 * administrator only; the parent is a menu, never the menu or one below it; a change moves the
 * permission version (endpoints are what grantees may call); removal drops the grants and frees the
 * code (rows are deleted).
 */
const menuHooks: ResourceHooks = {
  writeAccess: (request) => {
    requirePlatformAdmin(request, '菜单仅平台管理员可以修改')
  },
  wholeRow: true,
  notFilters: ['parentId'],
  purge: true,
  conflicts: { blade_menu_code_uq: '菜单编号已存在' },
  beforeSave: async ({ data, row, isNew, id }) => {
    const parentId = String(row.parentId ?? '0')
    row.parentId = parentId
    if (parentId !== '0') {
      const all = await data.repo(menu).find()
      if (!all.some((m) => m.id === parentId)) bad('上级菜单不存在')
      if (!isNew && withAncestors(all, [parentId]).has(id!)) bad('上级菜单不能是自身或其下级')
    }
    await bumpPermissionVersion(data.db)
  },
  beforeRemove: async ({ data, ids }) => {
    await bumpPermissionVersion(data.db)
    await data.db.delete(roleMenu).where(inArray(roleMenu.menuId, ids))
    await data.db.delete(topMenuSetting).where(inArray(topMenuSetting.menuId, ids))
  },
  present: async (rows, request) =>
    parentNames(menuResource, menu)(await present(request.server.db, rows as MenuRow[]), request),
}

export async function menuRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, menuResource, menu, menuHooks)

  const lazy = (categoryOnly: boolean) => async (request: FastifyRequest) => {
    const q = request.query as Row
    const parentId = q.parentId ? String(q.parentId) : '0'
    const filtered = hasFilters(q)
    const rows = await allMenus(app.db, [
      categoryOnly ? eq(menu.category, 1) : undefined,
      filtered && !q.parentId ? undefined : eq(menu.parentId, parentId),
      ...filterConditions(q, cols, FILTER_SKIP),
    ])
    const children = rows.length
      ? await app.db
          .select({ p: menu.parentId })
          .from(menu)
          .where(
            and(
              live,
              inArray(
                menu.parentId,
                rows.map((r) => r.id),
              ),
              categoryOnly ? eq(menu.category, 1) : undefined,
            ),
          )
      : []
    const parents = new Set(children.map((c) => c.p))
    return ok((await present(app.db, rows)).map((r) => ({ ...r, hasChildren: parents.has(String(r.id)) })))
  }
  const lazySchema = { querystring: z.object({ parentId: optionalId('parentId') }).loose() }
  app.get('/api/blade-system/menu/lazy-list', { schema: lazySchema }, lazy(false))
  app.get('/api/blade-system/menu/lazy-menu-list', { schema: lazySchema }, lazy(true))

  app.get('/api/blade-system/menu/menu-list', { schema: { querystring: anyQuery } }, async (request) => {
    const rows = await allMenus(app.db, [
      eq(menu.category, 1),
      ...filterConditions(request.query as Row, cols, FILTER_SKIP),
    ])
    return ok(
      forest(
        await present(app.db, rows),
        (r) => String(r.id),
        (r) => String(r.parentId),
      ),
    )
  })

  app.get('/api/blade-system/menu/tree', { schema: { querystring: anyQuery } }, async (request) => {
    const rows = (await grantableMenus(app, request)).filter((m) => m.category === 1)
    return ok(treeNodes(rows, 'name'))
  })

  app.get('/api/blade-system/menu/grant-top-tree', { schema: { querystring: anyQuery } }, async (request) => {
    const rows = (await grantableMenus(app, request)).filter((m) => m.category === 1)
    return ok(treeNodes(rows, 'name'))
  })

  app.get('/api/blade-system/menu/grant-tree', { schema: { querystring: anyQuery } }, async (request) => {
    const menus = await grantableMenus(app, request)
    const visible = new Set(menus.map((m) => m.id))
    const scopeTree = async (table: typeof scopeData | typeof scopeApi): Promise<TreeNode[]> => {
      const scopes = (await app.db
        .select({ id: table.id, menuId: table.menuId, scopeName: table.scopeName })
        .from(table)
        .where(liveRows(table))
        .orderBy(asc(table.id))) as { id: string; menuId: string | null; scopeName: string | null }[]
      const usable = scopes.filter((s) => s.menuId && visible.has(s.menuId))
      const keepMenus = withAncestors(
        menus,
        usable.map((s) => s.menuId!),
      )
      const menuRows: Row[] = menus.filter((m) => keepMenus.has(m.id) && m.category === 1)
      const scopeRows: Row[] = usable.map((s) => ({ id: s.id, parentId: s.menuId, name: s.scopeName ?? '' }))
      return treeNodes([...menuRows, ...scopeRows], 'name')
    }
    return ok({
      menu: treeNodes(menus, 'name'),
      dataScope: await scopeTree(scopeData),
      apiScope: await scopeTree(scopeApi),
    })
  })

  app.get(
    '/api/blade-system/menu/role-tree-keys',
    { schema: { querystring: z.object({ roleIds: idCsv('角色'), tenantId: tenantParam }).loose() } },
    async (request) => {
      const q = request.query as { roleIds: string[]; tenantId?: string }
      const data = dataOf(request, { tenant: q.tenantId })
      const roles = q.roleIds.length
        ? await app.db
            .select({ id: role.id })
            .from(role)
            .where(data.rows(role, inArray(role.id, q.roleIds)))
        : []
      const roleIds = roles.map((r) => r.id)
      if (!roleIds.length) return ok({ menu: [], dataScope: [], apiScope: [] })
      const menus = await app.db
        .select({ id: roleMenu.menuId })
        .from(roleMenu)
        .where(inArray(roleMenu.roleId, roleIds))
      const scopes = await app.db
        .select({ id: roleScope.scopeId, category: roleScope.scopeCategory })
        .from(roleScope)
        .where(inArray(roleScope.roleId, roleIds))
      const uniq = (ids: string[]) => [...new Set(ids)]
      return ok({
        menu: uniq(menus.map((m) => m.id)),
        dataScope: uniq(scopes.filter((s) => s.category === 1).map((s) => s.id)),
        apiScope: uniq(scopes.filter((s) => s.category === 2).map((s) => s.id)),
      })
    },
  )

  app.get(
    '/api/blade-system/menu/top-tree-keys',
    { schema: { querystring: z.object({ topMenuIds: idCsv('顶部菜单'), tenantId: tenantParam }).loose() } },
    async (request) => {
      const q = request.query as { topMenuIds: string[]; tenantId?: string }
      const data = dataOf(request, { tenant: q.tenantId })
      if (!q.topMenuIds.length) return ok([])
      const tops = await app.db
        .select({ id: topMenu.id })
        .from(topMenu)
        .where(data.rows(topMenu, inArray(topMenu.id, q.topMenuIds)))
      if (!tops.length) return ok([])
      const rows = await app.db
        .select({ id: topMenuSetting.menuId })
        .from(topMenuSetting)
        .where(
          inArray(
            topMenuSetting.topMenuId,
            tops.map((t) => t.id),
          ),
        )
      return ok([...new Set(rows.map((r) => r.id))])
    },
  )
}
