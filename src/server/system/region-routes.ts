import { asc, eq, inArray, type AnyColumn } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { regionResource } from '../../shared/resources/system/region'
import { entitySchema } from '../../shared/resource/validate'
import { region } from '../db/schema'
import { done, ok } from '../core/envelope'
import { countRows, pageOf } from '../core/data'
import { bad } from '../core/errors'
import { allOf, filterConditions, parsePaging } from '../core/query'
import { requirePlatformAdmin } from './guards'

type Row = Record<string, unknown>
const cols = region as unknown as Record<string, AnyColumn>
const CODE = /^\d{2,12}$/
const codeParam = (name: string) =>
  z.string({ error: `缺少参数 ${name}` }).regex(CODE, `参数 ${name} 格式不正确`)
export const REGION_ROOT = '00'

/** Regions (GB/T 2260) keyed by code: page, lazy tree by parentCode, detail by code, submit, remove by code. */
export async function regionRoutes(app: FastifyInstance) {
  app.get(
    '/api/blade-system/region/list',
    { schema: { querystring: z.record(z.string(), z.unknown()) } },
    async (request) => {
      const q = request.query as Row
      const where = allOf(filterConditions(q, cols))
      return ok(
        await pageOf(
          parsePaging(q),
          app.db.select().from(region).where(where).orderBy(asc(region.sort), asc(region.code)),
          () => countRows(app.db, region, where),
        ),
      )
    },
  )

  app.get(
    '/api/blade-system/region/lazy-tree',
    {
      schema: {
        querystring: z
          .object({
            parentCode: z.preprocess((v) => (v === '' ? undefined : v), codeParam('parentCode').optional()),
          })
          .loose(),
      },
    },
    async (request) => {
      const parentCode = (request.query as { parentCode?: string }).parentCode ?? REGION_ROOT
      const rows = await app.db
        .select()
        .from(region)
        .where(eq(region.parentCode, parentCode))
        .orderBy(asc(region.sort), asc(region.code))
      const kids = rows.length
        ? await app.db
            .select({ p: region.parentCode })
            .from(region)
            .where(
              inArray(
                region.parentCode,
                rows.map((r) => r.code),
              ),
            )
        : []
      const parents = new Set(kids.map((k) => k.p))
      // the tree-select shape (id, title, value ...) plus the region's own fields for the tree table
      return ok(
        rows.map((r) => ({
          id: r.code,
          parentId: r.parentCode,
          title: r.name,
          key: r.code,
          value: r.code,
          hasChildren: parents.has(r.code),
          code: r.code,
          parentCode: r.parentCode,
          name: r.name,
          regionLevel: r.regionLevel,
          sort: r.sort,
          remark: r.remark,
        })),
      )
    },
  )

  app.get(
    '/api/blade-system/region/detail',
    { schema: { querystring: z.object({ code: codeParam('code') }).loose() } },
    async (request) => {
      const { code } = request.query as { code: string }
      const [row] = await app.db.select().from(region).where(eq(region.code, code))
      if (!row) bad('数据不存在')
      let parentName = '顶级'
      if (row.parentCode !== REGION_ROOT) {
        const [p] = await app.db
          .select({ n: region.name })
          .from(region)
          .where(eq(region.code, row.parentCode))
        parentName = p?.n ?? ''
      }
      return ok({ ...row, parentName })
    },
  )

  const schema = entitySchema(regionResource)
  app.post(
    '/api/blade-system/region/submit',
    { schema: { body: z.record(z.string(), z.unknown()) } },
    async (request) => {
      requirePlatformAdmin(request, '行政区划仅平台管理员可以修改')
      const parsed = schema.parse(request.body) as Row
      const code = String(parsed.code)
      const parentCode = String(parsed.parentCode ?? REGION_ROOT)
      if (parentCode === code) bad('上级区划不能是自身')
      await app.db.transaction(async (tx) => {
        const db = tx
        let ancestors = REGION_ROOT
        if (parentCode !== REGION_ROOT) {
          const [parent] = await db.select().from(region).where(eq(region.code, parentCode))
          if (!parent) bad('上级区划不存在')
          if ((parent.ancestors ?? '').split(',').includes(code)) bad('上级区划不能是自身的下级')
          ancestors = `${parent.ancestors ?? REGION_ROOT},${parentCode}`
        }
        const values = {
          parentCode,
          ancestors,
          name: String(parsed.name),
          regionLevel: Number(parsed.regionLevel),
          sort: Number(parsed.sort ?? 0),
          remark: (parsed.remark as string) ?? null,
        }
        await db
          .insert(region)
          .values({ code, ...values })
          .onConflictDoUpdate({ target: region.code, set: values })
      })
      return done()
    },
  )

  // BladeX removes one region by its code (`id`); several comma-joined codes are accepted, also as
  // `ids` like every other remove
  const codesParam = z.string().max(2000, '参数 id 过长').optional()
  app.post(
    '/api/blade-system/region/remove',
    {
      schema: {
        querystring: z
          .object({ id: codesParam, ids: codesParam })
          .loose()
          .refine((q) => q.id !== undefined || q.ids !== undefined, '缺少参数 id'),
      },
    },
    async (request) => {
      requirePlatformAdmin(request, '行政区划仅平台管理员可以修改')
      const q = request.query as { id?: string; ids?: string }
      const codes = [
        ...new Set(
          (q.id ?? q.ids ?? '')
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ]
      if (!codes.length || codes.some((c) => !CODE.test(c))) bad('参数 id 格式不正确')
      await app.db.transaction(async (tx) => {
        const db = tx
        const found = await db.select({ code: region.code }).from(region).where(inArray(region.code, codes))
        if (found.length !== codes.length) bad('部分数据不存在')
        const kids = await db
          .select({ code: region.code })
          .from(region)
          .where(inArray(region.parentCode, codes))
        if (kids.some((k) => !codes.includes(k.code))) bad('请先删除子节点!')
        await db.delete(region).where(inArray(region.code, codes))
      })
      return done()
    },
  )
}
