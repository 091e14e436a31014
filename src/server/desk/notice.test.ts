import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../tests/support/server'
import { createUser } from '../../../tests/support/fixtures'
import { createTenant, type TenantFixture } from '../system/tenant-fixture'

let t: TestServer
let admin: string
let student: string
let other: TenantFixture

beforeAll(async () => {
  t = await startTestServer()
  admin = await t.login()
  const s = await createUser(t.database, { account: 'notice-student', roleAlias: 'student' })
  student = await t.login(s.account, s.password)
  other = await createTenant(t, admin, '通知测试学校')
})
afterAll(async () => t?.close())

const BASE = '/api/blade-desk/notice'

describe('notices', () => {
  it('the administrator publishes; a student reads but cannot write; another tenant sees nothing', async () => {
    const api = t.api(admin)
    const missing = await api.post(`${BASE}/submit`, { body: { category: 1 } })
    expect(missing.status).toBe(400)
    expect(missing.body.msg).toContain('请输入通知标题')

    const add = await api.post(`${BASE}/submit`, {
      body: { title: '期末实验安排', category: 1, releaseTime: '2026-11-20 09:00:00', content: '请按时到场' },
    })
    expect(add.status, JSON.stringify(add.body)).toBe(200)

    const reader = t.api(student)
    const list = await reader.get(`${BASE}/list`, { title: '期末' })
    expect(list.status).toBe(200)
    expect(list.body.data.records.map((r: { title: string }) => r.title)).toEqual(['期末实验安排'])
    const id = list.body.data.records[0].id as string
    expect((await reader.get(`${BASE}/page`)).body.data.total).toBe(1)
    expect((await reader.get(`${BASE}/detail`, { id })).body.data.content).toBe('请按时到场')
    const got = await reader.get(`${BASE}/getNotice`, { id })
    expect(got.status).toBe(200)
    expect(got.body.data.title).toBe('期末实验安排')

    expect((await reader.post(`${BASE}/submit`, { body: { id, title: '改了' } })).status).toBe(403)
    expect((await reader.post(`${BASE}/remove`, { query: { ids: id } })).status).toBe(403)
    expect((await reader.get(`${BASE}/detail`, { id })).body.data.title).toBe('期末实验安排')

    const stranger = t.api(other.token)
    expect((await stranger.get(`${BASE}/list`)).body.data.total).toBe(0)
    expect((await stranger.get(`${BASE}/getNotice`, { id })).status).toBe(400)
    expect((await stranger.post(`${BASE}/remove`, { query: { ids: id } })).status).toBe(400)

    expect((await t.api().get(`${BASE}/list`)).status).toBe(401)
    expect((await api.post(`${BASE}/remove`, { query: { ids: id } })).status).toBe(200)
    expect((await reader.get(`${BASE}/page`)).body.data.total).toBe(0)
  })
})
