import type { KeyObject } from 'node:crypto'
import { SignJWT, jwtVerify } from 'jose'

/**
 * BladeX flavour-A token claims (contract 4) plus `sid`, the sign-in session (refresh family) the
 * token belongs to. Refresh tokens also carry `ati` (the access token's jti), which access tokens never do.
 */
export interface TokenClaims {
  user_name: string
  scope: string[]
  authorities: string[]
  client_id: string
  tenant_id: string
  user_id: string
  dept_id: string
  post_id: string
  role_id: string
  oauth_id: string
  account: string
  nick_name: string
  real_name: string
  role_name: string
  avatar: string
  detail: { type: string }
  license: string
  sid: string
  jti: string
  exp: number
  ati?: string
}

const keyOf = (secret: string) => new TextEncoder().encode(secret)

export function signToken(secret: string, claims: TokenClaims): Promise<string> {
  return new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(keyOf(secret))
}

/** The claims of a valid, unexpired token we signed; null otherwise. */
export async function verifyToken(secret: string | KeyObject, token: string): Promise<TokenClaims | null> {
  if (!token || token.length > 8192) return null
  try {
    const { payload } = await jwtVerify(token, typeof secret === 'string' ? keyOf(secret) : secret, {
      algorithms: ['HS256'],
    })
    if (
      typeof payload.sid !== 'string' ||
      typeof payload.user_id !== 'string' ||
      typeof payload.exp !== 'number'
    )
      return null
    return payload as unknown as TokenClaims
  } catch {
    return null
  }
}
