import { createSecretKey, type KeyObject } from 'node:crypto'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AuthError, ForbiddenError } from '../core/errors'
import { isPlatformAdmin, type AuthUser } from '../core/context'
import { verifyToken, type TokenClaims } from './tokens'
import { SessionStateCache } from './session-cache'
import { PermissionCache } from './permissions'
import { splitIds } from './identity'
import { TokenSkipCache } from '../system/token-skip'
import { TenantStateCache } from './tenant-state'

/** `Blade-Auth: bearer <token>` (any case of the prefix) or the `blade-auth` query parameter. */
export function tokenOf(request: FastifyRequest): string | undefined {
  const raw = request.headers['blade-auth']
  const value =
    (Array.isArray(raw) ? raw[0] : raw) ??
    (request.query as Record<string, unknown> | undefined)?.['blade-auth']
  if (typeof value !== 'string') return undefined
  const trimmed = value.trim()
  if (trimmed.slice(0, 7).toLowerCase() === 'bearer ') return trimmed.slice(7).trim()
  return trimmed || undefined
}

export function userOf(claims: TokenClaims): AuthUser {
  return {
    userId: claims.user_id,
    tenantId: claims.tenant_id,
    account: claims.account,
    userName: claims.user_name,
    realName: claims.real_name,
    roleIds: splitIds(claims.role_id),
    roleAliases: Array.isArray(claims.authorities) ? claims.authorities : splitIds(claims.role_name),
    deptIds: splitIds(claims.dept_id),
    postIds: splitIds(claims.post_id),
    clientId: claims.client_id,
    sessionId: claims.sid,
  }
}

const MAX_VERIFIED_TOKENS = 5000

/**
 * Access tokens this process has already verified, so a client's next calls skip the signature check
 * (an HMAC through WebCrypto, the guard's largest cost on a cache hit). A token's signature never
 * changes its answer; its expiry is checked again on every use. Oldest entries go first when full.
 */
export class VerifiedTokens {
  private claims = new Map<string, TokenClaims>()

  constructor(private readonly max = MAX_VERIFIED_TOKENS) {}

  /** How many tokens are remembered. */
  get size() {
    return this.claims.size
  }

  async verify(key: KeyObject, token: string): Promise<TokenClaims | null> {
    const known = this.claims.get(token)
    if (known) {
      if (known.exp * 1000 > Date.now()) return known
      this.claims.delete(token)
      return null
    }
    const claims = await verifyToken(key, token)
    if (!claims) return null
    if (this.claims.size >= this.max) this.claims.delete(this.claims.keys().next().value!)
    this.claims.set(token, claims)
    return claims
  }
}

/**
 * The request hook of every route: resolves the caller from the token (its session must be alive:
 * servers keep no state, so the database says, read through a one-second cache) and its tenant (live,
 * enabled, not expired; read once per permission version), then enforces API scopes. Routes opt out with
 * `config.public` (no token needed) or `config.anyUser` (any signed-in user); paths listed in the
 * token-skip APIs (read through a one-second cache) are public too.
 */
export function installGuard(app: FastifyInstance) {
  const cache = new PermissionCache()
  const sessions = new SessionStateCache()
  const tenants = new TenantStateCache()
  const tokenSkips = new TokenSkipCache()
  const verified = new VerifiedTokens()
  // One key object for the process: jose would otherwise import the raw secret on every call.
  const key = createSecretKey(Buffer.from(app.config.jwtSecret!))
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config ?? {}
    // No route matched: let the not-found handler answer.
    if (!request.routeOptions.url) return
    const token = tokenOf(request)
    const claims = token ? await verified.verify(key, token) : null
    // Refresh tokens (they carry `ati`) never authorise a call.
    const usable = claims && !claims.ati ? claims : null
    const state = usable ? await sessions.get(app.db, usable.sid) : null
    // An expired, disabled or removed tenant ends its users' open sessions on their next call.
    let refusal: string | null = null
    if (usable && state?.alive) {
      refusal = await tenants.refusal(app.db, state.permissionVersion, usable.tenant_id)
      if (!refusal) {
        request.user = userOf(usable)
        request.permissionVersion = state.permissionVersion
      }
    }
    if (config.public) return
    const path = request.url.split('?')[0].replace(/\/+$/, '')
    if (await tokenSkips.skips(app.db, path)) return
    if (!request.user) throw new AuthError(refusal ?? undefined)
    if (config.anyUser || isPlatformAdmin(request.user)) return
    // A tenant's administrator too stays inside the tenant's package.
    if (!(await cache.allows(app.db, state!.permissionVersion, request.user, path)))
      throw new ForbiddenError()
  })
}
