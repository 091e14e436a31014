import type { FastifyInstance } from 'fastify'
import type { ClientRow } from './clients'
import type { RoleRef, UserRow } from './identity'
import { signToken, type TokenClaims } from './tokens'
import { createSession, newJti, rotateSession } from './sessions'
import { splitIds } from './identity'

export const LICENSE = 'powered by bladex'

export interface Grant {
  user: UserRow
  roles: RoleRef[]
  deptIds: string[]
  client: ClientRow
  /** `User-Type` header (web/app/other). */
  userType: string
}

/** The raw token JSON of contract 1.4 (all its fields), plus its claims for callers. */
export type TokenResponse = Record<string, unknown>

function claimsOf(grant: Grant, sid: string, jti: string, exp: number): TokenClaims {
  const { user, roles, deptIds, client } = grant
  return {
    user_name: user.account,
    scope: ['all'],
    authorities: roles.map((r) => r.alias),
    client_id: client.clientId,
    tenant_id: user.tenantId,
    user_id: user.id,
    dept_id: deptIds.join(','),
    post_id: splitIds(user.postId).join(','),
    role_id: roles.map((r) => r.id).join(','),
    oauth_id: user.oauthId ?? '',
    account: user.account,
    nick_name: user.name ?? '',
    real_name: user.realName ?? '',
    role_name: roles.map((r) => r.alias).join(','),
    avatar: user.avatar ?? '',
    detail: { type: grant.userType },
    license: LICENSE,
    sid,
    jti,
    exp,
  }
}

/**
 * Signs an access and a refresh token for a grant. A new sign-in opens a session; a refresh moves
 * the existing session to the new refresh token (`rotate`), failing when its token was already used.
 */
export async function issueTokens(
  app: FastifyInstance,
  grant: Grant,
  rotate?: { sessionId: string; previousJti: string },
): Promise<TokenResponse | null> {
  const secret = app.config.jwtSecret!
  const now = Math.floor(Date.now() / 1000)
  const accessExp = now + grant.client.accessTokenValidity
  const refreshExp = now + grant.client.refreshTokenValidity
  const accessJti = newJti()
  const refreshJti = newJti()
  const expiresAt = new Date(refreshExp * 1000)
  let sid: string
  if (rotate) {
    if (!(await rotateSession(app.db, rotate.sessionId, rotate.previousJti, refreshJti, expiresAt)))
      return null
    sid = rotate.sessionId
  } else {
    sid = await createSession(app.db, {
      userId: grant.user.id,
      tenantId: grant.user.tenantId,
      clientId: grant.client.clientId,
      deptId: grant.deptIds.join(','),
      roleId: grant.roles.map((r) => r.id).join(','),
      refreshJti,
      expiresAt,
    })
  }
  const access = claimsOf(grant, sid, accessJti, accessExp)
  const refresh = { ...claimsOf(grant, sid, refreshJti, refreshExp), ati: accessJti }
  return {
    access_token: await signToken(secret, access),
    token_type: 'bearer',
    refresh_token: await signToken(secret, refresh),
    // Spring reports the seconds left, truncated: a fresh 3600 s token says 3599.
    expires_in: Math.max(grant.client.accessTokenValidity - 1, 0),
    scope: 'all',
    jti: accessJti,
    tenant_id: access.tenant_id,
    user_id: access.user_id,
    dept_id: access.dept_id,
    post_id: access.post_id,
    role_id: access.role_id,
    oauth_id: access.oauth_id,
    account: access.account,
    user_name: access.user_name,
    nick_name: access.nick_name,
    real_name: access.real_name,
    role_name: access.role_name,
    avatar: access.avatar,
    client_id: access.client_id,
    detail: access.detail,
    license: access.license,
  }
}
