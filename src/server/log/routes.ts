import { desc, eq, type AnyColumn } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { PgTable } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import { apiLog, errorLog, usualLog } from '../db/schema'
import { ok } from '../core/envelope'
import { dataOf } from '../core/data'
import { bad } from '../core/errors'
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
        const data = dataOf(request, { tenant: q.tenantId })
        return ok(await data.repo(t).page(q, { sort: [desc(cols.createTime), desc(cols.id)] }))
      },
    )
    app.get(
      `/api/blade-log/${kind}/detail`,
      { schema: { querystring: z.object({ id: idParam(), tenantId: tenantParam }).loose() } },
      async (request) => {
        const q = request.query as { id: string; tenantId?: string }
        const row = await dataOf(request, { tenant: q.tenantId }).repo(t).first(eq(cols.id, q.id))
        if (!row) bad('数据不存在或无权访问')
        return ok(row)
      },
    )
  }
}
