import type { FastifyRequest } from 'fastify'
import type { AuthUser } from '../core/context'
import { requireUser } from '../core/scope'
import type { Actor } from './db-types'

/** The workflow's view of a signed-in user. */
export const actorOfUser = (u: AuthUser): Actor => ({
  userId: u.userId,
  tenantId: u.tenantId,
  realName: u.realName || u.userName || u.account,
  roleAliases: u.roleAliases,
  deptIds: u.deptIds,
})

export function actorOf(request: FastifyRequest): Actor {
  return actorOfUser(requireUser(request))
}
