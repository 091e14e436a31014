import type { FastifyPluginAsync } from 'fastify'
import { logRoutes } from './routes'

export { logCapture } from './capture'
export { recordClientErrors } from './client-errors'

/** `/api/blade-log/*`. */
export const logArea: FastifyPluginAsync = async (app) => {
  await logRoutes(app)
}
