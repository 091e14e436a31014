import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HttpClient } from './client'

/** A real HTTP server answering per path, recording the headers it saw. */
let server: Server
let baseUrl = ''
let lastRequest: IncomingMessage | null = null
const replies: Record<string, [number, unknown]> = {
  '/api/ok': [200, { code: 200, success: true, data: { n: 1 }, msg: '操作成功' }],
  '/api/raw': [200, { key: 'k', image: 'data:image/png;base64,' }],
  '/api/biz': [400, { code: 400, success: false, data: {}, msg: '参数名称不能为空' }],
  '/api/oauth': [400, { error: 'invalid_grant', error_description: '用户名或密码错误' }],
  '/api/bare': [500, 'oops'],
  '/api/unauthorized': [401, { code: 401, msg: '请求未授权', data: null }],
  '/api/code401': [200, { code: 401, success: false, msg: '令牌已失效', data: null }],
  '/api/teapot': [418, { code: 418, success: false, msg: '白名单' }],
}

beforeAll(async () => {
  server = createServer((req, res) => {
    lastRequest = req
    const [status, body] = replies[new URL(req.url!, 'http://x').pathname] ?? [
      404,
      { code: 404, msg: '不存在' },
    ]
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((r) => server.close(() => r())))

function client(token: string | null = 'tok', renew: (() => string | null) | null = null) {
  const unauthorized: string[] = []
  const http = new HttpClient({
    baseUrl: () => baseUrl,
    tenantId: () => '000000',
    accessToken: () => token,
    onUnauthorized: (m) => {
      unauthorized.push(m)
      const next = renew?.() ?? null
      if (next) token = next
      return next !== null
    },
    statusWhiteList: [418],
  })
  return { http, unauthorized }
}

describe('HttpClient', () => {
  it('sends the client, tenant and token headers and unwraps the envelope', async () => {
    const { http } = client()
    expect(
      await http.call({ method: 'GET', path: '/api/ok', query: { ids: ['1', '2'], skip: null } }),
    ).toEqual({ n: 1 })
    expect(lastRequest!.headers['blade-auth']).toBe('bearer tok')
    expect(lastRequest!.headers.authorization).toBe(
      `Basic ${Buffer.from('lab_desktop:lab_desktop_secret').toString('base64')}`,
    )
    expect(lastRequest!.headers['tenant-id']).toBe('000000')
    expect(lastRequest!.url).toBe('/api/ok?ids=1%2C2')
  })

  it('resolves a raw (non-envelope) reply whole and sends no token when signed out', async () => {
    const { http } = client(null)
    expect(await http.call({ method: 'GET', path: '/api/raw' })).toEqual({
      key: 'k',
      image: 'data:image/png;base64,',
    })
    expect(lastRequest!.headers['blade-auth']).toBeUndefined()
  })

  it.each([
    ['/api/biz', '参数名称不能为空', 400],
    ['/api/oauth', '用户名或密码错误', 400],
    ['/api/bare', '未知错误', 500],
  ])('rejects %s with the server message', async (path, message, status) => {
    const { http, unauthorized } = client()
    await expect(http.call({ method: 'GET', path })).rejects.toMatchObject({ message, status, silent: false })
    expect(unauthorized).toEqual([])
  })

  it('asks for a new token on a 401 and sends the call once more with it', async () => {
    const { http, unauthorized } = client('old', () => 'fresh')
    // This server keeps answering 401: one renewal, one retry, then the 401 rejects.
    await expect(http.call({ method: 'GET', path: '/api/unauthorized' })).rejects.toMatchObject({
      status: 401,
    })
    expect(unauthorized).toEqual(['请求未授权'])
    expect(lastRequest!.headers['blade-auth']).toBe('bearer fresh')
  })

  it('does not renew for calls sent without a token (the token endpoint itself)', async () => {
    const { http, unauthorized } = client('tok', () => 'fresh')
    await expect(
      http.request({ method: 'POST', path: '/api/unauthorized', withoutToken: true }),
    ).rejects.toMatchObject({ status: 401 })
    expect(unauthorized).toEqual([])
  })

  it('rejects a 401, by HTTP status or by envelope code, when no new token comes', async () => {
    const { http, unauthorized } = client()
    await expect(http.call({ method: 'GET', path: '/api/unauthorized' })).rejects.toMatchObject({
      status: 401,
    })
    await expect(http.call({ method: 'GET', path: '/api/code401' })).rejects.toMatchObject({
      status: 401,
      message: '令牌已失效',
    })
    expect(unauthorized).toEqual(['请求未授权', '令牌已失效'])
  })

  it('rejects whitelisted statuses silently', async () => {
    const { http } = client()
    await expect(http.call({ method: 'GET', path: '/api/teapot' })).rejects.toMatchObject({
      status: 418,
      silent: true,
    })
  })

  it('sends no Content-Type on a bodiless POST (a form type with no body is a 415 on Fastify)', async () => {
    const { http } = client()
    await http.call({ method: 'POST', path: '/api/ok', query: { ids: '1' } })
    expect(lastRequest!.headers['content-type']).toBeUndefined()
    await http.call({ method: 'POST', path: '/api/ok', body: { a: 1 } })
    expect(lastRequest!.headers['content-type']).toMatch(/^application\/json/)
  })

  it('streams a 200 reply and rejects a failed export with the server message', async () => {
    const { http } = client()
    const ok = await http.stream({ method: 'GET', path: '/api/ok' })
    const chunks: Buffer[] = []
    for await (const c of ok.stream) chunks.push(Buffer.from(c as Buffer))
    expect(JSON.parse(Buffer.concat(chunks).toString('utf8'))).toMatchObject({ data: { n: 1 } })
    await expect(http.stream({ method: 'GET', path: '/api/biz' })).rejects.toMatchObject({
      message: '参数名称不能为空',
      status: 400,
    })
  })

  it('rejects when the server cannot be reached, and says so', async () => {
    const reachable: boolean[] = []
    const http = new HttpClient({
      baseUrl: () => 'http://127.0.0.1:1',
      tenantId: () => '000000',
      accessToken: () => null,
      onUnauthorized: () => false,
      onReachable: (r) => void reachable.push(r),
    })
    await expect(http.call({ method: 'GET', path: '/api/ok' })).rejects.toMatchObject({ status: 0 })
    expect(reachable).toEqual([false])
  })
})
