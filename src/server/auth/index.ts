import fp from 'fastify-plugin'
import { installGuard } from './guard'
import { installDataScope } from './data-scope'
import { registerOAuthRoutes } from './oauth-routes'
import { registerShellRoutes } from './shell-routes'

export { bumpPermissionVersion } from './settings'
export { DATA_SCOPE } from './data-scope'
export { hashPassword, checkPassword, md5Hex, asClientHash } from './passwords'
export { revokeUserSessions } from './sessions'

/**
 * Sign-in and permissions, registered first (areas.ts). Not encapsulated: its request hook and
 * `app.dataScope` apply to every later area. Needs `config.jwtSecret` (bootstrap.ts ensures it).
 */
export const authArea = fp(
  async (app) => {
    if (!app.config.jwtSecret)
      throw new Error('jwtSecret missing: start the server through bootstrap.ts startServer')
    installGuard(app)
    installDataScope(app)
    registerOAuthRoutes(app)
    registerShellRoutes(app)
  },
  { name: 'auth' },
)
