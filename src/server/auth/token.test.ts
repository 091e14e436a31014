import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCipheriv, createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { decodeJwt } from 'jose'
import {
  basicAuth,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TestServer,
} from '../../../tests/support/server'
import { createTenant, createUser } from '../../../tests/support/fixtures'
import { md5Hex } from './passwords'
import { client, errorLog, user } from '../db/schema'

let t: TestServer
beforeAll(async () => {
  t = await startTestServer()
})
afterAll(() => t?.close())

const TOKEN = '/api/blade-auth/oauth/token'

/** A password-grant sign-in, returning the raw response. */
const signIn = (
  account: string,
  password: string,
  options: { tenantId?: string; headers?: Record<string, string> } = {},
) =>
  t.api().post(TOKEN, {
    query: {
      tenantId: options.tenantId ?? '000000',
      username: account,
      password: md5Hex(password),
      grant_type: 'password',
      scope: 'all',
    },
    headers: { 'tenant-id': options.tenantId ?? '000000', ...options.headers },
  })

const refresh = (refreshToken: string) =>
  t.api().post(TOKEN, {
    query: { grant_type: 'refresh_token', refresh_token: refreshToken, scope: 'all' },
    headers: { 'tenant-id': '000000' },
  })

describe('token endpoint (contract 1)', () => {
  it('signs admin in with the captcha grant and returns the raw BladeX token JSON, every field in order', async () => {
    const body = await t.loginFull()
    expect(Object.keys(body)).toEqual([
      'access_token',
      'token_type',
      'refresh_token',
      'expires_in',
      'scope',
      'jti',
      'tenant_id',
      'user_id',
      'dept_id',
      'post_id',
      'role_id',
      'oauth_id',
      'account',
      'user_name',
      'nick_name',
      'real_name',
      'role_name',
      'avatar',
      'client_id',
      'detail',
      'license',
    ])
    expect(body).toMatchObject({
      token_type: 'bearer',
      expires_in: 3599,
      scope: 'all',
      tenant_id: '000000',
      account: 'admin',
      user_name: 'admin',
      nick_name: '管理员',
      real_name: '管理员',
      role_name: 'administrator',
      oauth_id: '',
      avatar: '',
      client_id: 'lab_desktop',
      detail: { type: 'web' },
      license: 'powered by bladex',
    })
    expect(body.user_id).toMatch(/^\d+$/)
    expect(body.role_id).toMatch(/^\d+$/)
    expect(body.dept_id).toMatch(/^\d+$/)
    expect(body).not.toHaveProperty('error_code')
    const claims = decodeJwt(body.access_token)
    expect(claims).toMatchObject({
      user_name: 'admin',
      scope: ['all'],
      authorities: ['administrator'],
      client_id: 'lab_desktop',
      tenant_id: '000000',
    })
    expect(claims.jti).toBe(body.jti)
    expect(typeof claims.sid).toBe('string')
    const refreshClaims = decodeJwt(body.refresh_token)
    expect(refreshClaims.ati).toBe(body.jti)
    expect((refreshClaims.exp as number) - (claims.exp as number)).toBe(604800 - 3600)
  })

  it('accepts the Saber client (saber/saber_secret) with the password grant', async () => {
    const res = await t.api().post(TOKEN, {
      query: {
        tenantId: '000000',
        username: 'admin',
        password: md5Hex(TEST_ADMIN_PASSWORD),
        grant_type: 'password',
        scope: 'all',
      },
      headers: { 'tenant-id': '000000', authorization: basicAuth('saber', 'saber_secret') },
    })
    expect(res.status).toBe(200)
    expect(res.body.client_id).toBe('saber')
  })

  it('refuses a bad or missing client with 401 in the OAuth error shape', async () => {
    for (const authorization of [basicAuth('saber', 'wrong'), basicAuth('nobody', 'x'), 'Bearer abc', '']) {
      const res = await t.api().post(TOKEN, {
        query: { username: 'admin', password: md5Hex(TEST_ADMIN_PASSWORD), grant_type: 'password' },
        headers: { 'tenant-id': '000000', authorization },
      })
      expect(res.status).toBe(401)
      expect(res.body).toMatchObject({ error_code: 'invalid_client' })
      expect(res.body.error_description).toMatch(/[\u4e00-\u9fa5]/)
    }
  })

  it('answers each contract 1.3 failure with HTTP 400 and its Chinese message', async () => {
    const missingTenant = await t
      .api()
      .post(TOKEN, { query: { username: 'admin', password: md5Hex('x'), grant_type: 'password' } })
    expect(missingTenant.status).toBe(400)
    expect(missingTenant.body).toEqual({
      error_code: 'access_denied',
      error: 'access_denied',
      error_description: '租户ID未找到',
    })

    const unknownTenant = await signIn('admin', TEST_ADMIN_PASSWORD, { tenantId: '999999' })
    expect(unknownTenant.body.error_description).toBe('未获得用户的租户信息')

    await createTenant(t.database, '300001', {
      expireTime: new Date(Date.now() - 86400000),
      adminPassword: 'Expired-1',
    })
    const expired = await signIn('admin', 'Expired-1', { tenantId: '300001' })
    expect(expired.status).toBe(400)
    expect(expired.body.error_description).toBe('租户授权已过期,请联系管理员')

    const wrong = await signIn('admin', 'not-the-password')
    expect(wrong.status).toBe(400)
    expect(wrong.body).toMatchObject({ error_code: 'invalid_grant', error_description: '用户名或密码错误' })
    const unknownUser = await signIn('ghost', 'whatever')
    expect(unknownUser.body.error_description).toBe('用户名或密码错误')

    const noRoles = await createUser(t.database, { account: 'noroles' })
    await t.database.db.update(user).set({ roleId: null }).where(eq(user.id, noRoles.id))
    const roleless = await signIn('noroles', noRoles.password)
    expect(roleless.body.error_description).toBe('未获得用户的角色信息')

    const social = await t.api().post(TOKEN, {
      query: { grant_type: 'social', source: 'github', code: 'x', state: 'y' },
      headers: { 'tenant-id': '000000' },
    })
    expect(social.status).toBe(400)
    expect(social.body.error_description).toBe('未配置第三方登录')

    const unsupported = await t
      .api()
      .post(TOKEN, { query: { grant_type: 'authorization_code' }, headers: { 'tenant-id': '000000' } })
    expect(unsupported.status).toBe(400)
    expect(unsupported.body.error_code).toBe('unsupported_grant_type')
  })

  it('wrong password, then the right one, signs in', async () => {
    expect((await signIn('admin', 'nope')).status).toBe(400)
    const res = await signIn('admin', TEST_ADMIN_PASSWORD)
    expect(res.status).toBe(200)
    expect(res.body.account).toBe('admin')
  })

  it('checks the captcha: wrong code refused, codes single use, answer case-insensitive', async () => {
    const login = (key: string, code: string) =>
      t.api().post(TOKEN, {
        query: { username: 'admin', password: md5Hex(TEST_ADMIN_PASSWORD), grant_type: 'captcha' },
        headers: { 'tenant-id': '000000', 'captcha-key': key, 'captcha-code': code },
      })
    const first = await t.captcha()
    const bad = await login(first.key, 'zzzzzz')
    expect(bad.status).toBe(400)
    expect(bad.body.error_description).toBe('验证码不正确')
    // used up by the failed attempt
    expect((await login(first.key, first.code)).body.error_description).toBe('验证码不正确')
    const second = await t.captcha()
    expect((await login(second.key, second.code.toUpperCase())).status).toBe(200)
    expect((await login(second.key, second.code)).body.error_description).toBe('验证码不正确')
    expect((await login('', '')).body.error_description).toBe('验证码不正确')
  })
})

describe('token endpoint bad input', () => {
  it('answers oversized, wrong-typed and injected values with 400 and a Chinese description, no 5xx', async () => {
    const cases: Record<string, string>[] = [
      { grant_type: 'password', username: 'a'.repeat(5000), password: md5Hex('x') },
      { grant_type: 'password', username: "admin' or '1'='1", password: md5Hex('x') },
      { grant_type: 'password', username: 'admin', password: "' or 1=1 --" },
      { grant_type: 'password', username: 'admin' },
      { grant_type: 'password' },
      { grant_type: '' },
      { grant_type: 'refresh_token', refresh_token: 'x'.repeat(10000) },
    ]
    for (const query of cases) {
      const res = await t.api().post(TOKEN, { query, headers: { 'tenant-id': '000000' } })
      expect(res.status, JSON.stringify(query).slice(0, 80)).toBe(400)
      expect(res.body.error_description).toMatch(/[\u4e00-\u9fa5]/)
    }
    const badTenant = await t.api().post(TOKEN, {
      query: { grant_type: 'password', username: 'admin', password: md5Hex(TEST_ADMIN_PASSWORD) },
      headers: { 'tenant-id': "000000' --" },
    })
    expect(badTenant.status).toBe(400)
    expect((await signIn('admin', TEST_ADMIN_PASSWORD)).status).toBe(200)
  })
})

describe('captcha (contract 2)', () => {
  it('returns a 32-character key and a PNG data URL', async () => {
    const res = await t.api().get('/api/blade-auth/oauth/captcha')
    expect(res.status).toBe(200)
    expect(Object.keys(res.body).sort()).toEqual(['image', 'key'])
    expect(res.body.key).toMatch(/^[0-9a-f]{32}$/)
    expect(res.body.image).toMatch(/^data:image\/png;base64,/)
    const png = Buffer.from(res.body.image.slice('data:image/png;base64,'.length), 'base64')
    expect(png.subarray(1, 4).toString()).toBe('PNG')
    expect(png.readUInt32BE(16)).toBe(130)
  })
})

describe('lock-out', () => {
  it('locks an account after account.failCount failures, even for the right password, until unlocked', async () => {
    const victim = await createUser(t.database, { account: 'locky', roleAlias: 'teacher' })
    for (let i = 0; i < 5; i++)
      expect((await signIn('locky', 'wrong')).body.error_description).toBe('用户名或密码错误')
    const locked = await signIn('locky', victim.password)
    expect(locked.status).toBe(400)
    expect(locked.body).toMatchObject({
      error_code: 'access_denied',
      error_description: '登录错误次数过多,请稍后再试',
    })

    const admin = await t.login()
    const teacher = await createUser(t.database, { account: 'unlocker', roleAlias: 'teacher' })
    const teacherToken = await t.login(teacher.account, teacher.password)
    expect(
      (await t.api(teacherToken).post('/api/blade-user/unlock', { query: { userIds: victim.id } })).status,
    ).toBe(403)
    const res = await t.api(admin).post('/api/blade-user/unlock', { query: { userIds: victim.id } })
    expect(res.body).toEqual({ code: 200, success: true, data: {}, msg: '操作成功' })
    expect((await signIn('locky', victim.password)).status).toBe(200)
  })
})

describe('refresh tokens', () => {
  it('rotate on use; presenting an old one revokes the whole family', async () => {
    const first = await t.loginFull()
    const second = await refresh(first.refresh_token)
    expect(second.status).toBe(200)
    expect(second.body.refresh_token).not.toBe(first.refresh_token)
    expect(second.body.account).toBe('admin')
    expect((await t.api(second.body.access_token).get('/api/blade-user/info')).status).toBe(200)

    // Replay of the first refresh token: refused, and the session (with its newest tokens) ends.
    const replay = await refresh(first.refresh_token)
    expect(replay.status).toBe(400)
    expect(replay.body.error_code).toBe('invalid_grant')
    expect((await refresh(second.body.refresh_token)).status).toBe(400)
    expect((await t.api(second.body.access_token).get('/api/blade-user/info')).status).toBe(401)
    expect((await t.api(first.access_token).get('/api/blade-user/info')).status).toBe(401)
  })

  it('a refresh token is not an access token, and garbage is refused', async () => {
    const tokens = await t.loginFull()
    expect((await t.api(tokens.refresh_token).get('/api/blade-user/info')).status).toBe(401)
    expect((await refresh(tokens.access_token)).status).toBe(400)
    expect((await refresh('not.a.jwt')).status).toBe(400)
  })

  it('follows the client lifetimes from blade_client', async () => {
    await t.database.db
      .update(client)
      .set({ accessTokenValidity: 600 })
      .where(eq(client.clientId, 'lab_desktop'))
    const body = await t.loginFull()
    expect(body.expires_in).toBe(599)
    await t.database.db
      .update(client)
      .set({ accessTokenValidity: 3600 })
      .where(eq(client.clientId, 'lab_desktop'))
  })
})

describe('session endpoints', () => {
  it('GET logout revokes the session: the access token stops working', async () => {
    const token = await t.login()
    expect((await t.api(token).get('/api/blade-system/menu/routes')).status).toBe(200)
    const res = await t.api(token).get('/api/blade-auth/oauth/logout')
    expect(res.body).toEqual({ success: 'true', msg: 'success' })
    const after = await t.api(token).get('/api/blade-system/menu/routes')
    expect(after.status).toBe(401)
    expect(after.body).toEqual({ code: 401, success: false, data: {}, msg: '请求未授权' })
  })

  it('POST logout keeps the uploaded client error log and revokes the session', async () => {
    const tokens = await t.loginFull()
    const logs = [
      { type: 'bug', url: '/wel/index', message: 'boom', stack: 'at x', time: '2026-01-01 10:00:00' },
    ]
    const res = await t.api(tokens.access_token).post('/api/blade-auth/oauth/logout', { body: logs })
    expect(res.body).toEqual({ success: 'true', msg: 'success' })
    const kept = await t.database.db.select().from(errorLog).where(eq(errorLog.createBy, 'admin'))
    expect(kept.map((k) => k.message)).toContain('boom')
    expect((await t.api(tokens.access_token).get('/api/blade-user/info')).status).toBe(401)
    expect((await refresh(tokens.refresh_token)).status).toBe(400)
  })

  it('user-info describes the caller; clear-cache answers like BladeX', async () => {
    const token = await t.login()
    const info = await t.api(token).get('/api/blade-auth/oauth/user-info')
    expect(info.body).toMatchObject({
      code: 200,
      success: true,
      data: { account: 'admin', tenantId: '000000', roleAliases: ['administrator'] },
    })
    expect((await t.api().get('/api/blade-auth/oauth/user-info')).status).toBe(401)
    expect((await t.api().get('/api/blade-auth/oauth/clear-cache')).body).toEqual({
      success: 'true',
      msg: 'success',
    })
  })

  it('accepts the token with any case of the bearer prefix and as the blade-auth query parameter', async () => {
    const token = await t.login()
    const call = (headers: Record<string, string>, query?: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/blade-user/info', headers, query })
    expect((await call({ 'blade-auth': `Bearer ${token}` })).statusCode).toBe(200)
    expect((await call({ 'blade-auth': `BEARER ${token}` })).statusCode).toBe(200)
    expect((await call({}, { 'blade-auth': `bearer ${token}` })).statusCode).toBe(200)
    expect((await call({ 'blade-auth': `bearer ${token}x` })).statusCode).toBe(401)
    expect((await call({})).statusCode).toBe(401)
  })
})

describe('passwords', () => {
  it('accepts an imported BladeX sha1(md5) hash once and upgrades it to Argon2id', async () => {
    const legacy = await createUser(t.database, { account: 'legacy', roleAlias: 'teacher' })
    const sha1 = createHash('sha1').update(md5Hex('legacy-pass')).digest('hex')
    await t.database.db.update(user).set({ password: sha1 }).where(eq(user.id, legacy.id))
    expect((await signIn('legacy', 'legacy-pass')).status).toBe(200)
    const [row] = await t.database.db.select().from(user).where(eq(user.id, legacy.id))
    expect(row.password.startsWith('$argon2id$')).toBe(true)
    expect((await signIn('legacy', 'legacy-pass')).status).toBe(200)
  })

  it('never stores the md5 the client sends', async () => {
    const [row] = await t.database.db.select().from(user).where(eq(user.account, 'admin'))
    expect(row.password.startsWith('$argon2id$')).toBe(true)
    expect(row.password).not.toContain(md5Hex(TEST_ADMIN_PASSWORD))
  })
})

describe('autoLogin', () => {
  const proof = (key: string, text: string) => {
    const k = Buffer.from(key)
    const c = createCipheriv('aes-256-cbc', k, k.subarray(0, 16))
    return Buffer.concat([c.update(text), c.final()]).toString('base64')
  }

  it('is refused for a client without an AES key', async () => {
    const res = await t.api().post('/api/blade-auth/oauth/autoLogin', {
      query: { account: 'admin', aesKey: 'abc' },
      headers: { 'tenant-id': '000000' },
    })
    expect(res.status).toBe(400)
    expect(res.body.error_description).toBe('该客户端未开启自动登录')
  })

  it('signs in with a fresh proof made with the client key, and refuses a forged one', async () => {
    const key = 'k'.repeat(32)
    await t.database.db.update(client).set({ aesKey: key }).where(eq(client.clientId, 'lab_desktop'))
    const good = await t.api().post('/api/blade-auth/oauth/autoLogin', {
      query: { account: 'admin', aesKey: proof(key, `admin|${Date.now()}`) },
      headers: { 'tenant-id': '000000' },
    })
    expect(good.status).toBe(200)
    expect(good.body.account).toBe('admin')
    const forged = await t.api().post('/api/blade-auth/oauth/autoLogin', {
      query: { account: 'admin', aesKey: proof('x'.repeat(32), `admin|${Date.now()}`) },
      headers: { 'tenant-id': '000000' },
    })
    expect(forged.status).toBe(400)
    const stale = await t.api().post('/api/blade-auth/oauth/autoLogin', {
      query: { account: 'admin', aesKey: proof(key, `admin|${Date.now() - 3600_000}`) },
      headers: { 'tenant-id': '000000' },
    })
    expect(stale.status).toBe(400)
    await t.database.db.update(client).set({ aesKey: null }).where(eq(client.clientId, 'lab_desktop'))
  })
})
