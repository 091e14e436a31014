import type { FastifyPluginAsync } from 'fastify'
import { clientRoutes } from './client-routes'
import { deptRoutes } from './dept-routes'
import { dictRoutes } from './dict-routes'
import { menuRoutes } from './menu-routes'
import { postRoutes } from './post-routes'
import { regionRoutes } from './region-routes'
import { roleRoutes } from './role-routes'
import { scopeRoutes } from './scope-routes'
import { selectRoutes } from './select-routes'
import { registerRegionTransfer } from './region-transfer'
import { tenantRoutes } from './tenant-routes'
import { topMenuRoutes } from './top-menu-routes'

/**
 * `/api/blade-system/*` beyond the plain resources: dictionaries, menus (but routes, buttons and
 * top-menu, which the auth area serves), top menus, roles, departments, tenants, clients, scopes,
 * regions and post/select.
 */
export const systemArea: FastifyPluginAsync = async (app) => {
  await dictRoutes(app)
  await menuRoutes(app)
  await topMenuRoutes(app)
  await roleRoutes(app)
  await deptRoutes(app)
  await tenantRoutes(app)
  await clientRoutes(app)
  await scopeRoutes(app)
  await regionRoutes(app)
  await postRoutes(app)
  selectRoutes(app)
  registerRegionTransfer(app)
}
