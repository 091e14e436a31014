import { asc, eq, inArray, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { deptResource } from '../../shared/resources/system/organisation'
import { entitySchema, idList } from '../../shared/resource/validate'
import type { Db } from '../db/client'
import { dept, user } from '../db/schema'
import { ok } from '../core/envelope'
import { bad } from '../core/errors'
import { nextId } from '../core/ids'
import { filterConditions, parsePaging } from '../core/query'
import { requireUser } from '../core/scope'
import { dataOf, pageOf, countRows, type Data } from '../core/data'
import { descendantIds, forest, treeNodes, withAncestors } from '../core/tree'
import { optionalId, tenantParam } from './params'
import { dictLabels } from './dict-routes'
import { done } from '../core/envelope'

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

async function deptsOf(data: Data, extra: (SQL | undefined)[] = []): Promise<DeptRow[]> {
  return data.db
    .select()
    .from(dept)
    .where(data.rows(dept, ...extra))
    .orderBy(asc(dept.sort), asc(dept.id))
}

async function present(db: Db, rows: DeptRow[]): Promise<Row[]> {
  const names = await dictLabels(db, 'org_category')
  return rows.map((r) => ({ ...r, deptCategoryName: names.get(String(r.deptCategory)) ?? '' }))
}

const nodes = (rows: DeptRow[]) =>
  treeNodes(rows, 'deptName', (r) => ({ deptCategory: r.deptCategory, serial: r.serial ?? '' }))

export async function deptRoutes(app: FastifyInstance) {
  /** The caller's tenant, or the one the platform administrator names by `tenantId`. */
  const dataIn = (request: FastifyRequest) => dataOf(request, { tenant: (request.query as Row).tenantId })
  const anyQuery = { querystring: z.record(z.string(), z.unknown()) }
  const tenantQuery = { querystring: z.object({ tenantId: tenantParam }).loose() }

  app.get('/api/blade-system/dept/list', { schema: anyQuery }, async (request) => {
    const rows = await deptsOf(dataIn(request), filterConditions(request.query as Row, cols, FILTER_SKIP))
    return ok(
      forest(
        await present(app.db, rows),
        (r) => String(r.id),
        (r) => String(r.parentId),
      ),
    )
  })

  app.get('/api/blade-system/dept/page', { schema: anyQuery }, async (request) => {
    const q = request.query as Row
    const where = dataIn(request).rows(dept, ...filterConditions(q, cols, FILTER_SKIP))
    const found = await pageOf(
      parsePaging(q),
      app.db.select().from(dept).where(where).orderBy(asc(dept.sort), asc(dept.id)),
      () => countRows(app.db, dept, where),
    )
    return ok({ ...found, records: await present(app.db, found.records) })
  })

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
      const row = (await present(app.db, rows))[0]
      let parentName = '顶级'
      if (rows[0].parentId !== '0') {
        const [p] = await app.db
          .select({ n: dept.deptName })
          .from(dept)
          .where(eq(dept.id, rows[0].parentId))
          .limit(1)
        parentName = p?.n ?? ''
      }
      return ok({ ...row, parentName })
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

  const fullSchema = entitySchema(deptResource)
  app.post(
    '/api/blade-system/dept/submit',
    { schema: { body: z.record(z.string(), z.unknown()) } },
    async (request) => {
      const body = request.body as Row
      const parsed = fullSchema.parse({ fullName: body.deptName, ...body }) as Row
      const data = dataOf(request, { tenant: body.tenantId })
      const tenantId = data.tenantId
      const id = await data.transaction(async (tx) => {
        const db = tx.db
        const all = await deptsOf(tx)
        const isNew = !parsed.id
        if (!isNew && !all.some((d) => d.id === parsed.id)) bad('数据不存在或无权修改')
        const parentId = String(parsed.parentId ?? '0')
        let ancestors = '0'
        if (parentId !== '0') {
          const parent = all.find((d) => d.id === parentId)
          if (!parent) bad('上级机构不存在')
          if (!isNew && withAncestors(all, [parentId]).has(String(parsed.id)))
            bad('上级机构不能是自身或其下级')
          ancestors = `${parent!.ancestors || '0'},${parentId}`
        }
        if (parsed.serial && all.some((d) => d.serial === parsed.serial && d.id !== parsed.id))
          bad('机构编号已存在')
        const values = {
          parentId,
          ancestors,
          deptName: String(parsed.deptName),
          fullName: String(parsed.fullName ?? parsed.deptName),
          deptCategory: Number(parsed.deptCategory),
          serial: (parsed.serial as string) ?? null,
          sort: Number(parsed.sort ?? 0),
          remark: (parsed.remark as string) ?? null,
        }
        if (isNew) {
          const newId = nextId()
          await db.insert(dept).values({ id: newId, tenantId, ...values })
          return newId
        }
        await db
          .update(dept)
          .set(values)
          .where(tx.rows(dept, eq(dept.id, String(parsed.id))))
        // descendants keep a correct ancestors path
        const under = descendantIds(all, [String(parsed.id)])
        under.delete(String(parsed.id))
        const after = all.map((d) => (d.id === parsed.id ? { ...d, parentId, ancestors } : d))
        const byId = new Map(after.map((d) => [d.id, d]))
        const pathOf = (d: DeptRow): string =>
          d.parentId === '0' ? '0' : `${pathOf(byId.get(d.parentId)!)},${d.parentId}`
        for (const childId of under) {
          const d = byId.get(childId)!
          await db
            .update(dept)
            .set({ ancestors: pathOf(d) })
            .where(eq(dept.id, childId))
        }
        return String(parsed.id)
      })
      const names = await dictLabels(app.db, 'org_category')
      return ok({ id, tenantId, deptCategoryName: names.get(String(parsed.deptCategory)) ?? '' })
    },
  )

  app.post(
    '/api/blade-system/dept/remove',
    { schema: { querystring: z.object({ ids: idList, tenantId: tenantParam }).loose() } },
    async (request) => {
      const q = request.query as { ids: string[] }
      const data = dataIn(request)
      await data.transaction(async (tx) => {
        const db = tx.db
        const rows = await deptsOf(tx, [inArray(dept.id, q.ids)])
        if (rows.length !== q.ids.length) bad('部分数据不存在或无权删除')
        const kids = await deptsOf(tx, [inArray(dept.parentId, q.ids), sql`${dept.id} not in ${q.ids}`])
        if (kids.length) bad('请先删除子节点!')
        const members = await db.select({ id: user.id, deptId: user.deptId }).from(user).where(tx.rows(user))
        if (
          members.some((m) =>
            String(m.deptId ?? '')
              .split(',')
              .some((d) => q.ids.includes(d)),
          )
        )
          bad('机构下存在用户,不能删除')
        await db
          .update(dept)
          .set({ isDeleted: 1 })
          .where(tx.rows(dept, inArray(dept.id, q.ids)))
      })
      return done()
    },
  )
}
