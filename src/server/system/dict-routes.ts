import { asc, eq, ne, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { dictBizResource, dictResource } from '../../shared/resources/system/dict'
import { isId } from '../../shared/resource/validate'
import type { Db } from '../db/client'
import { dict, dictBiz } from '../db/schema'
import { ok, page } from '../core/envelope'
import { dataOf, dataOfTenant, type Data } from '../core/data'
import { bad } from '../core/errors'
import { parsePaging } from '../core/query'
import { parentNames, registerResourceRoutes, type ResourceHooks } from '../core/resource-routes'
import type { ResourceDef } from '../../shared/resource/types'
import { forest } from '../core/tree'
import { ADMIN_TENANT_ID } from '../core/context'
import { requirePlatformAdmin } from './guards'
import { optionalId, tenantParam } from './params'

type Row = Record<string, unknown>
type DictTable = typeof dict

/** Query keys of the dictionary lists that are not filters. */
const NOT_FILTERS = ['parentId', 'code_ignore']
const codeQuery = z
  .object({ code: z.string({ error: '缺少参数 code' }).min(1, '缺少参数 code').max(255, '参数 code 过长') })
  .loose()
const blank = (v: unknown) => v === undefined || v === '' || v === null

/** The items of one dictionary (code): its rows under the root, unsealed, in their order. */
const itemsOf = (data: Data, t: DictTable, code: string) =>
  data
    .repo(t)
    .find([eq(t.code, code), sql`${t.parentId} > 0`, eq(t.isSealed, 0)], { sort: [asc(t.sort), asc(t.id)] })

/** The dictionary (code → items) of a tenant's business dictionary or the platform one; for other areas. */
export async function dictionaryItems(db: Db, code: string, tenantId?: string): Promise<Row[]> {
  // the platform dictionary belongs to no tenant: any tenant's data layer reads it
  const data = dataOfTenant(db, tenantId ?? ADMIN_TENANT_ID)
  return itemsOf(data, tenantId ? (dictBiz as unknown as DictTable) : dict, code)
}

/** `dictValue` of a key in a platform dictionary, or '' (for `…Name` fields of lists). */
export async function dictLabels(db: Db, code: string): Promise<Map<string, string>> {
  const items = await dictionaryItems(db, code)
  return new Map(items.map((i) => [String(i.dictKey), String(i.dictValue)]))
}

/**
 * Dictionary rules for detail, submit and remove (the engine's): a root (parentId 0) names a
 * dictionary, its key -1 when the form omits it, unique by code; an item takes its dictionary's code,
 * its key unique within it, never under itself; renaming a dictionary carries its items along.
 */
function dictHooks(def: ResourceDef, t: DictTable, tenantOwned: boolean): ResourceHooks {
  return {
    writeAccess: tenantOwned
      ? undefined
      : (request) => {
          requirePlatformAdmin(request, '系统字典仅平台管理员可以修改')
        },
    wholeRow: true,
    input: async ({ data, body }) => {
      const parentId = blank(body.parentId) ? '0' : body.parentId
      const isRoot = String(parentId) === '0'
      const input: Row = { ...body, parentId, dictKey: isRoot && blank(body.dictKey) ? '-1' : body.dictKey }
      // an item takes its dictionary's code, whatever the form sent
      if (!isRoot && isId(parentId)) {
        const parent = await data.repo(t).first(eq(t.id, parentId))
        if (parent) input.code = parent.code
      }
      return input
    },
    beforeSave: async ({ data, row, isNew, id }) => {
      const repo = data.repo(t)
      const parentId = String(row.parentId)
      const isRoot = parentId === '0'
      if (!isNew && parentId === id) bad('上级字典不能是自身')
      if (!isRoot) {
        const parent = (await repo.first(eq(t.id, parentId))) ?? bad('上级字典不存在')
        row.code = parent.code
        // refuse cycles: the new parent must not sit under this row
        for (let up = parent.parentId, i = 0; !isNew && i < 50 && up !== '0'; i++) {
          if (up === id) bad('上级字典不能是自身的下级')
          up = (await repo.first(eq(t.id, up)))?.parentId ?? '0'
        }
      }
      const code = String(row.code)
      const clash = await repo.exists(
        eq(t.code, code),
        ...(isRoot ? [eq(t.parentId, '0')] : [eq(t.dictKey, String(row.dictKey)), ne(t.parentId, '0')]),
        isNew ? undefined : ne(t.id, id!),
      )
      if (clash) bad(isRoot ? '当前字典编号已存在!' : '当前字典键值已存在!')
      // a renamed dictionary keeps its items
      if (!isNew && isRoot) {
        const before = await repo.first(eq(t.id, id!))
        if (before && before.code !== code)
          await repo.updateWhere([eq(t.code, before.code), ne(t.parentId, '0')], { code })
      }
    },
    // the detail names its parent (顶级 for a dictionary)
    present: parentNames(def, t),
  }
}

/**
 * One dictionary family: detail, submit, remove and tree from its definition; the lists that are
 * particular to dictionaries (roots paged, one dictionary's items, items by code) here.
 */
function registerFamily(
  app: FastifyInstance,
  def: typeof dictResource | typeof dictBizResource,
  t: DictTable,
  tenantOwned: boolean,
) {
  const base = def.basePath
  registerResourceRoutes(app, def, t, dictHooks(def, t, tenantOwned))
  const sort = [asc(t.sort), asc(t.id)]
  const repoOf = (request: FastifyRequest, tenant?: unknown) => dataOf(request, { tenant }).repo(t)

  app.get(
    `${base}/parent-list`,
    { schema: { querystring: z.record(z.string(), z.unknown()) } },
    async (request) => {
      const q = request.query as Row
      const records = await repoOf(request, q.tenantId).page(q, {
        where: [eq(t.parentId, '0')],
        filters: { skip: NOT_FILTERS },
        sort,
      })
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
      const repo = repoOf(request, q.tenantId)
      const root = await repo.first(eq(t.id, String(q.parentId)))
      if (!root) return answer([])
      const rows = (await repo.list(q, {
        where: [eq(t.code, root.code), ne(t.parentId, '0')],
        filters: { skip: NOT_FILTERS },
        sort,
      })) as Row[]
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

  const items = (request: FastifyRequest) => {
    const q = request.query as { code: string; tenantId?: string }
    return itemsOf(dataOf(request, { tenant: q.tenantId }), t, q.code)
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
    async (request) =>
      ok(
        forest(
          await items(request),
          (r) => String(r.id),
          (r) => String(r.parentId),
        ),
      ),
  )
}

/** `/api/blade-system/dict/*` (platform-wide) and `/api/blade-system/dict-biz/*` (per tenant). */
export async function dictRoutes(app: FastifyInstance) {
  registerFamily(app, dictResource, dict, false)
  registerFamily(app, dictBizResource, dictBiz as unknown as DictTable, true)
}
