/** Test-only: signs in through the real captcha and token endpoints of an app (as tests/support does). */
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client'
import { captcha } from '../../db/schema'
import { md5Hex } from '../../auth/passwords'
import { basicAuth } from '../../../../tests/support/server'

export async function loginTo(
  app: FastifyInstance,
  db: Db,
  account: string,
  password: string,
): Promise<string> {
  const key = JSON.parse(
    (
      await app.inject({
        method: 'GET',
        url: '/api/blade-auth/oauth/captcha',
        headers: { authorization: basicAuth() },
      })
    ).body,
  ).key
  const [row] = await db.select().from(captcha).where(eq(captcha.key, key))
  const res = await app.inject({
    method: 'POST',
    url: '/api/blade-auth/oauth/token',
    query: {
      tenantId: '000000',
      username: account,
      password: md5Hex(password),
      grant_type: 'captcha',
      scope: 'all',
      type: 'account',
    },
    headers: {
      authorization: basicAuth(),
      'tenant-id': '000000',
      'captcha-key': key,
      'captcha-code': row.code,
    },
  })
  if (res.statusCode !== 200) throw new Error(`login ${account}: ${res.body}`)
  return JSON.parse(res.body).access_token
}

export function caller(app: FastifyInstance, token: string) {
  const headers = { authorization: basicAuth(), 'blade-auth': `bearer ${token}` }
  return {
    get: async (url: string, query: Record<string, string> = {}) =>
      JSON.parse((await app.inject({ method: 'GET', url, query, headers })).body),
    post: async (url: string, body: unknown, query: Record<string, string> = {}) =>
      JSON.parse((await app.inject({ method: 'POST', url, query, payload: body as object, headers })).body),
  }
}
