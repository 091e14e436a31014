import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../tests/support/server'
import { eq } from 'drizzle-orm'
import { roleMenu } from '../db/schema'
import { createTenant, type TenantFixture } from './tenant-fixture'

let t: TestServer
let admin: string
let other: TenantFixture

beforeAll(async () => {
  t = await startTestServer()
  admin = await t.login()
  other = await createTenant(t, admin, '角色测试学校')
})
afterAll(async () => t?.close())

type Node = { id: string; title: string; children?: Node[] }
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])])

describe('roles', () => {
  it('lists, trees and selects the seeded roles of the caller tenant', async () => {
    const api = t.api(admin)
    const list = await api.get('/api/blade-system/role/list')
    expect(list.body.data.map((r: { roleAlias: string }) => r.roleAlias)).toEqual(
      expect.arrayContaining(['administrator', 'teacher', 'student']),
    )
    const tree = await api.get('/api/blade-system/role/tree')
    expect(tree.body.data[0]).toHaveProperty('key')
    const select = await api.get('/api/blade-system/role/select')
    expect(select.body.data.map((r: { roleAlias: string }) => r.roleAlias)).toEqual(['administrator'])
    // the other tenant sees only its own administrator role
    const theirs = await t.api(other.token).get('/api/blade-system/role/tree')
    expect(theirs.body.data.map((n: Node) => n.title)).toEqual(['管理员'])
    // the platform administrator names the tenant explicitly
    const named = await api.get('/api/blade-system/role/tree', { tenantId: other.tenantId })
    expect(named.body.data.map((n: Node) => n.title)).toEqual(['管理员'])
  })

  it('submits a role tree, tree-by-id, detail, refuses removing a parent', async () => {
    const api = t.api(other.token)
    const missing = await api.post('/api/blade-system/role/submit', { body: { roleName: '教研室主任' } })
    expect(missing.body.msg).toBe('请输入角色别名')
    const parent = await api.post('/api/blade-system/role/submit', {
      body: { roleName: '教研室主任', roleAlias: 'director', sort: 1 },
    })
    expect(parent.status).toBe(200)
    const child = await api.post('/api/blade-system/role/submit', {
      body: { roleName: '秘书', roleAlias: 'secretary', sort: 2, parentId: parent.body.data.id },
    })
    expect(child.status).toBe(200)
    const dup = await api.post('/api/blade-system/role/submit', {
      body: { roleName: '重复', roleAlias: 'director', sort: 3 },
    })
    expect(dup.body.msg).toBe('角色别名已存在')
    const byId = await api.get('/api/blade-system/role/tree-by-id', { roleId: parent.body.data.id })
    expect(byId.body.data[0].title).toBe('教研室主任')
    expect(byId.body.data[0].children.map((n: Node) => n.title)).toEqual(['秘书'])
    const detail = await api.get('/api/blade-system/role/detail', { id: child.body.data.id })
    expect(detail.body.data).toMatchObject({
      roleName: '秘书',
      parentName: '教研室主任',
      tenantId: other.tenantId,
    })
    expect(
      (await api.post('/api/blade-system/role/remove', { query: { ids: parent.body.data.id } })).body.msg,
    ).toBe('请先删除子节点!')

    // another tenant cannot read, change or remove these roles
    const platform = t.api(admin)
    expect((await platform.get('/api/blade-system/role/detail', { id: child.body.data.id })).status).toBe(400)
    expect((await platform.get('/api/blade-system/role/list', { roleAlias: 'secretary' })).body.data).toEqual(
      [],
    )
    expect(
      (await platform.get('/api/blade-system/role/tree-by-id', { roleId: parent.body.data.id })).status,
    ).toBe(400)
    expect(
      (
        await platform.post('/api/blade-system/role/submit', {
          body: { id: child.body.data.id, roleName: '被改', roleAlias: 'secretary', sort: 1 },
        })
      ).status,
    ).toBe(400)
    expect(
      (await platform.post('/api/blade-system/role/remove', { query: { ids: child.body.data.id } })).status,
    ).toBe(400)
    expect(
      (await api.get('/api/blade-system/role/detail', { id: child.body.data.id })).body.data.roleName,
    ).toBe('秘书')

    expect(
      (
        await api.post('/api/blade-system/role/remove', {
          query: { ids: `${parent.body.data.id},${child.body.data.id}` },
        })
      ).status,
    ).toBe(200)
    expect((await api.get('/api/blade-system/role/detail', { id: child.body.data.id })).status).toBe(400)
  })

  it('refuses removing the administrator role', async () => {
    const api = t.api(other.token)
    const [adminRole] = (await api.get('/api/blade-system/role/list', { roleAlias: 'administrator' })).body
      .data
    const res = await api.post('/api/blade-system/role/remove', { query: { ids: adminRole.id } })
    expect(res.status).toBe(400)
  })

  it('lists the forest with parent names, edits whole, refuses cycles and drops grants on removal', async () => {
    const api = t.api(other.token)
    const head = await api.post('/api/blade-system/role/submit', {
      body: { roleName: '中心主任', roleAlias: 'centre_head', sort: 7 },
    })
    const headId = head.body.data.id as string
    const deputy = await api.post('/api/blade-system/role/submit', {
      body: { roleName: '副主任', roleAlias: 'centre_deputy', sort: 1, parentId: headId },
    })
    const deputyId = deputy.body.data.id as string
    const list = (await api.get('/api/blade-system/role/list')).body.data
    const node = list.find((r: { id: string }) => r.id === headId)
    expect(node).toMatchObject({ parentName: '顶级', roleAlias: 'centre_head' })
    expect(node.children).toEqual([expect.objectContaining({ id: deputyId, parentName: '中心主任' })])
    // a role under its own child is refused and nothing changes
    const cycle = await api.post('/api/blade-system/role/submit', {
      body: { id: headId, roleName: '中心主任', roleAlias: 'centre_head', sort: 7, parentId: deputyId },
    })
    expect([cycle.status, cycle.body.msg]).toEqual([400, '上级角色不能是自身或其下级'])
    // an edit is the whole row: a missing name is refused
    const partial = await api.post('/api/blade-system/role/submit', {
      body: { id: deputyId, roleAlias: 'centre_deputy', sort: 1, parentId: headId },
    })
    expect([partial.status, partial.body.msg]).toEqual([400, '请输入角色名称'])
    expect((await api.get('/api/blade-system/role/detail', { id: deputyId })).body.data.parentName).toBe(
      '中心主任',
    )
    const menus = flat((await t.api(admin).get('/api/blade-system/menu/tree')).body.data)
    expect(
      (
        await api.post('/api/blade-system/role/grant', {
          body: { roleIds: [deputyId], menuIds: [menus[0].id], dataScopeIds: [], apiScopeIds: [] },
        })
      ).status,
    ).toBe(200)
    expect((await api.post('/api/blade-system/role/remove', { query: { ids: deputyId } })).status).toBe(200)
    const grants = await t.database.db.select().from(roleMenu).where(eq(roleMenu.roleId, deputyId))
    expect(grants).toEqual([])
    expect((await api.get('/api/blade-system/role/detail', { id: deputyId })).status).toBe(400)
  })

  it('grants menus and scopes all or nothing, within the tenant package', async () => {
    const platform = t.api(admin)
    const mine = t.api(other.token)
    const role = await mine.post('/api/blade-system/role/submit', {
      body: { roleName: '实验员', roleAlias: 'labtech', sort: 5 },
    })
    const roleId = role.body.data.id as string
    const menus = flat((await platform.get('/api/blade-system/menu/tree')).body.data)
    const [m1, m2, m3] = menus.map((m) => m.id)
    const ok = await mine.post('/api/blade-system/role/grant', {
      body: { roleIds: [roleId], menuIds: [m1, m2], dataScopeIds: [], apiScopeIds: [] },
    })
    expect(ok.status).toBe(200)
    const keys = await mine.get('/api/blade-system/menu/role-tree-keys', { roleIds: roleId })
    expect([...keys.body.data.menu].sort()).toEqual([m1, m2].sort())
    expect(keys.body.data.dataScope).toEqual([])

    // a package limits what the tenant may grant (its administrator keeps the screens the package holds)
    const screens = ['系统管理', '角色管理', '菜单管理', '租户管理'].map(
      (title) => menus.find((m) => m.title === title)!.id,
    )
    const pkg = await platform.post('/api/blade-system/tenant-package/submit', {
      body: { packageName: '基础包', menuId: [m1, m2, ...screens].join(',') },
    })
    expect(pkg.status).toBe(200)
    const pkgId = (await platform.get('/api/blade-system/tenant-package/list', { packageName: '基础包' }))
      .body.data.records[0].id
    expect(
      (
        await platform.post('/api/blade-system/tenant/package-setting', {
          query: { tenantId: other.tenantId, packageId: pkgId },
        })
      ).status,
    ).toBe(200)
    const beyond = await mine.post('/api/blade-system/role/grant', {
      body: { roleIds: roleId, menuIds: `${m1},${m3}` },
    })
    expect(beyond.status).toBe(400)
    expect(beyond.body.msg).toBe('所选菜单超出租户产品包的范围')
    // nothing changed
    const after = await mine.get('/api/blade-system/menu/role-tree-keys', { roleIds: roleId })
    expect([...after.body.data.menu].sort()).toEqual([m1, m2].sort())
    // the package also narrows the tenant's menu tree
    const theirTree = flat((await mine.get('/api/blade-system/menu/tree')).body.data).map((n) => n.id)
    expect(theirTree).toContain(m1)
    expect(theirTree).not.toContain(m3)
    const pkgDetail = await mine.get('/api/blade-system/tenant/package-detail')
    expect(pkgDetail.body.data.packageName).toBe('基础包')

    // a foreign role cannot be granted, and its keys do not leak
    const platformRoles = (await platform.get('/api/blade-system/role/list')).body.data as {
      id: string
      roleAlias: string
    }[]
    const teacher = platformRoles.find((r) => r.roleAlias === 'teacher')!
    expect(
      (await mine.post('/api/blade-system/role/grant', { body: { roleIds: teacher.id, menuIds: m1 } }))
        .status,
    ).toBe(400)
    expect(
      (await mine.get('/api/blade-system/menu/role-tree-keys', { roleIds: teacher.id })).body.data.menu,
    ).toEqual([])
    const teacherKeys = await platform.get('/api/blade-system/menu/role-tree-keys', { roleIds: teacher.id })
    expect(teacherKeys.body.data.menu.length).toBeGreaterThan(0)

    // select by user: the other tenant's admin user
    const missingRole = await mine.post('/api/blade-system/role/grant', { body: { menuIds: m1 } })
    expect(missingRole.body.msg).toBe('请选择角色')
  })
})
