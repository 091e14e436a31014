import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import { SignJWT, jwtVerify } from 'jose'
import { captcha } from '../db/schema'
import { consumeCaptcha } from './captcha'

/** How long a code from the single sign-on page may wait for its exchange at the token endpoint. */
export const CODE_TTL_MS = 60 * 1000

/** What a code is bound to: the exchange must name the same client and redirect. */
export interface CodeBinding {
  clientId: string
  redirectUri: string
  tenantId: string
  userId: string
}

/**
 * Authorization codes are signed (HS256 with a key derived from the installation's JWT secret, so a
 * code is never a valid token and a token never a valid code) and carry their binding. Single use
 * needs the database, as every server process must agree: each code has a one-use challenge row in
 * the captcha table (`sso:<jti>`, same expiry), which redeeming deletes.
 */
const keyOf = (app: FastifyInstance) => new TextEncoder().encode(`${app.config.jwtSecret}:sso-code`)
const challengeKey = (jti: string) => `sso:${jti}`
const CHALLENGE = 'sso'
const TYPE = 'lab-sso-code'

export async function issueCode(
  app: FastifyInstance,
  binding: CodeBinding,
  now = Date.now(),
): Promise<string> {
  const jti = randomUUID().replace(/-/g, '')
  const expiresAt = now + CODE_TTL_MS
  await app.db
    .insert(captcha)
    .values({ key: challengeKey(jti), code: CHALLENGE, expiresAt: new Date(expiresAt) })
  return new SignJWT({ typ: TYPE, cid: binding.clientId, ruri: binding.redirectUri, tid: binding.tenantId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(binding.userId)
    .setJti(jti)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(keyOf(app))
}

/** The user of a live, unused code issued for this client and redirect; the code is used up. */
export async function redeemCode(
  app: FastifyInstance,
  code: string,
  clientId: string,
  redirectUri: string,
): Promise<{ tenantId: string; userId: string } | null> {
  if (!code || code.length > 2048) return null
  let payload: Record<string, unknown>
  try {
    payload = (await jwtVerify(code, keyOf(app), { algorithms: ['HS256'] })).payload
  } catch {
    return null
  }
  if (payload.typ !== TYPE || typeof payload.jti !== 'string' || typeof payload.sub !== 'string') return null
  if (payload.cid !== clientId || payload.ruri !== redirectUri || typeof payload.tid !== 'string') return null
  if (!(await consumeCaptcha(app.db, challengeKey(payload.jti), CHALLENGE))) return null
  return { tenantId: payload.tid, userId: payload.sub }
}
