/**
 * A tenant's package bounds its API scopes, and a change to the package (or to which package the
 * tenant has) takes effect on the very next request of the tenant's users.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq, inArray } from 'drizzle-orm'
import { startTestServer, type TestServer, type Api } from '../../../tests/support/server'
import { createTenant, createUser } from '../../../tests/support/fixtures'
import { menu, tenant } from '../db/schema'

const TENANT = '200801'
const PACKAGES = '/api/blade-system/tenant-package'
const CLASSES = '/api/basedata/class/page'
const REGIONS = '/api/blade-system/region/lazy-tree'

let t: TestServer
let platform: Api
let staff: Api
let tenantAdmin: Api
let everything: string[]
let withoutClasses: string[]

beforeAll(async () => {
  t = await startTestServer()
  platform = t.api(await t.login())
  const admin = await createTenant(t.database, TENANT)
  tenantAdmin = t.api(await t.login(admin.account, admin.password, TENANT))
  const u = await createUser(t.database, { account: 'pkg_staff', roleAlias: 'staff', tenantId: TENANT })
  staff = t.api(await t.login(u.account, u.password, TENANT))
  const menus = await t.database.db.select({ id: menu.id, code: menu.code }).from(menu)
  everything = menus.map((m) => m.id)
  withoutClasses = menus.filter((m) => !m.code.startsWith('base_class')).map((m) => m.id)
})
afterAll(async () => t?.close())

async function packageId(name: string): Promise<string> {
  const res = await platform.get(`${PACKAGES}/list`, { packageName: name })
  return res.body.data.records.find((p: { packageName: string }) => p.packageName === name).id
}

const packageOf = async () =>
  (await t.database.db.select().from(tenant).where(eq(tenant.tenantId, TENANT)))[0].packageId

describe('package changes take effect at once', () => {
  it('a tenant user, administrator included, loses a menu’s API the moment its package drops the menu, and gets it back', async () => {
    expect((await staff.get(CLASSES)).status).toBe(200)
    const full = { packageName: '全功能包', menuId: everything.join(',') }
    expect((await platform.post(`${PACKAGES}/submit`, { body: full })).status).toBe(200)
    const id = await packageId('全功能包')
    const set = await platform.post('/api/blade-system/tenant/package-setting', {
      query: { tenantId: TENANT, packageId: id },
    })
    expect(set.status).toBe(200)
    expect(await packageOf()).toBe(id)
    expect((await staff.get(CLASSES)).status).toBe(200)

    const narrowed = await platform.post(`${PACKAGES}/submit`, {
      body: { id, packageName: '全功能包', menuId: withoutClasses.join(',') },
    })
    expect(narrowed.status).toBe(200)
    const refused = await staff.get(CLASSES)
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({ code: 403, success: false, data: {}, msg: '请求被拒绝' })
    expect((await staff.get(REGIONS)).status).toBe(200)
    // The tenant's administrator stays inside the package too.
    expect((await tenantAdmin.get(CLASSES)).status).toBe(403)
    expect((await tenantAdmin.get(REGIONS)).status).toBe(200)

    await platform.post(`${PACKAGES}/submit`, { body: { ...full, id } })
    expect((await staff.get(CLASSES)).status).toBe(200)
    expect((await tenantAdmin.get(CLASSES)).status).toBe(200)
  })

  it('switching the tenant to a smaller package, and back to none, applies at once', async () => {
    const regionMenus = await t.database.db
      .select({ id: menu.id })
      .from(menu)
      .where(inArray(menu.code, ['system', 'region']))
    const small = { packageName: '仅区划包', menuId: regionMenus.map((m) => m.id).join(',') }
    expect((await platform.post(`${PACKAGES}/submit`, { body: small })).status).toBe(200)
    const id = await packageId('仅区划包')
    await platform.post('/api/blade-system/tenant/package-setting', {
      query: { tenantId: TENANT, packageId: id },
    })
    expect((await staff.get(CLASSES)).status).toBe(403)
    expect((await staff.get(REGIONS)).status).toBe(200)

    await platform.post('/api/blade-system/tenant/package-setting', { query: { tenantId: TENANT } })
    expect(await packageOf()).toBeNull()
    expect((await staff.get(CLASSES)).status).toBe(200)
    // Without a package the tenant's administrator reaches every route of its tenant.
    expect((await tenantAdmin.get('/api/blade-system/post/page')).status).toBe(200)
  })

  it('a package in use cannot be removed; once unused it can, and its tenants are unaffected', async () => {
    const id = await packageId('全功能包')
    await platform.post('/api/blade-system/tenant/package-setting', {
      query: { tenantId: TENANT, packageId: id },
    })
    const refused = await platform.post(`${PACKAGES}/remove`, { query: { ids: id } })
    expect(refused.status).toBe(400)
    expect(refused.body.msg).toBe(`产品包正在被租户 ${TENANT} 使用,不能删除`)
    expect((await platform.get(`${PACKAGES}/detail`, { id })).status).toBe(200)

    const unused = await packageId('仅区划包')
    expect((await platform.post(`${PACKAGES}/remove`, { query: { ids: unused } })).status).toBe(200)
    expect((await staff.get(CLASSES)).status).toBe(200)
  })
})
