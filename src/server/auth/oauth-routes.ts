import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { ok } from '../core/envelope'
import { OAuthError } from '../core/errors'
import { requireUser } from '../core/scope'
import { recordClientErrors } from '../log/client-errors'
import { createCaptcha } from './captcha'
import { authenticateClient } from './clients'
import { revokeSession } from './sessions'
import { tokenEndpoint, trustedGrant } from './token-endpoint'
import { checkAutoLoginProof } from './auto-login'

const BASE = '/api/blade-auth/oauth'
/** BladeX answers these with a raw Kv, `success` as the string "true". */
const SUCCESS = { success: 'true', msg: 'success' }

/** Sign-in limits per client address; lock-out per account is separate (lockout.ts). */
const TOKEN_RATE = { max: 120, timeWindow: '1 minute' }

const errorLogs = z
  .array(z.unknown(), { error: '错误日志格式不正确' })
  .max(200, { error: '错误日志过多,一次最多上传 200 条' })
  .or(z.object({}).loose())

export function registerOAuthRoutes(app: FastifyInstance) {
  app.post(`${BASE}/token`, { config: { public: true, rateLimit: TOKEN_RATE } }, async (request, reply) => {
    const tokens = await tokenEndpoint(app, request)
    return reply.header('cache-control', 'no-store').send(tokens)
  })

  app.get(`${BASE}/captcha`, { config: { public: true, rateLimit: TOKEN_RATE } }, async () =>
    createCaptcha(app.db),
  )

  app.get(`${BASE}/logout`, { config: { anyUser: true } }, async (request) => {
    await revokeSession(app.db, requireUser(request).sessionId)
    return SUCCESS
  })

  // POST carries the client's local error log (the top bar's upload), kept before the session ends.
  app.post(`${BASE}/logout`, { config: { anyUser: true }, schema: { body: errorLogs } }, async (request) => {
    const user = requireUser(request)
    if (Array.isArray(request.body)) await recordClientErrors(app.db, user, request.body)
    await revokeSession(app.db, user.sessionId)
    return SUCCESS
  })

  app.get(`${BASE}/user-info`, { config: { anyUser: true } }, async (request) => ok(requireUser(request)))

  app.get(`${BASE}/clear-cache`, { config: { public: true } }, async () => SUCCESS)

  const autoLoginQuery = z
    .object({
      account: z.string({ error: '缺少参数 account' }).min(1, { error: '缺少参数 account' }).max(64),
      aesKey: z.string({ error: '缺少参数 aesKey' }).min(1, { error: '缺少参数 aesKey' }).max(1024),
      tenantId: z.string().optional(),
    })
    .loose()
  app.post(
    `${BASE}/autoLogin`,
    { config: { public: true, rateLimit: TOKEN_RATE }, schema: { querystring: autoLoginQuery } },
    async (request) => {
      const client = await authenticateClient(app.db, request)
      if (!client.aesKey) throw new OAuthError(400, 'access_denied', '该客户端未开启自动登录')
      const { account, aesKey, tenantId } = request.query as z.infer<typeof autoLoginQuery>
      const tenant = String(request.headers['tenant-id'] ?? '') || tenantId || ''
      if (!checkAutoLoginProof(client.aesKey, aesKey, account))
        throw new OAuthError(400, 'access_denied', '自动登录凭证无效')
      if (!tenant) throw new OAuthError(400, 'access_denied', '租户ID未找到')
      return trustedGrant(app, request, client, tenant, account)
    },
  )
}
