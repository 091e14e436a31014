import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../tests/support/server'
import { createTenant, type TenantFixture } from './tenant-fixture'

let t: TestServer
let admin: string
let other: TenantFixture

beforeAll(async () => {
  t = await startTestServer()
  admin = await t.login()
  other = await createTenant(t, admin, '区划测试学校')
})
afterAll(async () => t?.close())

describe('regions', () => {
  it('seeds the 34 provincial-level divisions', async () => {
    const api = t.api(admin)
    const roots = await api.get('/api/blade-system/region/lazy-tree')
    expect(roots.body.data).toHaveLength(34)
    expect(roots.body.data.find((n: { value: string }) => n.value === '110000')).toMatchObject({
      title: '北京市',
      hasChildren: false,
    })
    const page = await api.get('/api/blade-system/region/list', { name: '江苏' })
    expect(page.body.data.records.map((r: { code: string }) => r.code)).toEqual(['320000'])
  })

  it('submits, lazily trees, details and removes by code', async () => {
    const api = t.api(admin)
    const missing = await api.post('/api/blade-system/region/submit', {
      body: { code: '320100', parentCode: '320000', regionLevel: 2 },
    })
    expect(missing.body.msg).toBe('请输入区划名称')
    expect(
      (
        await api.post('/api/blade-system/region/submit', {
          body: { code: '320100', parentCode: '320000', name: '南京市', regionLevel: 2 },
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await api.post('/api/blade-system/region/submit', {
          body: { code: '320102', parentCode: '320100', name: '玄武区', regionLevel: 3 },
        })
      ).status,
    ).toBe(200)
    const kids = await api.get('/api/blade-system/region/lazy-tree', { parentCode: '320000' })
    expect(kids.body.data).toEqual([
      expect.objectContaining({
        id: '320100',
        title: '南京市',
        value: '320100',
        hasChildren: true,
        // the region's own fields, for the tree table
        code: '320100',
        parentCode: '320000',
        name: '南京市',
        regionLevel: 2,
        sort: 0,
      }),
    ])
    const detail = await api.get('/api/blade-system/region/detail', { code: '320102' })
    expect(detail.body.data).toMatchObject({
      name: '玄武区',
      parentName: '南京市',
      ancestors: '00,320000,320100',
    })
    expect((await api.post('/api/blade-system/region/remove', { query: { id: '320100' } })).body.msg).toBe(
      '请先删除子节点!',
    )
    expect(
      (
        await api.post('/api/blade-system/region/submit', {
          body: { code: '320100', parentCode: '320102', name: '南京市', regionLevel: 2 },
        })
      ).status,
    ).toBe(400)
    // tenants read but do not write the platform catalogue
    expect((await t.api(other.token).get('/api/blade-system/region/detail', { code: '320102' })).status).toBe(
      200,
    )
    expect(
      (await t.api(other.token).post('/api/blade-system/region/remove', { query: { id: '320102' } })).status,
    ).toBe(403)
    expect((await api.post('/api/blade-system/region/remove', { query: { id: '320102' } })).status).toBe(200)
    // `ids` like every other remove (the generic page sends it)
    expect((await api.post('/api/blade-system/region/remove', { query: { ids: '320100' } })).status).toBe(200)
    expect((await api.post('/api/blade-system/region/remove', {})).body.msg).toBe('缺少参数 id')
    expect((await api.get('/api/blade-system/region/detail', { code: '320100' })).status).toBe(400)
  })
})
