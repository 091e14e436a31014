import fp from 'fastify-plugin'
import { installGuard } from './guard'
import { installWriteButtonGuard } from './permissions'
import { installDataScope } from './data-scope'
import { registerOAuthRoutes } from './oauth-routes'
import { registerShellRoutes } from './shell-routes'
import { registerSsoRoutes } from './sso'

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
    installWriteButtonGuard(app)
    installDataScope(app)
    registerOAuthRoutes(app)
    registerShellRoutes(app)
    registerSsoRoutes(app)
  },
  { name: 'auth' },
)
