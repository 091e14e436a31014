/**
 * Bad input on every route, as a tool that knows nothing of the code would send it: a NUL byte in a
 * query parameter and in a JSON body's text, an invalid value in a date filter, and (on every plain
 * resource's submit) a value of the wrong type in each field. Each must be a 400 in the BladeX
 * envelope: no 500, no dropped connection, nothing stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import { basicAuth, startTestServer, type TestServer } from '../../../tests/support/server'
import { collectRoutes, type RegisteredRoute } from '../../../tests/support/routes'
import * as tables from '../db/schema/resources'
import { definitionOf } from './resource-table'
import { NUL_MESSAGE } from './input-guard'

/** Routes the sweep leaves out: they end the caller's session or sign in. */
const SKIP = /\/(logout|oauth\/token|token)$/

let t: TestServer
let token: string
let routes: RegisteredRoute[]

beforeAll(async () => {
  t = await startTestServer()
  token = await t.login()
  routes = (await collectRoutes()).filter((r) => !SKIP.test(r.url))
})
afterAll(() => t.close())

const concrete = (url: string) => url.replace(/:\w+/g, '1').replace(/\*$/, 'x/1.txt')

/** Every answer that is not a clean refusal or success: a 5xx or a connection dropped mid-reply. */
async function sweep(send: (r: RegisteredRoute) => Promise<{ statusCode: number; body: string }>) {
  const broken: string[] = []
  for (const r of routes) {
    try {
      const res = await send(r)
      if (res.statusCode >= 500)
        broken.push(`${res.statusCode} ${r.method} ${r.url} ${res.body.slice(0, 60)}`)
    } catch (e) {
      broken.push(`dropped ${r.method} ${r.url}: ${String(e).slice(0, 60)}`)
    }
  }
  return broken
}

const headers = () => ({ authorization: basicAuth(), 'blade-auth': `bearer ${token}` })

describe('bad input on every route', () => {
  it('refuses a NUL byte in a query parameter with a 400 naming it', async () => {
    const refusedWithMessage: string[] = []
    const broken = await sweep(async (r) => {
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: `${concrete(r.url)}?name=%00&current=1&size=10`,
        headers: headers(),
      })
      if (res.statusCode === 400 && res.json().msg === NUL_MESSAGE) refusedWithMessage.push(r.url)
      return res
    })
    expect(broken).toEqual([])
    expect(refusedWithMessage.length).toBe(routes.length)
  })

  it('refuses a NUL byte in a JSON body with a 400', async () => {
    const posts = routes.filter((r) => r.method === 'POST')
    const refused: string[] = []
    const broken = await sweep(async (r) => {
      if (r.method !== 'POST') return { statusCode: 200, body: '' }
      const res = await t.app.inject({
        method: 'POST',
        url: concrete(r.url),
        headers: { ...headers(), 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'a\u0000b', title: 'x\u0000', remark: '\u0000' }),
      })
      if (res.statusCode === 400 && res.json().msg === NUL_MESSAGE) refused.push(r.url)
      return res
    })
    expect(broken).toEqual([])
    expect(refused.length).toBe(posts.length)
  })

  it('answers an invalid date filter with a 400, never a 500 or a dropped connection', async () => {
    const broken = await sweep((r) =>
      t.app.inject({
        method: r.method as 'GET',
        url: `${concrete(r.url)}?createTime_datege=notadate&updateTime_datelt=2026-13-45x&current=1&size=10`,
        headers: headers(),
      }),
    )
    expect(broken).toEqual([])
  })

  it('refuses a field of the wrong type on every plain resource submit and stores nothing', async () => {
    const submits = new Set(routes.filter((r) => r.method === 'POST').map((r) => r.url))
    const accepted: string[] = []
    let tried = 0
    for (const table of Object.values(tables) as PgTable[]) {
      const def = definitionOf(table)
      if (!def || !submits.has(`${def.basePath}/submit`)) continue
      const wrong = Object.fromEntries(
        def.fields.filter((f) => f.type === 'string' || f.type === 'text').map((f) => [f.name, ['x']]),
      )
      if (!Object.keys(wrong).length) continue
      tried++
      const count = async () =>
        Number((await t.database.db.select({ n: sql<number>`count(*)` }).from(table))[0]?.n)
      const before = await count()
      const res = await t.api(token).post(`${def.basePath}/submit`, { body: wrong })
      if (res.status !== 400 || (await count()) !== before)
        accepted.push(`${def.basePath}: ${res.status} ${res.body.msg}`)
    }
    expect(tried).toBeGreaterThan(20)
    expect(accepted).toEqual([])
  })

  it('keeps a notice whose title is an array out of the database', async () => {
    const before = await t.api(token).get('/api/blade-desk/notice/page', { current: 1, size: 100 })
    const res = await t.api(token).post('/api/blade-desk/notice/submit', {
      body: { title: ['x'], category: 1, content: 'c' },
    })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ success: false, msg: '标题必须是文本' })
    const after = await t.api(token).get('/api/blade-desk/notice/page', { current: 1, size: 100 })
    expect(after.body.data.total).toBe(before.body.data.total)
  })

  it('refuses an upload whose file name holds a NUL byte', async () => {
    const boundary = 'x-boundary'
    const payload = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x\u0000.txt"\r\n` +
        `Content-Type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`,
    )
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/blade-resource/oss/endpoint/put-file-attach',
      headers: { ...headers(), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ success: false, msg: '文件名不能包含控制字符' })
  })
})
