import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../tests/support/server'
import { createTenant, type TenantFixture } from '../system/tenant-fixture'
import Fastify from 'fastify'
import { recordClientErrors } from './client-errors'
import { logCapture } from './capture'

let t: TestServer
let admin: string
let other: TenantFixture

beforeAll(async () => {
  t = await startTestServer()
  admin = await t.login()
  other = await createTenant(t, admin, '日志测试学校')
})
afterAll(async () => t?.close())

describe('logs', () => {
  it('records every API call with method, url, params, ip, user, tenant, status and duration', async () => {
    await t.api(other.token).post('/api/blade-system/post/submit', {
      body: { category: 1, postCode: 'L1', postName: '日志岗位', sort: 1, password: 'hidden' },
    })
    await t.app.logWriter.flush()
    const mine = t.api(other.token)
    const page = await mine.get('/api/blade-log/api/list', { requestUri: '/api/blade-system/post/submit' })
    expect(page.status).toBe(200)
    const row = page.body.data.records[0]
    expect(row).toMatchObject({
      method: 'POST',
      tenantId: other.tenantId,
      createBy: 'admin',
      status: 200,
      type: '1',
    })
    expect(row.params).toContain('日志岗位')
    expect(row.params).not.toContain('hidden')
    expect(Number(row.time)).toBeGreaterThanOrEqual(0)
    const detail = await mine.get('/api/blade-log/api/detail', { id: row.id })
    expect(detail.body.data.requestUri).toBe('/api/blade-system/post/submit')
    // the platform tenant does not see it; named explicitly it does
    const platform = t.api(admin)
    expect((await platform.get('/api/blade-log/api/detail', { id: row.id })).status).toBe(400)
    expect(
      (await platform.get('/api/blade-log/api/list', { requestUri: '/api/blade-system/post/submit' })).body
        .data.total,
    ).toBe(0)
    expect(
      (
        await platform.get('/api/blade-log/api/list', {
          requestUri: '/api/blade-system/post/submit',
          tenantId: other.tenantId,
        })
      ).body.data.total,
    ).toBe(1)
  })

  it('records refusals as service logs', async () => {
    await t.api(other.token).post('/api/blade-system/post/submit', { body: { postCode: 'L2' } })
    await t.app.logWriter.flush()
    const page = await t.api(other.token).get('/api/blade-log/usual/list', { logData: '请选择岗位类型' })
    expect(page.body.data.total).toBe(1)
    const row = page.body.data.records[0]
    expect(row).toMatchObject({ logLevel: 'WARN', requestUri: '/api/blade-system/post/submit' })
    expect((await t.api(other.token).get('/api/blade-log/usual/detail', { id: row.id })).body.data.id).toBe(
      row.id,
    )
    expect((await t.api(admin).get('/api/blade-log/usual/detail', { id: row.id })).status).toBe(400)
  })

  it('records server faults with their stack, and client errors sent at logout', async () => {
    // a route that fails, in a small app sharing the database and the real capture plugin
    const probe = Fastify()
    probe.decorate('db', t.database.db)
    probe.decorateRequest('user', null)
    await probe.register(logCapture)
    probe.addHook('onRequest', async (request) => {
      request.user = {
        userId: '1',
        tenantId: other.tenantId,
        account: 'probe',
        userName: 'probe',
        realName: '',
        roleIds: [],
        roleAliases: [],
        deptIds: [],
        postIds: [],
        clientId: 'x',
        sessionId: 's',
      }
    })
    probe.get('/api/x-test/boom', async () => {
      throw new Error('kaboom')
    })
    expect((await probe.inject({ method: 'GET', url: '/api/x-test/boom' })).statusCode).toBe(500)
    // onResponse runs after the reply is handed over; let it queue the rows, then write them
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve))
    await probe.close()
    const user = {
      userId: '1',
      tenantId: other.tenantId,
      account: 'admin',
      userName: 'admin',
      realName: '',
      roleIds: [],
      roleAliases: [],
      deptIds: [],
      postIds: [],
      clientId: 'x',
      sessionId: 's',
    }
    expect(
      await recordClientErrors(t.database.db, user, [
        {
          type: 'error',
          url: '/wel/index',
          message: 'undefined is not a function',
          stack: 'at x',
          info: 'render',
        },
      ]),
    ).toBe(1)
    const page = await t.api(other.token).get('/api/blade-log/error/list')
    const messages = page.body.data.records.map((r: { message: string }) => r.message)
    expect(messages).toEqual(expect.arrayContaining(['kaboom', 'undefined is not a function']))
    const boom = page.body.data.records.find((r: { message: string }) => r.message === 'kaboom')
    expect(boom.stackTrace).toContain('kaboom')
    expect(boom.createBy).toBe('probe')
    expect(
      (await t.api(other.token).get('/api/blade-log/error/detail', { id: boom.id })).body.data.exceptionName,
    ).toBe('Error')
    expect((await t.api(admin).get('/api/blade-log/error/list', { message: 'kaboom' })).body.data.total).toBe(
      0,
    )
  })
})
