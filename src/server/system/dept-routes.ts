import { asc, eq, inArray, ne, type AnyColumn, type SQL } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { deptResource } from '../../shared/resources/system/organisation'
import type { Db } from '../db/client'
import { dept, user } from '../db/schema'
import { ok } from '../core/envelope'
import { bad } from '../core/errors'
import { filterConditions } from '../core/query'
import { requireUser } from '../core/scope'
import { dataOf, type Data } from '../core/data'
import { descendantIds, treeNodes, withAncestors } from '../core/tree'
import { optionalId, tenantParam } from './params'
import { dictLabels } from './dict-routes'
import { parentNames, registerResourceRoutes, type ResourceHooks } from '../core/resource-routes'

type Row = Record<string, unknown>
type DeptRow = typeof dept.$inferSelect
const cols = dept as unknown as Record<string, AnyColumn>
const FILTER_SKIP = new Set(['tenantId', 'parentId'])

/** Dept categories (dictionary `org_category`): 1 school, 2 college, 3 lab centre, 4 lab, 5 office. */
export const DEPT_CATEGORY = { school: 1, college: 2, centre: 3, lab: 4, office: 5 } as const

const category = z.preprocess(
  (v) => (v === '' ? undefined : v),
  z.coerce
    .number({ error: '机构类型必须是整数' })
    .int('机构类型必须是整数')
    .min(1, '机构类型不正确')
    .max(99, '机构类型不正确')
    .optional(),
)

/** The tenant's departments in tree order (sort, then creation). */
const deptsOf = (data: Data, extra: (SQL | undefined)[] = []): Promise<DeptRow[]> =>
  data.repo(dept).find(extra, { sort: [asc(dept.sort), asc(dept.id)] })

async function present(db: Db, rows: DeptRow[]): Promise<Row[]> {
  const names = await dictLabels(db, 'org_category')
  return rows.map((r) => ({ ...r, deptCategoryName: names.get(String(r.deptCategory)) ?? '' }))
}

const nodes = (rows: DeptRow[]) =>
  treeNodes(rows, 'deptName', (r) => ({ deptCategory: r.deptCategory, serial: r.serial ?? '' }))

/** Each row with its category's name and its parent's (the engine's lists and page, and the detail). */
const presentWithParent = async (rows: Row[], request: FastifyRequest) =>
  parentNames(deptResource, dept)(await present(request.server.db, rows as DeptRow[]), request)

/**
 * Department rules for the engine's list, page, submit and remove: the full name defaults to the
 * name; the parent is a department of the tenant, never the department or one below it; `ancestors`
 * follows the parent, also for the descendants of a moved department; one with members stays.
 */
const deptHooks: ResourceHooks = {
  own: ['detail'],
  notFilters: ['parentId'],
  wholeRow: true,
  input: ({ body }) => ({ fullName: body.deptName, ...body }),
  beforeSave: async ({ data, row, isNew, id }) => {
    const all = await deptsOf(data)
    const parentId = String(row.parentId ?? '0')
    row.parentId = parentId
    row.ancestors = '0'
    if (parentId !== '0') {
      const parent = all.find((d) => d.id === parentId) ?? bad('上级机构不存在')
      if (!isNew && withAncestors(all, [parentId]).has(id!)) bad('上级机构不能是自身或其下级')
      row.ancestors = `${parent.ancestors || '0'},${parentId}`
    }
  },
  afterSave: async ({ data, id, isNew }) => {
    if (isNew) return
    // descendants keep a correct ancestors path
    const all = await deptsOf(data)
    const byId = new Map(all.map((d) => [d.id, d]))
    const pathOf = (d: DeptRow): string =>
      d.parentId === '0' ? '0' : `${pathOf(byId.get(d.parentId)!)},${d.parentId}`
    const under = descendantIds(all, [id])
    under.delete(id)
    for (const childId of under)
      await data.repo(dept).update(childId, { ancestors: pathOf(byId.get(childId)!) })
  },
  beforeRemove: async ({ data, ids }) => {
    const members = await data.repo(user).find()
    if (
      members.some((m) =>
        String(m.deptId ?? '')
          .split(',')
          .some((d) => ids.includes(d)),
      )
    )
      bad('机构下存在用户,不能删除')
  },
  present: presentWithParent,
  saved: async ({ request, tenantId, row }) => {
    const names = await dictLabels(request.server.db, 'org_category')
    return { tenantId, deptCategoryName: names.get(String(row.deptCategory)) ?? '' }
  },
}

export async function deptRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, deptResource, dept, deptHooks)
  /** The caller's tenant, or the one the platform administrator names by `tenantId`. */
  const dataIn = (request: FastifyRequest) => dataOf(request, { tenant: (request.query as Row).tenantId })
  const tenantQuery = { querystring: z.object({ tenantId: tenantParam }).loose() }

  const withHasChildren = async (data: Data, rows: DeptRow[]): Promise<Row[]> => {
    if (!rows.length) return []
    const kids = await deptsOf(data, [
      inArray(
        dept.parentId,
        rows.map((r) => r.id),
      ),
    ])
    const parents = new Set(kids.map((k) => k.parentId))
    return (await present(app.db, rows)).map((r) => ({ ...r, hasChildren: parents.has(String(r.id)) }))
  }

  app.get(
    '/api/blade-system/dept/lazy-list',
    {
      schema: { querystring: z.object({ parentId: optionalId('parentId'), tenantId: tenantParam }).loose() },
    },
    async (request) => {
      const q = request.query as Row
      const data = dataIn(request)
      const filters = filterConditions(q, cols, FILTER_SKIP)
      const rows = await deptsOf(data, [
        filters.length && !q.parentId ? undefined : eq(dept.parentId, String(q.parentId ?? '0')),
        ...filters,
      ])
      return ok(await withHasChildren(data, rows))
    },
  )

  app.get(
    '/api/blade-system/dept/lazy-tree',
    {
      schema: { querystring: z.object({ parentId: optionalId('parentId'), tenantId: tenantParam }).loose() },
    },
    async (request) => {
      const q = request.query as Row
      const data = dataIn(request)
      const rows = await deptsOf(data, [eq(dept.parentId, String(q.parentId ?? '0'))])
      const withKids = await withHasChildren(data, rows)
      return ok(
        withKids.map((r) => ({
          id: r.id,
          parentId: r.parentId,
          title: r.deptName,
          key: r.id,
          value: r.id,
          hasChildren: r.hasChildren,
          deptCategory: r.deptCategory,
        })),
      )
    },
  )

  // detail by id (BladeX) or by serial (院系号, spec 7.2)
  app.get(
    '/api/blade-system/dept/detail',
    {
      schema: {
        querystring: z
          .object({
            id: optionalId(),
            serial: z.string().max(20, '参数 serial 过长').optional(),
            tenantId: tenantParam,
          })
          .loose(),
      },
    },
    async (request) => {
      const q = request.query as { id?: string; serial?: string }
      if (!q.id && !q.serial) bad('缺少参数 id 或 serial')
      const rows = await deptsOf(dataIn(request), [
        q.id ? eq(dept.id, q.id) : eq(dept.serial, String(q.serial)),
      ])
      if (!rows.length) bad('数据不存在或无权访问')
      return ok((await presentWithParent(rows.slice(0, 1), request))[0])
    },
  )

  app.get('/api/blade-system/dept/tree', { schema: tenantQuery }, async (request) =>
    ok(nodes(await deptsOf(dataIn(request)))),
  )

  app.get('/api/blade-system/dept/tree-no-lab', { schema: tenantQuery }, async (request) =>
    ok(nodes(await deptsOf(dataIn(request), [ne(dept.deptCategory, DEPT_CATEGORY.lab)]))),
  )

  // the labs with the departments above them
  app.get('/api/blade-system/dept/lab-tree', { schema: tenantQuery }, async (request) => {
    const all = await deptsOf(dataIn(request))
    const keep = withAncestors(
      all,
      all.filter((d) => d.deptCategory === DEPT_CATEGORY.lab).map((d) => d.id),
    )
    return ok(nodes(all.filter((d) => keep.has(d.id))))
  })

  // school and colleges; category-tree4 goes down to the labs (categories 1-4)
  app.get('/api/blade-system/dept/category-tree', { schema: tenantQuery }, async (request) =>
    ok(
      nodes(
        await deptsOf(dataIn(request), [
          inArray(dept.deptCategory, [DEPT_CATEGORY.school, DEPT_CATEGORY.college]),
        ]),
      ),
    ),
  )
  app.get('/api/blade-system/dept/category-tree4', { schema: tenantQuery }, async (request) =>
    ok(nodes(await deptsOf(dataIn(request), [inArray(dept.deptCategory, [1, 2, 3, 4])]))),
  )

  app.get(
    '/api/blade-system/dept/category-select',
    { schema: { querystring: z.object({ category, tenantId: tenantParam }).loose() } },
    async (request) => {
      const q = request.query as { category?: number }
      const rows = await deptsOf(dataIn(request), [
        q.category ? eq(dept.deptCategory, q.category) : undefined,
      ])
      return ok(await present(app.db, rows))
    },
  )

  // depts of a category, under the college with that serial when given
  app.get(
    '/api/blade-system/dept/category-tree-select',
    {
      schema: {
        querystring: z
          .object({
            category,
            collegeSerialNum: z.string().max(20, '参数 collegeSerialNum 过长').optional(),
            tenantId: tenantParam,
          })
          .loose(),
      },
    },
    async (request) => {
      const q = request.query as { category?: number; collegeSerialNum?: string }
      const all = await deptsOf(dataIn(request))
      let pool = all
      if (q.collegeSerialNum) {
        const college = all.find((d) => d.serial === q.collegeSerialNum)
        if (!college) return ok([])
        const under = descendantIds(all, [college.id])
        pool = all.filter((d) => under.has(d.id))
      }
      const hits = pool.filter((d) => !q.category || d.deptCategory === q.category)
      return ok(nodes(hits))
    },
  )

  app.get(
    '/api/blade-system/dept/getListByParentId',
    {
      schema: { querystring: z.object({ parentId: optionalId('parentId'), tenantId: tenantParam }).loose() },
    },
    async (request) => {
      const q = request.query as { parentId?: string }
      return ok(await present(app.db, await deptsOf(dataIn(request), [eq(dept.parentId, q.parentId ?? '0')])))
    },
  )

  app.get(
    '/api/blade-system/dept/getListByParentIdAndCategory',
    {
      schema: {
        querystring: z
          .object({ parentId: optionalId('parentId'), deptCategory: category, tenantId: tenantParam })
          .loose(),
      },
    },
    async (request) => {
      const q = request.query as { parentId?: string; deptCategory?: number }
      const rows = await deptsOf(dataIn(request), [
        eq(dept.parentId, q.parentId ?? '0'),
        q.deptCategory ? eq(dept.deptCategory, q.deptCategory) : undefined,
      ])
      return ok(await present(app.db, rows))
    },
  )

  // every dept of a category below a parent, at any depth
  app.get(
    '/api/blade-system/dept/getDepts',
    {
      schema: {
        querystring: z.object({ parentId: optionalId('parentId'), category, tenantId: tenantParam }).loose(),
      },
    },
    async (request) => {
      const q = request.query as { parentId?: string; category?: number }
      const all = await deptsOf(dataIn(request))
      const under = q.parentId ? descendantIds(all, [q.parentId]) : new Set(all.map((d) => d.id))
      if (q.parentId) under.delete(q.parentId)
      return ok(
        await present(
          app.db,
          all.filter((d) => under.has(d.id) && (!q.category || d.deptCategory === q.category)),
        ),
      )
    },
  )

  app.get(
    '/api/blade-system/dept/select',
    {
      schema: {
        querystring: z
          .object({ userId: optionalId('userId'), deptId: z.string().max(4000).optional() })
          .loose(),
      },
    },
    async (request) => {
      const me = requireUser(request)
      const data = dataOf(request)
      const q = request.query as { userId?: string; deptId?: string }
      let ids = me.deptIds
      if (q.userId) {
        const [u] = await app.db
          .select({ deptId: user.deptId })
          .from(user)
          .where(data.rows(user, eq(user.id, q.userId)))
          .limit(1)
        if (!u) bad('用户不存在或无权访问')
        ids = String(u!.deptId ?? '')
          .split(',')
          .filter(Boolean)
      } else if (q.deptId) ids = q.deptId.split(',').filter((id) => /^\d{1,19}$/.test(id))
      if (!ids.length) return ok([])
      return ok(await present(app.db, await deptsOf(data, [inArray(dept.id, ids)])))
    },
  )
}
