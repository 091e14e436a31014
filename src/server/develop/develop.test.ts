import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../tests/support/server'
import { createTenant, type TenantFixture } from '../system/tenant-fixture'

let t: TestServer
let admin: string
let other: TenantFixture

beforeAll(async () => {
  t = await startTestServer()
  admin = await t.login()
  other = await createTenant(t, admin, '研发测试学校')
})
afterAll(async () => t?.close())

describe('code generation', () => {
  it('generates a resource definition from a live table, and copies records', async () => {
    const api = t.api(admin)
    const add = await api.post('/api/blade-develop/code/submit', {
      body: {
        codeName: '岗位',
        serviceName: 'blade-system',
        tableName: 'blade_post',
        tablePrefix: 'blade_',
        modelName: 'Post',
      },
    })
    expect(add.status).toBe(200)
    const row = (await api.get('/api/blade-develop/code/list', { codeName: '岗位' })).body.data.records[0]
    const gen = await api.post('/api/blade-develop/code/gen-code', {
      query: { ids: row.id, system: 'system' },
    })
    expect(gen.status).toBe(200)
    const [file] = gen.body.data.files
    expect(file.name).toBe('src/shared/resources/system/post.ts')
    expect(file.content).toContain("table: 'blade_post'")
    expect(file.content).toContain("name: 'postCode', type: 'string', max: 12")
    expect(file.content).not.toContain("name: 'tenantId'")
    const copy = await api.post('/api/blade-develop/code/copy', { query: { id: row.id } })
    expect(copy.status).toBe(200)
    const copied = await api.get('/api/blade-develop/code/detail', { id: copy.body.data.id })
    expect(copied.body.data).toMatchObject({ codeName: '岗位-copy', tableName: 'blade_post' })
    expect((await api.post('/api/blade-develop/code/gen-code', { query: { ids: '1' } })).status).toBe(400)
    expect(
      (await api.post('/api/blade-develop/code/gen-code', { query: { ids: row.id, system: '../etc' } }))
        .status,
    ).toBe(400)
    const mine = t.api(other.token)
    expect((await mine.post('/api/blade-develop/code/gen-code', { query: { ids: row.id } })).status).toBe(403)
    expect((await mine.post('/api/blade-develop/code/copy', { query: { id: row.id } })).status).toBe(403)
  })

  it('refuses table names that are not identifiers', async () => {
    const res = await t.api(admin).post('/api/blade-develop/code/submit', {
      body: { codeName: 'x', serviceName: 'x', tableName: 'blade_post; drop table x', modelName: 'X' },
    })
    expect(res.status).toBe(400)
    expect(res.body.msg).toBe('表名只能包含小写字母、数字和下划线')
  })
})
