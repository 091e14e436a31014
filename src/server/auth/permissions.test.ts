import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../../../tests/support/server'
import { createTenant, createUser, roleId } from '../../../tests/support/fixtures'
import { menu, roleMenu, roleScope, scopeData, tenant, tenantPackage } from '../db/schema'
import { nextId } from '../core/ids'
import { menuRows } from '../seed/menus'
import { compilePattern } from './permissions'
import { bumpPermissionVersion } from './settings'

let t: TestServer
let admin: string
let student: string
let teacher: { id: string; token: string }
beforeAll(async () => {
  t = await startTestServer()
  admin = await t.login()
  const s = await createUser(t.database, { account: 'student1', roleAlias: 'student' })
  student = await t.login(s.account, s.password)
  const tc = await createUser(t.database, { account: 'teacher1', roleAlias: 'teacher' })
  teacher = { id: tc.id, token: await t.login(tc.account, tc.password) }
})
afterAll(() => t?.close())

type Node = { code: string; category: number; children?: Node[] }
const codesOf = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.code, ...codesOf(n.children ?? [])])
const roleCodes = (alias: string, kinds: string[]) =>
  menuRows.filter((r) => kinds.includes(r[2]) && r[8].split(',').includes(alias)).map((r) => r[0])

describe('endpoint patterns', () => {
  it('match exact paths, families, globs and {placeholders}; implied: is stripped', () => {
    expect(compilePattern('/api/blade-user/page')!.test('/api/blade-user/page')).toBe(true)
    expect(compilePattern('/api/blade-user/page')!.test('/api/blade-user/pages')).toBe(false)
    expect(compilePattern('/api/blade-user/*')!.test('/api/blade-user/remove')).toBe(true)
    expect(compilePattern('/api/blade-user/*')!.test('/api/blade-userx/remove')).toBe(false)
    expect(
      compilePattern('/api/blade-desk/home-page/statistical*')!.test(
        '/api/blade-desk/home-page/statisticalLab',
      ),
    ).toBe(true)
    expect(compilePattern('/api/report/{type}/page')!.test('/api/report/sj1/page')).toBe(true)
    expect(compilePattern('/api/report/{type}/page')!.test('/api/report/a/b/page')).toBe(false)
    expect(compilePattern('implied:/api/blade-user/audit-pass')!.test('/api/blade-user/audit-pass')).toBe(
      true,
    )
    expect(compilePattern('{dynamic download path}')).toBeNull()
  })
})

describe('authentication', () => {
  it('answers 401 with the BladeX envelope on every protected route without a valid token', async () => {
    for (const path of [
      '/api/blade-user/page',
      '/api/blade-system/menu/routes',
      '/api/blade-system/param/page',
    ]) {
      const res = await t.api().get(path)
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ code: 401, success: false, data: {}, msg: '请求未授权' })
    }
    expect((await t.api('garbage').get('/api/blade-user/page')).status).toBe(401)
  })
})

describe('API scopes', () => {
  it('refuses a student on user management and on a system route with 403 请求被拒绝', async () => {
    for (const path of ['/api/blade-user/page', '/api/blade-system/param/page']) {
      const res = await t.api(student).get(path)
      expect(res.status).toBe(403)
      expect(res.body).toEqual({ code: 403, success: false, data: {}, msg: '请求被拒绝' })
    }
    const removal = await t.api(student).post('/api/blade-user/remove', { query: { ids: teacher.id } })
    expect(removal.status).toBe(403)
    expect((await t.api(admin).get('/api/blade-user/detail', { id: teacher.id })).body.data.account).toBe(
      'teacher1',
    )
  })

  it('lets the administrator through everywhere', async () => {
    expect((await t.api(admin).get('/api/blade-user/page')).status).toBe(200)
    expect((await t.api(admin).get('/api/blade-system/param/page')).status).toBe(200)
  })

  it('follows grant changes once the permission version moves', async () => {
    const studentRole = await roleId(t.database, 'student')
    const [userMenu] = await t.database.db.select().from(menu).where(eq(menu.code, 'user'))
    await t.database.db.insert(roleMenu).values({ id: nextId(), roleId: studentRole, menuId: userMenu.id })
    await bumpPermissionVersion(t.database.db)
    expect((await t.api(student).get('/api/blade-user/page')).status).toBe(200)
    await t.database.db
      .delete(roleMenu)
      .where(and(eq(roleMenu.roleId, studentRole), eq(roleMenu.menuId, userMenu.id)))
    await bumpPermissionVersion(t.database.db)
    expect((await t.api(student).get('/api/blade-user/page')).status).toBe(403)
  })
})

describe('shell calls (contract 5)', () => {
  it('menu/routes: the administrator gets the whole category-1 forest, sorted, BladeX node fields', async () => {
    const res = await t.api(admin).get('/api/blade-system/menu/routes')
    expect(res.status).toBe(200)
    const roots = res.body.data as (Node & Record<string, unknown>)[]
    expect(roots.map((r) => r.code)).toEqual(menuRows.filter((r) => r[1] === '0').map((r) => r[0]))
    const codes = codesOf(roots)
    expect(codes.sort()).toEqual(
      menuRows
        .filter((r) => r[2] !== 'button')
        .map((r) => r[0])
        .sort(),
    )
    const desk = roots[0]
    expect(desk).toMatchObject({
      parentId: '0',
      code: 'desk',
      name: '工作台',
      category: 1,
      parentName: '',
      categoryName: '',
    })
    expect(typeof desk.id).toBe('string')
    const home = desk.children!.find((c) => c.code === 'desk_home') as Record<string, unknown>
    expect(home).toMatchObject({ path: '/wel/index', name: '首页', sort: 1 })
    expect(home).not.toHaveProperty('children')
    expect(home).not.toHaveProperty('endpoints')
  })

  it('menu/routes: a student sees exactly its menus and their groups', async () => {
    const res = await t.api(student).get('/api/blade-system/menu/routes')
    expect(res.status).toBe(200)
    expect(codesOf(res.body.data).sort()).toEqual(roleCodes('student', ['group', 'menu']).sort())
    expect(codesOf(res.body.data)).not.toContain('user')
  })

  it('menu/buttons: leaf codes are the role’s buttons', async () => {
    const res = await t.api(student).get('/api/blade-system/menu/buttons')
    const leaves = (nodes: Node[]): string[] =>
      nodes.flatMap((n) => (n.children?.length ? leaves(n.children) : [n.code]))
    expect(leaves(res.body.data).sort()).toEqual(roleCodes('student', ['button']).sort())
    const all = await t.api(admin).get('/api/blade-system/menu/buttons')
    expect(leaves(all.body.data)).toContain('user_add')
    expect(leaves(all.body.data).length).toBe(menuRows.filter((r) => r[2] === 'button').length)
  })

  it('menu/top-menu and routes?topMenuId narrow the tree to one group', async () => {
    const tops = await t.api(admin).get('/api/blade-system/menu/top-menu')
    expect(tops.body.data.map((m: { name: string }) => m.name)).toContain('系统管理')
    const system = tops.body.data.find((m: { code: string }) => m.code === 'system')
    const routes = await t.api(admin).get('/api/blade-system/menu/routes', { topMenuId: system.id })
    expect(routes.body.data.map((n: Node) => n.code)).toEqual(['system'])
    const studentTops = await t.api(student).get('/api/blade-system/menu/top-menu')
    const names = studentTops.body.data.map((m: { code: string }) => m.code)
    expect(names).not.toContain('system')
    expect(names).toContain('desk')
    expect((await t.api(admin).get('/api/blade-system/menu/routes', { topMenuId: 'x;drop' })).status).toBe(
      400,
    )
  })

  it('menu/routes keeps a tenant inside its package', async () => {
    const other = await createTenant(t.database, '200002')
    const [home] = await t.database.db.select().from(menu).where(eq(menu.code, 'desk_home'))
    const packageId = nextId()
    await t.database.db
      .insert(tenantPackage)
      .values({ id: packageId, packageName: '基础版', menuId: home.id })
    await t.database.db.update(tenant).set({ packageId }).where(eq(tenant.tenantId, '200002'))
    const token = await t.login(other.account, other.password, '200002')
    const res = await t.api(token).get('/api/blade-system/menu/routes')
    expect(codesOf(res.body.data)).toEqual(['desk', 'desk_home'])
    const buttons = await t.api(token).get('/api/blade-system/menu/buttons')
    expect(codesOf(buttons.body.data)).toEqual(['desk_home', 'desk_home_export'])
  })

  it('API scopes count only the menus and buttons in the tenant package', async () => {
    await createTenant(t.database, '200003')
    const staff = await createUser(t.database, { account: 'staff3', roleAlias: 'staff', tenantId: '200003' })
    const api = t.api(await t.login(staff.account, staff.password, '200003'))
    const notice = { title: '套餐内的通知' }
    expect((await api.post('/api/blade-desk/notice/submit', { body: notice })).status).toBe(200)

    const [home] = await t.database.db.select().from(menu).where(eq(menu.code, 'desk_home'))
    const packageId = nextId()
    await t.database.db
      .insert(tenantPackage)
      .values({ id: packageId, packageName: '仅首页', menuId: home.id })
    await t.database.db.update(tenant).set({ packageId }).where(eq(tenant.tenantId, '200003'))
    await bumpPermissionVersion(t.database.db)
    // 通知公告 (and its 新增 button) is outside the package; the home page still lists notices.
    expect((await api.post('/api/blade-desk/notice/submit', { body: notice })).status).toBe(403)
    expect((await api.get('/api/blade-desk/notice/list')).status).toBe(200)
  })

  it('tenant/info is public and answers {} for an unknown domain', async () => {
    const res = await t.api().get('/api/blade-system/tenant/info', { domain: 'http://unknown.example' })
    expect(res.body).toEqual({ code: 200, success: true, data: {}, msg: '操作成功' })
  })
})

describe('data scope', () => {
  it('limits a role to its scope rows (self) and leaves other roles on the whole tenant', async () => {
    const teacherRole = await roleId(t.database, 'teacher')
    const [userMenu] = await t.database.db.select().from(menu).where(eq(menu.code, 'user'))
    await t.database.db.insert(roleMenu).values({ id: nextId(), roleId: teacherRole, menuId: userMenu.id })
    await bumpPermissionVersion(t.database.db)
    const before = await t.api(teacher.token).get('/api/blade-user/page', { size: 100 })
    expect(before.body.data.total).toBeGreaterThan(1)

    const scopeId = nextId()
    await t.database.db.insert(scopeData).values({
      id: scopeId,
      resourceCode: 'user',
      scopeName: '本人',
      scopeColumn: 'id',
      scopeType: 2,
      menuId: userMenu.id,
    })
    await t.database.db
      .insert(roleScope)
      .values({ id: nextId(), scopeCategory: 1, scopeId, roleId: teacherRole })
    // Scope grants are cached per permission version: a direct write announces itself like the API does.
    await bumpPermissionVersion(t.database.db)
    const after = await t.api(teacher.token).get('/api/blade-user/page', { size: 100 })
    expect(after.body.data.records.map((r: { account: string }) => r.account)).toEqual(['teacher1'])
    expect(
      (await t.api(teacher.token).get('/api/blade-user/detail', { id: (await t.loginFull()).user_id }))
        .status,
    ).toBe(400)
    expect((await t.api(admin).get('/api/blade-user/page', { size: 100 })).body.data.total).toBeGreaterThan(1)

    // Removing the scope through the API widens the role again on its next request (cache dropped).
    const removed = await t
      .api(admin)
      .post('/api/blade-system/data-scope/remove', { query: { ids: scopeId } })
    expect(removed.status).toBe(200)
    const widened = await t.api(teacher.token).get('/api/blade-user/page', { size: 100 })
    expect(widened.body.data.total).toBe(before.body.data.total)
  })
})
