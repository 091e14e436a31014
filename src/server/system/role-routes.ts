import { and, asc, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { roleResource } from '../../shared/resources/system/organisation'
import type { Db } from '../db/client'
import { menu, role, roleMenu, roleScope, scopeApi, scopeData, user } from '../db/schema'
import { done, ok } from '../core/envelope'
import { bad } from '../core/errors'
import { nextId } from '../core/ids'
import { ADMIN_ROLE_ALIAS, isAdministrator } from '../core/context'
import { parentNames, registerResourceRoutes, type ResourceHooks } from '../core/resource-routes'
import { requireUser } from '../core/scope'
import { dataOf, liveRows, type Data } from '../core/data'
import { descendantIds, treeNodes, withAncestors } from '../core/tree'
import { idCsv, optionalId, tenantParam } from './params'
import { packageMenuIds } from './package-menus'
import { bumpPermissionVersion } from '../auth/settings'

/** The tenant's roles in tree order. */
const rolesOf = (data: Data) => data.repo(role).find([], { sort: [asc(role.sort), asc(role.id)] })

/**
 * Role rules for the engine's list, tree, detail, submit and remove: only an administrator sets the
 * administrator alias and nobody changes or removes the administrator role; the parent is a role of
 * the tenant and never the role or one below it; removal drops the role's grants.
 */
const roleHooks: ResourceHooks = {
  wholeRow: true,
  beforeSave: async ({ data, request, row, isNew, id }) => {
    if (row.roleAlias === ADMIN_ROLE_ALIAS && !isAdministrator(requireUser(request)))
      bad('只有管理员可以设置管理员角色')
    const existing = await rolesOf(data)
    const self = isNew ? undefined : existing.find((r) => r.id === id)
    if (self?.roleAlias === ADMIN_ROLE_ALIAS && row.roleAlias !== ADMIN_ROLE_ALIAS)
      bad('不能修改管理员角色的别名')
    const parentId = String(row.parentId ?? '0')
    if (parentId !== '0') {
      if (!existing.some((r) => r.id === parentId)) bad('上级角色不存在')
      if (!isNew && withAncestors(existing, [parentId]).has(id!)) bad('上级角色不能是自身或其下级')
    }
  },
  beforeRemove: async ({ data, ids }) => {
    const rows = await data.repo(role).find([inArray(role.id, ids)])
    if (rows.some((r) => r.roleAlias === ADMIN_ROLE_ALIAS)) bad('不能删除管理员角色')
    await data.db.delete(roleMenu).where(inArray(roleMenu.roleId, ids))
    await data.db.delete(roleScope).where(inArray(roleScope.roleId, ids))
    await bumpPermissionVersion(data.db)
  },
}

export async function roleRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, roleResource, role, { ...roleHooks, present: parentNames(roleResource, role) })

  app.get(
    '/api/blade-system/role/tree-by-id',
    { schema: { querystring: z.object({ roleId: optionalId('roleId'), tenantId: tenantParam }).loose() } },
    async (request) => {
      const q = request.query as { roleId?: string; tenantId?: string }
      const rows = await rolesOf(dataOf(request, { tenant: q.tenantId }))
      if (!q.roleId) return ok(treeNodes(rows, 'roleName'))
      if (!rows.some((r) => r.id === q.roleId)) bad('角色不存在或无权访问')
      // the role and everything under it
      const keep = descendantIds(rows, [q.roleId])
      return ok(
        treeNodes(
          rows.filter((r) => keep.has(r.id)),
          'roleName',
        ),
      )
    },
  )

  app.get(
    '/api/blade-system/role/select',
    {
      schema: {
        querystring: z
          .object({ userId: optionalId('userId'), roleId: z.string().max(4000).optional() })
          .loose(),
      },
    },
    async (request) => {
      const me = requireUser(request)
      const data = dataOf(request)
      const q = request.query as { userId?: string; roleId?: string }
      let ids: string[] = me.roleIds
      if (q.userId) {
        const [u] = await app.db
          .select({ roleId: user.roleId })
          .from(user)
          .where(data.rows(user, eq(user.id, q.userId)))
          .limit(1)
        if (!u) bad('用户不存在或无权访问')
        ids = String(u!.roleId ?? '')
          .split(',')
          .filter(Boolean)
      } else if (q.roleId) {
        ids = q.roleId.split(',').filter((id) => /^\d{1,19}$/.test(id))
      }
      if (!ids.length) return ok([])
      const rows = await app.db
        .select()
        .from(role)
        .where(data.rows(role, inArray(role.id, ids)))
        .orderBy(asc(role.sort))
      return ok(rows)
    },
  )

  const grantBody = z
    .object({
      roleIds: idCsv('角色'),
      menuIds: idCsv('菜单'),
      dataScopeIds: idCsv('数据权限'),
      apiScopeIds: idCsv('接口权限'),
      tenantId: tenantParam,
    })
    .loose()
  app.post('/api/blade-system/role/grant', { schema: { body: grantBody } }, async (request) => {
    const input = request.body as z.infer<typeof grantBody>
    if (!input.roleIds.length) bad('请选择角色')
    await grantRoles(app.db, request, input)
    return done()
  })
}

/**
 * Replaces the menus, data scopes and API scopes of roles, all or nothing. Roles must be the caller's
 * tenant's; menus must exist and fit the tenant's package.
 */
export async function grantRoles(
  db: Db,
  request: FastifyRequest,
  input: {
    roleIds: string[]
    menuIds: string[]
    dataScopeIds: string[]
    apiScopeIds: string[]
    tenantId?: string
  },
) {
  const data = dataOf(request, { tenant: input.tenantId }).with(db)
  const tenantId = data.tenantId
  await data.transaction(async ({ db: t }) => {
    const roles = await t
      .select({ id: role.id })
      .from(role)
      .where(data.rows(role, inArray(role.id, input.roleIds)))
    if (roles.length !== input.roleIds.length) bad('部分角色不存在或无权授权')
    if (input.menuIds.length) {
      const menus = await t
        .select({ id: menu.id })
        .from(menu)
        .where(and(liveRows(menu), inArray(menu.id, input.menuIds)))
      if (menus.length !== input.menuIds.length) bad('部分菜单不存在')
      const allowed = await packageMenuIds(t, tenantId)
      if (allowed && input.menuIds.some((id) => !allowed.has(id))) bad('所选菜单超出租户产品包的范围')
    }
    for (const [ids, table] of [
      [input.dataScopeIds, scopeData],
      [input.apiScopeIds, scopeApi],
    ] as const) {
      if (!ids.length) continue
      const found = await t
        .select({ id: table.id })
        .from(table)
        .where(and(liveRows(table), inArray(table.id, ids)))
      if (found.length !== ids.length) bad('部分数据权限或接口权限不存在')
    }
    await t.delete(roleMenu).where(inArray(roleMenu.roleId, input.roleIds))
    await t.delete(roleScope).where(inArray(roleScope.roleId, input.roleIds))
    const menuRows = input.roleIds.flatMap((roleId) =>
      input.menuIds.map((menuId) => ({ id: nextId(), roleId, menuId })),
    )
    if (menuRows.length) await t.insert(roleMenu).values(menuRows)
    const scopeRows = input.roleIds.flatMap((roleId) => [
      ...input.dataScopeIds.map((scopeId) => ({ id: nextId(), roleId, scopeId, scopeCategory: 1 })),
      ...input.apiScopeIds.map((scopeId) => ({ id: nextId(), roleId, scopeId, scopeCategory: 2 })),
    ])
    if (scopeRows.length) await t.insert(roleScope).values(scopeRows)
    await bumpPermissionVersion(t)
  })
}
