import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HttpClient } from '../http/client'
import { toCallError } from '../errors/call-failure'
import { ClientOutdatedError, outdatedBy, readMinVersion } from './min-version'

describe('outdatedBy', () => {
  it('refuses a client below the minimum, with both versions', () => {
    expect(outdatedBy('1.2.0', '1.3.0')).toEqual({ version: '1.2.0', minVersion: '1.3.0' })
    expect(outdatedBy('1.9.9', '1.10.0')).toEqual({ version: '1.9.9', minVersion: '1.10.0' })
    // The test host's version: a prerelease of 0.0.0 is below any release.
    expect(outdatedBy('0.0.0-test', '99.0.0')).toEqual({ version: '0.0.0-test', minVersion: '99.0.0' })
    // A beta of the minimum comes before it.
    expect(outdatedBy('1.3.0-beta.2', '1.3.0')).not.toBeNull()
  })

  it('lets the minimum itself, newer clients and unreadable versions through', () => {
    expect(outdatedBy('1.3.0', '1.3.0')).toBeNull()
    expect(outdatedBy('1.10.0', '1.9.0')).toBeNull()
    expect(outdatedBy('2.0.0', '1.3.0-beta.1')).toBeNull()
    expect(outdatedBy('1.2.0', '')).toBeNull()
    expect(outdatedBy('1.2.0', 'latest')).toBeNull()
    expect(outdatedBy('dev', '1.0.0')).toBeNull()
  })

  it('says so in the error the renderer receives', () => {
    const error = toCallError(new ClientOutdatedError({ version: '1.2.0', minVersion: '1.3.0' }))
    expect(error).toEqual({
      message: '当前客户端版本 1.2.0 过旧，请更新到 1.3.0 后再登录',
      status: 426,
      silent: false,
      outdated: { version: '1.2.0', minVersion: '1.3.0' },
    })
  })
})

describe('readMinVersion', () => {
  let server: Server
  let baseUrl = ''
  let reply: [number, unknown] = [404, { code: 404, msg: '不存在' }]
  let tenantSeen: string | undefined
  beforeAll(async () => {
    server = createServer((req, res) => {
      tenantSeen = req.headers['tenant-id'] as string | undefined
      res.writeHead(reply[0], { 'content-type': 'application/json' })
      res.end(JSON.stringify(reply[1]))
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((r) => server.close(() => r())))

  const http = (url: () => string) =>
    new HttpClient({
      baseUrl: url,
      tenantId: () => '000000',
      accessToken: () => null,
      onUnauthorized: () => false,
    })

  it('reads the minimum the server announces, for the tenant signing in', async () => {
    reply = [200, { code: 200, success: true, data: { minVersion: '2.1.0' }, msg: '操作成功' }]
    expect(
      await readMinVersion(
        http(() => baseUrl),
        '123456',
      ),
    ).toBe('2.1.0')
    expect(tenantSeen).toBe('123456')
    reply = [200, { code: 200, success: true, data: { minVersion: '' }, msg: '操作成功' }]
    expect(
      await readMinVersion(
        http(() => baseUrl),
        '000000',
      ),
    ).toBeNull()
  })

  it('says nothing for an older server (404), a failing one or an unreachable one', async () => {
    reply = [404, { code: 404, success: false, msg: '不存在' }]
    expect(
      await readMinVersion(
        http(() => baseUrl),
        '000000',
      ),
    ).toBeNull()
    reply = [500, 'oops']
    expect(
      await readMinVersion(
        http(() => baseUrl),
        '000000',
      ),
    ).toBeNull()
    const closed = createServer()
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r))
    const port = (closed.address() as AddressInfo).port
    await new Promise<void>((r) => closed.close(() => r()))
    expect(
      await readMinVersion(
        http(() => `http://127.0.0.1:${port}`),
        '000000',
      ),
    ).toBeNull()
  })
})
