/**
 * A tenant that expires, is disabled or removed ends its users' open sessions: their next request with
 * an existing token is refused with 401 and the contract's text, not only their next sign-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../../../tests/support/server'
import { createTenant, createUser } from '../../../tests/support/fixtures'
import { tenant } from '../db/schema'
import { bumpPermissionVersion } from './settings'
import { TENANT_REFUSAL, tenantRefusal } from './tenant-state'

let t: TestServer
let platform: string
beforeAll(async () => {
  t = await startTestServer()
  platform = await t.login()
})
afterAll(async () => t?.close())

async function tenantRowId(tenantId: string) {
  const [row] = await t.database.db
    .select({ id: tenant.id })
    .from(tenant)
    .where(eq(tenant.tenantId, tenantId))
  return row.id
}

describe('tenant state in the guard', () => {
  it('refuses open sessions once the tenant expires, and lets them work again when extended', async () => {
    const admin = await createTenant(t.database, '300101')
    const teacher = await createUser(t.database, {
      account: 't300101',
      roleAlias: 'teacher',
      tenantId: '300101',
    })
    const adminToken = await t.login(admin.account, admin.password, '300101')
    const teacherToken = await t.login(teacher.account, teacher.password, '300101')
    expect((await t.api(adminToken).get('/api/blade-user/info')).status).toBe(200)
    expect((await t.api(adminToken).get('/api/blade-user/page')).status).toBe(200)

    const id = await tenantRowId('300101')
    const expire = await t
      .api(platform)
      .post('/api/blade-system/tenant/setting', { query: { ids: id, expireTime: '2020-01-01 00:00:00' } })
    expect(expire.status).toBe(200)

    for (const token of [adminToken, teacherToken]) {
      const res = await t.api(token).get('/api/blade-user/info')
      expect(res.status).toBe(401)
      expect(res.body).toMatchObject({ code: 401, success: false, msg: TENANT_REFUSAL.expired })
      expect(res.body.data).toEqual({})
    }
    // Public routes stay reachable; they just see no caller.
    expect((await t.api(adminToken).get('/api/blade-auth/oauth/captcha')).status).toBe(200)
    // The platform tenant is untouched.
    expect((await t.api(platform).get('/api/blade-user/info')).status).toBe(200)

    await t.api(platform).post('/api/blade-system/tenant/setting', { query: { ids: id, expireTime: '' } })
    expect((await t.api(adminToken).get('/api/blade-user/info')).status).toBe(200)
  })

  it('refuses open sessions of a disabled tenant, and its sign-in', async () => {
    const admin = await createTenant(t.database, '300102')
    const token = await t.login(admin.account, admin.password, '300102')
    expect((await t.api(token).get('/api/blade-user/info')).status).toBe(200)

    await t.database.db.update(tenant).set({ status: 2 }).where(eq(tenant.tenantId, '300102'))
    await bumpPermissionVersion(t.database.db)
    const res = await t.api(token).get('/api/blade-user/info')
    expect(res.status).toBe(401)
    expect(res.body.msg).toBe(TENANT_REFUSAL.disabled)
    await expect(t.login(admin.account, admin.password, '300102')).rejects.toThrow(TENANT_REFUSAL.disabled)
  })

  it('refuses open sessions of a removed tenant', async () => {
    const admin = await createTenant(t.database, '300103')
    const token = await t.login(admin.account, admin.password, '300103')
    const removed = await t
      .api(platform)
      .post('/api/blade-system/tenant/remove', { query: { ids: await tenantRowId('300103') } })
    expect(removed.status).toBe(200)
    expect((await t.api(token).get('/api/blade-user/info')).status).toBe(401)
  })

  it('compares the expiry with the clock on every call', () => {
    const live = { live: true, enabled: true }
    expect(tenantRefusal('300104', { ...live, expiresAt: Date.now() - 1 })).toBe(TENANT_REFUSAL.expired)
    expect(tenantRefusal('300104', { ...live, expiresAt: Date.now() + 60_000 })).toBeNull()
    expect(tenantRefusal('300104', { ...live, expiresAt: null })).toBeNull()
    expect(tenantRefusal('000000', { live: true, enabled: false, expiresAt: 0 })).toBeNull()
  })
})
