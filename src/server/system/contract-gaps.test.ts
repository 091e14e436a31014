import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type Api, type TestServer } from '../../../tests/support/server'
import { createTenant, type TenantFixture } from './tenant-fixture'

/** Calls an outside BladeX 2.x client makes that the first server lacked (issue 16, section 4). */
let t: TestServer
let api: Api
let other: TenantFixture
let adminToken: string

beforeAll(async () => {
  t = await startTestServer()
  adminToken = await t.login()
  api = t.api(adminToken)
  other = await createTenant(t, await t.login(), '第二实验学校')
})
afterAll(() => t?.close())

type Rec = Record<string, unknown>

describe('select lists and full lists', () => {
  it('tenant/select: every tenant for the platform administrator, only its own for a tenant', async () => {
    const all = (await api.get('/api/blade-system/tenant/select')).body.data as Rec[]
    expect(all.map((r) => r.tenantId)).toEqual(expect.arrayContaining(['000000', other.tenantId]))
    expect(all.every((r) => !('licenseKey' in r))).toBe(true)
    const mine = (await t.api(other.token).get('/api/blade-system/tenant/select')).body.data as Rec[]
    expect(mine.map((r) => r.tenantId)).toEqual([other.tenantId])
  })

  it('tenant/select and tenant/detail carry no platform user or dept ids to a tenant', async () => {
    const asPlatform = (await api.get('/api/blade-system/tenant/select')).body.data as Rec[]
    const row = asPlatform.find((r) => r.tenantId === other.tenantId)!
    expect(row.createUser, 'the platform administrator created the tenant').toMatch(/^\d+$/)
    const [mine] = (await t.api(other.token).get('/api/blade-system/tenant/select')).body.data as Rec[]
    const detail = (await t.api(other.token).get('/api/blade-system/tenant/detail', { id: String(row.id) }))
      .body.data as Rec
    for (const seen of [mine, detail]) {
      expect(seen).toMatchObject({ tenantId: other.tenantId, tenantName: '第二实验学校' })
      for (const key of ['createUser', 'createDept', 'updateUser']) expect(seen).not.toHaveProperty(key)
    }
  })

  it('tenant-package/select and datasource/select list rows without secrets', async () => {
    const [menu] = (await api.get('/api/blade-system/menu/tree')).body.data
    const added = await api.post('/api/blade-system/tenant-package/submit', {
      body: { packageName: '基础包', menuId: menu.id },
    })
    expect(added.status, JSON.stringify(added.body)).toBe(200)
    await api.post('/api/blade-develop/datasource/submit', {
      body: {
        name: '教务库',
        driverClass: 'org.postgresql.Driver',
        url: 'jdbc:postgresql://h/db',
        username: 'u',
        password: 'p@ss',
      },
    })
    const packages = (await api.get('/api/blade-system/tenant-package/select')).body
    expect(packages.data.map((r: Rec) => r.packageName)).toContain('基础包')
    const sources = (await api.get('/api/blade-develop/datasource/select')).body.data as Rec[]
    const source = sources.find((r) => r.name === '教务库')!
    expect(source).toMatchObject({ driverClass: 'org.postgresql.Driver' })
    expect(source).not.toHaveProperty('password')
  })

  it('region/select lists the children of a code (provinces by default)', async () => {
    const provinces = (await api.get('/api/blade-system/region/select')).body.data as Rec[]
    expect(provinces.length).toBeGreaterThan(30)
    expect(provinces.every((r) => r.parentCode === '00')).toBe(true)
    expect((await api.get('/api/blade-system/region/select', { code: "11'" })).status).toBe(400)
  })

  it('dict/list and dict-biz/list answer a tree; child-list pages when asked', async () => {
    const tree = (await api.get('/api/blade-system/dict/list', { code_equal: 'sex' })).body.data as Rec[]
    expect(tree).toHaveLength(1)
    expect((tree[0].children as Rec[]).map((c) => c.dictValue)).toEqual(expect.arrayContaining(['男', '女']))
    expect((await api.get('/api/blade-system/dict-biz/list')).status).toBe(200)
    const parentId = tree[0].id as string
    const list = (await api.get('/api/blade-system/dict/child-list', { parentId })).body.data
    expect(Array.isArray(list)).toBe(true)
    const paged = (await api.get('/api/blade-system/dict/child-list', { parentId, current: 1, size: 1 })).body
      .data
    expect(paged).toMatchObject({ total: list.length, size: 1, current: 1 })
    expect(paged.records).toHaveLength(1)
  })

  it('user-list lists users unpaged with names, never passwords, and user/page carries tenantName', async () => {
    const users = (await api.get('/api/blade-user/user-list', { account: 'admin' })).body.data as Rec[]
    expect(users.map((u) => u.account)).toEqual(['admin'])
    expect(users[0]).not.toHaveProperty('password')
    expect(users[0].tenantName).toBeTruthy()
    const page = (await t.api(other.token).get('/api/blade-user/page')).body.data
    expect(page.records[0]).toMatchObject({ tenantId: other.tenantId, tenantName: '第二实验学校' })
    const theirs = (await t.api(other.token).get('/api/blade-user/user-list')).body.data as Rec[]
    expect(theirs.every((u) => u.tenantId === other.tenantId)).toBe(true)
  })

  it('flow definitions carry categoryName', async () => {
    const defs = (await api.get('/api/blade-flow/manager/list', { size: 100 })).body.data.records as Rec[]
    const leave = defs.find((d) => d.key === 'leave')!
    expect(leave.category).toBeTruthy()
    expect(leave.categoryName).toBeTruthy()
    const startable = (await api.get('/api/blade-flow/work/start-list', { size: 100 })).body.data
      .records as Rec[]
    expect(startable.find((d) => d.key === 'leave')?.categoryName).toBe(leave.categoryName)
  })
})

describe('region import and export', () => {
  it('exports every region, and imports a file all or nothing with line numbers', async () => {
    const exported = await api.get('/api/blade-system/region/export-region')
    expect(exported.status).toBe(200)
    expect(String(exported.headers['content-disposition'])).toContain('.xlsx')
    const XLSX = await import('xlsx')
    const sheet = (rows: Record<string, unknown>[]) => {
      const book = XLSX.utils.book_new()
      XLSX.utils.book_append_sheet(book, XLSX.utils.json_to_sheet(rows), '行政区划')
      return XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer
    }
    const upload = (file: Buffer, query: Record<string, string> = {}) => {
      const boundary = '----lab-test'
      const body = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.xlsx"\r\n\r\n`,
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ])
      return t.app.inject({
        method: 'POST',
        url: '/api/blade-system/region/import-region',
        query,
        headers: {
          'blade-auth': `bearer ${adminToken}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload: body,
      })
    }
    const bad = await upload(
      sheet([
        { 区划编号: '990100', 上级区划编号: '99', 区划名称: '测试市', 层级: 2 },
        { 区划编号: '990100', 上级区划编号: '99', 区划名称: '重复市', 层级: 2 },
        { 区划编号: '990101', 上级区划编号: '990100', 区划名称: '', 层级: 3 },
      ]),
    )
    expect(bad.statusCode).toBe(400)
    expect(bad.json().msg).toContain('第3行：区划编号与第2行重复')
    expect(bad.json().msg).toContain('第4行：区划名称不能为空')
    expect((await api.get('/api/blade-system/region/select', { code: '99' })).body.data).toEqual([])

    const good = await upload(
      sheet([
        { 区划编号: '990101', 上级区划编号: '990100', 区划名称: '测试区', 层级: 3 },
        { 区划编号: '990100', 上级区划编号: '99', 区划名称: '测试市', 层级: 2 },
        { 区划编号: '99', 上级区划编号: '00', 区划名称: '测试省', 层级: 1 },
      ]),
    )
    expect(good.statusCode, good.body).toBe(200)
    expect(good.json().data).toEqual({ inserted: 3, updated: 0 })
    const district = (await api.get('/api/blade-system/region/detail', { code: '990101' })).body.data
    expect(district).toMatchObject({ name: '测试区', ancestors: '00,99,990100' })
    const again = await upload(sheet([{ 区划编号: '99', 上级区划编号: '00', 区划名称: '测试省', 层级: 1 }]))
    expect(again.json().msg).toContain('区划编号99已存在')
    const covered = await upload(
      sheet([{ 区划编号: '99', 上级区划编号: '00', 区划名称: '改名省', 层级: 1 }]),
      {
        isCovered: '1',
      },
    )
    expect(covered.json().data).toEqual({ inserted: 0, updated: 1 })
    expect((await t.api(other.token).post('/api/blade-system/region/import-region')).status).toBe(403)
  })
})
