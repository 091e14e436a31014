import type { FastifyPluginAsync } from 'fastify'
import { z } from 'zod'
import { noticeResource } from '../../shared/resources/desk/notice'
import { resourceAccess } from '../core/resource-routes'
import { ok } from '../core/envelope'
import { bad } from '../core/errors'
import { notice } from '../db/schema/resources'

/**
 * `/api/blade-desk/*` beyond the plain resources: `notice/getNotice`, the detail under the name the
 * home page uses (any signed-in user, like the notice list and detail).
 */
export const deskArea: FastifyPluginAsync = async (app) => {
  const notices = resourceAccess(noticeResource, notice)
  app.get(
    '/api/blade-desk/notice/getNotice',
    {
      config: { anyUser: true },
      schema: { querystring: z.object({ id: z.string({ error: '缺少参数 id' }) }).loose() },
    },
    async (request) => {
      const row = await notices.findOne(app, request, (request.query as { id: string }).id)
      if (!row) bad('数据不存在或无权访问')
      return ok(row)
    },
  )
}
