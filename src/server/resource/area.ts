import type { FastifyPluginAsync } from 'fastify'
import { ossRoutes } from './oss-routes'
import { smsRoutes } from './sms-routes'

/** `/api/blade-resource/*` beyond the standard routes of oss, sms and attach. */
export const resourceArea: FastifyPluginAsync = async (app) => {
  await ossRoutes(app)
  await smsRoutes(app)
}
