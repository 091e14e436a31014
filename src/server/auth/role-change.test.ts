/**
 * Tokens carry a user's roles and depts, so changing them (授权 or the user form) signs the user out:
 * the old grants stop at once instead of living on until the access token expires.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../tests/support/server'
import { createUser, roleId } from '../../../tests/support/fixtures'

const REGIONS = '/api/blade-system/region/lazy-tree'

let t: TestServer
let admin: string
beforeAll(async () => {
  t = await startTestServer()
  admin = await t.login()
})
afterAll(async () => t?.close())

describe('role changes take effect at once', () => {
  it('授权 to a smaller role: the old token stops, a new sign-in holds only the new role', async () => {
    const u = await createUser(t.database, { account: 'demoted1', roleAlias: 'staff' })
    const token = await t.login(u.account, u.password)
    expect((await t.api(token).get(REGIONS)).status).toBe(200)
    const guest = await roleId(t.database, 'guest')
    const grant = await t
      .api(admin)
      .post('/api/blade-user/grant', { query: { userIds: u.id, roleIds: guest } })
    expect(grant.status).toBe(200)
    expect((await t.api(token).get(REGIONS)).status).toBe(401)
    const again = await t.login(u.account, u.password)
    expect((await t.api(again).get(REGIONS)).status).toBe(403)
  })

  it('the user form changing the role signs the user out; other edits do not', async () => {
    const u = await createUser(t.database, { account: 'demoted2', roleAlias: 'staff' })
    const token = await t.login(u.account, u.password)
    const detail = (await t.api(admin).get('/api/blade-user/detail', { id: u.id })).body.data
    const renamed = await t
      .api(admin)
      .post('/api/blade-user/update', { body: { ...detail, realName: '改名' } })
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200)
    expect((await t.api(token).get(REGIONS)).status).toBe(200)

    const student = await roleId(t.database, 'student')
    const moved = await t.api(admin).post('/api/blade-user/update', { body: { ...detail, roleId: student } })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect((await t.api(token).get(REGIONS)).status).toBe(401)
  })
})
