import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../tests/support/server'
import { createTenant, type TenantFixture } from './tenant-fixture'

let t: TestServer
let admin: string
let other: TenantFixture

beforeAll(async () => {
  t = await startTestServer()
  admin = await t.login()
  other = await createTenant(t, admin, '资源测试学校')
})
afterAll(async () => t?.close())

/** Each platform-wide resource: the platform administrator writes; a tenant administrator cannot. */
const PLATFORM: [base: string, body: Record<string, unknown>, search: Record<string, string>][] = [
  [
    '/api/blade-system/param',
    { paramName: '测试参数', paramKey: 'x.test', paramValue: '1' },
    { paramKey: 'x.test' },
  ],
  ['/api/blade-system/tenant-package', { packageName: '测试包', menuId: '' }, { packageName: '测试包' }],
  ['/api/secure/tokenskipapi', { name: '公开下载', url: '/api/x/public/**' }, { name: '公开下载' }],
  [
    '/api/blade-develop/datasource',
    { name: '测试源', driverClass: 'org.postgresql.Driver', url: 'jdbc:postgresql://h/db', username: 'u' },
    { name: '测试源' },
  ],
  [
    '/api/blade-develop/code',
    { codeName: '测试模块', serviceName: 'lab-test', tableName: 'blade_post', modelName: 'Post' },
    { codeName: '测试模块' },
  ],
  [
    '/api/blade-system/data-scope',
    { menuId: '1', scopeName: '测试数据权限', resourceCode: 'x', scopeType: 1 },
    { scopeName: '测试数据权限' },
  ],
  [
    '/api/blade-system/api-scope',
    { menuId: '1', scopeName: '测试接口权限', resourceCode: 'x', scopeType: 2, scopePath: '/api/x/**' },
    { scopeName: '测试接口权限' },
  ],
]

describe('platform-wide resources', () => {
  for (const [base, body, search] of PLATFORM) {
    it(`${base}: platform administrator CRUD, tenant administrator refused`, async () => {
      const api = t.api(admin)
      const mine = t.api(other.token)
      const input = { ...body }
      if (base.includes('tenant-package')) {
        const [menu] = (await api.get('/api/blade-system/menu/tree')).body.data
        input.menuId = menu.id
      }
      expect((await mine.post(`${base}/submit`, { body: input })).status).toBe(403)
      expect((await mine.get(`${base}/list`, search)).body.data.total ?? 0).toBe(0)
      const add = await api.post(`${base}/submit`, { body: input })
      expect(add.status, JSON.stringify(add.body)).toBe(200)
      const page = await api.get(`${base}/list`, search)
      expect(page.body.data.total).toBe(1)
      const row = page.body.data.records[0]
      expect(typeof row.id).toBe('string')
      expect((await api.get(`${base}/detail`, { id: row.id })).status).toBe(200)
      expect((await mine.post(`${base}/submit`, { body: { ...input, id: row.id } })).status).toBe(403)
      expect((await mine.post(`${base}/remove`, { query: { ids: row.id } })).status).toBe(403)
      expect((await api.get(`${base}/detail`, { id: row.id })).status).toBe(200)
      expect((await api.post(`${base}/remove`, { query: { ids: row.id } })).status).toBe(200)
      expect((await api.get(`${base}/detail`, { id: row.id })).status).toBe(400)
    })
  }

  it('tenant package validation messages and unknown menus', async () => {
    const api = t.api(admin)
    expect(
      (await api.post('/api/blade-system/tenant-package/submit', { body: { menuId: '1' } })).body.msg,
    ).toBe('请输入套餐名称')
    expect(
      (await api.post('/api/blade-system/tenant-package/submit', { body: { packageName: '缺菜单' } })).body
        .msg,
    ).toBe('请选择菜单')
    expect(
      (
        await api.post('/api/blade-system/tenant-package/submit', {
          body: { packageName: '假菜单', menuId: '42' },
        })
      ).body.msg,
    ).toBe('部分菜单不存在')
  })

  it('token-skip paths must be /api paths', async () => {
    const res = await t
      .api(admin)
      .post('/api/secure/tokenskipapi/submit', { body: { name: '坏', url: 'http://evil/**' } })
    expect(res.status).toBe(400)
  })
})

describe('posts (tenant-owned, standard set + select)', () => {
  it('CRUD, select by tenant, and no cross-tenant leak', async () => {
    const mine = t.api(other.token)
    expect(
      (
        await mine.post('/api/blade-system/post/submit', {
          body: { postCode: 'P1', postName: '实验员', sort: 1 },
        })
      ).body.msg,
    ).toBe('请选择岗位类型')
    expect(
      (
        await mine.post('/api/blade-system/post/submit', {
          body: { category: 4, postCode: 'P1', postName: '实验员', sort: 1 },
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await mine.post('/api/blade-system/post/submit', {
          body: { category: 4, postCode: 'P1', postName: '重复', sort: 2 },
        })
      ).body.msg,
    ).toBe('岗位编号已存在')
    const select = await mine.get('/api/blade-system/post/select')
    expect(select.body.data.map((p: { postName: string }) => p.postName)).toEqual(['实验员'])
    const id = select.body.data[0].id
    const platform = t.api(admin)
    expect(
      (await platform.get('/api/blade-system/post/select')).body.data.some(
        (p: { id: string }) => p.id === id,
      ),
    ).toBe(false)
    expect(
      (await platform.get('/api/blade-system/post/select', { tenantId: other.tenantId })).body.data[0].id,
    ).toBe(id)
    expect((await mine.get('/api/blade-system/post/select', { tenantId: '000000' })).body.data[0].id).toBe(id)
    expect((await platform.get('/api/blade-system/post/list', { postCode: 'P1' })).body.data.total).toBe(0)
    expect((await platform.get('/api/blade-system/post/page', { postCode: 'P1' })).body.data.total).toBe(0)
    expect((await platform.get('/api/blade-system/post/detail', { id })).status).toBe(400)
    expect(
      (
        await platform.post('/api/blade-system/post/submit', {
          body: { id, category: 1, postCode: 'P1', postName: '被改', sort: 1 },
        })
      ).status,
    ).toBe(400)
    expect((await platform.post('/api/blade-system/post/remove', { query: { ids: id } })).status).toBe(400)
    expect((await mine.get('/api/blade-system/post/detail', { id })).body.data.postName).toBe('实验员')
    expect((await mine.post('/api/blade-system/post/remove', { query: { ids: id } })).status).toBe(200)
  })
})

describe('report designer files', () => {
  it('lists and removes (platform administrator)', async () => {
    const api = t.api(admin)
    const list = await api.get('/api/blade-report/report/rest/list')
    expect(list.body.data).toMatchObject({ records: [], total: 0 })
    expect((await api.post('/api/blade-report/report/rest/remove', { query: { ids: '1' } })).status).toBe(400)
    expect(
      (await t.api(other.token).post('/api/blade-report/report/rest/remove', { query: { ids: '1' } })).status,
    ).toBe(400)
  })
})

describe('token-skip APIs', () => {
  it('isTokenSkipped matches listed paths and globs only', async () => {
    const { isTokenSkipped } = await import('./token-skip')
    const api = t.api(admin)
    expect(
      (
        await api.post('/api/secure/tokenskipapi/submit', {
          body: { name: '公开列表', url: '/api/lab/labroom/unAuthPage' },
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await api.post('/api/secure/tokenskipapi/submit', {
          body: { name: '公开文件', url: '/api/x/public/**' },
        })
      ).status,
    ).toBe(200)
    expect((await api.get('/api/secure/tokenskipapi/page', { name: '公开' })).body.data.total).toBe(2)
    const db = t.database.db
    expect(await isTokenSkipped(db, '/api/lab/labroom/unAuthPage')).toBe(true)
    expect(await isTokenSkipped(db, '/api/x/public/a/b')).toBe(true)
    expect(await isTokenSkipped(db, '/api/lab/labroom/page')).toBe(false)
  })
})

describe('scopes and selects', () => {
  it('data-scope and api-scope pages; role/select and dept/select by user', async () => {
    const api = t.api(admin)
    expect((await api.get('/api/blade-system/data-scope/page')).status).toBe(200)
    expect((await api.get('/api/blade-system/api-scope/page')).status).toBe(200)
    expect((await api.get('/api/blade-system/tenant-package/page')).status).toBe(200)
    const me = await t.loginFull()
    const roles = await api.get('/api/blade-system/role/select', { userId: me.user_id })
    expect(roles.body.data.map((r: { roleAlias: string }) => r.roleAlias)).toEqual(['administrator'])
    const depts = await api.get('/api/blade-system/dept/select', { userId: me.user_id })
    expect(depts.body.data.map((d: { id: string }) => d.id)).toEqual([me.dept_id])
    // another tenant's user is not found
    expect(
      (await t.api(other.token).get('/api/blade-system/role/select', { userId: me.user_id })).status,
    ).toBe(400)
    expect(
      (await t.api(other.token).get('/api/blade-system/dept/select', { userId: me.user_id })).status,
    ).toBe(400)
  })
})

describe('secret columns', () => {
  it('cannot be used as filters or sort keys (no oracle on masked values)', async () => {
    const api = t.api(admin)
    expect(
      (
        await api.post('/api/blade-develop/datasource/submit', {
          body: {
            name: '密码源',
            driverClass: 'org.postgresql.Driver',
            url: 'jdbc:postgresql://h/db',
            username: 'u',
            password: 'topsecret',
          },
        })
      ).status,
    ).toBe(200)
    for (const query of [
      { password_likeright: 't' },
      { password: 'top' },
      { descs: 'password' },
      { ascs: 'name,password' },
    ]) {
      const res = await t.api(other.token).get('/api/blade-develop/datasource/list', query)
      expect(res.status).toBe(400)
      expect(res.body.msg).toMatch(/密码或密钥/)
    }
    expect((await api.get('/api/blade-system/client/list', { client_secret_like: '$argon2' })).status).toBe(
      400,
    )
    expect((await api.get('/api/blade-resource/oss/list', { secretKey_like: 'a' })).status).toBe(400)
    const list = await api.get('/api/blade-develop/datasource/list', { name: '密码源' })
    expect(list.body.data.records[0].password).toBe('******')
  })
})
