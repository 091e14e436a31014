import { count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { ResourceDef } from '../../shared/resource/types'
import { routesOf, type StandardRoute } from '../../shared/resource/types'
import { entitySchema, idList, isId } from '../../shared/resource/validate'
import type { Db } from '../db/client'
import { done, ok } from './envelope'
import { bad } from './errors'
import { parseDateTime } from './serialize'
import { dataOf, type Data, type Repo } from './data'
import { isUniqueViolation } from './db-errors'
import { forest, treeNodes } from './tree'

type Row = Record<string, unknown>
const QueryString = z.record(z.string(), z.unknown())

export interface ResourceHooks {
  /**
   * Who may call any route of the resource, reads included (e.g. the platform administrator only):
   * throws to refuse. Runs after the input is validated, before the handler.
   */
  access?: (request: FastifyRequest) => void
  /** Who may write (submit, save, update, remove): throws to refuse; reads stay open (e.g. platform data). */
  writeAccess?: (request: FastifyRequest) => void
  /**
   * Reshapes a submitted body before it is validated: values the form leaves out that follow from
   * others (a dictionary item takes its dictionary's code). `data` is the caller's, outside the transaction.
   */
  input?: (ctx: { data: Data; request: FastifyRequest; body: Row }) => Promise<Row> | Row
  /**
   * An edit carries the whole row: validated like a new one (required fields included), and optional
   * fields it leaves blank are cleared (to their default, else null) instead of kept.
   */
  wholeRow?: boolean
  /** Standard routes the area serves itself (a detail that also answers by another key). */
  own?: StandardRoute[]
  /** Query keys of the standard reads that are not filters (the parent of a lazy tree's lists). */
  notFilters?: string[]
  /** What a tree's submit answers besides `{ id }` (names the form shows next). */
  saved?: (ctx: { request: FastifyRequest; id: string; row: Row; tenantId: string }) => Promise<Row> | Row
  /**
   * Removal deletes the rows instead of marking them removed: for tables whose unique key a new row
   * may take again at once (an OAuth client id).
   */
  purge?: boolean
  /** Extra checks or derived values before insert/update, inside the transaction. */
  beforeSave?: (ctx: {
    db: Db
    data: Data
    request: FastifyRequest
    row: Row
    isNew: boolean
    /** The edited row's id (undefined for a new row). */
    id?: string
    tenantId: string
  }) => Promise<void>
  /** After the row is written, inside the same transaction (link rows, counters). */
  afterSave?: (ctx: {
    db: Db
    data: Data
    request: FastifyRequest
    id: string
    row: Row
    isNew: boolean
  }) => Promise<void>
  /** Refuse a removal (e.g. children exist) by throwing BizError. */
  beforeRemove?: (ctx: {
    db: Db
    data: Data
    request: FastifyRequest
    ids: string[]
    tenantId: string
  }) => Promise<void>
  /** Shape a row for the wire (add names from dictionaries, etc.). */
  present?: (rows: Row[], request: FastifyRequest) => Promise<Row[]> | Row[]
  /** Conditions every standard read adds (e.g. a student sees only published rows). */
  readScope?: (request: FastifyRequest) => (SQL | undefined)[]
  /**
   * Unique indexes a save may still hit when two writers pass the checks at once, by index name,
   * with the message the loser gets (400 instead of a server error).
   */
  conflicts?: Record<string, string>
}

/** The repo of a resource for one request: tenant (or the platform admin's named one) and data scope. */
export function resourceRepo(
  request: FastifyRequest,
  def: ResourceDef,
  table: PgTable,
  explicitTenant?: unknown,
): Repo<PgTable> {
  return dataOf(request, { tenant: explicitTenant }).repo(table, def)
}

/**
 * Legacy surface of the engine for routes written before the data layer: the same reads through
 * `resourceRepo`. New code calls `dataOf(request).repo(table, def)` directly.
 */
export function resourceAccess(def: ResourceDef, table: PgTable) {
  const repoOf = (request: FastifyRequest, explicitTenant?: unknown) =>
    resourceRepo(request, def, table, explicitTenant)
  const explicit = (query: Row) => query.tenantId ?? query.tenantId_equal
  return {
    columns: table as unknown as Record<string, import('drizzle-orm/pg-core').PgColumn>,
    table,
    async scopeConditions(_app: FastifyInstance, request: FastifyRequest, explicitTenant?: unknown) {
      const data = dataOf(request, { tenant: explicitTenant })
      return { tenantId: data.tenantId, conds: [await data.repo(table, def).where()] }
    },
    findPage: (_app: FastifyInstance, request: FastifyRequest, query: Row, extra: SQL[] = []) =>
      repoOf(request, explicit(query)).page(query, {
        where: extra,
        sort: defaultSort(def, table),
      }) as Promise<import('./envelope').Page<Row>>,
    findAll: (_app: FastifyInstance, request: FastifyRequest, query: Row, extra: SQL[] = []) =>
      repoOf(request, explicit(query)).list(query, {
        where: extra,
        sort: defaultSort(def, table),
      }) as Promise<Row[]>,
    findOne: (_app: FastifyInstance, request: FastifyRequest, id: string, explicitTenant?: unknown) =>
      repoOf(request, explicitTenant).get(id) as Promise<Row | null>,
  }
}

export type ResourceAccess = ReturnType<typeof resourceAccess>

/**
 * A presenter for tree resources: each row names its parent (`parentName`, 顶级 for a root), as
 * BladeX's tree details and lists do. The parents are read in the caller's reach.
 */
export function parentNames(def: ResourceDef, table: PgTable) {
  const { parentField, titleField } = def.tree!
  const columns = table as unknown as Record<string, import('drizzle-orm/pg-core').PgColumn>
  return async (rows: Row[], request: FastifyRequest): Promise<Row[]> => {
    const ids = [...new Set(rows.map((r) => String(r[parentField])))].filter((p) => p !== '0')
    const query = request.query as Row | undefined
    const parents = ids.length
      ? ((await dataOf(request, { tenant: query?.tenantId })
          .repo(table)
          .find([inArray(columns.id, ids)])) as Row[])
      : []
    const names = new Map(parents.map((p) => [String(p.id), p[titleField]]))
    return rows.map((r) => ({
      ...r,
      parentName: String(r[parentField]) === '0' ? '顶级' : (names.get(String(r[parentField])) ?? ''),
    }))
  }
}

/** The definition's default order (create time, newest first, unless it names a field). */
export function defaultSort(def: ResourceDef, table: PgTable): SQL[] {
  const columns = table as unknown as Record<string, SQL.Aliased | import('drizzle-orm/pg-core').PgColumn>
  const s = def.defaultSort
  const col = s ? columns[s.field] : columns.createTime
  const dir = s && !s.desc ? sql`asc` : sql`desc`
  return [sql`${col} ${dir}`, s?.ties === 'asc' ? sql`${columns.id} asc` : sql`${columns.id} desc`]
}

/** Registers list, page, detail, submit/save/update and remove for one plain resource. */
export function registerResourceRoutes(
  app: FastifyInstance,
  def: ResourceDef,
  table: PgTable,
  hooks: ResourceHooks = {},
): ResourceAccess {
  const access = resourceAccess(def, table)
  const columns = access.columns
  const routes = new Set(routesOf(def).filter((r) => !hooks.own?.includes(r)))
  const filters = { skip: hooks.notFilters ?? [] }
  const base = def.basePath
  const sort = defaultSort(def, table)
  const present = async (rows: Row[], request: FastifyRequest) =>
    hooks.present ? hooks.present(rows, request) : rows
  const readScope = (request: FastifyRequest) => hooks.readScope?.(request) ?? []
  const fullSchema = entitySchema(def)
  const partialSchema = entitySchema(def, { partial: true })
  const anyUser = new Set(def.anyUserRoutes ?? [])
  const guard = hooks.access
  const guarded = guard ? { preHandler: async (request: FastifyRequest) => guard(request) } : {}
  const writeGuard = hooks.writeAccess
  const writeGuarded =
    guard || writeGuard
      ? {
          preHandler: async (request: FastifyRequest) => {
            guard?.(request)
            writeGuard?.(request)
          },
        }
      : {}
  const configOf = (route: StandardRoute) => ({
    ...guarded,
    ...(anyUser.has(route) ? { config: { anyUser: true } } : {}),
  })
  const explicit = (query: Row) => query.tenantId ?? query.tenantId_equal

  if (routes.has('page') || (routes.has('list') && def.listIsPage !== false && !def.tree)) {
    const handler = async (request: FastifyRequest) => {
      const query = request.query as Row
      const result = await resourceRepo(request, def, table, explicit(query)).page(query, {
        where: readScope(request),
        filters,
        sort,
      })
      return ok({ ...result, records: await present(result.records as Row[], request) })
    }
    if (routes.has('page'))
      app.get(`${base}/page`, { ...configOf('page'), schema: { querystring: QueryString } }, handler)
    if (routes.has('list') && !def.tree)
      app.get(`${base}/list`, { ...configOf('list'), schema: { querystring: QueryString } }, handler)
  }
  if (routes.has('list') && def.tree) {
    app.get(
      `${base}/list`,
      { ...configOf('list'), schema: { querystring: QueryString } },
      async (request) => {
        const query = request.query as Row
        const rows = await resourceRepo(request, def, table, explicit(query)).list(query, {
          where: readScope(request),
          filters,
          sort,
        })
        const shown = await present(rows as Row[], request)
        const parentField = def.tree!.parentField
        return ok(
          def.tree!.nested
            ? forest(
                shown,
                (r) => String(r.id),
                (r) => String(r[parentField]),
              )
            : shown,
        )
      },
    )
  }

  if (routes.has('tree') && def.tree) {
    const { titleField, parentField } = def.tree
    app.get(
      `${base}/tree`,
      { ...configOf('tree'), schema: { querystring: QueryString } },
      async (request) => {
        const query = request.query as Row
        const repo = resourceRepo(request, def, table, explicit(query))
        const rows = await repo.find(readScope(request), { sort })
        return ok(
          treeNodes(
            (rows as Row[]).map((r) => ({ ...r, parentId: r[parentField] })),
            titleField,
          ),
        )
      },
    )
  }

  if (routes.has('detail')) {
    app.get(
      `${base}/detail`,
      {
        ...configOf('detail'),
        schema: { querystring: z.object({ id: z.string({ error: '缺少参数 id' }) }).loose() },
      },
      async (request) => {
        const q = request.query as Row
        if (!isId(q.id)) bad('主键格式不正确')
        const repo = resourceRepo(request, def, table, q.tenantId)
        const row = await repo.first(eq(columns.id, String(q.id)), ...readScope(request))
        if (!row) bad('数据不存在或无权访问')
        return ok((await present([row as Row], request))[0])
      },
    )
  }

  async function save(request: FastifyRequest, body: Row, mode: 'submit' | 'save' | 'update') {
    const hasId = typeof body.id === 'string' && body.id !== ''
    if (mode === 'save' && hasId) bad('新增数据不能带主键')
    if (mode === 'update' && !hasId) bad('修改数据缺少主键')
    const isNew = !hasId
    const caller = dataOf(request, { tenant: body.tenantId })
    const input = hooks.input ? await hooks.input({ data: caller, request, body }) : body
    const parsed = (isNew || hooks.wholeRow ? fullSchema : partialSchema).parse(input) as Row
    return caller.transaction(async (data) => {
      const repo = data.repo(table, def)
      const row: Row = { ...parsed }
      delete row.id
      if (!isNew && hooks.wholeRow)
        for (const f of def.fields)
          if (f.form !== false && row[f.name] === undefined) row[f.name] = f.default ?? null
      // Timestamp columns take a Date; the wire carries `yyyy-MM-dd HH:mm:ss` (empty clears it).
      for (const f of def.fields)
        if (f.type === 'datetime' && typeof row[f.name] === 'string')
          row[f.name] = row[f.name] === '' ? null : parseDateTime(String(row[f.name]))
      if (!isNew && !(await repo.exists(eq(columns.id, String(body.id))))) bad('数据不存在或无权修改')
      // Uniqueness is among the tenant's live rows, whoever's data scope they fall in.
      const everyRow = data.repo(table)
      for (const f of def.fields) {
        if (!f.unique || row[f.name] === undefined || row[f.name] === '') continue
        const clash = await everyRow.exists(
          eq(columns[f.name], row[f.name] as never),
          isNew ? undefined : ne(columns.id, String(body.id)),
        )
        if (clash) bad(f.unique.zh)
      }
      await hooks.beforeSave?.({
        db: data.db,
        data,
        request,
        row,
        isNew,
        id: isNew ? undefined : String(body.id),
        tenantId: data.tenantId,
      })
      let id: string
      if (isNew) {
        for (const f of def.fields)
          if (row[f.name] === undefined && f.default !== undefined) row[f.name] = f.default
        ;[id] = await repo.insert(row as never)
      } else {
        id = String(body.id)
        await repo.update(id, row as never)
      }
      await hooks.afterSave?.({ db: data.db, data, request, id, row, isNew })
      return { id, row, tenantId: data.tenantId }
    })
  }

  for (const mode of ['submit', 'save', 'update'] as const) {
    if (!routes.has(mode)) continue
    app.post(
      `${base}/${mode}`,
      { ...writeGuarded, schema: { body: z.record(z.string(), z.unknown()) } },
      async (request) => {
        const saved = await refuseConflicts(hooks.conflicts, () => save(request, request.body as Row, mode))
        if (!def.tree) return done()
        return ok({ id: saved.id, ...(hooks.saved ? await hooks.saved({ request, ...saved }) : {}) })
      },
    )
  }

  if (routes.has('remove')) {
    app.post(
      `${base}/remove`,
      { ...writeGuarded, schema: { querystring: z.object({ ids: idList }).loose() } },
      async (request) => {
        const q = request.query as { ids: string[]; tenantId?: string }
        await dataOf(request, { tenant: q.tenantId }).transaction(async (data) => {
          const repo = data.repo(table, def)
          if ((await repo.count(inArray(columns.id, q.ids))) !== q.ids.length) bad('部分数据不存在或无权删除')
          if (def.tree) {
            const parent = columns[def.tree.parentField]
            const children = await data.db
              .select({ n: count() })
              .from(table)
              .where(data.rows(table, inArray(parent, q.ids), sql`${columns.id} not in ${q.ids}`))
            if (Number(children[0].n) > 0) bad('请先删除子节点!')
          }
          await hooks.beforeRemove?.({ db: data.db, data, request, ids: q.ids, tenantId: data.tenantId })
          if (hooks.purge) await repo.deleteWhere([inArray(columns.id, q.ids)])
          else await repo.remove(q.ids)
        })
        return done()
      },
    )
  }
  return access
}

/** Runs a write; a unique violation of a listed index becomes that index's 400 message. */
async function refuseConflicts<T>(
  conflicts: Record<string, string> | undefined,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work()
  } catch (e) {
    for (const [index, message] of Object.entries(conflicts ?? {}))
      if (isUniqueViolation(e, index)) bad(message)
    throw e
  }
}
