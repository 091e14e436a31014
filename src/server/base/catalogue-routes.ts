import { and, count, eq, inArray } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { ResourceDef } from '../../shared/resource/types'
import { isId } from '../../shared/resource/validate'
import { eduMajorInfoResource } from '../../shared/resources/base/edu-major-info'
import { professionResource } from '../../shared/resources/base/profession'
import { eduMajorInfo, profession } from '../db/schema'
import { resourceAccess } from '../core/resource-routes'
import { liveRows } from '../core/data'
import { ok } from '../core/envelope'
import { bad } from '../core/errors'

type Row = Record<string, unknown>
const AnyQuery = z.record(z.string(), z.unknown())
/** National reference data read by forms of every area: any signed-in user reads it (writes stay gated). */
const reference = { anyUser: true }

interface TreeNode extends Row {
  id: string
  parentId: string
  key: string
  value: string
  title: string
  children?: TreeNode[]
  hasChildren?: boolean
}

/** BladeX TreeNode forest (contract 5.5) of catalogue rows, keeping `code` for pickers that store codes. */
export function toForest(rows: Row[]): TreeNode[] {
  const nodes = new Map<string, TreeNode>()
  for (const r of rows) {
    const id = String(r.id)
    nodes.set(id, {
      id,
      parentId: String(r.parentId ?? '0'),
      key: id,
      value: id,
      title: String(r.name),
      code: r.code,
      level: r.level,
    })
  }
  const roots: TreeNode[] = []
  for (const n of nodes.values()) {
    const parent = nodes.get(n.parentId)
    if (parent) (parent.children ??= []).push(n)
    else roots.push(n)
  }
  for (const n of nodes.values()) if (n.children) n.hasChildren = true
  return roots
}

/** `lazy-list?parentId=` (children with `hasChildren`) and `tree` for one catalogue tree. */
function registerLazyTree(app: FastifyInstance, def: ResourceDef, table: PgTable) {
  const access = resourceAccess(def, table)
  const columns = table as unknown as Record<string, PgColumn>

  app.get(
    `${def.basePath}/lazy-list`,
    { config: reference, schema: { querystring: AnyQuery } },
    async (request) => {
      const query = { ...(request.query as Row) }
      const parentId = query.parentId === undefined || query.parentId === '' ? '0' : query.parentId
      if (!isId(parentId)) bad('上级编号格式不正确')
      delete query.parentId
      const rows = await access.findAll(app, request, { ascs: 'sort,code', ...query }, [
        eq(columns.parentId, String(parentId)),
      ])
      const ids = rows.map((r) => String(r.id))
      const withChildren = new Set<string>()
      if (ids.length) {
        const counts = await app.db
          .select({ parentId: columns.parentId, n: count() })
          .from(table)
          .where(and(liveRows(table), inArray(columns.parentId, ids)))
          .groupBy(columns.parentId)
        for (const c of counts) if (Number(c.n) > 0) withChildren.add(String(c.parentId))
      }
      return ok(rows.map((r) => ({ ...r, hasChildren: withChildren.has(String(r.id)) })))
    },
  )

  // `tenantId` is accepted for compatibility; the catalogue is the same for every tenant.
  app.get(
    `${def.basePath}/tree`,
    { config: reference, schema: { querystring: AnyQuery } },
    async (request) => {
      const rows = await access.findAll(app, request, { ascs: 'sort,code' })
      return ok(toForest(rows))
    },
  )
}

const dictItem = (r: Row) => ({
  id: r.id,
  parentId: r.parentId,
  code: r.code,
  name: r.name,
  level: r.level,
  dictKey: r.code,
  dictValue: `${String(r.code)} ${String(r.name)}`,
})

/** 学科专业目录 and 专业技术职务 routes beyond the standard set. */
export function registerCatalogueRoutes(app: FastifyInstance) {
  registerLazyTree(app, eduMajorInfoResource, eduMajorInfo)
  registerLazyTree(app, professionResource, profession)
  const majors = resourceAccess(eduMajorInfoResource, eduMajorInfo)
  const base = eduMajorInfoResource.basePath

  // 学科门类 (the top level) as dictionary items.
  app.get(`${base}/bigdictionary`, { config: reference }, async (request) => {
    const rows = await majors.findAll(app, request, { ascs: 'sort,code' }, [eq(eduMajorInfo.level, 1)])
    return ok(rows.map(dictItem))
  })

  // `code` given: the children of that node; no code: every 专业类 (the 4-digit 所属学科 of the reports).
  app.get(
    `${base}/dictionary`,
    {
      config: reference,
      schema: { querystring: z.object({ code: z.string().max(10, '代码格式不正确').optional() }).loose() },
    },
    async (request) => {
      const code = (request.query as { code?: string }).code?.trim()
      if (!code) {
        const rows = await majors.findAll(app, request, { ascs: 'code' }, [eq(eduMajorInfo.level, 2)])
        return ok(rows.map(dictItem))
      }
      const parent = await majors.findAll(app, request, {}, [eq(eduMajorInfo.code, code)])
      if (!parent.length) return ok([])
      const rows = await majors.findAll(app, request, { ascs: 'sort,code' }, [
        eq(eduMajorInfo.parentId, String(parent[0].id)),
      ])
      return ok(rows.map(dictItem))
    },
  )
}
