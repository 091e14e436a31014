import type { FastifyRequest } from 'fastify'
import { requireUser } from '../core/scope'
import type { Actor } from './db-types'

export function actorOf(request: FastifyRequest): Actor {
  const u = requireUser(request)
  return {
    userId: u.userId,
    tenantId: u.tenantId,
    realName: u.realName || u.userName || u.account,
    roleAliases: u.roleAliases,
    deptIds: u.deptIds,
  }
}
