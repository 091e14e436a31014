import { and, count, desc, eq, type AnyColumn } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { PgTable } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import { apiLog, errorLog, usualLog } from '../db/schema'
import { ok, page } from '../core/envelope'
import { bad } from '../core/errors'
import { allOf, filterConditions, orderBy, parsePaging } from '../core/query'
import { scopeTenant } from '../core/scope'
import { idParam, tenantParam } from '../system/params'

/**
 * `/api/blade-log/{api,usual,error}/{list,detail}`: pages of a tenant's logs (the platform
 * administrator names another tenant with `tenantId`).
 */
export async function logRoutes(app: FastifyInstance) {
  for (const [kind, table] of [
    ['api', apiLog],
    ['usual', usualLog],
    ['error', errorLog],
  ] as const) {
    const t = table as unknown as PgTable
    const cols = table as unknown as Record<string, AnyColumn>
    app.get(
      `/api/blade-log/${kind}/list`,
      { schema: { querystring: z.record(z.string(), z.unknown()) } },
      async (request) => {
        const q = request.query as Record<string, unknown>
        const { current, size } = parsePaging(q)
        const tenantId = scopeTenant(request, q.tenantId)
        const where = allOf([
          eq(cols.tenantId, tenantId),
          ...filterConditions(q, cols, new Set(['tenantId'])),
        ])
        const [{ total }] = await app.db.select({ total: count() }).from(t).where(where)
        const rows = await app.db
          .select()
          .from(t)
          .where(where)
          .orderBy(...orderBy(q, cols, [desc(cols.createTime), desc(cols.id)]))
          .limit(size)
          .offset((current - 1) * size)
        return ok(page(rows as Record<string, unknown>[], Number(total), current, size))
      },
    )
    app.get(
      `/api/blade-log/${kind}/detail`,
      { schema: { querystring: z.object({ id: idParam(), tenantId: tenantParam }).loose() } },
      async (request) => {
        const q = request.query as { id: string; tenantId?: string }
        const tenantId = scopeTenant(request, q.tenantId)
        const [row] = await app.db
          .select()
          .from(t)
          .where(and(eq(cols.tenantId, tenantId), eq(cols.id, q.id)))
          .limit(1)
        if (!row) bad('数据不存在或无权访问')
        return ok(row)
      },
    )
  }
}
