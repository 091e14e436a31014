import type { FastifyRequest } from 'fastify'
import { bad } from '../core/errors'
import { readTenantState, tenantRefusal } from './tenant-state'

const TENANT_ID = /^\d{6}$/

/**
 * The tenant of a token-free call (实验室浏览's lists): the caller's when signed in, else the
 * `Tenant-Id` header (请指定租户), which must name a live, enabled, unexpired tenant.
 */
export async function publicTenant(request: FastifyRequest): Promise<string> {
  if (request.user) return request.user.tenantId
  const raw = request.headers['tenant-id']
  const id = Array.isArray(raw) ? raw[0] : raw
  if (!id || !TENANT_ID.test(id)) bad('请指定租户')
  const refusal = tenantRefusal(id!, await readTenantState(request.server.db, id!))
  if (refusal) bad(refusal)
  return id!
}
