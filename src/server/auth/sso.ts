import type { FastifyInstance, FastifyReply } from 'fastify'
import { and, eq } from 'drizzle-orm'
import { ok } from '../core/envelope'
import { OAuthError } from '../core/errors'
import { liveRows } from '../core/data'
import { client } from '../db/schema'
import { authenticateClient, grantTypesOf, type ClientRow } from './clients'
import { md5Hex } from './passwords'
import { issueCode } from './sso-codes'
import { SSO_PAGE_CSP, ssoErrorPage, ssoFormPage, type SsoPageFields } from './sso-page'
import { authenticatePassword } from './token-endpoint'

export const AUTHORIZE_PATH = '/api/blade-auth/oauth/authorize'
const CONFIG_PATH = '/api/blade-auth/oauth/sso'
export const AUTHORIZATION_CODE = 'authorization_code'
const RATE = { max: 120, timeWindow: '1 minute' }
const DEFAULT_TENANT = '000000'

type Params = Record<string, unknown>
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '')

/** The redirects a client registered (`web_server_redirect_uri`, comma separated). */
const redirectsOf = (row: Pick<ClientRow, 'webServerRedirectUri'>) =>
  (row.webServerRedirectUri ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

const allowsSso = (row: ClientRow) =>
  grantTypesOf(row).includes(AUTHORIZATION_CODE) && redirectsOf(row).length > 0

/** The client and redirect of a sign-on request, or the message that the page shows instead. */
async function checkRequest(
  app: FastifyInstance,
  params: Params,
): Promise<{ fields: SsoPageFields } | { error: string }> {
  const clientId = str(params.client_id)
  const redirectUri = str(params.redirect_uri)
  if (str(params.response_type) !== 'code') return { error: '不支持的授权方式(response_type 必须为 code)' }
  if (!clientId || clientId.length > 48) return { error: '缺少参数 client_id' }
  const rows = await app.db
    .select()
    .from(client)
    .where(and(eq(client.clientId, clientId), liveRows(client), eq(client.status, 1)))
    .limit(1)
  const row = rows[0]
  if (!row) return { error: '客户端不存在或已停用' }
  if (!allowsSso(row)) return { error: '该客户端未开启单点登录' }
  // Exact match only: a code must never travel to an address the client did not register.
  if (!redirectsOf(row).includes(redirectUri) || !URL.canParse(redirectUri))
    return { error: '回调地址与客户端登记的不一致' }
  const state = str(params.state).slice(0, 256)
  return { fields: { clientId, redirectUri, state, tenantId: DEFAULT_TENANT, account: '' } }
}

const html = (reply: FastifyReply, status: number, body: string) =>
  reply
    .status(status)
    .header('content-security-policy', SSO_PAGE_CSP)
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .type('text/html; charset=utf-8')
    .send(body)

/**
 * Single sign-on (authorization code): the sign-on page, its form, and what a client may ask about
 * it. A client opts in with the `authorization_code` grant and a registered redirect (客户端管理).
 */
export function registerSsoRoutes(app: FastifyInstance) {
  // Whether this client signs in by the sign-on page, and where the page sends the code.
  app.get(CONFIG_PATH, { config: { public: true, rateLimit: RATE } }, async (request) => {
    const row = await authenticateClient(app.db, request)
    const redirects = redirectsOf(row)
    return ok({ enabled: allowsSso(row), redirectUri: allowsSso(row) ? redirects[0] : '' })
  })

  app.get(AUTHORIZE_PATH, { config: { public: true, rateLimit: RATE } }, async (request, reply) => {
    const checked = await checkRequest(app, (request.query ?? {}) as Params)
    if ('error' in checked) return html(reply, 400, ssoErrorPage(checked.error))
    return html(reply, 200, ssoFormPage(AUTHORIZE_PATH, checked.fields))
  })

  // The form posts urlencoded; the parser is scoped to this route's plugin.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    )
    scope.post(AUTHORIZE_PATH, { config: { public: true, rateLimit: RATE } }, async (request, reply) => {
      const params = (request.body ?? {}) as Params
      const checked = await checkRequest(app, params)
      if ('error' in checked) return html(reply, 400, ssoErrorPage(checked.error))
      const fields = {
        ...checked.fields,
        tenantId: str(params.tenant_id) || DEFAULT_TENANT,
        account: str(params.username).slice(0, 64),
      }
      const password = typeof params.password === 'string' ? params.password : ''
      try {
        // The page posts what the user typed; the server hashes it as the desktop client does.
        const row = await authenticatePassword(
          app,
          fields.tenantId,
          fields.account,
          password && md5Hex(password),
        )
        const code = await issueCode(app, {
          clientId: fields.clientId,
          redirectUri: fields.redirectUri,
          tenantId: row.tenantId,
          userId: row.id,
        })
        const target = new URL(fields.redirectUri)
        target.searchParams.set('code', code)
        if (fields.state) target.searchParams.set('state', fields.state)
        return reply.header('cache-control', 'no-store').redirect(target.href, 302)
      } catch (error) {
        if (error instanceof OAuthError)
          return html(reply, 400, ssoFormPage(AUTHORIZE_PATH, fields, error.message))
        throw error
      }
    })
  })
}
