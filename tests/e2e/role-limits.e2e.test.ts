import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright'
import { inArray } from 'drizzle-orm'
import { menu, role, roleMenu } from '../../src/server/db/schema'
import { nextId } from '../../src/server/core/ids'
import { bumpPermissionVersion } from '../../src/server/auth/settings'
import { createUser } from '../support/fixtures'
import { useLabApp } from './fixture'
import type { LabApi } from '../../src/shared/ipc/api'
import { openTab } from './screens'

const t = useLabApp('role-limits', null)

/** An API call through the page's bridge: the data, or `{status}` of the refusal. */
const call = (page: Page, method: 'GET' | 'POST', path: string, query: Record<string, string>) =>
  page.evaluate(
    (req) =>
      (globalThis as unknown as { api: LabApi }).api.api.call(req).then(
        (data) => data,
        (e: { status: number }) => ({ status: e.status }),
      ),
    { method, path, query },
  )

describe('role limits in the UI', () => {
  it('shows a role only the buttons it was granted on a page, and the server refuses the others', async () => {
    const { database } = t.server.server
    const db = database.db
    // A custom role granted 参数管理 with its 新增 and 查看 buttons, but not 修改 or 删除 (as the
    // 权限设置 tree would save it: the checked nodes and their parents).
    const clerkRole = nextId()
    await db.insert(role).values({
      id: clerkRole,
      tenantId: '000000',
      parentId: '0',
      roleName: '参数专员',
      roleAlias: 'param_clerk',
    })
    const granted = await db
      .select({ id: menu.id, parentId: menu.parentId })
      .from(menu)
      .where(inArray(menu.code, ['param', 'param_add', 'param_view']))
    expect(granted).toHaveLength(3)
    const ids = new Set(granted.map((m) => m.id))
    for (let parents = granted.map((m) => m.parentId); parents.some((p) => p !== '0');) {
      const rows = await db
        .select({ id: menu.id, parentId: menu.parentId })
        .from(menu)
        .where(inArray(menu.id, parents))
      rows.forEach((r) => ids.add(r.id))
      parents = rows.map((r) => r.parentId)
    }
    await db.insert(roleMenu).values([...ids].map((menuId) => ({ id: nextId(), roleId: clerkRole, menuId })))
    await bumpPermissionVersion(db)
    const clerk = await createUser(database, { account: 'param_clerk1', roleAlias: 'param_clerk' })

    const app = await t.launch()
    const page = app.page
    await app.signIn(clerk.account, clerk.password)
    await page.getByRole('tab', { name: '首页' }).first().waitFor()
    // The home page names the role, not its alias.
    await page.getByText('角色：参数专员').waitFor()

    await openTab(app, '/system/param', '参数管理')
    const screen = page.getByRole('region', { name: '参数管理' })
    const grid = screen.getByRole('grid', { name: '参数管理' })
    await screen.getByText(/共 \d+ 条/).waitFor()
    await grid.getByRole('button', { name: '查看' }).first().waitFor()
    await screen.getByRole('button', { name: '新增', exact: true }).waitFor()
    expect(await screen.getByRole('button', { name: '删除' }).count()).toBe(0)
    expect(await screen.getByRole('button', { name: '编辑' }).count()).toBe(0)
    await app.screenshot('param page as param clerk')

    // The server refuses the missing button's call, and nothing is removed.
    const first = (await call(page, 'GET', '/api/blade-system/param/page', { current: '1', size: '1' })) as {
      records: Array<{ id: string }>
    }
    const id = first.records[0].id
    const refused = await call(page, 'POST', '/api/blade-system/param/remove', { ids: id })
    expect(refused).toEqual({ status: 403 })
    const still = await call(page, 'GET', '/api/blade-system/param/detail', { id })
    expect((still as { id: string }).id).toBe(id)

    // Tabs stay alive: the search typed on 参数管理 is still there after visiting 首页.
    await screen.getByRole('search').getByRole('textbox', { name: '参数键名' }).fill('kept.while.away')
    await page.getByRole('tab', { name: '首页' }).first().click()
    await page.getByText('角色：参数专员').waitFor()
    await page.getByRole('tab', { name: '参数管理' }).first().click()
    expect(await screen.getByRole('search').getByRole('textbox', { name: '参数键名' }).inputValue()).toBe(
      'kept.while.away',
    )
    expect(app.pageErrors).toEqual([])
  })
})
