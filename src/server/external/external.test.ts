import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../tests/support/server'
import { createTenant, type TenantFixture } from '../system/tenant-fixture'

let t: TestServer
let admin: string
let other: TenantFixture

beforeAll(async () => {
  t = await startTestServer()
  admin = await t.login()
  other = await createTenant(t, admin, '对接测试学校')
})
afterAll(async () => t?.close())

const FAMILIES: [string, Record<string, unknown>, string][] = [
  [
    '/api/external/sql',
    { name: '学生同步', code: 'stu_sync', sqlText: 'select * from students' },
    '请输入SQL语句',
  ],
  [
    '/api/external/interface',
    {
      name: '教务接口',
      code: 'jw',
      method: 'GET',
      url: 'https://jw.example.edu.cn/api',
      headers: '{"a":"1"}',
    },
    '请选择请求方式',
  ],
  [
    '/api/external/resource',
    { name: '教务库', code: 'jwdb', resourceType: 1, url: 'jdbc:mysql://jw/db', password: 'pw' },
    '请选择资源类型',
  ],
  ['/api/external/externaltask', { name: '每日同步', code: 'daily', cron: '0 0 2 * * ?' }, '请输入任务名称'],
]

describe('external definitions', () => {
  for (const [base, body, firstMissing] of FAMILIES) {
    it(`${base}: CRUD in the tenant, nothing across tenants`, async () => {
      const mine = t.api(other.token)
      const required = Object.keys(body).find((k) =>
        firstMissing.includes(
          k === 'sqlText'
            ? 'SQL语句'
            : k === 'method'
              ? '请求方式'
              : k === 'resourceType'
                ? '资源类型'
                : '任务名称',
        ),
      )!
      const without = { ...body }
      delete without[required]
      expect((await mine.post(`${base}/submit`, { body: without })).body.msg).toBe(firstMissing)
      expect((await mine.post(`${base}/submit`, { body })).status).toBe(200)
      const list = await mine.get(`${base}/page`, { code: String(body.code) })
      expect(list.body.data.total).toBe(1)
      const id = list.body.data.records[0].id
      expect((await mine.get(`${base}/list`)).body.data.total).toBe(1)
      expect((await mine.get(`${base}/detail`, { id })).body.data.name).toBe(body.name)
      const platform = t.api(admin)
      expect((await platform.get(`${base}/list`)).body.data.total).toBe(0)
      expect((await platform.get(`${base}/page`)).body.data.total).toBe(0)
      expect((await platform.get(`${base}/detail`, { id })).status).toBe(400)
      expect((await platform.post(`${base}/submit`, { body: { ...body, id, name: '被改' } })).status).toBe(
        400,
      )
      expect((await platform.post(`${base}/remove`, { query: { ids: id } })).status).toBe(400)
      expect((await mine.get(`${base}/detail`, { id })).body.data.name).toBe(body.name)
    })
  }

  it('refuses a non-http interface URL and masks resource passwords', async () => {
    const mine = t.api(other.token)
    const bad = await mine.post('/api/external/interface/submit', {
      body: { name: 'x', code: 'x', method: 'GET', url: 'file:///etc/passwd' },
    })
    expect(bad.body.msg).toBe('接口地址必须以 http:// 或 https:// 开头')
    const res = (await mine.get('/api/external/resource/list')).body.data.records[0]
    expect(res.password).toBe('******')
  })

  it('atOnce runs a task now and records the run on the task', async () => {
    const mine = t.api(other.token)
    const sql = (await mine.get('/api/external/sql/list')).body.data.records[0]
    const api = (await mine.get('/api/external/interface/list')).body.data.records[0]
    const task = (await mine.get('/api/external/externaltask/list')).body.data.records[0]
    const empty = await mine.post('/api/external/externaltask/atOnce', { query: { id: task.id } })
    expect(empty.status).toBe(200)
    expect(empty.body.msg).toBe('执行失败')
    expect(empty.body.data.message).toBe('任务未关联SQL定义或接口定义')
    expect(
      (
        await mine.post('/api/external/externaltask/submit', {
          body: { id: task.id, name: task.name, code: task.code, sqlId: sql.id, interfaceId: api.id },
        })
      ).status,
    ).toBe(200)
    const run = await mine.post('/api/external/externaltask/atOnce', { query: { id: task.id } })
    expect(run.body).toMatchObject({ msg: '执行成功', data: { result: 1 } })
    const after = await mine.get('/api/external/externaltask/detail', { id: task.id })
    expect(after.body.data.lastRunResult).toBe('执行成功')
    expect(after.body.data.lastRunTime).toMatch(/^\d{4}-\d{2}-\d{2} /)
    expect(
      (await t.api(admin).post('/api/external/externaltask/atOnce', { query: { id: task.id } })).status,
    ).toBe(400)
    expect((await mine.post('/api/external/externaltask/atOnce', { query: { id: 'abc' } })).status).toBe(400)
  })
})
