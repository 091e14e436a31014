import { and, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { PgTable } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import { done } from '../core/envelope'
import { bad } from '../core/errors'
import { dataOf } from '../core/data'
import { idParam, tenantParam } from '../system/params'

/** Status of an OSS or SMS configuration (BladeX): 1 disabled, 2 enabled. */
export const CONFIG_DISABLED = 1
export const CONFIG_ENABLED = 2

type ConfigTable = PgTable & { id: never; status: never }

/** `POST <base>/enable?id=`: the one enabled configuration of the caller's tenant becomes this one. */
export function registerEnableRoute(app: FastifyInstance, base: string, table: PgTable) {
  const t = table as unknown as ConfigTable
  app.post(
    `${base}/enable`,
    { schema: { querystring: z.record(z.string(), z.unknown()), body: z.unknown() } },
    async (request) => {
      const raw = {
        ...(request.query as object),
        ...(typeof request.body === 'object' && request.body ? request.body : {}),
      }
      const input = z.object({ id: idParam(), tenantId: tenantParam }).loose().parse(raw)
      await dataOf(request, { tenant: input.tenantId }).transaction(async (data) => {
        const db = data.db
        const mine = data.rows(table)
        const found = await db
          .select()
          .from(table)
          .where(and(mine, eq(t.id, input.id as never)))
        if (!found.length) bad('数据不存在或无权修改')
        await db
          .update(table)
          .set({ status: CONFIG_DISABLED } as never)
          .where(mine)
        await db
          .update(table)
          .set({ status: CONFIG_ENABLED } as never)
          .where(and(mine, eq(t.id, input.id as never)))
      })
      return done()
    },
  )
}
