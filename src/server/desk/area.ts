import type { FastifyPluginAsync } from 'fastify'
import { noticeApi } from '../../shared/api/desk'
import { noticeResource } from '../../shared/resources/desk/notice'
import { ok } from '../core/envelope'
import { route } from '../core/route'
import { notice } from '../db/schema/resources'
import { attachmentsOf } from '../files/attachments'
import { registerHomeRoutes } from './home/routes'

/**
 * `/api/blade-desk/*` beyond the plain resources: `notice/getNotice`, the detail (with its attachments)
 * under the name the home page uses (any signed-in user, like the notice list and detail), and the
 * 首页 statistics and week (`home-page/*`, src/server/desk/home).
 */
export const deskArea: FastifyPluginAsync = async (app) => {
  route(
    app,
    noticeApi.getNotice,
    async ({ query, data }) => {
      const row = await data.repo(notice, noticeResource).need(query.id)
      return ok({ ...row, attachments: await attachmentsOf(data, row.attachIds) })
    },
    { config: { anyUser: true } },
  )
  registerHomeRoutes(app)
}
