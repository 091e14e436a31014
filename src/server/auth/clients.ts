import { and, eq } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { verify } from '@node-rs/argon2'
import type { Db } from '../db/client'
import { client } from '../db/schema'
import { OAuthError } from '../core/errors'
import { liveRows } from '../core/data'

export type ClientRow = typeof client.$inferSelect

/** Verified (client id, secret, hash) triples; argon2 is deliberately slow, so remember successes. */
const verified = new Map<string, string>()

/** The client named by the `Authorization: Basic` header, with its secret checked; 401 otherwise. */
export async function authenticateClient(db: Db, request: FastifyRequest): Promise<ClientRow> {
  const header = request.headers.authorization ?? ''
  const match = /^basic\s+([A-Za-z0-9+/=]{1,512})$/i.exec(header.trim())
  const fail = () => new OAuthError(401, 'invalid_client', '客户端认证失败')
  if (!match) throw fail()
  const decoded = Buffer.from(match[1], 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 1) throw fail()
  const clientId = decoded.slice(0, colon)
  const secret = decoded.slice(colon + 1)
  const rows = await db
    .select()
    .from(client)
    .where(and(eq(client.clientId, clientId), liveRows(client), eq(client.status, 1)))
    .limit(1)
  const row = rows[0]
  if (!row) throw fail()
  const cacheKey = `${clientId}\u0000${secret}`
  if (verified.get(cacheKey) !== row.clientSecret) {
    let ok = false
    try {
      ok = await verify(row.clientSecret, secret)
    } catch {
      ok = false
    }
    if (!ok) throw fail()
    verified.set(cacheKey, row.clientSecret)
  }
  return row
}

export const grantTypesOf = (row: ClientRow) =>
  row.authorizedGrantTypes
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
