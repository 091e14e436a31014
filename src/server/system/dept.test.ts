import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../tests/support/server'
import { roleId } from '../../../tests/support/fixtures'
import { createTenant, type TenantFixture } from './tenant-fixture'

let t: TestServer
let admin: string
let other: TenantFixture
const ids: Record<string, string> = {}

type Node = { id: string; title: string; children?: Node[]; hasChildren?: boolean }
const flat = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])])
const titles = (nodes: Node[]) => flat(nodes).map((n) => n.title)

beforeAll(async () => {
  t = await startTestServer()
  admin = await t.login()
  other = await createTenant(t, admin, '机构测试大学')
  const api = t.api(other.token)
  const [root] = (await api.get('/api/blade-system/dept/getListByParentId', { parentId: '0' })).body.data
  ids.root = root.id
  const add = async (key: string, body: Record<string, unknown>) => {
    const res = await api.post('/api/blade-system/dept/submit', { body })
    if (res.status !== 200) throw new Error(JSON.stringify(res.body))
    ids[key] = res.body.data.id
    return res
  }
  const college = await add('college', {
    parentId: ids.root,
    deptName: '化学学院',
    deptCategory: 2,
    serial: '001',
    sort: 1,
  })
  expect(college.body.data).toMatchObject({ tenantId: other.tenantId, deptCategoryName: '学院/院系' })
  await add('centre', { parentId: ids.college, deptName: '化学实验中心', deptCategory: 3, sort: 1 })
  await add('lab', {
    parentId: ids.centre,
    deptName: '有机化学实验室',
    deptCategory: 4,
    serial: '00101',
    sort: 1,
  })
  await add('office', { parentId: ids.root, deptName: '教务处', deptCategory: 5, sort: 2 })
})
afterAll(async () => t?.close())

describe('departments', () => {
  it('serves every tree and list variant', async () => {
    const api = t.api(other.token)
    expect(titles((await api.get('/api/blade-system/dept/tree')).body.data)).toEqual([
      '机构测试大学',
      '化学学院',
      '化学实验中心',
      '有机化学实验室',
      '教务处',
    ])
    expect(titles((await api.get('/api/blade-system/dept/tree-no-lab')).body.data)).not.toContain(
      '有机化学实验室',
    )
    expect(titles((await api.get('/api/blade-system/dept/lab-tree')).body.data)).toEqual([
      '机构测试大学',
      '化学学院',
      '化学实验中心',
      '有机化学实验室',
    ])
    expect(titles((await api.get('/api/blade-system/dept/category-tree')).body.data)).toEqual([
      '机构测试大学',
      '化学学院',
    ])
    expect(titles((await api.get('/api/blade-system/dept/category-tree4')).body.data)).not.toContain('教务处')
    const sel = await api.get('/api/blade-system/dept/category-select', { category: 4 })
    expect(sel.body.data.map((d: { deptName: string }) => d.deptName)).toEqual(['有机化学实验室'])
    const cts = await api.get('/api/blade-system/dept/category-tree-select', {
      category: 4,
      collegeSerialNum: '001',
    })
    expect(titles(cts.body.data)).toEqual(['有机化学实验室'])
    const byParent = await api.get('/api/blade-system/dept/getListByParentId', { parentId: ids.root })
    expect(byParent.body.data.map((d: { deptName: string }) => d.deptName)).toEqual(['化学学院', '教务处'])
    const byCat = await api.get('/api/blade-system/dept/getListByParentIdAndCategory', {
      parentId: ids.root,
      deptCategory: 5,
    })
    expect(byCat.body.data.map((d: { deptName: string }) => d.deptName)).toEqual(['教务处'])
    const deep = await api.get('/api/blade-system/dept/getDepts', { parentId: ids.college, category: 4 })
    expect(
      deep.body.data.map((d: { deptName: string; ancestors: string }) => [d.deptName, d.ancestors]),
    ).toEqual([['有机化学实验室', `0,${ids.root},${ids.college},${ids.centre}`]])
    const lazy = await api.get('/api/blade-system/dept/lazy-tree', { parentId: ids.root })
    expect(lazy.body.data.map((n: Node) => [n.title, n.hasChildren])).toEqual([
      ['化学学院', true],
      ['教务处', false],
    ])
    const lazyList = await api.get('/api/blade-system/dept/lazy-list', { parentId: ids.college })
    expect(lazyList.body.data[0]).toMatchObject({
      deptName: '化学实验中心',
      hasChildren: true,
      deptCategoryName: '实验中心',
    })
    const list = await api.get('/api/blade-system/dept/list', { deptName: '化学' })
    expect(list.body.data[0].deptName).toBe('化学学院')
    const page = await api.get('/api/blade-system/dept/page', { size: 2 })
    expect(page.body.data).toMatchObject({ total: 5, size: 2, pages: 3 })
    const bySerial = await api.get('/api/blade-system/dept/detail', { serial: '00101' })
    expect(bySerial.body.data).toMatchObject({ deptName: '有机化学实验室', parentName: '化学实验中心' })
    const byId = await api.get('/api/blade-system/dept/detail', { id: ids.college })
    expect(byId.body.data.serial).toBe('001')
    const select = await api.get('/api/blade-system/dept/select')
    expect(select.body.data.map((d: { id: string }) => d.id)).toEqual([ids.root])
  })

  it('moves a subtree and keeps ancestors right; refuses cycles and removing parents', async () => {
    const api = t.api(other.token)
    const moved = await api.post('/api/blade-system/dept/submit', {
      body: { id: ids.centre, parentId: ids.root, deptName: '化学实验中心', deptCategory: 3, sort: 3 },
    })
    expect(moved.status).toBe(200)
    const lab = await api.get('/api/blade-system/dept/detail', { id: ids.lab })
    expect(lab.body.data.ancestors).toBe(`0,${ids.root},${ids.centre}`)
    const cycle = await api.post('/api/blade-system/dept/submit', {
      body: { id: ids.centre, parentId: ids.lab, deptName: '化学实验中心', deptCategory: 3, sort: 3 },
    })
    expect(cycle.status).toBe(400)
    expect((await api.post('/api/blade-system/dept/remove', { query: { ids: ids.centre } })).body.msg).toBe(
      '请先删除子节点!',
    )
    expect((await api.post('/api/blade-system/dept/remove', { query: { ids: ids.root } })).status).toBe(400)
    const dupSerial = await api.post('/api/blade-system/dept/submit', {
      body: { parentId: ids.root, deptName: '重复', deptCategory: 2, serial: '001', sort: 9 },
    })
    expect(dupSerial.body.msg).toBe('机构编号已存在')
    const missing = await api.post('/api/blade-system/dept/submit', {
      body: { parentId: ids.root, deptCategory: 2 },
    })
    expect(missing.body.msg).toBe('请输入机构名称')
  })

  it('lists the forest with names, defaults the full name, edits whole and keeps a department with members', async () => {
    const api = t.api(other.token)
    const added = await api.post('/api/blade-system/dept/submit', {
      body: { parentId: ids.root, deptName: '设备处', deptCategory: 5, sort: 8 },
    })
    expect(added.body.data).toMatchObject({ tenantId: other.tenantId, deptCategoryName: '行政部门' })
    const id = added.body.data.id as string
    const detail = (await api.get('/api/blade-system/dept/detail', { id })).body.data
    expect(detail).toMatchObject({
      fullName: '设备处',
      ancestors: `0,${ids.root}`,
      parentName: '机构测试大学',
    })
    // the list is the whole forest (parentId is not a filter), rows named by category and parent
    const [root] = (await api.get('/api/blade-system/dept/list', { parentId: ids.college })).body.data
    expect(root).toMatchObject({ id: ids.root, parentName: '顶级' })
    expect(root.children.find((d: { id: string }) => d.id === id)).toMatchObject({
      deptCategoryName: '行政部门',
      parentName: '机构测试大学',
    })
    // an edit is the whole row: a missing name is refused
    const partial = await api.post('/api/blade-system/dept/submit', {
      body: { id, parentId: ids.root, deptCategory: 5, sort: 8 },
    })
    expect([partial.status, partial.body.msg]).toEqual([400, '请输入机构名称'])
    const member = await api.post('/api/blade-user/submit', {
      body: {
        account: 'equip_clerk',
        password: 'a'.repeat(32),
        realName: '设备员',
        name: '设备员',
        roleId: await roleId(t.database, 'administrator', other.tenantId),
        deptId: id,
      },
    })
    expect(member.status).toBe(200)
    const refused = await api.post('/api/blade-system/dept/remove', { query: { ids: id } })
    expect([refused.status, refused.body.msg]).toEqual([400, '机构下存在用户,不能删除'])
    expect((await api.get('/api/blade-system/dept/detail', { id })).body.data.deptName).toBe('设备处')
  })

  it('keeps tenants apart', async () => {
    const platform = t.api(admin)
    expect(titles((await platform.get('/api/blade-system/dept/tree')).body.data)).not.toContain('化学学院')
    expect((await platform.get('/api/blade-system/dept/detail', { id: ids.college })).status).toBe(400)
    expect((await platform.get('/api/blade-system/dept/detail', { serial: '001' })).status).toBe(400)
    expect((await platform.get('/api/blade-system/dept/page', { deptName: '化学' })).body.data.total).toBe(0)
    expect(
      (await platform.get('/api/blade-system/dept/lazy-list', { parentId: ids.root })).body.data,
    ).toEqual([])
    expect((await platform.get('/api/blade-system/dept/getDepts', { parentId: ids.root })).body.data).toEqual(
      [],
    )
    const foreignUpdate = await platform.post('/api/blade-system/dept/submit', {
      body: { id: ids.office, deptName: '被改', deptCategory: 5, sort: 1 },
    })
    expect(foreignUpdate.status).toBe(400)
    const foreignChild = await platform.post('/api/blade-system/dept/submit', {
      body: { parentId: ids.office, deptName: '挂靠', deptCategory: 5, sort: 1 },
    })
    expect(foreignChild.status).toBe(400)
    expect(
      (await platform.post('/api/blade-system/dept/remove', { query: { ids: ids.office } })).status,
    ).toBe(400)
    expect(
      (await t.api(other.token).get('/api/blade-system/dept/detail', { id: ids.office })).body.data.deptName,
    ).toBe('教务处')
    // named explicitly, the platform administrator reads the tenant's tree
    expect(
      titles((await platform.get('/api/blade-system/dept/tree', { tenantId: other.tenantId })).body.data),
    ).toContain('化学学院')
    // a tenant administrator naming another tenant stays in its own
    expect(
      titles((await t.api(other.token).get('/api/blade-system/dept/tree', { tenantId: '000000' })).body.data),
    ).not.toContain('管理组')
    expect(
      (await t.api(other.token).post('/api/blade-system/dept/remove', { query: { ids: ids.office } })).status,
    ).toBe(200)
  })
})
