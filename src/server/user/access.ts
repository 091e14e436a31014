import { and, eq, inArray, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ResourceDef } from '../../shared/resource/types'
import type { Db } from '../db/client'
import { dept, role, tenant, user } from '../db/schema'
import { bad } from '../core/errors'
import { dataOf, dataOfTenant, type Columns } from '../core/data'
import type { UserRow } from './present'

/** The user columns filters may name (BladeX query keys); the password is never one of them. */
export const filterColumns: Record<string, AnyColumn> = Object.fromEntries(
  Object.entries(user).filter(
    ([key, value]) => key !== 'password' && typeof value === 'object' && value && 'name' in value,
  ),
) as Record<string, AnyColumn>

/** What dataScope needs to know about users (resource code `user`). */
export const userScopeDef = { name: 'user', permission: 'user' } as ResourceDef

/** Live users of the caller's tenant (or the tenant the platform admin names) inside their data scope. */
export async function visibleUsers(app: FastifyInstance, request: FastifyRequest, explicitTenant?: unknown) {
  const data = dataOf(request, { tenant: explicitTenant })
  const scope = await data.rowScope(userScopeDef, filterColumns as Columns)
  return { tenantId: data.tenantId, where: data.rows(user, scope) as SQL }
}

/** The users named by `ids`, all of them visible to the caller, else a 400 (nothing is touched). */
export async function requireVisibleUsers(
  app: FastifyInstance,
  request: FastifyRequest,
  ids: string[],
  explicitTenant?: unknown,
) {
  const { tenantId, where } = await visibleUsers(app, request, explicitTenant)
  const rows = await app.db
    .select()
    .from(user)
    .where(and(where, inArray(user.id, ids)))
  if (rows.length !== ids.length) bad('用户不存在或无权操作')
  return { tenantId, rows: rows as UserRow[], where }
}

export async function accountTaken(db: Db, tenantId: string, account: string, exceptId?: string) {
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(
      dataOfTenant(db, tenantId).rows(
        user,
        eq(user.account, account),
        exceptId ? ne(user.id, exceptId) : undefined,
      ),
    )
    .limit(1)
  return rows.length > 0
}

/**
 * Tenant account limit (blade_tenant.account_number; -1 = unlimited) before adding `adding` users: the
 * one check for every way an account is made (user form, import, registration, 生成账号 of base).
 */
export async function checkAccountLimit(db: Db, tenantId: string, adding = 1) {
  const data = dataOfTenant(db, tenantId)
  // The tenant's own row, removed or not (the tenant table is keyed by the tenant it describes).
  const rows = await db
    .select({ limit: tenant.accountNumber })
    .from(tenant)
    .where(data.everRows(tenant))
    .limit(1)
  if (!rows.length) bad('租户不存在')
  const limit = rows[0].limit
  if (limit < 0 || adding <= 0) return
  const live = await data.repo(user).count()
  if (live + adding <= limit) return
  // BladeX's words for one account; a batch is told the limit it would cross.
  if (adding === 1) bad('当前租户已到最大账号额度!')
  bad(`账号数量超出租户上限（${limit}），无法再生成${adding}个账号`)
}

/** Every id must name a live role / dept of the tenant. */
export async function checkRefs(db: Db, tenantId: string, roleIds: string[], deptIds: string[]) {
  const data = dataOfTenant(db, tenantId)
  if (roleIds.length) {
    const rows = await db
      .select({ id: role.id })
      .from(role)
      .where(data.rows(role, inArray(role.id, roleIds)))
    if (rows.length !== roleIds.length) bad('所选角色不存在')
  }
  if (deptIds.length) {
    const rows = await db
      .select({ id: dept.id })
      .from(dept)
      .where(data.rows(dept, inArray(dept.id, deptIds)))
    if (rows.length !== deptIds.length) bad('所选部门不存在')
  }
}

/** Users in `deptId` or any dept below it (a user's dept_id is a comma-joined list). */
export function inDeptTree(tenantId: string, deptId: string): SQL {
  return sql`exists (select 1 from blade_dept d where d.tenant_id = ${tenantId} and d.is_deleted = 0
    and (d.id = ${deptId} or (',' || d.ancestors || ',') like ${`%,${deptId},%`})
    and (',' || ${user.deptId} || ',') like ('%,' || d.id || ',%'))`
}

export const hasRole = (roleId: string): SQL => sql`(',' || ${user.roleId} || ',') like ${`%,${roleId},%`}`
