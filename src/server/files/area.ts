import type { FastifyPluginAsync } from 'fastify'
import { ossRoutes } from './oss-routes'
import { smsRoutes } from './sms-routes'

/** Files and messages (`/api/blade-resource/*`: OSS, SMS, attachments) beyond the standard routes of oss, sms and attach. */
export const filesArea: FastifyPluginAsync = async (app) => {
  await ossRoutes(app)
  await smsRoutes(app)
}
