import type { FastifyInstance, FastifyRequest } from 'fastify'
import { eq } from 'drizzle-orm'
import { OAuthError } from '../core/errors'
import { user } from '../db/schema'
import { authenticateClient, grantTypesOf, type ClientRow } from './clients'
import { consumeCaptcha } from './captcha'
import { clearFailures, isLocked, recordFailure } from './lockout'
import { findUserByAccount, findUserById, narrow, rolesOf, splitIds, type UserRow } from './identity'
import { checkPassword, hashPassword, isClientHash } from './passwords'
import { issueTokens, type TokenResponse } from './issue'
import { verifyToken } from './tokens'
import { findSession, revokeSession } from './sessions'
import { redeemCode } from './sso-codes'
import { TENANT_REFUSAL, liveTenantRow, tenantRefusal, tenantStateOf } from './tenant-state'

/** Contract 1.3 / 1.5 messages. */
export const MSG = {
  tenantMissing: '租户ID未找到',
  locked: '登录错误次数过多,请稍后再试',
  tenantUnknown: TENANT_REFUSAL.unknown,
  tenantExpired: TENANT_REFUSAL.expired,
  badCredentials: '用户名或密码错误',
  noRoles: '未获得用户的角色信息',
  badCaptcha: '验证码不正确',
  pending: '账号待管理员审核通过后方可登录',
  disabled: '账号已停用,请联系管理员',
  badRefresh: '刷新令牌无效或已过期,请重新登录',
  social: '未配置第三方登录',
  unsupported: '不支持的授权类型',
  missing: '请输入用户名和密码',
  badCode: '授权码无效或已过期,请重新登录',
} as const

type Query = Record<string, unknown>
const str = (v: unknown) => (typeof v === 'string' ? v : Array.isArray(v) ? String(v[0] ?? '') : '')
const header = (request: FastifyRequest, name: string) => str(request.headers[name]).trim()
const denied = (msg: string) => new OAuthError(400, 'access_denied', msg)
const invalid = (msg: string) => new OAuthError(400, 'invalid_grant', msg)

const USER_TYPES = new Set(['web', 'app', 'other'])

/** Contract 1.3 steps 1-3: the tenant of the request exists and is not expired. */
export async function checkTenant(app: FastifyInstance, tenantId: string) {
  if (!tenantId) throw denied(MSG.tenantMissing)
  if (!/^\d{6}$/.test(tenantId)) throw denied(MSG.tenantUnknown)
  const row = await liveTenantRow(app.db, tenantId)
  if (!row) throw denied(MSG.tenantUnknown)
  const refusal = tenantRefusal(tenantId, tenantStateOf(row))
  if (refusal) throw denied(refusal)
}

function checkStatus(row: UserRow) {
  if (row.status === 0) throw denied(MSG.pending)
  if (row.status !== 1) throw denied(MSG.disabled)
}

async function grantFor(app: FastifyInstance, request: FastifyRequest, row: UserRow, client: ClientRow) {
  const roles = await rolesOf(app.db, row)
  if (!roles.length) throw denied(MSG.noRoles)
  const chosen = narrow(roles, splitIds(row.deptId), header(request, 'role-id'), header(request, 'dept-id'))
  const userType = header(request, 'user-type').toLowerCase()
  return { user: row, ...chosen, client, userType: USER_TYPES.has(userType) ? userType : 'web' }
}

/** password and captcha grants (contract 1.3). The captcha is checked first, as BladeX's granter does. */
async function passwordGrant(
  app: FastifyInstance,
  request: FastifyRequest,
  query: Query,
  client: ClientRow,
  withCaptcha: boolean,
) {
  const tenantId = header(request, 'tenant-id') || str(query.tenant_id) || str(query.tenantId)
  if (!tenantId) throw denied(MSG.tenantMissing)
  if (
    withCaptcha &&
    !(await consumeCaptcha(app.db, header(request, 'captcha-key'), header(request, 'captcha-code')))
  ) {
    throw denied(MSG.badCaptcha)
  }
  const row = await authenticatePassword(app, tenantId, str(query.username).trim(), str(query.password))
  return (await issueTokens(app, await grantFor(app, request, row, client)))!
}

/**
 * Contract 1.3 steps 2-5 for an account and the md5 of its password (the password grants and the
 * single sign-on page): lock-out, tenant, password, status. Failures count towards the lock-out.
 */
export async function authenticatePassword(
  app: FastifyInstance,
  tenantId: string,
  account: string,
  password: string,
): Promise<UserRow> {
  if (!account || !password || account.length > 64) throw invalid(MSG.badCredentials)
  if (await isLocked(app.db, tenantId, account)) throw denied(MSG.locked)
  await checkTenant(app, tenantId)
  const row = await findUserByAccount(app.db, tenantId, account)
  const check =
    row && isClientHash(password)
      ? await checkPassword(row.password, password)
      : { ok: false, upgrade: false }
  if (!row || !check.ok) {
    await recordFailure(app.db, tenantId, account)
    throw invalid(MSG.badCredentials)
  }
  checkStatus(row)
  if (!(await rolesOf(app.db, row)).length) throw denied(MSG.noRoles)
  await clearFailures(app.db, tenantId, account)
  if (check.upgrade)
    await app.db
      .update(user)
      .set({ password: await hashPassword(password) })
      .where(eq(user.id, row.id))
  return row
}

/** authorization_code grant: a code from the single sign-on page (sso.ts), for the client and redirect it names. */
async function authorizationCodeGrant(
  app: FastifyInstance,
  request: FastifyRequest,
  query: Query,
  client: ClientRow,
) {
  const redeemed = await redeemCode(app, str(query.code), client.clientId, str(query.redirect_uri))
  if (!redeemed) throw invalid(MSG.badCode)
  await checkTenant(app, redeemed.tenantId)
  const row = await findUserById(app.db, redeemed.userId)
  if (!row || row.tenantId !== redeemed.tenantId) throw invalid(MSG.badCode)
  checkStatus(row)
  return (await issueTokens(app, await grantFor(app, request, row, client)))!
}

/** refresh_token grant: rotates the session; an already-used refresh token revokes the whole family. */
async function refreshGrant(app: FastifyInstance, request: FastifyRequest, query: Query, client: ClientRow) {
  const claims = await verifyToken(app.config.jwtSecret!, str(query.refresh_token))
  if (!claims || !claims.ati || claims.client_id !== client.clientId) throw invalid(MSG.badRefresh)
  const session = await findSession(app.db, claims.sid)
  if (!session || session.revoked || session.expiresAt.getTime() < Date.now()) throw invalid(MSG.badRefresh)
  if (session.refreshJti !== claims.jti) {
    // A refresh token of this family was presented twice: assume it leaked and end the session.
    await revokeSession(app.db, session.id)
    throw invalid(MSG.badRefresh)
  }
  const tenantHeader = header(request, 'tenant-id')
  if (tenantHeader && tenantHeader !== session.tenantId) throw invalid(MSG.badRefresh)
  await checkTenant(app, session.tenantId)
  const row = await findUserById(app.db, session.userId)
  if (!row) throw invalid(MSG.badRefresh)
  checkStatus(row)
  const grant = await grantFor(app, request, row, client)
  const tokens = await issueTokens(app, grant, { sessionId: session.id, previousJti: claims.jti })
  if (!tokens) {
    await revokeSession(app.db, session.id)
    throw invalid(MSG.badRefresh)
  }
  return tokens
}

/** `POST /api/blade-auth/oauth/token`: everything in the query string, the client in the Basic header. */
export async function tokenEndpoint(app: FastifyInstance, request: FastifyRequest): Promise<TokenResponse> {
  const client = await authenticateClient(app.db, request)
  const query = (request.query ?? {}) as Query
  const grantType = str(query.grant_type)
  if (!grantType) throw new OAuthError(400, 'invalid_request', '缺少参数 grant_type')
  if (!grantTypesOf(client).includes(grantType))
    throw new OAuthError(400, 'unsupported_grant_type', MSG.unsupported)
  switch (grantType) {
    case 'password':
      return passwordGrant(app, request, query, client, false)
    case 'captcha':
      return passwordGrant(app, request, query, client, true)
    case 'refresh_token':
      return refreshGrant(app, request, query, client)
    case 'authorization_code':
      return authorizationCodeGrant(app, request, query, client)
    case 'social':
      throw denied(MSG.social)
    default:
      throw new OAuthError(400, 'unsupported_grant_type', MSG.unsupported)
  }
}

/** Sign-in without a password for a trusted client (autoLogin): same checks after the password. */
export async function trustedGrant(
  app: FastifyInstance,
  request: FastifyRequest,
  client: ClientRow,
  tenantId: string,
  account: string,
) {
  await checkTenant(app, tenantId)
  const row = await findUserByAccount(app.db, tenantId, account)
  if (!row) throw invalid(MSG.badCredentials)
  checkStatus(row)
  return (await issueTokens(app, await grantFor(app, request, row, client)))!
}
