import type { FastifyPluginAsync } from 'fastify'
import { registerLeaveRoutes } from '../desk/leave'
import { registerDefinitionRoutes } from './definition-routes'
import { registerWorkRoutes } from './work-routes'
import { registerDiagramRoutes } from './diagram-routes'

/**
 * The workflow area: `/api/blade-flow/*` (work lists and tasks, definitions, deployments, models,
 * monitoring, step history) and the leave process, which runs on the same business hook
 * (`./business`) that every other approval module uses.
 */
export const flowArea: FastifyPluginAsync = async (app) => {
  registerWorkRoutes(app)
  registerDefinitionRoutes(app)
  registerDiagramRoutes(app)
  registerLeaveRoutes(app)
}
