import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../tests/support/server'
import { createUser } from '../../../tests/support/fixtures'
import { createTenant, type TenantFixture } from '../system/tenant-fixture'
import { multipartBody } from '../flow/testing/multipart'

let t: TestServer
let admin: string
let student: string
let other: TenantFixture
let staff: string

/** An attachment uploaded as the notice editor does (put-file-attach); answers its attachId. */
async function attachment(token: string, name: string, content: string): Promise<string> {
  const { payload, contentType } = multipartBody({}, [{ field: 'file', name, content }])
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/blade-resource/oss/endpoint/put-file-attach',
    payload,
    headers: { 'content-type': contentType, 'blade-auth': `bearer ${token}` },
  })
  expect(res.statusCode, res.body).toBe(200)
  return JSON.parse(res.body).data.attachId as string
}

beforeAll(async () => {
  t = await startTestServer()
  admin = await t.login()
  const s = await createUser(t.database, { account: 'notice-student', roleAlias: 'student' })
  student = await t.login(s.account, s.password)
  other = await createTenant(t, admin, '通知测试学校')
  const o = await createUser(t.database, { account: 'notice-staff', roleAlias: 'staff' })
  staff = await t.login(o.account, o.password)
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

  it('rich content is sanitised on the way in; the detail lists the attachments', async () => {
    const office = t.api(staff)
    const a1 = await attachment(staff, '实验安排.pdf', '%PDF-1.4 one')
    const a2 = await attachment(staff, '名单.xlsx', 'PK two')
    const image = '/api/blade-resource/oss/file/upload/20250101/0123456789abcdef0123456789abcdef.png'
    const add = await office.post(`${BASE}/submit`, {
      body: {
        title: '实验室开放通知',
        category: 1,
        content:
          `<p><strong>注意</strong>安全</p><ul><li>一</li></ul><script>alert(1)</script>` +
          `<img src="${image}" onerror="alert(2)"><img src="https://evil.example/x.png">` +
          `<a href="javascript:alert(3)">坏链接</a><iframe src="https://e.example"></iframe>`,
        attachIds: `${a1},${a2}`,
      },
    })
    expect(add.status, JSON.stringify(add.body)).toBe(200)
    const id = (await office.get(`${BASE}/list`, { title: '开放通知' })).body.data.records[0].id as string

    const got = await t.api(student).get(`${BASE}/detail`, { id })
    expect(got.body.data.content).toBe(
      `<p><strong>注意</strong>安全</p><ul><li>一</li></ul><img src="${image}" /><a>坏链接</a>`,
    )
    expect(got.body.data.content).not.toMatch(/script|onerror|iframe|javascript|evil/)
    expect(
      got.body.data.attachments.map((a: { id: string; originalName: string; attachSize: number }) => [
        a.id,
        a.originalName,
        a.attachSize,
      ]),
    ).toEqual([
      [a1, '实验安排.pdf', 12],
      [a2, '名单.xlsx', 6],
    ])
    expect(got.body.data.attachments[0].link).toMatch(/\/api\/blade-resource\/oss\/file\/upload\//)
    expect((await t.api(student).get(`${BASE}/getNotice`, { id })).body.data.attachments).toHaveLength(2)

    // Another tenant's attachment, or eleven, are refused and nothing changes.
    const foreign = await attachment(other.token, '别校.pdf', 'x')
    const refused = await office.post(`${BASE}/submit`, { body: { id, attachIds: `${a1},${foreign}` } })
    expect(refused.status).toBe(400)
    expect(refused.body.msg).toBe('附件不存在')
    const many = Array.from({ length: 11 }, (_, i) => String(1000 + i)).join(',')
    expect((await office.post(`${BASE}/submit`, { body: { id, attachIds: many } })).body.msg).toBe(
      '附件不能超过10个',
    )
    expect((await t.api(student).get(`${BASE}/detail`, { id })).body.data.attachIds).toBe(`${a1},${a2}`)
  })
})
