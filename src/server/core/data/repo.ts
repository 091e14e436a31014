import { asc, count, desc, eq, getTableColumns, inArray, is, SQL, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import type { Page } from '../envelope'
import { bad } from '../errors'
import { nextId } from '../ids'
import { allOf, filterConditions, orderBy, parsePaging, type Paging } from '../query'
import { paginate } from './paging'
import { columnsOf, type Columns } from './tables'
import type { Data } from './data'

/** Columns the data layer writes itself: never taken from a caller's values. */
const MANAGED = ['id', 'tenantId', 'createUser', 'createDept', 'createTime', 'updateUser', 'updateTime', 'isDeleted'] as const
type Managed = (typeof MANAGED)[number]

export type RowOf<T extends PgTable> = T['$inferSelect']
/** What a caller gives to insert: the table's own columns; id, tenant and audit columns are set here. */
export type NewRowOf<T extends PgTable> = Omit<T['$inferInsert'], Managed> & { id?: string }
export type PatchOf<T extends PgTable> = Partial<Omit<T['$inferInsert'], Managed>>

/** A data-scope resource key: `blade_scope_data.resource_code` is the permission code or the name. */
export interface ScopeKey {
  name: string
  permission: string
}

export type Query = Record<string, unknown>

export interface ListOptions {
  /** Conditions beyond the BladeX filters of the query. */
  where?: (SQL | undefined)[]
  /** Apply the query's BladeX filters (default true); `skip` names keys that are not filters. */
  filters?: boolean | { skip: string[] }
  /** Order when the query names none (`ascs`/`descs`); default create time, newest first. */
  sort?: SQL[]
}

const PAGE_SAFETY_LIMIT = 10000
/** Rows per statement of `insertMany`. */
const INSERT_MANY_BATCH = 1000

/**
 * A value as the driver is given it (`insertMany`): the column's own mapping (dates → ISO text,
 * decimals → text); undefined takes the column's default from the schema, else NULL. A default
 * that is SQL (`defaultNow()`) cannot be sent as a value: such a column must be given one.
 */
function driverValue(column: Columns[string], value: unknown): unknown {
  if (value === undefined) {
    if (column.defaultFn) value = column.defaultFn()
    else if (column.default !== undefined && !is(column.default, SQL)) value = column.default
    else if (column.default !== undefined)
      throw new Error(`insertMany: column ${column.name} has an SQL default; give it a value`)
    else return null
  }
  return value === null || value === undefined ? null : column.mapToDriverValue(value)
}

/** `id`, else the name of the table's primary key column. */
function keyOf(columns: Columns): string {
  if (columns.id) return 'id'
  const primary = Object.entries(columns).find(([, c]) => c.primary)
  if (!primary) throw new Error('Repo: a table needs an id or a primary key column')
  return primary[0]
}

/**
 * One table seen by one caller: every read and write is limited to the caller's tenant, to live rows
 * and, when the repo has a scope key, to the rows the caller's data scope shows. Get one with
 * `dataOf(request).repo(table, scopeKey?)`.
 */
export class Repo<T extends PgTable> {
  readonly columns: Columns
  /**
   * The column rows are named by: `id`, or the primary key of a table without one (regions by
   * `code`); `get`, `update`, `remove` and `insert`'s answer go by it.
   */
  readonly key: string

  constructor(
    private readonly data: Data,
    readonly table: T,
    private readonly scopeKey?: ScopeKey,
  ) {
    this.columns = columnsOf(table)
    this.key = keyOf(this.columns)
  }

  private get db(): Db {
    return this.data.db
  }

  /** Tenant, live and data-scope conditions, plus `extra`. */
  async where(...extra: (SQL | undefined)[]): Promise<SQL | undefined> {
    const scope = this.scopeKey ? await this.data.rowScope(this.scopeKey, this.columns) : undefined
    return allOf([this.data.rows(this.table), scope, ...extra])
  }

  private filters(query: Query, options: ListOptions): SQL[] {
    if (options.filters === false) return []
    const skip = new Set(['tenantId', ...(typeof options.filters === 'object' ? options.filters.skip : [])])
    return filterConditions(query, this.columns, skip)
  }

  private fallbackSort(options: ListOptions): SQL[] {
    if (options.sort) return options.sort
    const c = this.columns
    return c.createTime ? [desc(c.createTime), desc(c[this.key])] : [asc(c[this.key])]
  }

  /** A page of rows by the BladeX query (`current`, `size`, filters, `ascs`/`descs`). */
  async page(query: Query, options: ListOptions = {}, paging: Paging = parsePaging(query)): Promise<Page<RowOf<T>>> {
    const where = await this.where(...this.filters(query, options), ...(options.where ?? []))
    const order = orderBy(query, this.columns, this.fallbackSort(options))
    return paginate(paging, {
      rows: (limit, offset) =>
        this.db
          .select()
          .from(this.table as PgTable)
          .where(where)
          .orderBy(...order)
          .limit(limit)
          .offset(offset) as Promise<RowOf<T>[]>,
      count: async () => Number((await this.db.select({ n: count() }).from(this.table as PgTable).where(where))[0].n),
    })
  }

  /** Every matching row (at most `limit`, default 10,000), in the query's order. */
  async list(query: Query = {}, options: ListOptions & { limit?: number } = {}): Promise<RowOf<T>[]> {
    const where = await this.where(...this.filters(query, options), ...(options.where ?? []))
    return this.db
      .select()
      .from(this.table as PgTable)
      .where(where)
      .orderBy(...orderBy(query, this.columns, this.fallbackSort(options)))
      .limit(options.limit ?? PAGE_SAFETY_LIMIT) as Promise<RowOf<T>[]>
  }

  /** Rows matching the conditions (no BladeX filters), in id order unless `sort` is given. */
  async find(conditions: (SQL | undefined)[] = [], options: { sort?: SQL[]; limit?: number } = {}): Promise<RowOf<T>[]> {
    const q = this.db
      .select()
      .from(this.table as PgTable)
      .where(await this.where(...conditions))
      .orderBy(...(options.sort ?? [asc(this.columns[this.key])]))
    return (options.limit ? q.limit(options.limit) : q) as Promise<RowOf<T>[]>
  }

  async first(...conditions: (SQL | undefined)[]): Promise<RowOf<T> | null> {
    const rows = await this.find(conditions, { limit: 1 })
    return rows[0] ?? null
  }

  async get(id: string): Promise<RowOf<T> | null> {
    if (!/^\d{1,19}$/.test(id)) bad('主键格式不正确')
    return this.first(eq(this.columns[this.key], id))
  }

  /** The row, or a 400 with `message` (another tenant's or an out-of-scope row reads as missing). */
  async need(id: string, message = '数据不存在或无权访问'): Promise<RowOf<T>> {
    return (await this.get(id)) ?? bad(message)
  }

  /** All of `ids`, or a 400 with `message` when any is missing or out of reach. */
  async needAll(ids: string[], message = '部分数据不存在或无权访问'): Promise<RowOf<T>[]> {
    const unique = [...new Set(ids)]
    if (!unique.length) return []
    const rows = await this.find([inArray(this.columns[this.key], unique)])
    if (rows.length !== unique.length) bad(message)
    return rows
  }

  async count(...conditions: (SQL | undefined)[]): Promise<number> {
    const [{ n }] = await this.db
      .select({ n: count() })
      .from(this.table as PgTable)
      .where(await this.where(...conditions))
    return Number(n)
  }

  async exists(...conditions: (SQL | undefined)[]): Promise<boolean> {
    const rows = await this.db
      .select({ one: sql`1` })
      .from(this.table as PgTable)
      .where(await this.where(...conditions))
      .limit(1)
    return rows.length > 0
  }

  /**
   * Inserts rows of the caller's tenant with fresh ids and audit columns; answers the ids in order.
   * `createDept` writes the rows on behalf of another department than the caller's first one (a
   * college's report rows are the college's whoever types them, so its data scope finds them).
   */
  async insert(values: NewRowOf<T> | NewRowOf<T>[], options: { createDept?: string } = {}): Promise<string[]> {
    const rows = this.stamped(Array.isArray(values) ? values : [values], options)
    if (!rows.length) return []
    // Stay well under PostgreSQL's 65,535 bind parameters per statement.
    const batch = Math.max(1, Math.floor(30000 / Math.max(1, Object.keys(this.columns).length)))
    for (let i = 0; i < rows.length; i += batch)
      await this.db.insert(this.table).values(rows.slice(i, i + batch) as never)
    return rows.map((r) => String(r[this.key]))
  }

  /**
   * `insert` for imports: the same ids, tenant and audit columns, but each batch of rows travels as
   * one JSON parameter that the database expands (`json_populate_recordset`) instead of one bind
   * parameter per field. A 1,000-row batch of a 45-column table is then one 600 kB string rather
   * than 45,000 parameters built, serialised and parsed one by one — several times faster and a
   * fraction of the garbage. Scalar columns only (no json or array columns); a value not given is
   * the column's default from the schema, else NULL.
   */
  async insertMany(values: NewRowOf<T>[], options: { createDept?: string } = {}): Promise<string[]> {
    if (!values.length) return []
    const columns = Object.entries(getTableColumns(this.table))
    for (const [, column] of columns)
      if (/json|\[\]/.test(column.getSQLType()))
        throw new Error(`insertMany: column ${column.name} (${column.getSQLType()}) is not scalar`)
    const names = sql.raw(columns.map(([, column]) => `"${column.name}"`).join(', '))
    // What `stamped` gives every row, taken once: each row is then read in place, not copied.
    const stamp = this.stamped([{} as NewRowOf<T>], options)[0]!
    const managed = new Set<string>(MANAGED)
    const ids: string[] = []
    for (let i = 0; i < values.length; i += INSERT_MANY_BATCH) {
      const records = values.slice(i, i + INSERT_MANY_BATCH).map((value) => {
        const row = value as Record<string, unknown>
        const own = this.stamped([{ id: row.id, tenantId: row.tenantId } as NewRowOf<T>], options)[0]!
        ids.push(String(this.key === 'id' ? own.id : row[this.key]))
        const record: Record<string, unknown> = {}
        for (const [key, column] of columns) {
          const given = key === 'id' || key === 'tenantId' ? own[key] : managed.has(key) ? stamp[key] : row[key]
          // A key left out is NULL (the base record is null), so NULLs need not travel.
          const v = driverValue(column, given)
          if (v !== null) record[column.name] = v
        }
        return record
      })
      await this.db.execute(
        sql`insert into ${this.table} (${names}) select ${names}
          from json_populate_recordset(null::${this.table}, ${JSON.stringify(records)}::json)`,
      )
    }
    return ids
  }

  /** Rows as given, with a fresh id (unless given), the caller's tenant and the audit columns. */
  private stamped(list: NewRowOf<T>[], options: { createDept?: string }): Record<string, unknown>[] {
    const c = this.columns
    const now = new Date()
    const user = this.data.user
    return list.map((v) => {
      const row: Record<string, unknown> = { ...(v as Record<string, unknown>) }
      const keep = (key: string) => key === 'id' || (key === 'tenantId' && this.data.allTenants)
      for (const key of MANAGED) if (!keep(key)) delete row[key]
      if (this.key === 'id') row.id = typeof row.id === 'string' && row.id ? row.id : nextId()
      // Across tenants a row names its tenant itself; otherwise it is always the caller's.
      if (c.tenantId && !(this.data.allTenants && typeof row.tenantId === 'string'))
        row.tenantId = this.data.tenantId
      if (c.createUser) row.createUser = user?.userId ?? null
      if (c.createDept) row.createDept = options.createDept ?? user?.deptIds[0] ?? null
      if (c.createTime) row.createTime = now
      if (c.updateUser) row.updateUser = user?.userId ?? null
      if (c.updateTime) row.updateTime = now
      if (c.isDeleted) row.isDeleted = 0
      return row
    })
  }

  private stamp(patch: Record<string, unknown>): Record<string, unknown> {
    const row = { ...patch }
    for (const key of MANAGED) delete row[key]
    if (this.columns.updateUser) row.updateUser = this.data.user?.userId ?? null
    if (this.columns.updateTime) row.updateTime = new Date()
    return row
  }

  /** Updates the rows matching the conditions inside the caller's reach; answers how many changed. */
  async updateWhere(conditions: (SQL | undefined)[], patch: PatchOf<T>): Promise<number> {
    const changed = await this.db
      .update(this.table)
      .set(this.stamp(patch as Record<string, unknown>) as never)
      .where(await this.where(...conditions))
      .returning({ one: sql`1` })
    return changed.length
  }

  /** Updates one row or several by id; answers how many changed (0 when out of reach). */
  update(ids: string | string[], patch: PatchOf<T>): Promise<number> {
    const list = Array.isArray(ids) ? ids : [ids]
    return this.updateWhere([inArray(this.columns[this.key], list)], patch)
  }

  /**
   * Removes rows by id (soft delete where the table has `is_deleted`). Every id must be in reach,
   * else a 400 and nothing changes.
   */
  async remove(ids: string[], message = '部分数据不存在或无权删除'): Promise<void> {
    const unique = [...new Set(ids)]
    if (!unique.length) bad('请选择至少一条数据')
    const c = this.columns
    const inReach = await this.count(inArray(c[this.key], unique))
    if (inReach !== unique.length) bad(message)
    const where = await this.where(inArray(c[this.key], unique))
    if (c.isDeleted)
      await this.db
        .update(this.table)
        .set({ ...this.stamp({}), isDeleted: 1 } as never)
        .where(where)
    else await this.db.delete(this.table).where(where)
  }

  /** Deletes rows (no soft delete) matching the conditions inside the caller's tenant: link tables. */
  async deleteWhere(conditions: (SQL | undefined)[]): Promise<number> {
    const removed = await this.db
      .delete(this.table)
      .where(await this.where(...conditions))
      .returning({ one: sql`1` })
    return removed.length
  }
}
