import { eq, inArray, ne, or, sql, type SQL } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { isId } from '../../shared/resource/validate'
import { userResource } from '../../shared/resources/system/user'
import type { Db } from '../db/client'
import { dept, role, tenant, user } from '../db/schema'
import { bad } from '../core/errors'
import { dataOf, dataOfTenant, type Data } from '../core/data'

type Row = Record<string, unknown>

/** The caller's users (tenant, live rows, data scope `user`), in the tenant the platform admin names. */
export const usersOf = (request: FastifyRequest, explicitTenant?: unknown) =>
  dataOf(request, { tenant: explicitTenant }).repo(user, userResource)

/** The users named by `ids`, all of them in the caller's reach, else a 400 (nothing is touched). */
export const requireVisibleUsers = (request: FastifyRequest, ids: string[], explicitTenant?: unknown) =>
  usersOf(request, explicitTenant).needAll(ids, '用户不存在或无权操作')

/** Users in `deptId` or any department below it (a user's dept_id is a comma-joined list). */
function inDeptTree(data: Data, deptId: string): SQL {
  const atOrBelow = or(eq(dept.id, deptId), sql`(',' || ${dept.ancestors} || ',') like ${`%,${deptId},%`}`)
  return sql`exists (select 1 from ${dept} where ${data.rows(dept, atOrBelow)}
    and (',' || ${user.deptId} || ',') like ('%,' || ${dept.id} || ',%'))`
}

const holds = (column: typeof user.roleId | typeof user.postId, id: string): SQL =>
  sql`(',' || ${column} || ',') like ${`%,${id},%`}`

/** Query keys of the user lists that are not column filters: they name a department, role or post. */
export const LINK_FILTERS = ['deptId', 'roleId', 'postId']

/**
 * The user lists' link filters (BladeX UserController): `deptId` takes the department's subtree,
 * `roleId` and `postId` a user holding that role or post among theirs.
 */
export function linkFilters(request: FastifyRequest): (SQL | undefined)[] {
  const q = (request.query ?? {}) as Row
  return linkFiltersOf(dataOf(request, { tenant: q.tenantId ?? q.tenantId_equal }), q)
}

/** linkFilters of a query, the departments read in `data`'s tenant (a queued export has no request). */
export function linkFiltersOf(data: Data, q: Row): (SQL | undefined)[] {
  const given = (key: string, what: string) => {
    const v = q[key]
    if (v === undefined || v === '') return undefined
    if (!isId(v)) bad(`${what}主键格式不正确`)
    return String(v)
  }
  const deptId = given('deptId', '部门')
  const roleId = given('roleId', '角色')
  const postId = given('postId', '岗位')
  return [
    deptId ? inDeptTree(data, deptId) : undefined,
    roleId ? holds(user.roleId, roleId) : undefined,
    postId ? holds(user.postId, postId) : undefined,
  ]
}

export async function accountTaken(db: Db, tenantId: string, account: string, exceptId?: string) {
  return dataOfTenant(db, tenantId)
    .repo(user)
    .exists(eq(user.account, account), exceptId ? ne(user.id, exceptId) : undefined)
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
  if (roleIds.length && (await data.repo(role).count(inArray(role.id, roleIds))) !== roleIds.length)
    bad('所选角色不存在')
  if (deptIds.length && (await data.repo(dept).count(inArray(dept.id, deptIds))) !== deptIds.length)
    bad('所选部门不存在')
}
