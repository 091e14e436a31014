import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../tests/support/server'
import { createTenant, type TenantFixture } from './tenant-fixture'

let t: TestServer
let admin: string
let other: TenantFixture

beforeAll(async () => {
  t = await startTestServer()
  admin = await t.login()
  other = await createTenant(t, admin, '菜单测试学校')
})
afterAll(async () => t?.close())

type Node = {
  id: string
  parentId: string
  title?: string
  name?: string
  code?: string
  children?: Node[]
  hasChildren?: boolean
  key?: string
  value?: string
}
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])])

describe('menus', () => {
  it('lists the seeded menu tree, lazily and as TreeNodes', async () => {
    const api = t.api(admin)
    const list = await api.get('/api/blade-system/menu/list')
    expect(list.status).toBe(200)
    const all = flat(list.body.data)
    const system = all.find((m) => m.code === 'system')!
    expect(system.parentId).toBe('0')
    expect(system.children!.length).toBeGreaterThan(0)
    const leaf = all.find((m) => m.code === 'dict_add')!
    expect(leaf.children).toBeUndefined()

    const lazy = await api.get('/api/blade-system/menu/lazy-list', { parentId: system.id })
    expect(lazy.body.data.every((m: Node) => m.parentId === system.id)).toBe(true)
    expect(lazy.body.data.some((m: Node) => m.hasChildren === true)).toBe(true)
    const lazyMenus = await api.get('/api/blade-system/menu/lazy-menu-list')
    expect(
      lazyMenus.body.data.every((m: Node & { category: number }) => m.parentId === '0' && m.category === 1),
    ).toBe(true)

    const tree = await api.get('/api/blade-system/menu/tree')
    const nodes = flat(tree.body.data)
    const dict = nodes.find((n) => n.title === '系统字典')!
    expect(dict.key).toBe(dict.id)
    expect(dict.value).toBe(dict.id)
    expect(nodes.some((n) => n.title === '新增')).toBe(false) // buttons are not in the menu tree
    const menuList = await api.get('/api/blade-system/menu/menu-list')
    expect(flat(menuList.body.data).every((m) => (m as Node & { category: number }).category === 1)).toBe(
      true,
    )
    const grantTop = await api.get('/api/blade-system/menu/grant-top-tree')
    expect(flat(grantTop.body.data).length).toBe(nodes.length)
  })

  it('creates, details, updates and removes a menu; refuses removing a parent', async () => {
    const api = t.api(admin)
    const bad = await api.post('/api/blade-system/menu/submit', { body: { code: 'x_test' } })
    expect(bad.status).toBe(400)
    expect(bad.body.msg).toBe('请输入菜单名称')
    const parent = await api.post('/api/blade-system/menu/submit', {
      body: { name: '测试菜单', code: 'x_test', path: '/x/test', sort: 1, category: 1 },
    })
    expect(parent.status).toBe(200)
    const pid = parent.body.data.id as string
    const child = await api.post('/api/blade-system/menu/submit', {
      body: { parentId: pid, name: '新增', code: 'x_test_add', sort: 1, category: 2, action: 0 },
    })
    expect(child.status).toBe(200)
    const dup = await api.post('/api/blade-system/menu/submit', {
      body: { name: '重复', code: 'x_test', sort: 1, category: 1 },
    })
    expect(dup.body.msg).toBe('菜单编号已存在')
    const cycle = await api.post('/api/blade-system/menu/submit', {
      body: { id: pid, parentId: child.body.data.id, name: '测试菜单', code: 'x_test', sort: 1, category: 1 },
    })
    expect(cycle.status).toBe(400)
    const detail = await api.get('/api/blade-system/menu/detail', { id: child.body.data.id })
    expect(detail.body.data).toMatchObject({ name: '新增', parentName: '测试菜单', categoryName: '按钮' })
    const refused = await api.post('/api/blade-system/menu/remove', { query: { ids: pid } })
    expect(refused.body.msg).toBe('请先删除子节点!')
    expect(
      (await api.post('/api/blade-system/menu/remove', { query: { ids: `${pid},${child.body.data.id}` } }))
        .status,
    ).toBe(200)
    expect((await api.get('/api/blade-system/menu/detail', { id: pid })).status).toBe(400)
  })

  it('lists the forest with names, edits whole and frees a removed menu’s code', async () => {
    const api = t.api(admin)
    const top = await api.post('/api/blade-system/menu/submit', {
      body: { name: '临时菜单', code: 'x_tmp', path: '/x/tmp', sort: 1, category: 1 },
    })
    const id = top.body.data.id as string
    const btn = await api.post('/api/blade-system/menu/submit', {
      body: { parentId: id, name: '导出', code: 'x_tmp_export', sort: 1, category: 2 },
    })
    const [node] = (await api.get('/api/blade-system/menu/list', { code: 'x_tmp', parentId: id })).body.data
    expect(node).toMatchObject({ id, parentName: '顶级', categoryName: '菜单' })
    expect(node.children).toEqual([
      expect.objectContaining({ id: btn.body.data.id, parentName: '临时菜单', isOpen: 1, action: 0 }),
    ])
    // an edit is the whole row: a missing name is refused
    const partial = await api.post('/api/blade-system/menu/submit', {
      body: { id, code: 'x_tmp', sort: 1, category: 1 },
    })
    expect([partial.status, partial.body.msg]).toEqual([400, '请输入菜单名称'])
    const ids = `${id},${btn.body.data.id}`
    expect((await api.post('/api/blade-system/menu/remove', { query: { ids } })).status).toBe(200)
    const again = await api.post('/api/blade-system/menu/submit', {
      body: { name: '临时菜单', code: 'x_tmp', path: '/x/tmp', sort: 1, category: 1 },
    })
    expect(again.status).toBe(200)
  })

  it('lets only the platform administrator change menus', async () => {
    const res = await t
      .api(other.token)
      .post('/api/blade-system/menu/submit', { body: { name: '越权', code: 'x_hack', sort: 1, category: 1 } })
    expect(res.status).toBe(403)
    const list = await t.api(admin).get('/api/blade-system/menu/list', { code: 'x_hack' })
    expect(list.body.data).toEqual([])
  })

  it('answers grant-tree with menus, data scopes and API scopes', async () => {
    const api = t.api(admin)
    const tree = await api.get('/api/blade-system/menu/grant-tree')
    expect(Object.keys(tree.body.data).sort()).toEqual(['apiScope', 'dataScope', 'menu'])
    expect(flat(tree.body.data.menu).some((n) => n.title === '新增')).toBe(true)
    const menus = flat((await api.get('/api/blade-system/menu/tree')).body.data)
    const userMenu = menus.find((n) => n.title === '用户管理')!
    const scope = await api.post('/api/blade-system/data-scope/submit', {
      body: {
        menuId: userMenu.id,
        scopeName: '本机构可见',
        resourceCode: 'user',
        scopeType: 3,
        scopeColumn: 'create_dept',
      },
    })
    expect(scope.status).toBe(200)
    const again = await api.get('/api/blade-system/menu/grant-tree')
    const scopeNode = flat(again.body.data.dataScope).find((n) => n.title === '本机构可见')!
    expect(scopeNode.parentId).toBe(userMenu.id)
  })
})

describe('top menus', () => {
  it('CRUD, grant and top-tree-keys, scoped to the tenant', async () => {
    const api = t.api(admin)
    const add = await api.post('/api/blade-system/topmenu/submit', {
      body: { name: '测试顶部', code: 'x_top', sort: 9 },
    })
    expect(add.status).toBe(200)
    const page = await api.get('/api/blade-system/topmenu/list', { code: 'x_top' })
    const top = page.body.data.records[0]
    expect(top).toMatchObject({ name: '测试顶部', tenantId: '000000' })
    const menus = flat((await api.get('/api/blade-system/menu/tree')).body.data)
      .slice(0, 3)
      .map((n) => n.id)
    const grant = await api.post('/api/blade-system/topmenu/grant', {
      query: { topMenuIds: top.id, menuIds: menus.join(',') },
    })
    expect(grant.status).toBe(200)
    const keys = await api.get('/api/blade-system/menu/top-tree-keys', { topMenuIds: top.id })
    expect([...keys.body.data].sort()).toEqual([...menus].sort())
    expect((await api.get('/api/blade-system/topmenu/detail', { id: top.id })).body.data.name).toBe(
      '测试顶部',
    )

    const foreign = t.api(other.token)
    expect((await foreign.get('/api/blade-system/topmenu/detail', { id: top.id })).status).toBe(400)
    expect((await foreign.get('/api/blade-system/topmenu/list', { code: 'x_top' })).body.data.total).toBe(0)
    expect(
      (await foreign.get('/api/blade-system/menu/top-tree-keys', { topMenuIds: top.id })).body.data,
    ).toEqual([])
    expect(
      (await foreign.post('/api/blade-system/topmenu/grant', { query: { topMenuIds: top.id, menuIds: '' } }))
        .status,
    ).toBe(400)
    expect(
      (
        await foreign.post('/api/blade-system/topmenu/submit', {
          body: { id: top.id, name: '被改', code: 'x_top', sort: 1 },
        })
      ).status,
    ).toBe(400)
    expect((await foreign.post('/api/blade-system/topmenu/remove', { query: { ids: top.id } })).status).toBe(
      400,
    )
    expect((await api.get('/api/blade-system/topmenu/detail', { id: top.id })).body.data.name).toBe(
      '测试顶部',
    )
    expect(
      (await api.get('/api/blade-system/menu/top-tree-keys', { topMenuIds: top.id })).body.data,
    ).toHaveLength(3)

    expect((await api.post('/api/blade-system/topmenu/remove', { query: { ids: top.id } })).status).toBe(200)
    expect((await api.get('/api/blade-system/menu/top-tree-keys', { topMenuIds: top.id })).body.data).toEqual(
      [],
    )
  })
})
