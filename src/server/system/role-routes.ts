import { and, asc, eq, inArray, sql, type AnyColumn } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { roleResource } from '../../shared/resources/system/organisation'
import { entitySchema, idList } from '../../shared/resource/validate'
import type { Db } from '../db/client'
import { menu, role, roleMenu, roleScope, scopeApi, scopeData, user } from '../db/schema'
import { done, ok } from '../core/envelope'
import { bad } from '../core/errors'
import { nextId } from '../core/ids'
import { ADMIN_ROLE_ALIAS, isAdministrator } from '../core/context'
import { filterConditions } from '../core/query'
import { requireUser } from '../core/scope'
import { dataOf, liveRows, type Data } from '../core/data'
import { descendantIds, forest, treeNodes, withAncestors } from '../core/tree'
import { idCsv, idParam, optionalId, tenantParam } from './params'
import { packageMenuIds } from './package-menus'
import { bumpPermissionVersion } from '../auth/settings'

type Row = Record<string, unknown>
const cols = role as unknown as Record<string, AnyColumn>
const FILTER_SKIP = new Set(['tenantId'])
const tenantQuery = z.object({ tenantId: tenantParam }).loose()

const rolesOf = (data: Data, extra: ReturnType<typeof filterConditions> = []) =>
  data.db
    .select()
    .from(role)
    .where(data.rows(role, ...extra))
    .orderBy(asc(role.sort), asc(role.id))

export async function roleRoutes(app: FastifyInstance) {
  app.get(
    '/api/blade-system/role/list',
    { schema: { querystring: z.record(z.string(), z.unknown()) } },
    async (request) => {
      const q = request.query as Row
      const data = dataOf(request, { tenant: q.tenantId })
      const rows = await rolesOf(data, filterConditions(q, cols, FILTER_SKIP))
      return ok(
        forest(
          rows as Row[],
          (r) => String(r.id),
          (r) => String(r.parentId),
        ),
      )
    },
  )

  app.get('/api/blade-system/role/tree', { schema: { querystring: tenantQuery } }, async (request) => {
    const data = dataOf(request, { tenant: (request.query as Row).tenantId })
    return ok(treeNodes(await rolesOf(data), 'roleName'))
  })

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

  app.get(
    '/api/blade-system/role/detail',
    { schema: { querystring: z.object({ id: idParam(), tenantId: tenantParam }).loose() } },
    async (request) => {
      const q = request.query as { id: string; tenantId?: string }
      const rows = await rolesOf(dataOf(request, { tenant: q.tenantId }), [eq(role.id, q.id)])
      if (!rows.length) bad('数据不存在或无权访问')
      const row = rows[0]
      let parentName = '顶级'
      if (row.parentId !== '0') {
        const [p] = await app.db
          .select({ n: role.roleName })
          .from(role)
          .where(eq(role.id, row.parentId))
          .limit(1)
        parentName = p?.n ?? ''
      }
      return ok({ ...row, parentName })
    },
  )

  const fullSchema = entitySchema(roleResource)
  app.post(
    '/api/blade-system/role/submit',
    { schema: { body: z.record(z.string(), z.unknown()) } },
    async (request) => {
      const me = requireUser(request)
      const body = request.body as Row
      const parsed = fullSchema.parse(body) as Row
      const data = dataOf(request, { tenant: body.tenantId })
      if (parsed.roleAlias === ADMIN_ROLE_ALIAS && !isAdministrator(me)) bad('只有管理员可以设置管理员角色')
      const id = await data.transaction(async (tx) => {
        const db = tx.db
        const isNew = !parsed.id
        const existing = await rolesOf(tx)
        const self = isNew ? undefined : existing.find((r) => r.id === parsed.id)
        if (!isNew && !self) bad('数据不存在或无权修改')
        if (self?.roleAlias === ADMIN_ROLE_ALIAS && parsed.roleAlias !== ADMIN_ROLE_ALIAS)
          bad('不能修改管理员角色的别名')
        const parentId = String(parsed.parentId ?? '0')
        if (parentId !== '0') {
          if (!existing.some((r) => r.id === parentId)) bad('上级角色不存在')
          if (!isNew && withAncestors(existing, [parentId]).has(String(parsed.id)))
            bad('上级角色不能是自身或其下级')
        }
        if (existing.some((r) => r.roleAlias === parsed.roleAlias && r.id !== parsed.id))
          bad('角色别名已存在')
        const values = {
          parentId,
          roleName: String(parsed.roleName),
          roleAlias: String(parsed.roleAlias),
          sort: Number(parsed.sort ?? 0),
        }
        if (isNew) {
          const newId = nextId()
          await db.insert(role).values({ id: newId, tenantId: tx.tenantId, ...values })
          return newId
        }
        await db
          .update(role)
          .set(values)
          .where(tx.rows(role, eq(role.id, String(parsed.id))))
        return String(parsed.id)
      })
      return ok({ id })
    },
  )

  app.post(
    '/api/blade-system/role/remove',
    { schema: { querystring: z.object({ ids: idList, tenantId: tenantParam }).loose() } },
    async (request) => {
      const q = request.query as { ids: string[]; tenantId?: string }
      await dataOf(request, { tenant: q.tenantId }).transaction(async (tx) => {
        const db = tx.db
        const rows = await rolesOf(tx, [inArray(role.id, q.ids)])
        if (rows.length !== q.ids.length) bad('部分数据不存在或无权删除')
        if (rows.some((r) => r.roleAlias === ADMIN_ROLE_ALIAS)) bad('不能删除管理员角色')
        const children = await rolesOf(tx, [inArray(role.parentId, q.ids), sql`${role.id} not in ${q.ids}`])
        if (children.length) bad('请先删除子节点!')
        await db.delete(roleMenu).where(inArray(roleMenu.roleId, q.ids))
        await db.delete(roleScope).where(inArray(roleScope.roleId, q.ids))
        await bumpPermissionVersion(db)
        await db
          .update(role)
          .set({ isDeleted: 1 })
          .where(tx.rows(role, inArray(role.id, q.ids)))
      })
      return done()
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
