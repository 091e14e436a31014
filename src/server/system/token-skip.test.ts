import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../tests/support/server'

let t: TestServer
let admin: string

beforeAll(async () => {
  t = await startTestServer()
  admin = await t.login()
})
afterAll(async () => t?.close())

const PATH = '/api/blade-system/region/list'

/** The status of an anonymous call once the guard's token-skip cache (one second) has caught up. */
async function anonymousStatusBecomes(expected: number): Promise<number> {
  let status = 0
  for (let i = 0; i < 40; i++) {
    status = (await t.api().get(PATH, { size: 1 })).status
    if (status === expected) break
    await new Promise((r) => setTimeout(r, 100))
  }
  return status
}

describe('token-skip APIs in the auth guard', () => {
  it('a listed path answers without a token; removing it closes it again', async () => {
    expect((await t.api().get(PATH)).status).toBe(401)
    expect((await t.api().get('/api/blade-system/region/lazy-tree')).status).toBe(401)

    const api = t.api(admin)
    const add = await api.post('/api/secure/tokenskipapi/submit', { body: { name: '地区列表', url: PATH } })
    expect(add.status, JSON.stringify(add.body)).toBe(200)
    expect(await anonymousStatusBecomes(200)).toBe(200)
    // Only the listed path opens.
    expect((await t.api().get('/api/blade-system/region/lazy-tree')).status).toBe(401)

    const [row] = (await api.get('/api/secure/tokenskipapi/list', { name: '地区列表' })).body.data.records
    expect((await api.post('/api/secure/tokenskipapi/remove', { query: { ids: row.id } })).status).toBe(200)
    expect(await anonymousStatusBecomes(401)).toBe(401)
  })
})
