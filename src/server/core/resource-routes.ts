import { count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { ResourceDef } from '../../shared/resource/types'
import { routesOf, type StandardRoute } from '../../shared/resource/types'
import { entitySchema, idList, isId } from '../../shared/resource/validate'
import type { Db } from '../db/client'
import { done, ok, page } from './envelope'
import { bad } from './errors'
import { nextId } from './ids'
import { parseDateTime } from './serialize'
import { allOf, filterConditions, orderBy, parsePaging } from './query'
import { requireUser, scopeTenant } from './scope'

type Row = Record<string, unknown>
const QueryString = z.record(z.string(), z.unknown())

export interface ResourceHooks {
  /** Extra checks or derived values before insert/update, inside the transaction. */
  beforeSave?: (ctx: {
    db: Db
    request: FastifyRequest
    row: Row
    isNew: boolean
    tenantId: string
  }) => Promise<void>
  /** Refuse a removal (e.g. children exist) by throwing BizError. */
  beforeRemove?: (ctx: { db: Db; request: FastifyRequest; ids: string[]; tenantId: string }) => Promise<void>
  /** Shape a row for the wire (add names from dictionaries, etc.). */
  present?: (rows: Row[], request: FastifyRequest) => Promise<Row[]> | Row[]
}

/**
 * Everything the standard routes of one resource need to read and write its table with the tenant
 * and data scopes applied. Custom routes of the same resource reuse it.
 */
export function resourceAccess(def: ResourceDef, table: PgTable) {
  const columns = table as unknown as Record<string, PgColumn>
  const tenantCol = def.tenant ? columns.tenantId : undefined
  const live = eq(columns.isDeleted, 0)

  async function scopeConditions(app: FastifyInstance, request: FastifyRequest, explicitTenant?: unknown) {
    const tenantId = scopeTenant(request, explicitTenant)
    const conds: (SQL | undefined)[] = [live]
    if (tenantCol) conds.push(eq(tenantCol, tenantId))
    conds.push(await app.dataScope(request, def, columns))
    return { tenantId, conds }
  }

  const sortFallback = () => {
    const s = def.defaultSort
    const col = s ? columns[s.field] : columns.createTime
    const dir = s && !s.desc ? sql`asc` : sql`desc`
    return [sql`${col} ${dir}`, sql`${columns.id} desc`]
  }

  return {
    columns,
    table,
    scopeConditions,

    async findPage(app: FastifyInstance, request: FastifyRequest, query: Row, extra: SQL[] = []) {
      const { current, size } = parsePaging(query)
      const { conds } = await scopeConditions(app, request, query.tenantId ?? query.tenantId_equal)
      const where = allOf([...conds, ...filterConditions(query, columns, new Set(['tenantId'])), ...extra])
      const db = app.db
      const [{ total }] = await db.select({ total: count() }).from(table).where(where)
      const records = await db
        .select()
        .from(table)
        .where(where)
        .orderBy(...orderBy(query, columns, sortFallback()))
        .limit(size)
        .offset((current - 1) * size)
      return page(records as Row[], Number(total), current, size)
    },

    async findAll(app: FastifyInstance, request: FastifyRequest, query: Row, extra: SQL[] = []) {
      const { conds } = await scopeConditions(app, request, query.tenantId ?? query.tenantId_equal)
      const where = allOf([...conds, ...filterConditions(query, columns, new Set(['tenantId'])), ...extra])
      return (await app.db
        .select()
        .from(table)
        .where(where)
        .orderBy(...orderBy(query, columns, sortFallback()))
        .limit(10000)) as Row[]
    },

    async findOne(app: FastifyInstance, request: FastifyRequest, id: string, explicitTenant?: unknown) {
      if (!isId(id)) bad('主键格式不正确')
      const { conds } = await scopeConditions(app, request, explicitTenant)
      const rows = await app.db
        .select()
        .from(table)
        .where(allOf([...conds, eq(columns.id, id)]))
        .limit(1)
      return (rows[0] as Row | undefined) ?? null
    },
  }
}

export type ResourceAccess = ReturnType<typeof resourceAccess>

/** Registers list, page, detail, submit/save/update and remove for one plain resource. */
export function registerResourceRoutes(
  app: FastifyInstance,
  def: ResourceDef,
  table: PgTable,
  hooks: ResourceHooks = {},
): ResourceAccess {
  const access = resourceAccess(def, table)
  const { columns } = access
  const routes = new Set(routesOf(def))
  const base = def.basePath
  const present = async (rows: Row[], request: FastifyRequest) =>
    hooks.present ? hooks.present(rows, request) : rows
  const fullSchema = entitySchema(def)
  const anyUser = new Set(def.anyUserRoutes ?? [])
  const configOf = (route: StandardRoute) => (anyUser.has(route) ? { config: { anyUser: true } } : {})

  if (routes.has('page') || (routes.has('list') && def.listIsPage !== false && !def.tree)) {
    const handler = async (request: FastifyRequest) => {
      const result = await access.findPage(app, request, request.query as Row)
      return ok({ ...result, records: await present(result.records, request) })
    }
    if (routes.has('page'))
      app.get(`${base}/page`, { ...configOf('page'), schema: { querystring: QueryString } }, handler)
    if (routes.has('list') && !def.tree)
      app.get(`${base}/list`, { ...configOf('list'), schema: { querystring: QueryString } }, handler)
  }
  if (routes.has('list') && def.tree) {
    app.get(`${base}/list`, { ...configOf('list'), schema: { querystring: QueryString } }, async (request) =>
      ok(await present(await access.findAll(app, request, request.query as Row), request)),
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
        const row = await access.findOne(app, request, String(q.id), q.tenantId)
        if (!row) bad('数据不存在或无权访问')
        return ok((await present([row!], request))[0])
      },
    )
  }

  async function save(request: FastifyRequest, body: Row, mode: 'submit' | 'save' | 'update') {
    const user = requireUser(request)
    const hasId = typeof body.id === 'string' && body.id !== ''
    if (mode === 'save' && hasId) bad('新增数据不能带主键')
    if (mode === 'update' && !hasId) bad('修改数据缺少主键')
    const isNew = !hasId
    const parsed = (isNew ? fullSchema : entitySchema(def, { partial: true })).parse(body) as Row
    const explicitTenant = (body as Row).tenantId
    const { tenantId, conds } = await access.scopeConditions(app, request, explicitTenant)
    return app.db.transaction(async (tx) => {
      const db = tx as unknown as Db
      const row: Row = { ...parsed }
      delete row.id
      // Timestamp columns take a Date; the wire carries `yyyy-MM-dd HH:mm:ss` (empty clears it).
      for (const f of def.fields)
        if (f.type === 'datetime' && typeof row[f.name] === 'string')
          row[f.name] = row[f.name] === '' ? null : parseDateTime(String(row[f.name]))
      if (!isNew) {
        const existing = await db
          .select({ id: columns.id })
          .from(table)
          .where(allOf([...conds, eq(columns.id, String(body.id))]))
          .limit(1)
        if (!existing.length) bad('数据不存在或无权修改')
      }
      for (const f of def.fields) {
        if (!f.unique || row[f.name] === undefined || row[f.name] === '') continue
        const clash = await db
          .select({ id: columns.id })
          .from(table)
          .where(
            allOf([
              eq(columns.isDeleted, 0),
              def.tenant ? eq(columns.tenantId, tenantId) : undefined,
              eq(columns[f.name], row[f.name] as never),
              isNew ? undefined : ne(columns.id, String(body.id)),
            ]),
          )
          .limit(1)
        if (clash.length) bad(f.unique.zh)
      }
      await hooks.beforeSave?.({ db, request, row, isNew, tenantId })
      const now = new Date()
      if (isNew) {
        const id = nextId()
        const insert: Row = {
          ...row,
          id,
          createUser: user.userId,
          createDept: user.deptIds[0] ?? null,
          createTime: now,
          updateUser: user.userId,
          updateTime: now,
          isDeleted: 0,
        }
        for (const f of def.fields)
          if (insert[f.name] === undefined && f.default !== undefined) insert[f.name] = f.default
        if (def.tenant) insert.tenantId = tenantId
        await db.insert(table).values(insert as never)
        return id
      }
      await db
        .update(table)
        .set({ ...row, updateUser: user.userId, updateTime: now } as never)
        .where(allOf([...conds, eq(columns.id, String(body.id))]))
      return String(body.id)
    })
  }

  for (const mode of ['submit', 'save', 'update'] as const) {
    if (!routes.has(mode)) continue
    app.post(`${base}/${mode}`, { schema: { body: z.record(z.string(), z.unknown()) } }, async (request) => {
      const id = await save(request, request.body as Row, mode)
      return def.tree ? ok({ id }) : done()
    })
  }

  if (routes.has('remove')) {
    app.post(
      `${base}/remove`,
      { schema: { querystring: z.object({ ids: idList }).loose() } },
      async (request) => {
        const q = request.query as { ids: string[]; tenantId?: string }
        const { tenantId, conds } = await access.scopeConditions(app, request, q.tenantId)
        await app.db.transaction(async (tx) => {
          const db = tx as unknown as Db
          const found = await db
            .select({ id: columns.id })
            .from(table)
            .where(allOf([...conds, inArray(columns.id, q.ids)]))
          if (found.length !== q.ids.length) bad('部分数据不存在或无权删除')
          if (def.tree) {
            const parent = columns[def.tree.parentField]
            const children = await db
              .select({ n: count() })
              .from(table)
              .where(
                allOf([eq(columns.isDeleted, 0), inArray(parent, q.ids), sql`${columns.id} not in ${q.ids}`]),
              )
            if (Number(children[0].n) > 0) bad('请先删除子节点!')
          }
          await hooks.beforeRemove?.({ db, request, ids: q.ids, tenantId })
          await db
            .update(table)
            .set({ isDeleted: 1, updateUser: requireUser(request).userId, updateTime: new Date() } as never)
            .where(allOf([...conds, inArray(columns.id, q.ids)]))
        })
        return done()
      },
    )
  }
  return access
}
