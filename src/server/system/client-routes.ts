import type { FastifyInstance } from 'fastify'
import { clientResource } from '../../shared/resources/system/client'
import { client } from '../db/schema'
import { bad } from '../core/errors'
import { registerResourceRoutes, type ResourceHooks } from '../core/resource-routes'
import { hashPassword } from '../auth/passwords'
import { requirePlatformAdmin } from './guards'

type Row = Record<string, unknown>

/**
 * OAuth clients: platform-wide, the platform administrator's only. The secret is write-only (stored
 * as a hash, answered empty, kept when an edit leaves it empty), the autoLogin key never leaves the
 * server, a removed client frees its id at once, and the client one is signed in with stays.
 */
export const clientHooks: ResourceHooks = {
  access: (request) => {
    requirePlatformAdmin(request)
  },
  purge: true,
  conflicts: { blade_client_client_id_uq: '应用id已存在' },
  beforeSave: async ({ row, isNew }) => {
    const secret =
      typeof row.clientSecret === 'string' && row.clientSecret !== '' ? row.clientSecret : undefined
    if (isNew && !secret) bad('请输入应用密钥')
    if (secret && secret.length < 8) bad('应用密钥至少8位')
    if (secret) row.clientSecret = await hashPassword(secret)
    else delete row.clientSecret
  },
  beforeRemove: async ({ data, request, ids }) => {
    const rows = await data.repo(client).needAll(ids, '部分数据不存在或无权删除')
    if (request.user && rows.some((r) => r.clientId === request.user!.clientId))
      bad('不能删除当前正在使用的应用')
  },
  present: (rows: Row[]) => rows.map(({ aesKey: _k, ...rest }) => ({ ...rest, clientSecret: '' })),
}

/** OAuth clients (blade_client) by their definition. */
export async function clientRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, clientResource, client, clientHooks)
}
