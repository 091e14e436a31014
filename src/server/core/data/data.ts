import type { FastifyRequest } from 'fastify'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { isPlatformAdmin, type AuthUser } from '../context'
import { AuthError, ForbiddenError } from '../errors'
import { allOf } from '../query'
import { scopeTenant } from '../scope'
import { runKept } from './kept-statements'
import { Repo, type ScopeKey } from './repo'
import { liveRows, ownedRows, tenantRows, type Columns } from './tables'

/** The data-scope condition of the caller for one resource; undefined = every row of the tenant. */
export type RowScope = (key: ScopeKey, columns: Columns, db: Db) => Promise<SQL | undefined>

export interface DataOptions {
  db: Db
  tenantId: string
  /** Who writes (audit columns) and whose data scope applies; null for seeds and platform jobs. */
  user: AuthUser | null
  rowScope?: RowScope
  /** Every tenant's rows (the platform administrator's views of tenants; platform jobs). */
  allTenants?: boolean
}

/**
 * The tenant-scoped data layer: one caller, one tenant, one database handle (or open transaction).
 * Every table is reached through `repo(table)`, which applies the tenant, soft delete and, given a
 * scope key, the caller's data scope to every read and write. Code outside `core/data` never writes a
 * tenant condition by hand (lint rule `no-restricted-syntax` in eslint.config.js); joins and
 * aggregates take theirs from `rows(table)`.
 */
export class Data {
  readonly db: Db
  readonly tenantId: string
  readonly user: AuthUser | null
  /** True when this caller sees every tenant's rows (`acrossTenants()`); writes still name their tenant. */
  readonly allTenants: boolean
  private readonly scope: RowScope

  constructor(options: DataOptions) {
    this.db = options.db
    this.tenantId = options.tenantId
    this.user = options.user
    this.scope = options.rowScope ?? (async () => undefined)
    this.allTenants = options.allTenants ?? false
  }

  /**
   * The same caller over every tenant's rows: only the platform administrator of tenant 000000, and
   * only where the spec lets them (tenant management, platform-wide pickers). 403 for anyone else.
   */
  acrossTenants(): Data {
    if (!this.user || !isPlatformAdmin(this.user)) throw new ForbiddenError()
    return new Data({ db: this.db, tenantId: this.tenantId, user: this.user, rowScope: this.scope, allTenants: true })
  }

  /** The signed-in caller (401 without one). */
  get me(): AuthUser {
    if (!this.user) throw new AuthError()
    return this.user
  }

  repo<T extends PgTable>(table: T, scope?: ScopeKey): Repo<T> {
    return new Repo(this, table, scope)
  }

  /** Read with this handle: inside a transaction the embedded database has no other connection. */
  rowScope(key: ScopeKey, columns: Columns): Promise<SQL | undefined> {
    return this.scope(key, columns, this.db)
  }

  /** The rows of `table` this tenant owns (live), with `extra`: for joins, aggregates and raw SQL. */
  rows(table: PgTable, ...extra: (SQL | undefined)[]): SQL | undefined {
    return allOf([this.allTenants ? liveRows(table) : ownedRows(table, this.tenantId), ...extra])
  }

  /**
   * Runs a statement whose text is built once per tenant and `shape`, then kept (kept-statements.ts):
   * what changes between runs are placeholders (`sql.placeholder(name)`) given in `values`. `build`
   * may take the tenant's conditions from `rows` and nothing else of the caller (no data scope): every
   * caller of the tenant shares the text. Rows come back as the driver answers them: select json-safe
   * columns (`jsonFields`).
   */
  kept<R>(shape: string, build: () => SQL | { getSQL(): SQL }, values: Record<string, unknown>): Promise<R[]> {
    return runKept<R>(this.db, `${this.allTenants ? '*' : this.tenantId}:${shape}`, build, values)
  }

  /** Every row of `table` this tenant ever wrote, deleted ones included (never-reused numbers), with `extra`. */
  everRows(table: PgTable, ...extra: (SQL | undefined)[]): SQL | undefined {
    return allOf([tenantRows(table, this.tenantId), ...extra])
  }

  /** The same caller inside one transaction (nested calls become savepoints). */
  transaction<R>(work: (data: Data) => Promise<R>): Promise<R> {
    return this.db.transaction((tx) => work(this.with(tx)))
  }

  /** The same caller over another handle (an open transaction of someone else's making). */
  with(db: Db): Data {
    return new Data({
      db,
      tenantId: this.tenantId,
      user: this.user,
      rowScope: this.scope,
      allTenants: this.allTenants,
    })
  }
}

/**
 * The data layer of a request: the caller's tenant (the platform administrator may name another by
 * `tenant`), the request's database and the caller's data scopes.
 */
export function dataOf(request: FastifyRequest, options: { tenant?: unknown } = {}): Data {
  const app = request.server
  return new Data({
    db: app.db,
    tenantId: scopeTenant(request, options.tenant),
    user: request.user,
    rowScope: (key, columns, db) => app.dataScope(request, key, columns, db),
  })
}

/** The data layer of a public request: the tenant is given (from a header or a row), no user. */
export function publicDataOf(request: FastifyRequest, tenantId: string): Data {
  return new Data({ db: request.server.db, tenantId, user: null })
}

/**
 * The data layer of a tenant the caller names instead of signing in as one: the sign-in paths (the
 * tenant of a token request, before there is a user), seeds, platform jobs and flow events. No user,
 * so no audit user and no data scope; every read and write is still the named tenant's live rows.
 */
export function dataOfTenant(db: Db, tenantId: string): Data {
  return new Data({ db, tenantId, user: null })
}
