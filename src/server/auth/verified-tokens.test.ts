import { createSecretKey } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { VerifiedTokens } from './guard'
import { signToken, type TokenClaims } from './tokens'

const SECRET = 'verified-tokens-test-secret-0123456789'
const key = createSecretKey(Buffer.from(SECRET))

const claims = (userId: string, exp: number): TokenClaims => ({
  user_name: 'u',
  scope: ['all'],
  authorities: [],
  client_id: 'lab_desktop',
  tenant_id: '000000',
  user_id: userId,
  dept_id: '',
  post_id: '',
  role_id: '',
  oauth_id: '',
  account: 'u',
  nick_name: '',
  real_name: '',
  role_name: '',
  avatar: '',
  detail: { type: 'web' },
  license: '',
  sid: `sid-${userId}`,
  jti: `jti-${userId}`,
  exp,
})

afterEach(() => {
  vi.useRealTimers()
})

describe('verified tokens', () => {
  it('answers a remembered token until its expiry, then refuses it', async () => {
    vi.useFakeTimers({ now: Date.UTC(2026, 0, 1) })
    const exp = Math.floor(Date.now() / 1000) + 60
    const token = await signToken(SECRET, claims('1', exp))
    const tokens = new VerifiedTokens()
    expect((await tokens.verify(key, token))?.user_id).toBe('1')
    expect((await tokens.verify(key, token))?.user_id).toBe('1')
    vi.setSystemTime(exp * 1000)
    expect(await tokens.verify(key, token)).toBeNull()
  })

  it('never remembers a refused token: a forged signature or another key stays refused', async () => {
    const exp = Math.floor(Date.now() / 1000) + 60
    const token = await signToken(SECRET, claims('2', exp))
    const [header, payload] = token.split('.')
    const forged = `${header}.${payload}.${Buffer.from('x'.repeat(32)).toString('base64url')}`
    const tokens = new VerifiedTokens()
    expect(await tokens.verify(key, forged)).toBeNull()
    expect(await tokens.verify(key, forged)).toBeNull()
    const other = await signToken('another-secret-0123456789-abcdefghij', claims('3', exp))
    expect(await tokens.verify(key, other)).toBeNull()
    expect((await tokens.verify(key, token))?.user_id).toBe('2')
  })

  it('keeps at most its limit, forgetting the oldest first (which are then verified again)', async () => {
    const exp = Math.floor(Date.now() / 1000) + 60
    const tokens = new VerifiedTokens(2)
    const signed = await Promise.all(['4', '5', '6'].map((id) => signToken(SECRET, claims(id, exp))))
    for (const token of signed) await tokens.verify(key, token)
    expect(tokens.size).toBe(2)
    expect((await tokens.verify(key, signed[0]))?.user_id).toBe('4')
  })
})
