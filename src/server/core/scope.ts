import type { FastifyRequest } from 'fastify'
import { AuthError } from './errors'
import { isPlatformAdmin, type AuthUser } from './context'

export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AuthError()
  return request.user
}

const TENANT_RE = /^\d{6}$/

/**
 * The tenant a call works in: always the caller's own, except that the platform administrator of
 * tenant 000000 may name another one explicitly (a `tenantId` parameter). Never implied.
 */
export function scopeTenant(request: FastifyRequest, explicit?: unknown): string {
  const user = requireUser(request)
  if (isPlatformAdmin(user) && typeof explicit === 'string' && TENANT_RE.test(explicit)) return explicit
  return user.tenantId
}
