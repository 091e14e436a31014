import type { FastifyPluginAsync } from 'fastify'
import { registerUserRoutes } from './routes'
import { registerUserTransferRoutes } from './transfer'

/** `/api/blade-user/*`: user management, the personal info screen, guest registration. */
export const userArea: FastifyPluginAsync = async (app) => {
  registerUserRoutes(app)
  registerUserTransferRoutes(app)
}
