import { and, asc, eq, inArray, ne, type AnyColumn, type SQL } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { menuResource } from '../../shared/resources/system/organisation'
import { entitySchema, idList } from '../../shared/resource/validate'
import type { Db } from '../db/client'
import { menu, role, roleMenu, roleScope, scopeApi, scopeData, topMenu, topMenuSetting } from '../db/schema'
import { done, ok } from '../core/envelope'
import { bad } from '../core/errors'
import { nextId } from '../core/ids'
import { isAdministrator, isPlatformAdmin } from '../core/context'
import { allOf, filterConditions } from '../core/query'
import { requireUser } from '../core/scope'
import { dataOf, liveRows } from '../core/data'
import { requirePlatformAdmin } from './guards'
import { forest, treeNodes, withAncestors, type TreeNode } from '../core/tree'
import { idCsv, idParam, optionalId, tenantParam } from './params'
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

export async function menuRoutes(app: FastifyInstance) {
  app.get('/api/blade-system/menu/list', { schema: { querystring: anyQuery } }, async (request) => {
    const rows = await allMenus(app.db, filterConditions(request.query as Row, cols, FILTER_SKIP))
    return ok(
      forest(
        await present(app.db, rows),
        (r) => String(r.id),
        (r) => String(r.parentId),
      ),
    )
  })

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

  app.get(
    '/api/blade-system/menu/detail',
    { schema: { querystring: z.object({ id: idParam() }).loose() } },
    async (request) => {
      const { id } = request.query as { id: string }
      const [row] = await app.db
        .select()
        .from(menu)
        .where(and(live, eq(menu.id, id)))
        .limit(1)
      if (!row) bad('数据不存在或无权访问')
      let parentName = '顶级'
      if (row.parentId !== '0') {
        const [p] = await app.db
          .select({ name: menu.name })
          .from(menu)
          .where(eq(menu.id, row.parentId))
          .limit(1)
        parentName = p?.name ?? ''
      }
      return ok({ ...(await present(app.db, [row]))[0], parentName })
    },
  )

  const fullSchema = entitySchema(menuResource)
  app.post(
    '/api/blade-system/menu/submit',
    { schema: { body: z.record(z.string(), z.unknown()) } },
    async (request) => {
      requirePlatformAdmin(request, '菜单仅平台管理员可以修改')
      const parsed = fullSchema.parse(request.body) as Row
      const id = await app.db.transaction(async (tx) => {
        const db = tx
        const isNew = !parsed.id
        const parentId = String(parsed.parentId ?? '0')
        if (!isNew) {
          const [existing] = await db
            .select({ id: menu.id })
            .from(menu)
            .where(and(live, eq(menu.id, String(parsed.id))))
            .limit(1)
          if (!existing) bad('数据不存在或无权修改')
        }
        if (parentId !== '0') {
          const all = await db.select({ id: menu.id, parentId: menu.parentId }).from(menu).where(live)
          if (!all.some((m) => m.id === parentId)) bad('上级菜单不存在')
          if (!isNew && withAncestors(all, [parentId]).has(String(parsed.id)))
            bad('上级菜单不能是自身或其下级')
        }
        const clash = await db
          .select({ id: menu.id })
          .from(menu)
          .where(
            allOf([eq(menu.code, String(parsed.code)), isNew ? undefined : ne(menu.id, String(parsed.id))]),
          )
          .limit(1)
        if (clash.length) bad('菜单编号已存在')
        const values = {
          parentId,
          code: String(parsed.code),
          name: String(parsed.name),
          alias: (parsed.alias as string) ?? null,
          path: (parsed.path as string) ?? null,
          source: (parsed.source as string) ?? null,
          sort: Number(parsed.sort ?? 0),
          category: Number(parsed.category ?? 1),
          action: Number(parsed.action ?? 0),
          isOpen: Number(parsed.isOpen ?? 1),
          remark: (parsed.remark as string) ?? null,
          endpoints: (parsed.endpoints as string) ?? null,
        }
        // a menu's endpoints are what its grantees may call
        await bumpPermissionVersion(db)
        if (isNew) {
          const newId = nextId()
          await db.insert(menu).values({ id: newId, ...values })
          return newId
        }
        await db
          .update(menu)
          .set(values)
          .where(eq(menu.id, String(parsed.id)))
        return String(parsed.id)
      })
      return ok({ id })
    },
  )

  app.post(
    '/api/blade-system/menu/remove',
    { schema: { querystring: z.object({ ids: idList }).loose() } },
    async (request) => {
      requirePlatformAdmin(request, '菜单仅平台管理员可以修改')
      const { ids } = request.query as { ids: string[] }
      await app.db.transaction(async (tx) => {
        const db = tx
        const found = await db
          .select({ id: menu.id })
          .from(menu)
          .where(and(live, inArray(menu.id, ids)))
        if (found.length !== ids.length) bad('部分数据不存在或无权删除')
        const children = await db
          .select({ id: menu.id })
          .from(menu)
          .where(and(live, inArray(menu.parentId, ids)))
        if (children.some((c) => !ids.includes(c.id))) bad('请先删除子节点!')
        await bumpPermissionVersion(db)
        await db.delete(roleMenu).where(inArray(roleMenu.menuId, ids))
        await db.delete(topMenuSetting).where(inArray(topMenuSetting.menuId, ids))
        // the code column is unique: free the codes of removed menus
        await db.delete(menu).where(inArray(menu.id, ids))
      })
      return done()
    },
  )
}
