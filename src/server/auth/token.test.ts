import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../tests/support/server'

let t: TestServer
beforeAll(async () => {
  t = await startTestServer()
})
afterAll(() => t?.close())

describe('token endpoint', () => {
  it('signs admin in with the captcha grant and returns the BladeX token JSON', async () => {
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
      client_id: 'lab_desktop',
      detail: { type: 'web' },
      license: 'powered by bladex',
    })
  })
})
