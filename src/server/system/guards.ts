import type { FastifyRequest } from 'fastify'
import { ForbiddenError } from '../core/errors'
import { isPlatformAdmin, type AuthUser } from '../core/context'
import { requireUser } from '../core/scope'

/** Platform-wide data (params, menus, dictionaries, clients, tenants) is written by the platform administrator only. */
export function requirePlatformAdmin(
  request: FastifyRequest,
  message = '仅平台管理员可以执行此操作',
): AuthUser {
  const user = requireUser(request)
  if (!isPlatformAdmin(user)) throw new ForbiddenError(message)
  return user
}
