import type { FastifyPluginAsync } from 'fastify'
import { clientRoutes } from './client-routes'
import { registerClientPolicyRoute } from './client-policy'
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
 * regions, post/select, and the token-free client policy (minimum client version).
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
  registerClientPolicyRoute(app)
}
