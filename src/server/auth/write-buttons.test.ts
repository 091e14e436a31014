/**
 * Button permissions on writes: holding a menu whose endpoints are a `/*` family lets a role read the
 * family, but adding, editing and removing need the menu's 新增/修改/删除 buttons.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { count, eq, inArray } from 'drizzle-orm'
import { startTestServer, type TestServer, type Api } from '../../../tests/support/server'
import { createUser } from '../../../tests/support/fixtures'
import { dept, menu, notice, post, role, roleMenu, roleScope, scopeApi } from '../db/schema'
import { nextId } from '../core/ids'
import { bumpPermissionVersion } from './settings'
import { writeActionOf } from './permissions'

let t: TestServer
let clerk: Api
const clerkRole = nextId()

/** Gives the clerk role the menus or buttons with these codes; the permission version moves. */
async function grant(...codes: string[]) {
  const rows = await t.database.db.select({ id: menu.id }).from(menu).where(inArray(menu.code, codes))
  expect(rows.length).toBe(codes.length)
  await t.database.db
    .insert(roleMenu)
    .values(rows.map((m) => ({ id: nextId(), roleId: clerkRole, menuId: m.id })))
  await bumpPermissionVersion(t.database.db)
}

const total = async (table: typeof notice | typeof post | typeof dept) =>
  Number((await t.database.db.select({ n: count() }).from(table))[0].n)

beforeAll(async () => {
  t = await startTestServer()
  await t.database.db
    .insert(role)
    .values({ id: clerkRole, tenantId: '000000', parentId: '0', roleName: '文员', roleAlias: 'clerk' })
  const u = await createUser(t.database, { account: 'clerk1', roleAlias: 'clerk' })
  clerk = t.api(await t.login(u.account, u.password))
})
afterAll(async () => t?.close())

describe('write actions', () => {
  it('save adds, update edits, remove deletes, submit adds without an id and edits with one', () => {
    expect(writeActionOf('/api/x/save', {})).toBe('add')
    expect(writeActionOf('/api/x/update', {})).toBe('edit')
    expect(writeActionOf('/api/x/remove', undefined)).toBe('delete')
    expect(writeActionOf('/api/x/submit', { title: 'a' })).toBe('add')
    expect(writeActionOf('/api/x/submit', { id: '' })).toBe('add')
    expect(writeActionOf('/api/x/submit', { id: '12' })).toBe('edit')
    expect(writeActionOf('/api/x/page', {})).toBeNull()
  })
})

describe('button permissions on writes', () => {
  it('notices: the menu reads, 新增/修改/删除 each open only their own write', async () => {
    const NOTICE = '/api/blade-desk/notice'
    await grant('notice')
    expect((await clerk.get(`${NOTICE}/page`)).status).toBe(200)
    const before = await total(notice)
    const refused = await clerk.post(`${NOTICE}/submit`, { body: { title: '无按钮的通知' } })
    expect(refused.status).toBe(403)
    expect(refused.body).toEqual({ code: 403, success: false, data: {}, msg: '请求被拒绝' })
    // The router decodes the path: the check goes by the matched route, not the raw URL.
    expect((await clerk.post(`${NOTICE}/%73ubmit`, { body: { title: '编码绕过' } })).status).toBe(403)
    expect(await total(notice)).toBe(before)

    await grant('notice_add')
    expect((await clerk.post(`${NOTICE}/submit`, { body: { title: '新通知' } })).status).toBe(200)
    const [mine] = await t.database.db.select().from(notice).where(eq(notice.title, '新通知'))
    const id = String(mine.id)
    expect((await clerk.post(`${NOTICE}/submit`, { body: { id, title: '改名' } })).status).toBe(403)
    expect((await clerk.post(`${NOTICE}/remove`, { query: { ids: id } })).status).toBe(403)

    await grant('notice_edit')
    expect((await clerk.post(`${NOTICE}/submit`, { body: { id, title: '改名' } })).status).toBe(200)
    expect((await clerk.post(`${NOTICE}/remove`, { query: { ids: id } })).status).toBe(403)
    await grant('notice_delete')
    expect((await clerk.post(`${NOTICE}/remove`, { query: { ids: id } })).status).toBe(200)
    const [removed] = await t.database.db.select().from(notice).where(eq(notice.id, id))
    expect(removed).toMatchObject({ title: '改名', isDeleted: 1 })
  })

  it('posts (岗位管理): the family reads, writes wait for the buttons; a bad body still meets 403 first', async () => {
    const POST = '/api/blade-system/post'
    await grant('post')
    expect((await clerk.get(`${POST}/page`)).status).toBe(200)
    const before = await total(post)
    const body = { category: 1, postCode: 'BTN1', postName: '按钮岗位', sort: 1 }
    expect((await clerk.post(`${POST}/submit`, { body })).status).toBe(403)
    expect((await clerk.post(`${POST}/submit`, { body: { postCode: 'x'.repeat(999) } })).status).toBe(403)
    expect(await total(post)).toBe(before)

    await grant('post_add')
    expect((await clerk.post(`${POST}/submit`, { body })).status).toBe(200)
    const [row] = await t.database.db.select().from(post).where(eq(post.postCode, 'BTN1'))
    expect(
      (await clerk.post(`${POST}/submit`, { body: { ...body, id: row.id, postName: '改' } })).status,
    ).toBe(403)
    expect((await clerk.post(`${POST}/remove`, { query: { ids: String(row.id) } })).status).toBe(403)
    expect(await total(post)).toBe(before + 1)
  })

  it('custom routes too: 机构管理 alone cannot add a dept, 院系 新增 (its exact button endpoint) can', async () => {
    const DEPT = '/api/blade-system/dept'
    const body = { parentId: '0', deptName: '按钮学院', deptCategory: 1, sort: 9 }
    await grant('dept')
    expect((await clerk.get(`${DEPT}/list`)).status).toBe(200)
    const before = await total(dept)
    expect((await clerk.post(`${DEPT}/submit`, { body })).status).toBe(403)
    expect(await total(dept)).toBe(before)
    await grant('base_college_add')
    const added = await clerk.post(`${DEPT}/submit`, { body })
    expect(added.status, JSON.stringify(added.body)).toBe(200)
    expect(await total(dept)).toBe(before + 1)
    expect((await clerk.post(`${DEPT}/remove`, { query: { ids: added.body.data.id } })).status).toBe(403)

    // A button for another action that names the write itself grants it (like 取消预约 → remove).
    const [deptMenu] = await t.database.db.select().from(menu).where(eq(menu.code, 'dept'))
    await t.database.db.insert(menu).values({
      id: nextId(),
      parentId: deptMenu.id,
      code: 'dept_archive',
      name: '归档',
      category: 2,
      endpoints: `${DEPT}/remove`,
    })
    await grant('dept_archive')
    expect((await clerk.post(`${DEPT}/remove`, { query: { ids: added.body.data.id } })).status).toBe(200)
  })

  it('the button of the menu owning the family guards submit with an id (用户管理: 新增 does not edit)', async () => {
    const USER = '/api/blade-user'
    const victim = await createUser(t.database, { account: 'edit_target', roleAlias: 'student' })
    await grant('user', 'user_add')
    expect((await clerk.get(`${USER}/page`)).status).toBe(200)
    // user_edit names /update only; as the menu's own 修改 button it still guards submit with an id.
    const asAdmin = t.api(await t.login())
    const detail = (await asAdmin.get(`${USER}/detail`, { id: victim.id })).body.data
    const edited = { ...detail, realName: '改名者' }
    expect((await clerk.post(`${USER}/submit`, { body: edited })).status).toBe(403)
    expect((await clerk.post(`${USER}/update`, { body: edited })).status).toBe(403)
    expect((await asAdmin.get(`${USER}/detail`, { id: victim.id })).body.data.realName).toBe('edit_target')
    await grant('user_edit')
    const res = await clerk.post(`${USER}/update`, { body: edited })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect((await asAdmin.get(`${USER}/detail`, { id: victim.id })).body.data.realName).toBe('改名者')
  })

  it('an API scope naming the write grants it outright', async () => {
    const scopeId = nextId()
    await t.database.db.insert(scopeApi).values({
      id: scopeId,
      menuId: '0',
      resourceCode: 'post',
      scopeName: '岗位删除',
      scopePath: '/api/blade-system/post/remove',
      scopeType: 1,
    })
    await t.database.db
      .insert(roleScope)
      .values({ id: nextId(), scopeCategory: 2, scopeId, roleId: clerkRole })
    await bumpPermissionVersion(t.database.db)
    const [row] = await t.database.db.select().from(post).where(eq(post.postCode, 'BTN1'))
    expect(
      (await clerk.post('/api/blade-system/post/remove', { query: { ids: String(row.id) } })).status,
    ).toBe(200)
  })
})
