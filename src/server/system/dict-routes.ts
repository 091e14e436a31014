import { and, asc, count, eq, inArray, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { dictBizResource, dictResource } from '../../shared/resources/system/dict'
import { entitySchema } from '../../shared/resource/validate'
import type { Db } from '../db/client'
import { dict, dictBiz } from '../db/schema'
import { done, ok, page } from '../core/envelope'
import { countRows, dataOf, dataOfTenant, liveRows, pageOf } from '../core/data'
import { bad } from '../core/errors'
import { nextId } from '../core/ids'
import { allOf, filterConditions, parsePaging } from '../core/query'
import { idList } from '../../shared/resource/validate'
import { requirePlatformAdmin } from './guards'
import { forest, treeNodes } from './tree'
import { idParam, optionalId, tenantParam } from './params'

type Row = Record<string, unknown>
type DictTable = typeof dict

interface DictFamily {
  base: string
  table: DictTable
  tenantOwned: boolean
  def: typeof dictResource | typeof dictBizResource
}

const FILTER_SKIP = new Set(['tenantId', 'parentId', 'code_ignore'])
const codeQuery = z
  .object({ code: z.string({ error: '缺少参数 code' }).min(1, '缺少参数 code').max(255, '参数 code 过长') })
  .loose()

/** The dictionary (code → items) of a tenant's business dictionary or the platform one; for other areas. */
export async function dictionaryItems(db: Db, code: string, tenantId?: string): Promise<Row[]> {
  const t = (tenantId ? dictBiz : dict) as DictTable
  return (await db
    .select()
    .from(t)
    .where(
      allOf([
        eq(t.code, code),
        sql`${t.parentId} > 0`,
        eq(t.isSealed, 0),
        tenantId ? dataOfTenant(db, tenantId).rows(t) : liveRows(t),
      ]),
    )
    .orderBy(asc(t.sort), asc(t.id))) as Row[]
}

/** `dictValue` of a key in a platform dictionary, or '' (for `…Name` fields of lists). */
export async function dictLabels(db: Db, code: string): Promise<Map<string, string>> {
  const items = await dictionaryItems(db, code)
  return new Map(items.map((i) => [String(i.dictKey), String(i.dictValue)]))
}

function registerFamily(app: FastifyInstance, f: DictFamily) {
  const { table: t, base } = f
  const cols = t as unknown as Record<string, AnyColumn>

  /** Conditions every read and write of this family carries: live rows, and the tenant for dict-biz. */
  const scope = (
    request: FastifyRequest,
    explicit?: unknown,
  ): { tenantId: string; conds: (SQL | undefined)[] } => {
    const data = dataOf(request, { tenant: explicit })
    return { tenantId: data.tenantId, conds: [data.rows(t)] }
  }
  const guardWrite = (request: FastifyRequest) => {
    if (!f.tenantOwned) requirePlatformAdmin(request, '系统字典仅平台管理员可以修改')
  }

  app.get(
    `${base}/parent-list`,
    { schema: { querystring: z.record(z.string(), z.unknown()) } },
    async (request) => {
      const q = request.query as Row
      const { conds } = scope(request, q.tenantId)
      const where = allOf([...conds, eq(t.parentId, '0'), ...filterConditions(q, cols, FILTER_SKIP)])
      const records = await pageOf(
        parsePaging(q),
        app.db.select().from(t).where(where).orderBy(asc(t.sort), asc(t.id)),
        () => countRows(app.db, t, where),
      )
      return ok(records)
    },
  )

  app.get(
    `${base}/child-list`,
    {
      schema: { querystring: z.object({ parentId: optionalId('parentId'), tenantId: tenantParam }).loose() },
    },
    async (request) => {
      const q = request.query as Row
      // Clients that page the items (`current`/`size`) read `data.records`; the others get the list.
      const paging = q.current !== undefined || q.size !== undefined ? parsePaging(q) : null
      const answer = (items: Row[]) =>
        ok(
          paging
            ? page(
                items.slice((paging.current - 1) * paging.size, paging.current * paging.size),
                items.length,
                paging.current,
                paging.size,
              )
            : items,
        )
      if (!q.parentId) return answer([])
      const { conds } = scope(request, q.tenantId)
      const [root] = await app.db
        .select()
        .from(t)
        .where(and(...conds, eq(t.id, String(q.parentId))))
        .limit(1)
      if (!root) return answer([])
      const rows = (await app.db
        .select()
        .from(t)
        .where(
          allOf([
            ...conds,
            eq(t.code, root.code),
            ne(t.parentId, '0'),
            ...filterConditions(q, cols, FILTER_SKIP),
          ]),
        )
        .orderBy(asc(t.sort), asc(t.id))) as Row[]
      const nodes = forest(
        rows,
        (r) => String(r.id),
        (r) => String(r.parentId),
      )
      const top = nodes.filter(
        (n) => String(n.parentId) === String(root.id) || !rows.some((r) => r.id === n.parentId),
      )
      return answer(top)
    },
  )

  app.get(
    `${base}/tree`,
    { schema: { querystring: z.object({ tenantId: tenantParam }).loose() } },
    async (request) => {
      const { conds } = scope(request, (request.query as Row).tenantId)
      const rows = (await app.db
        .select()
        .from(t)
        .where(and(...conds))
        .orderBy(asc(t.sort), asc(t.id))) as Row[]
      return ok(treeNodes(rows, 'dictValue'))
    },
  )

  const items = async (request: FastifyRequest) => {
    const q = request.query as { code: string; tenantId?: string }
    const { conds } = scope(request, q.tenantId)
    return (await app.db
      .select()
      .from(t)
      .where(and(...conds, eq(t.code, q.code), sql`${t.parentId} > 0`, eq(t.isSealed, 0)))
      .orderBy(asc(t.sort), asc(t.id))) as Row[]
  }
  // The shell reads `dictionary?code=flow` for every signed-in user; dictionaries are catalogue data.
  app.get(
    `${base}/dictionary`,
    { schema: { querystring: codeQuery }, config: { anyUser: true } },
    async (request) => ok(await items(request)),
  )
  app.get(
    `${base}/dictionary-tree`,
    { schema: { querystring: codeQuery }, config: { anyUser: true } },
    async (request) => {
      const rows = await items(request)
      return ok(
        forest(
          rows,
          (r) => String(r.id),
          (r) => String(r.parentId),
        ),
      )
    },
  )

  app.get(
    `${base}/detail`,
    { schema: { querystring: z.object({ id: idParam(), tenantId: tenantParam }).loose() } },
    async (request) => {
      const q = request.query as { id: string; tenantId?: string }
      const { conds } = scope(request, q.tenantId)
      const [row] = await app.db
        .select()
        .from(t)
        .where(and(...conds, eq(t.id, q.id)))
        .limit(1)
      if (!row) bad('数据不存在或无权访问')
      let parentName = '顶级'
      if (row.parentId !== '0') {
        const [p] = await app.db.select({ v: t.dictValue }).from(t).where(eq(t.id, row.parentId)).limit(1)
        parentName = p?.v ?? ''
      }
      return ok({ ...row, parentName })
    },
  )

  const fullSchema = entitySchema(f.def)
  app.post(`${base}/submit`, { schema: { body: z.record(z.string(), z.unknown()) } }, async (request) => {
    guardWrite(request)
    const body = request.body as Row
    const parentId =
      body.parentId === undefined || body.parentId === '' || body.parentId === null ? '0' : body.parentId
    const isRoot = String(parentId) === '0'
    // A root names a dictionary; its key is conventionally -1 (BladeX) when the form omits it.
    const input: Row = {
      ...body,
      parentId,
      dictKey: isRoot && (body.dictKey === undefined || body.dictKey === '') ? '-1' : body.dictKey,
    }
    const { tenantId, conds } = scope(request, body.tenantId)
    // an item takes its dictionary's code, whatever the form sent
    if (!isRoot && typeof parentId === 'string' && /^\d{1,19}$/.test(parentId)) {
      const [parent] = await app.db
        .select({ code: t.code })
        .from(t)
        .where(and(...conds, eq(t.id, parentId)))
        .limit(1)
      if (parent) input.code = parent.code
    }
    const parsed = fullSchema.parse(input) as Row
    const id = await app.db.transaction(async (tx) => {
      const db = tx
      const isNew = !parsed.id
      if (!isNew) {
        const [existing] = await db
          .select({ id: t.id })
          .from(t)
          .where(and(...conds, eq(t.id, String(parsed.id))))
          .limit(1)
        if (!existing) bad('数据不存在或无权修改')
        if (parsed.parentId === parsed.id) bad('上级字典不能是自身')
      }
      let code = String(parsed.code)
      if (!isRoot) {
        const [parent] = await db
          .select()
          .from(t)
          .where(and(...conds, eq(t.id, String(parsed.parentId))))
          .limit(1)
        if (!parent) bad('上级字典不存在')
        code = parent!.code
        if (!isNew && parent!.parentId !== '0') {
          // refuse cycles: the new parent must not sit under this row
          let up: string = parent!.parentId
          for (let i = 0; i < 50 && up !== '0'; i++) {
            if (up === parsed.id) bad('上级字典不能是自身的下级')
            const [next] = await db.select({ p: t.parentId }).from(t).where(eq(t.id, up)).limit(1)
            up = next?.p ?? '0'
          }
        }
      }
      const clash = await db
        .select({ id: t.id })
        .from(t)
        .where(
          allOf([
            ...conds,
            eq(t.code, code),
            isRoot ? eq(t.parentId, '0') : eq(t.dictKey, String(parsed.dictKey)),
            isRoot ? undefined : ne(t.parentId, '0'),
            isNew ? undefined : ne(t.id, String(parsed.id)),
          ]),
        )
        .limit(1)
      if (clash.length) bad(isRoot ? '当前字典编号已存在!' : '当前字典键值已存在!')
      const values = {
        parentId: String(parsed.parentId),
        code,
        dictKey: String(parsed.dictKey),
        dictValue: String(parsed.dictValue),
        sort: Number(parsed.sort),
        isSealed: Number(parsed.isSealed ?? 0),
        remark: (parsed.remark as string | undefined) ?? null,
      }
      if (isNew) {
        const newId = nextId()
        await db.insert(t).values({ id: newId, ...values, ...(f.tenantOwned ? { tenantId } : {}) } as never)
        return newId
      }
      const [before] = await db
        .select({ code: t.code })
        .from(t)
        .where(eq(t.id, String(parsed.id)))
        .limit(1)
      await db
        .update(t)
        .set(values)
        .where(and(...conds, eq(t.id, String(parsed.id))))
      // a renamed dictionary keeps its items
      if (isRoot && before.code !== code) {
        await db
          .update(t)
          .set({ code })
          .where(and(...conds, eq(t.code, before.code), ne(t.parentId, '0')))
      }
      return String(parsed.id)
    })
    return ok({ id })
  })

  app.post(
    `${base}/remove`,
    { schema: { querystring: z.object({ ids: idList, tenantId: tenantParam }).loose() } },
    async (request) => {
      guardWrite(request)
      const q = request.query as { ids: string[]; tenantId?: string }
      const { conds } = scope(request, q.tenantId)
      await app.db.transaction(async (tx) => {
        const db = tx
        const found = await db
          .select({ id: t.id })
          .from(t)
          .where(and(...conds, inArray(t.id, q.ids)))
        if (found.length !== q.ids.length) bad('部分数据不存在或无权删除')
        const [{ n }] = await db
          .select({ n: count() })
          .from(t)
          .where(and(...conds, inArray(t.parentId, q.ids), sql`${t.id} not in ${q.ids}`))
        if (Number(n) > 0) bad('请先删除子节点!')
        await db
          .update(t)
          .set({ isDeleted: 1 })
          .where(and(...conds, inArray(t.id, q.ids)))
      })
      return done()
    },
  )
}

/** `/api/blade-system/dict/*` (platform-wide) and `/api/blade-system/dict-biz/*` (per tenant). */
export async function dictRoutes(app: FastifyInstance) {
  registerFamily(app, { base: '/api/blade-system/dict', table: dict, tenantOwned: false, def: dictResource })
  registerFamily(app, {
    base: '/api/blade-system/dict-biz',
    table: dictBiz as unknown as DictTable,
    tenantOwned: true,
    def: dictBizResource,
  })
}
