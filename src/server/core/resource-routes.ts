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
import { dataOf, dataOfTenant, type Data, type Repo } from './data'
import { ADMIN_TENANT_ID } from './context'
import { isUniqueViolation } from './db-errors'
import { forest, treeNodes } from './tree'

type Row = Record<string, unknown>
const QueryString = z.record(z.string(), z.unknown())

export interface ResourceHooks {
  /**
   * Who may call any route of the resource, reads included (e.g. the platform administrator only):
   * throws to refuse. Runs after the input is validated, before the handler; `route` is the one called
   * (a lazy tree's levels are its `tree`).
   */
  access?: (request: FastifyRequest, route: StandardRoute) => void
  /** Who may write (submit, save, update, remove): throws to refuse; reads stay open (e.g. platform data). */
  writeAccess?: (request: FastifyRequest) => void
  /**
   * Whose rows every standard route reaches, given the caller's data (their tenant, or the one the
   * platform administrator names): e.g. the platform administrator reaches every tenant's record.
   */
  reach?: (request: FastifyRequest, data: Data) => Data
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
  /**
   * What a submit answers besides `{ id }`: a tree's names the form shows next; with this hook any
   * resource's submit answers the row so. `after` is what `afterSave` answered (a new tenant's
   * administrator).
   */
  saved?: (ctx: {
    request: FastifyRequest
    id: string
    row: Row
    tenantId: string
    after?: Row
  }) => Promise<Row> | Row
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
  /**
   * After the row is written, inside the same transaction (link rows, counters, a new tenant's
   * administrator); what it answers goes to `saved`.
   */
  afterSave?: (ctx: {
    db: Db
    data: Data
    request: FastifyRequest
    id: string
    row: Row
    isNew: boolean
  }) => Promise<void | Row>
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
  const root = rootOf(def)
  const key = def.key ?? 'id'
  const columns = table as unknown as Record<string, import('drizzle-orm/pg-core').PgColumn>
  return async (rows: Row[], request: FastifyRequest): Promise<Row[]> => {
    const ids = [...new Set(rows.map((r) => String(r[parentField])))].filter((p) => p !== root)
    const query = request.query as Row | undefined
    const parents = ids.length
      ? ((await dataOf(request, { tenant: query?.tenantId })
          .repo(table)
          .find([inArray(columns[key], ids)])) as Row[])
      : []
    const names = new Map(parents.map((p) => [String(p[key]), p[titleField]]))
    return rows.map((r) => ({
      ...r,
      parentName: String(r[parentField]) === root ? '顶级' : (names.get(String(r[parentField])) ?? ''),
    }))
  }
}

/** The parent value of a tree's top rows: "0", or the lazy levels' root (regions: `00`). */
const rootOf = (def: ResourceDef) => def.tree?.lazyLevels?.root ?? '0'

/**
 * How rows are named on the wire: `id`, or the definition's key field, whose own rules (length,
 * patterns) a key value must meet.
 */
function keyOf(def: ResourceDef): { name: string; valid: (v: unknown) => v is string } {
  if (!def.key) return { name: 'id', valid: isId }
  const field = def.fields.find((f) => f.name === def.key)
  if (!field) throw new Error(`${def.name}: key ${def.key} is not a field`)
  const patterns = (field.rules ?? []).map((r) => new RegExp(r.pattern))
  return {
    name: def.key,
    valid: (v): v is string =>
      typeof v === 'string' && v !== '' && v.length <= (field.max ?? 255) && patterns.every((p) => p.test(v)),
  }
}

/** The definition's default order (create time, newest first, unless it names a field). */
export function defaultSort(def: ResourceDef, table: PgTable): SQL[] {
  const columns = table as unknown as Record<string, SQL.Aliased | import('drizzle-orm/pg-core').PgColumn>
  const s = def.defaultSort
  const col = s ? columns[s.field] : columns.createTime
  const dir = s && !s.desc ? sql`asc` : sql`desc`
  const key = columns[def.key ?? 'id']
  return [sql`${col} ${dir}`, s?.ties === 'asc' ? sql`${key} asc` : sql`${key} desc`]
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
  const key = keyOf(def)
  const keyColumn = columns[key.name]
  const present = async (rows: Row[], request: FastifyRequest) =>
    hooks.present ? hooks.present(rows, request) : rows
  const readScope = (request: FastifyRequest) => hooks.readScope?.(request) ?? []
  const fullSchema = entitySchema(def)
  const partialSchema = entitySchema(def, { partial: true })
  const anyUser = new Set(def.anyUserRoutes ?? [])
  const guard = hooks.access
  const writeGuard = hooks.writeAccess
  const guarded = (route: StandardRoute, write = false) =>
    guard || (write && writeGuard)
      ? {
          preHandler: async (request: FastifyRequest) => {
            guard?.(request, route)
            if (write) writeGuard?.(request)
          },
        }
      : {}
  const configOf = (route: StandardRoute) => ({
    ...guarded(route),
    ...(anyUser.has(route) ? { config: { anyUser: true } } : {}),
  })
  const explicit = (query: Row) => query.tenantId ?? query.tenantId_equal
  /** The caller's data: their tenant, or the one the platform administrator names; then the reach hook. */
  const dataFor = (request: FastifyRequest, named?: unknown) => {
    // A path listed as 免鉴权接口 reaches the route without a user: a platform-wide resource (行政区划)
    // has no tenant to take from one, so it answers as to anyone (a tenant's resource still needs one).
    if (!request.user && def.tenant === false) return dataOfTenant(app.db, ADMIN_TENANT_ID)
    const data = dataOf(request, { tenant: named })
    return hooks.reach ? hooks.reach(request, data) : data
  }
  const repoFor = (request: FastifyRequest, named?: unknown) => dataFor(request, named).repo(table, def)
  const listPages = routes.has('list') && (def.tree ? def.listIsPage === true : def.listIsPage !== false)

  if (routes.has('page') || listPages) {
    const handler = async (request: FastifyRequest) => {
      const query = request.query as Row
      const result = await repoFor(request, explicit(query)).page(query, {
        where: readScope(request),
        filters,
        sort,
      })
      return ok({ ...result, records: await present(result.records as Row[], request) })
    }
    if (routes.has('page'))
      app.get(`${base}/page`, { ...configOf('page'), schema: { querystring: QueryString } }, handler)
    if (listPages)
      app.get(`${base}/list`, { ...configOf('list'), schema: { querystring: QueryString } }, handler)
  }
  if (routes.has('list') && def.tree && !listPages) {
    app.get(
      `${base}/list`,
      { ...configOf('list'), schema: { querystring: QueryString } },
      async (request) => {
        const query = request.query as Row
        const rows = await repoFor(request, explicit(query)).list(query, {
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
        const repo = repoFor(request, explicit(query))
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

  const levels = def.tree?.lazyLevels
  if (levels) {
    // One level of a lazy tree: the children of `param` (the root when absent), as tree-select nodes
    // named by the key, each also carrying the definition's fields for the tree table.
    const { titleField, parentField } = def.tree!
    app.get(
      `${base}/${levels.route}`,
      { ...configOf('tree'), schema: { querystring: QueryString } },
      async (request) => {
        const asked = (request.query as Row)[levels.param]
        if (asked !== undefined && asked !== '' && !key.valid(asked)) bad(`参数 ${levels.param} 格式不正确`)
        const parent = asked === undefined || asked === '' ? levels.root : asked
        const repo = repoFor(request)
        const rows = (await repo.find([eq(columns[parentField], parent), ...readScope(request)], {
          sort,
        })) as Row[]
        const below = rows.length
          ? ((await repo.find([
              inArray(
                columns[parentField],
                rows.map((r) => r[key.name]),
              ),
            ])) as Row[])
          : []
        const parents = new Set(below.map((r) => String(r[parentField])))
        return ok(
          rows.map((r) => {
            const name = String(r[key.name])
            return {
              id: name,
              parentId: r[parentField],
              title: r[titleField],
              key: name,
              value: name,
              hasChildren: parents.has(name),
              ...Object.fromEntries(def.fields.map((f) => [f.name, r[f.name]])),
            }
          }),
        )
      },
    )
  }

  if (routes.has('detail')) {
    app.get(
      `${base}/detail`,
      {
        ...configOf('detail'),
        schema: {
          querystring: z.object({ [key.name]: z.string({ error: `缺少参数 ${key.name}` }) }).loose(),
        },
      },
      async (request) => {
        const q = request.query as Row
        if (!key.valid(q[key.name])) bad(def.key ? `参数 ${key.name} 格式不正确` : '主键格式不正确')
        const repo = repoFor(request, q.tenantId)
        const row = await repo.first(eq(keyColumn, String(q[key.name])), ...readScope(request))
        if (!row) bad('数据不存在或无权访问')
        return ok((await present([row as Row], request))[0])
      },
    )
  }

  async function save(request: FastifyRequest, body: Row, mode: 'submit' | 'save' | 'update') {
    const hasId = typeof body.id === 'string' && body.id !== ''
    if (!def.key && mode === 'save' && hasId) bad('新增数据不能带主键')
    if (!def.key && mode === 'update' && !hasId) bad('修改数据缺少主键')
    const caller = dataFor(request, body.tenantId)
    const input = hooks.input ? await hooks.input({ data: caller, request, body }) : body
    // A keyed row is always sent whole: whether it is new is known only once its key is looked up.
    const parsed = (def.key || !hasId || hooks.wholeRow ? fullSchema : partialSchema).parse(input) as Row
    return caller.transaction(async (data) => {
      const repo = data.repo(table, def)
      const row: Row = { ...parsed }
      delete row.id
      const id = def.key ? String(row[def.key]) : hasId ? String(body.id) : undefined
      const isNew = def.key ? !(await repo.exists(eq(keyColumn, id!))) : !hasId
      if (def.key && mode === 'save' && !isNew) bad('数据已存在')
      if (def.key && mode === 'update' && isNew) bad('数据不存在或无权修改')
      if (!isNew && hooks.wholeRow)
        for (const f of def.fields)
          if (f.form !== false && row[f.name] === undefined) row[f.name] = f.default ?? null
      // Timestamp columns take a Date; the wire carries `yyyy-MM-dd HH:mm:ss` (empty clears it).
      for (const f of def.fields)
        if (f.type === 'datetime' && typeof row[f.name] === 'string')
          row[f.name] = row[f.name] === '' ? null : parseDateTime(String(row[f.name]))
      if (!isNew && !def.key && !(await repo.exists(eq(keyColumn, id!)))) bad('数据不存在或无权修改')
      // Uniqueness is among the tenant's live rows, whoever's data scope they fall in.
      const everyRow = data.repo(table)
      for (const f of def.fields) {
        if (!f.unique || row[f.name] === undefined || row[f.name] === '') continue
        const clash = await everyRow.exists(
          eq(columns[f.name], row[f.name] as never),
          isNew ? undefined : ne(keyColumn, id!),
        )
        if (clash) bad(f.unique.zh)
      }
      await hooks.beforeSave?.({
        db: data.db,
        data,
        request,
        row,
        isNew,
        id: isNew ? undefined : id,
        tenantId: data.tenantId,
      })
      let saved: string
      if (isNew) {
        for (const f of def.fields)
          if (row[f.name] === undefined && f.default !== undefined) row[f.name] = f.default
        ;[saved] = await repo.insert(row as never)
      } else {
        saved = id!
        await repo.update(saved, row as never)
      }
      const after =
        (await hooks.afterSave?.({ db: data.db, data, request, id: saved, row, isNew })) ?? undefined
      return { id: saved, row, tenantId: data.tenantId, after }
    })
  }

  for (const mode of ['submit', 'save', 'update'] as const) {
    if (!routes.has(mode)) continue
    app.post(
      `${base}/${mode}`,
      { ...guarded(mode, true), schema: { body: z.record(z.string(), z.unknown()) } },
      async (request) => {
        const saved = await refuseConflicts(hooks.conflicts, () => save(request, request.body as Row, mode))
        // A keyed row's submit answers the status (BladeX's region submit): the client knows the key.
        if (def.key || (!def.tree && !hooks.saved)) return done()
        return ok({ id: saved.id, ...(hooks.saved ? await hooks.saved({ request, ...saved }) : {}) })
      },
    )
  }

  if (routes.has('remove')) {
    // BladeX removes a keyed row by `id` (a region by its code); comma-joined keys are accepted,
    // also as `ids` like every other remove.
    const keys = z.string().max(2000, '参数 id 过长').optional()
    const removeQuery = def.key
      ? z
          .object({ id: keys, ids: keys })
          .loose()
          .refine((q) => q.id !== undefined || q.ids !== undefined, '缺少参数 id')
          .transform((q) => ({
            ...q,
            ids: [
              ...new Set(
                String(q.id ?? q.ids)
                  .split(',')
                  .map((s) => s.trim())
                  .filter(Boolean),
              ),
            ],
          }))
      : z.object({ ids: idList }).loose()
    app.post(
      `${base}/remove`,
      { ...guarded('remove', true), schema: { querystring: removeQuery } },
      async (request) => {
        const q = request.query as { ids: string[]; tenantId?: string }
        if (!q.ids.length || !q.ids.every(key.valid)) bad('参数 id 格式不正确')
        await dataFor(request, q.tenantId).transaction(async (data) => {
          const repo = data.repo(table, def)
          if ((await repo.count(inArray(keyColumn, q.ids))) !== q.ids.length) bad('部分数据不存在或无权删除')
          if (def.tree) {
            const parent = columns[def.tree.parentField]
            const children = await data.db
              .select({ n: count() })
              .from(table)
              .where(data.rows(table, inArray(parent, q.ids), sql`${keyColumn} not in ${q.ids}`))
            if (Number(children[0].n) > 0) bad('请先删除子节点!')
          }
          await hooks.beforeRemove?.({ db: data.db, data, request, ids: q.ids, tenantId: data.tenantId })
          if (hooks.purge) await repo.deleteWhere([inArray(keyColumn, q.ids)])
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
