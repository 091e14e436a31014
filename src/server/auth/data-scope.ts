import { and, eq, inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { ScopeKey } from '../core/data/repo'
import { toCamel } from '../../shared/resource/types'
import { isAdministrator, type AuthUser } from '../core/context'
import type { Db } from '../db/client'
import { roleScope, scopeData } from '../db/schema'
import { liveRows } from '../core/data'

/** blade_scope_data.scope_type (BladeX DataScopeEnum). */
export const DATA_SCOPE = { all: 1, self: 2, ownDept: 3, ownDeptAndBelow: 4, custom: 5 } as const

const DEFAULT_COLUMN: Record<number, string> = {
  2: 'createUser',
  3: 'createDept',
  4: 'createDept',
  5: 'createDept',
}
const ID_RE = /^\d{1,19}$/

type ScopeRow = typeof scopeData.$inferSelect

function idIn(column: AnyColumn, ids: string[]): SQL {
  const clean = ids.filter((id) => ID_RE.test(id))
  return clean.length ? inArray(column, clean) : sql`false`
}

/** The depts at or below `deptIds` (by blade_dept.ancestors). */
function deptAndBelow(column: AnyColumn, deptIds: string[]): SQL {
  const clean = deptIds.filter((id) => ID_RE.test(id))
  if (!clean.length) return sql`false`
  const below = sql.join(
    clean.map((id) => sql`(',' || d.ancestors || ',') like ${`%,${id},%`}`),
    sql` or `,
  )
  return sql`${column} in (select d.id from blade_dept d where d.is_deleted = 0 and (d.id in (${sql.join(
    clean.map((id) => sql`${id}`),
    sql`, `,
  )}) or ${below}))`
}

function conditionOf(row: ScopeRow, user: AuthUser, columns: Record<string, AnyColumn>): SQL {
  const name = row.scopeColumn ? toCamel(row.scopeColumn) : DEFAULT_COLUMN[row.scopeType ?? 0]
  const column = name ? columns[name] : undefined
  if (!column) return sql`false`
  switch (row.scopeType) {
    case DATA_SCOPE.self:
      return eq(column, user.userId)
    case DATA_SCOPE.ownDept:
      return idIn(column, user.deptIds)
    case DATA_SCOPE.ownDeptAndBelow:
      return deptAndBelow(column, user.deptIds)
    case DATA_SCOPE.custom:
      // Custom scopes name the depts whose rows are visible (comma-joined ids), never raw SQL.
      return idIn(column, (row.scopeValue ?? '').split(','))
    default:
      return sql`false`
  }
}

function loadScopeRows(db: Db, roleIds: string[], codes: string[]): Promise<ScopeRow[]> {
  return db
    .select({ scope: scopeData })
    .from(roleScope)
    .innerJoin(scopeData, eq(scopeData.id, roleScope.scopeId))
    .where(
      and(
        eq(roleScope.scopeCategory, 1),
        inArray(roleScope.roleId, roleIds),
        inArray(scopeData.resourceCode, codes),
        liveRows(scopeData),
      ),
    )
    .then((rows) => rows.map((r) => r.scope))
}

const MAX_CACHED_SCOPES = 10_000

/**
 * The scope rows granted to a role set for a resource, read once per permission version: every change
 * of scopes or of the roles' grants bumps it. The rows only; the condition is built per caller (own
 * user and depts), and departments below are resolved by the list query itself.
 */
export class DataScopeCache {
  private version = ''
  private byRolesAndResource = new Map<string, Promise<ScopeRow[]>>()

  rows(db: Db, version: string | null, roleIds: string[], codes: string[]): Promise<ScopeRow[]> {
    // No version (not read by the guard): nothing to key the answer on, so ask the database.
    if (version === null) return loadScopeRows(db, roleIds, codes)
    if (version !== this.version || this.byRolesAndResource.size >= MAX_CACHED_SCOPES) {
      this.version = version
      this.byRolesAndResource.clear()
    }
    const key = `${[...roleIds].sort().join(',')}|${codes.join(',')}`
    let rows = this.byRolesAndResource.get(key)
    if (!rows) {
      rows = loadScopeRows(db, roleIds, codes)
      this.byRolesAndResource.set(key, rows)
      rows.catch(() => this.byRolesAndResource.delete(key))
    }
    return rows
  }
}

/**
 * `app.dataScope(request, key, columns, db?)`: the rows of a resource the caller's roles may see, from the
 * blade_scope_data rows (resource_code = the resource's permission code or name) granted to them.
 * Several scopes widen each other (OR); no scope rows, an `all` scope or the administrator role mean
 * the whole tenant (undefined). The grants are cached per role set and permission version. Inside a
 * transaction pass its handle as `db` (the embedded database has one connection).
 */
export function installDataScope(app: FastifyInstance) {
  const cache = new DataScopeCache()
  app.decorate(
    'dataScope',
    async (request: FastifyRequest, key: ScopeKey, columns: Record<string, AnyColumn>, db: Db = app.db) => {
      const user = request.user
      if (!user || isAdministrator(user) || !user.roleIds.length) return undefined
      const codes = [...new Set([key.permission, key.name].filter(Boolean))]
      const roleIds = user.roleIds.filter((id) => ID_RE.test(id))
      if (!roleIds.length) return undefined
      const rows = await cache.rows(db, request.permissionVersion, roleIds, codes)
      if (!rows.length || rows.some((r) => r.scopeType === DATA_SCOPE.all)) return undefined
      const conditions = rows.map((r) => conditionOf(r, user, columns))
      return conditions.length === 1 ? conditions[0] : sql`(${sql.join(conditions, sql` or `)})`
    },
  )
}
