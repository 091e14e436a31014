import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import {
  basicAuth,
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type TestServer,
} from '../../../tests/support/server'
import { createUser } from '../../../tests/support/fixtures'
import { client } from '../db/schema'
import { issueCode } from './sso-codes'

let t: TestServer
const REDIRECT = 'http://127.0.0.1/lab-sso/callback'
const AUTHORIZE = '/api/blade-auth/oauth/authorize'
const TOKEN = '/api/blade-auth/oauth/token'

beforeAll(async () => {
  t = await startTestServer()
  // 客户端管理 opts the desktop client in: the grant and a registered redirect.
  await t.database.db
    .update(client)
    .set({
      authorizedGrantTypes: 'refresh_token,password,captcha,authorization_code',
      webServerRedirectUri: REDIRECT,
    })
    .where(eq(client.clientId, 'lab_desktop'))
})
afterAll(() => t?.close())

const authorizeQuery = (overrides: Record<string, string> = {}) =>
  new URLSearchParams({
    client_id: 'lab_desktop',
    redirect_uri: REDIRECT,
    response_type: 'code',
    state: 'st-1',
    ...overrides,
  }).toString()

/** The sign-on form as the browser posts it. */
const postForm = (fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: AUTHORIZE,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      client_id: 'lab_desktop',
      redirect_uri: REDIRECT,
      response_type: 'code',
      state: 'st-1',
      tenant_id: '000000',
      ...fields,
    }).toString(),
  })

const exchange = (code: string, redirectUri = REDIRECT, clientId?: [string, string]) =>
  t.api().post(TOKEN, {
    query: { grant_type: 'authorization_code', code, redirect_uri: redirectUri, scope: 'all' },
    headers: { 'tenant-id': '000000', ...(clientId ? { authorization: basicAuth(...clientId) } : {}) },
  })

async function signOnCode(account = 'admin', password = TEST_ADMIN_PASSWORD): Promise<string> {
  const res = await postForm({ username: account, password })
  expect(res.statusCode).toBe(302)
  const target = new URL(String(res.headers.location))
  expect(`${target.origin}${target.pathname}`).toBe(REDIRECT)
  expect(target.searchParams.get('state')).toBe('st-1')
  return target.searchParams.get('code')!
}

describe('single sign-on (authorization code)', () => {
  it('publishes the sign-on settings to the client', async () => {
    const res = await t.api().get('/api/blade-auth/oauth/sso')
    expect(res.body.data).toEqual({ enabled: true, redirectUri: REDIRECT })
  })

  it('serves the zh sign-on page for the registered redirect, and an error page (no redirect) for any other', async () => {
    const page = await t.app.inject({ method: 'GET', url: `${AUTHORIZE}?${authorizeQuery()}` })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.headers['content-security-policy']).toContain("default-src 'none'")
    expect(page.body).toContain('单点登录')
    expect(page.body).toContain('name="password"')

    const wrong = await t.app.inject({
      method: 'GET',
      url: `${AUTHORIZE}?${authorizeQuery({ redirect_uri: 'http://evil.example/cb' })}`,
    })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.headers.location).toBeUndefined()
    expect(wrong.body).toContain('回调地址与客户端登记的不一致')

    const posted = await postForm({
      username: 'admin',
      password: TEST_ADMIN_PASSWORD,
      redirect_uri: `${REDIRECT}x`,
    })
    expect(posted.statusCode).toBe(400)
    expect(posted.headers.location).toBeUndefined()
  })

  it('shows the server message on the page for a wrong password and issues no code', async () => {
    const res = await postForm({ username: 'admin', password: 'wrong-password' })
    expect(res.statusCode).toBe(400)
    expect(res.headers.location).toBeUndefined()
    expect(res.body).toContain('用户名或密码错误')
    expect(res.body).toContain('value="admin"')
  })

  it('exchanges a code once for tokens of the signed-on user', async () => {
    const user = await createUser(t.database, { account: 'sso_teacher', roleAlias: 'teacher' })
    const code = await signOnCode(user.account, user.password)
    const first = await exchange(code)
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ account: 'sso_teacher', tenant_id: '000000', role_name: 'teacher' })
    expect(typeof first.body.access_token).toBe('string')
    const info = await t.api(first.body.access_token).get('/api/blade-auth/oauth/user-info')
    expect(info.body.data.account).toBe('sso_teacher')

    const reused = await exchange(code)
    expect(reused.status).toBe(400)
    expect(reused.body.error_description).toBe('授权码无效或已过期,请重新登录')
  })

  it('refuses a code for another redirect than it was issued for', async () => {
    const code = await signOnCode()
    const res = await exchange(code, 'http://127.0.0.1/other')
    expect(res.status).toBe(400)
    expect(res.body.error_description).toBe('授权码无效或已过期,请重新登录')
  })

  it('refuses an expired code', async () => {
    const admin = await t.loginFull()
    const code = await issueCode(
      t.app,
      { clientId: 'lab_desktop', redirectUri: REDIRECT, tenantId: '000000', userId: String(admin.user_id) },
      Date.now() - 10 * 60 * 1000,
    )
    const res = await exchange(code)
    expect(res.status).toBe(400)
    expect(res.body.error_description).toBe('授权码无效或已过期,请重新登录')
  })

  it('refuses the grant to a client that does not allow it, and a code issued to another client', async () => {
    const code = await signOnCode()
    const saber = await exchange(code, REDIRECT, ['saber', 'saber_secret'])
    expect(saber.status).toBe(400)
    expect(saber.body.error).toBe('unsupported_grant_type')

    await t.database.db
      .update(client)
      .set({
        authorizedGrantTypes: 'refresh_token,password,captcha,authorization_code',
        webServerRedirectUri: REDIRECT,
      })
      .where(eq(client.clientId, 'saber'))
    const other = await exchange(code, REDIRECT, ['saber', 'saber_secret'])
    expect(other.status).toBe(400)
    expect(other.body.error_description).toBe('授权码无效或已过期,请重新登录')
    // The code was not used up by the refused exchanges.
    expect((await exchange(code)).status).toBe(200)
  })

  it('serves no sign-on page for a client without the grant', async () => {
    await t.database.db
      .update(client)
      .set({ authorizedGrantTypes: 'refresh_token,password,captcha' })
      .where(eq(client.clientId, 'saber'))
    const page = await t.app.inject({
      method: 'GET',
      url: `${AUTHORIZE}?${authorizeQuery({ client_id: 'saber' })}`,
    })
    expect(page.statusCode).toBe(400)
    expect(page.body).toContain('该客户端未开启单点登录')
  })
})
