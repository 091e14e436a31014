import 'fastify'
import type { Db, DatabaseHandle } from '../db/client'
import type { ServerConfig } from '../config'
import type { AnyColumn, SQL } from 'drizzle-orm'
import type { ScopeKey } from './data/repo'
import type { AuthUser } from './context'

declare module 'fastify' {
  interface FastifyInstance {
    db: Db
    database: DatabaseHandle
    config: ServerConfig
    /**
     * The data-scope condition (all, own dept, dept and below, self, custom) of the caller's role for
     * a resource, or undefined when the role sees every row of its tenant. Installed by the auth area.
     */
    dataScope(
      request: FastifyRequest,
      key: ScopeKey,
      columns: Record<string, AnyColumn>,
      db?: Db,
    ): Promise<SQL | undefined>
  }
  interface FastifyRequest {
    /** Set by the auth plugin for a valid token; null on public routes without one. */
    user: AuthUser | null
    /** The permission version the guard read with the caller's session (keys grant caches); null without one. */
    permissionVersion: string | null
  }
  interface FastifyContextConfig {
    /** The route needs no token (contract 1.6 skip list, captcha, token, tenant info, ...). */
    public?: boolean
    /** The route is reachable by any signed-in user regardless of API scopes (shell calls). */
    anyUser?: boolean
  }
}
