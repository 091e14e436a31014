import { eq } from 'drizzle-orm'
import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { externalTask } from '../db/schema'
import { ok } from '../core/envelope'
import { bad } from '../core/errors'
import { requireUser } from '../core/scope'
import { dataOf } from '../core/data'
import { idParam, tenantParam } from '../system/params'
import { runExternalTask } from './task-run'

/** `/api/external/*` beyond the standard routes: `externaltask/atOnce?id=` runs a task now. */
export const externalArea: FastifyPluginAsync = async (app) => {
  app.post(
    '/api/external/externaltask/atOnce',
    { schema: { querystring: z.record(z.string(), z.unknown()), body: z.unknown() } },
    async (request) => {
      const user = requireUser(request)
      const raw = {
        ...(request.query as object),
        ...(typeof request.body === 'object' && request.body ? request.body : {}),
      }
      const input = z.object({ id: idParam(), tenantId: tenantParam }).loose().parse(raw)
      const [task] = await app.db
        .select()
        .from(externalTask)
        .where(dataOf(request, { tenant: input.tenantId }).rows(externalTask, eq(externalTask.id, input.id)))
      if (!task) bad('数据不存在或无权访问')
      const run = await runExternalTask(app.db, task, user.userId)
      return ok(run, run.result === 1 ? '执行成功' : '执行失败')
    },
  )
}
