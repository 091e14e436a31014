import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../tests/support/server'
import { PARAM_CLIENT_MIN_VERSION, readParam } from '../auth/params'
import { createTenant, type TenantFixture } from './tenant-fixture'

const POLICY = '/api/blade-system/client-policy'
const FORMAT = '客户端最低版本须为 x.y.z 格式（如 1.2.0），留空表示不限制'

let t: TestServer
let admin: string
let other: TenantFixture
let paramId: string

beforeAll(async () => {
  t = await startTestServer()
  admin = await t.login()
  other = await createTenant(t, admin, '版本测试学校')
  const list = await t.api(admin).get('/api/blade-system/param/list', { paramKey: PARAM_CLIENT_MIN_VERSION })
  paramId = list.body.data.records[0].id
})
afterAll(async () => t?.close())

const stored = () => readParam(t.database.db, PARAM_CLIENT_MIN_VERSION)
const edit = (token: string, paramValue: unknown) =>
  t.api(token).post('/api/blade-system/param/submit', {
    body: { id: paramId, paramName: '客户端最低版本', paramKey: PARAM_CLIENT_MIN_VERSION, paramValue },
  })
/** The policy as a client sees it before signing in: no token, no client header, maybe a tenant. */
async function policy(tenantId?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: POLICY,
    headers: tenantId ? { 'tenant-id': tenantId } : {},
  })
  return { status: res.statusCode, body: JSON.parse(res.body) }
}

describe('minimum client version', () => {
  it('is seeded empty, and the token-free policy then has no minimum', async () => {
    expect(await stored()).toBe('')
    const res = await policy()
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ code: 200, success: true, data: { minVersion: '' }, msg: '操作成功' })
  })

  it('refuses a value that is not a version, with a Chinese message, and keeps the stored one', async () => {
    expect((await edit(admin, '2.1.0')).status).toBe(200)
    for (const value of ['abc', '1.2', 'v1.2.0', '1.2.0.1', '>=1.2.0']) {
      const res = await edit(admin, value)
      expect(res.status, value).toBe(400)
      expect(res.body.msg).toBe(FORMAT)
    }
    expect(await stored()).toBe('2.1.0')
    expect((await policy()).body.data).toEqual({ minVersion: '2.1.0' })
  })

  it('takes a prerelease version, trims spaces, and an empty value clears the minimum', async () => {
    expect((await edit(admin, ' 1.3.0-beta.1 ')).status).toBe(200)
    expect(await stored()).toBe('1.3.0-beta.1')
    expect((await edit(admin, '')).status).toBe(200)
    expect(await stored()).toBe('')
    expect((await policy()).body.data).toEqual({ minVersion: '' })
  })

  it('is platform-wide: every tenant reads the same minimum, and a tenant administrator cannot set it', async () => {
    expect((await edit(admin, '3.0.0')).status).toBe(200)
    expect((await policy(other.tenantId)).body.data).toEqual({ minVersion: '3.0.0' })
    expect((await policy('000000')).body.data).toEqual({ minVersion: '3.0.0' })
    expect((await edit(other.token, '')).status).toBe(403)
    expect(await stored()).toBe('3.0.0')
    expect((await edit(admin, '')).status).toBe(200)
  })

  it('validates a new parameter with this key too', async () => {
    await t.api(admin).post('/api/blade-system/param/remove', { query: { ids: paramId } })
    const bad = await t.api(admin).post('/api/blade-system/param/submit', {
      body: { paramName: '客户端最低版本', paramKey: PARAM_CLIENT_MIN_VERSION, paramValue: 'latest' },
    })
    expect(bad.status).toBe(400)
    expect(bad.body.msg).toBe(FORMAT)
    expect((await policy()).body.data).toEqual({ minVersion: '' })
    const add = await t.api(admin).post('/api/blade-system/param/submit', {
      body: { paramName: '客户端最低版本', paramKey: PARAM_CLIENT_MIN_VERSION, paramValue: '1.0.0' },
    })
    expect(add.status).toBe(200)
    expect((await policy()).body.data).toEqual({ minVersion: '1.0.0' })
  })
})
