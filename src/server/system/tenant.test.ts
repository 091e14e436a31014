import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../tests/support/server'
import { basicAuth } from '../../../tests/support/server'
import { createTenant, type TenantFixture } from './tenant-fixture'

let t: TestServer
let admin: string
let other: TenantFixture

beforeAll(async () => {
  t = await startTestServer()
  admin = await t.login()
  other = await createTenant(t, admin, '租户测试学院')
})
afterAll(async () => t?.close())

describe('tenants', () => {
  it('creates a tenant with its administrator, role, root dept and default menus', async () => {
    expect(other.tenantId).toMatch(/^\d{6}$/)
    expect(other.password.length).toBeGreaterThanOrEqual(12)
    const api = t.api(other.token)
    const roles = (await api.get('/api/blade-system/role/list')).body.data
    expect(roles.map((r: { roleAlias: string }) => r.roleAlias)).toEqual(['administrator'])
    const keys = await api.get('/api/blade-system/menu/role-tree-keys', { roleIds: roles[0].id })
    expect(keys.body.data.menu.length).toBeGreaterThan(100)
    const depts = (await api.get('/api/blade-system/dept/tree')).body.data
    expect(depts[0].title).toBe('租户测试学院')
    const detail = await api.get('/api/blade-system/tenant/detail', { id: other.id })
    expect(detail.body.data).toMatchObject({
      tenantName: '租户测试学院',
      accountNumber: 100,
      tenantId: other.tenantId,
    })
  })

  it('lists, updates, sets quota, expiry, datasource and package; platform administrator only', async () => {
    const api = t.api(admin)
    const list = await api.get('/api/blade-system/tenant/list', { tenantName: '租户测试' })
    expect(list.body.data.records.map((r: { tenantId: string }) => r.tenantId)).toEqual([other.tenantId])
    const missing = await api.post('/api/blade-system/tenant/submit', { body: { linkman: 'x' } })
    expect(missing.body.msg).toBe('请输入租户名称')
    const upd = await api.post('/api/blade-system/tenant/submit', {
      body: { id: other.id, tenantName: '租户测试学院(改)', linkman: '张老师', domain: 'lab.example.edu.cn' },
    })
    expect(upd.status).toBe(200)
    expect(upd.body.data.tenantId).toBe(other.tenantId)
    const setting = await api.post('/api/blade-system/tenant/setting', {
      query: { ids: other.id, accountNumber: 20, expireTime: '2030-12-31 23:59:59' },
    })
    expect(setting.status).toBe(200)
    const detail = (await api.get('/api/blade-system/tenant/detail', { id: other.id })).body.data
    expect(detail).toMatchObject({
      accountNumber: 20,
      expireTime: '2030-12-31 23:59:59',
      domain: 'lab.example.edu.cn',
    })
    const ds = await api.post('/api/blade-develop/datasource/submit', {
      body: {
        name: '校库',
        driverClass: 'org.postgresql.Driver',
        url: 'jdbc:postgresql://db/lab',
        username: 'lab',
        password: 's3cret',
      },
    })
    expect(ds.status).toBe(200)
    const dsRow = (await api.get('/api/blade-develop/datasource/list', { name: '校库' })).body.data.records[0]
    expect(dsRow.password).toBe('******')
    expect(
      (
        await api.post('/api/blade-system/tenant/datasource', {
          query: { tenantId: other.tenantId, datasourceId: dsRow.id },
        })
      ).status,
    ).toBe(200)
    expect((await api.get('/api/blade-system/tenant/detail', { id: other.id })).body.data.datasourceId).toBe(
      dsRow.id,
    )
    expect(
      (
        await api.post('/api/blade-system/tenant/datasource', {
          query: { tenantId: other.tenantId, datasourceId: '123' },
        })
      ).status,
    ).toBe(400)
    expect(
      (
        await api.post('/api/blade-system/tenant/package-setting', {
          query: { tenantId: other.tenantId, packageId: '123' },
        })
      ).status,
    ).toBe(400)
    expect(
      (await api.get('/api/blade-system/tenant/package-detail', { tenantId: other.tenantId })).body.data,
    ).toEqual({})

    const mine = t.api(other.token)
    expect((await mine.get('/api/blade-system/tenant/list')).status).toBe(403)
    expect(
      (await mine.post('/api/blade-system/tenant/setting', { query: { ids: other.id, accountNumber: -1 } }))
        .status,
    ).toBe(403)
    expect(
      (await mine.post('/api/blade-system/tenant/submit', { body: { tenantName: '自建' } })).status,
    ).toBe(403)
    expect(
      (await mine.post('/api/blade-system/tenant/package-setting', { query: { tenantId: other.tenantId } }))
        .status,
    ).toBe(403)
    expect(
      (await mine.post('/api/blade-system/tenant/datasource', { query: { tenantId: other.tenantId } }))
        .status,
    ).toBe(403)
    expect((await mine.post('/api/blade-system/tenant/remove', { query: { ids: other.id } })).status).toBe(
      403,
    )
    // a tenant reads its own record only
    const platformRow = (await api.get('/api/blade-system/tenant/list', { tenantId: '000000' })).body.data
      .records[0]
    expect((await mine.get('/api/blade-system/tenant/detail', { id: platformRow.id })).status).toBe(400)
    expect((await api.get('/api/blade-system/tenant/detail', { id: other.id })).body.data.accountNumber).toBe(
      20,
    )
    expect(
      (await api.post('/api/blade-system/tenant/remove', { query: { ids: platformRow.id } })).body.msg,
    ).toBe('不能删除平台租户')
  })

  it('removes a tenant and signs its users out', async () => {
    const api = t.api(admin)
    const gone = await createTenant(t, admin, '待删除学校')
    expect((await t.api(gone.token).get('/api/blade-user/info')).status).toBe(200)
    expect((await api.post('/api/blade-system/tenant/remove', { query: { ids: gone.id } })).status).toBe(200)
    expect((await api.get('/api/blade-system/tenant/detail', { id: gone.id })).status).toBe(400)
    // Its users are signed out at once.
    expect((await t.api(gone.token).get('/api/blade-user/info')).status).toBe(401)
  })
})

describe('clients', () => {
  it('stores the secret hashed, never returns it, and the new client signs in', async () => {
    const api = t.api(admin)
    const noSecret = await api.post('/api/blade-system/client/submit', {
      body: {
        clientId: 'kiosk',
        authorizedGrantTypes: 'password,refresh_token',
        accessTokenValidity: 3600,
        refreshTokenValidity: 7200,
      },
    })
    expect(noSecret.body.msg).toBe('请输入应用密钥')
    const add = await api.post('/api/blade-system/client/submit', {
      body: {
        clientId: 'kiosk',
        clientSecret: 'kiosk-secret-1',
        authorizedGrantTypes: 'password,refresh_token,captcha',
        accessTokenValidity: 3600,
        refreshTokenValidity: 7200,
      },
    })
    expect(add.status).toBe(200)
    const list = await api.get('/api/blade-system/client/list', { clientId: 'kiosk' })
    const row = list.body.data.records[0]
    expect(row.clientSecret).toBe('')
    expect(JSON.stringify(list.body)).not.toContain('argon2')
    expect((await api.get('/api/blade-system/client/detail', { id: row.id })).body.data.clientSecret).toBe('')
    const { key, code } = await t.captcha()
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blade-auth/oauth/token',
      query: {
        tenantId: '000000',
        username: 'admin',
        password: (await import('../auth/passwords')).md5Hex(t.adminPassword),
        grant_type: 'captcha',
        scope: 'all',
      },
      headers: {
        authorization: basicAuth('kiosk', 'kiosk-secret-1'),
        'tenant-id': '000000',
        'captcha-key': key,
        'captcha-code': code,
      },
    })
    expect(res.statusCode).toBe(200)
    expect(JSON.parse(res.body).client_id).toBe('kiosk')
    // an edit without a secret keeps the old one
    expect(
      (
        await api.post('/api/blade-system/client/submit', {
          body: {
            id: row.id,
            clientId: 'kiosk',
            authorizedGrantTypes: 'password',
            accessTokenValidity: 600,
            refreshTokenValidity: 7200,
          },
        })
      ).status,
    ).toBe(200)
    expect(
      (await api.get('/api/blade-system/client/detail', { id: row.id })).body.data.accessTokenValidity,
    ).toBe(600)
    expect((await t.api(other.token).get('/api/blade-system/client/list')).status).toBe(403)
    expect(
      (await t.api(other.token).post('/api/blade-system/client/remove', { query: { ids: row.id } })).status,
    ).toBe(403)
    expect((await api.post('/api/blade-system/client/remove', { query: { ids: row.id } })).status).toBe(200)
    expect((await api.get('/api/blade-system/client/detail', { id: row.id })).status).toBe(400)
  })
})
