import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../tests/support/server'
import { createTenant, type TenantFixture } from './tenant-fixture'

let t: TestServer
let admin: string
let other: TenantFixture

beforeAll(async () => {
  t = await startTestServer()
  admin = await t.login()
  other = await createTenant(t, admin, '字典测试学校')
})
afterAll(async () => t?.close())

describe('system dictionary (blade_dict)', () => {
  it('answers dictionary?code=flow with the process routes the shell needs', async () => {
    const res = await t.api(admin).get('/api/blade-system/dict/dictionary', { code: 'flow' })
    expect(res.status).toBe(200)
    const items = res.body.data as { code: string; dictKey: string; remark: string; parentId: string }[]
    expect(items.find((i) => i.remark === 'leave')).toMatchObject({ code: 'flow', dictKey: '1' })
    expect(items.every((i) => i.parentId !== '0')).toBe(true)
    // any signed-in user of any tenant reads the platform dictionaries
    const mine = await t.api(other.token).get('/api/blade-system/dict/dictionary', { code: 'org_category' })
    expect(mine.body.data.map((i: { dictValue: string }) => i.dictValue)).toContain('实验室')
  })

  it('lists roots as a page, children by parent, a tree and a dictionary tree', async () => {
    const api = t.api(admin)
    // code is a LIKE filter (BladeX): report_sex of the statutory reports matches too
    const roots = await api.get('/api/blade-system/dict/parent-list', { code: 'sex', size: 5 })
    const codes = roots.body.data.records.map((r: { code: string }) => r.code)
    expect(codes).toContain('sex')
    expect(codes.every((c: string) => c.includes('sex'))).toBe(true)
    expect(roots.body.data.total).toBe(codes.length)
    const root = roots.body.data.records.find((r: { code: string }) => r.code === 'sex')
    expect(root).toMatchObject({ code: 'sex', parentId: '0' })
    const kids = await api.get('/api/blade-system/dict/child-list', { parentId: root.id })
    expect(kids.body.data.map((k: { dictValue: string }) => k.dictValue)).toEqual(['男', '女', '未知'])
    const tree = await api.get('/api/blade-system/dict/tree')
    const node = tree.body.data.find((n: { id: string }) => n.id === root.id)
    expect(node).toMatchObject({ title: '性别', key: root.id, value: root.id, hasChildren: true })
    expect(node.children).toHaveLength(3)
    expect(node.children[0].children).toBeUndefined()
    const dtree = await api.get('/api/blade-system/dict/dictionary-tree', { code: 'sex' })
    expect(dtree.body.data).toHaveLength(3)
  })

  it('submits, seals, details and removes with the spec messages', async () => {
    const api = t.api(admin)
    const missing = await api.post('/api/blade-system/dict/submit', { body: { dictValue: '测试' } })
    expect(missing.status).toBe(400)
    expect(missing.body.msg).toBe('请输入字典编号')
    for (const [body, msg] of [
      [{ code: 'x' }, '请输入字典名称'],
      [{ code: 'x', dictValue: 'X' }, '请输入字典排序'],
      [{ code: 'x', dictValue: 'X', sort: 1, dictKey: '1' }, '请选择封存'],
    ] as const) {
      const res = await api.post('/api/blade-system/dict/submit', { body })
      expect(res.status).toBe(400)
      expect(res.body.msg).toBe(msg)
    }
    const root = await api.post('/api/blade-system/dict/submit', {
      body: { code: 'lab_level', dictValue: '实验室级别', sort: 99, isSealed: 0 },
    })
    expect(root.status).toBe(200)
    const rootId = root.body.data.id as string
    const noKey = await api.post('/api/blade-system/dict/submit', {
      body: { parentId: rootId, code: 'lab_level', dictValue: '国家级', sort: 1, isSealed: 0 },
    })
    expect(noKey.body.msg).toBe('请输入字典键值')
    const child = await api.post('/api/blade-system/dict/submit', {
      body: { parentId: rootId, code: 'ignored', dictKey: '1', dictValue: '国家级', sort: 1, isSealed: 0 },
    })
    expect(child.status).toBe(200)
    const dup = await api.post('/api/blade-system/dict/submit', {
      body: { parentId: rootId, code: 'lab_level', dictKey: '1', dictValue: '重复', sort: 2, isSealed: 0 },
    })
    expect(dup.body.msg).toBe('当前字典键值已存在!')
    const sealed = await api.post('/api/blade-system/dict/submit', {
      body: { parentId: rootId, code: 'lab_level', dictKey: '2', dictValue: '省级', sort: 2, isSealed: 1 },
    })
    expect(sealed.status).toBe(200)
    const items = await api.get('/api/blade-system/dict/dictionary', { code: 'lab_level' })
    expect(items.body.data.map((i: { dictValue: string; code: string }) => [i.code, i.dictValue])).toEqual([
      ['lab_level', '国家级'],
    ])
    const detail = await api.get('/api/blade-system/dict/detail', { id: child.body.data.id })
    expect(detail.body.data).toMatchObject({ dictValue: '国家级', parentName: '实验室级别' })
    const refused = await api.post('/api/blade-system/dict/remove', { query: { ids: rootId } })
    expect(refused.status).toBe(400)
    expect(refused.body.msg).toBe('请先删除子节点!')
    const kids = await api.get('/api/blade-system/dict/child-list', { parentId: rootId })
    const ids = kids.body.data.map((k: { id: string }) => k.id).join(',')
    expect((await api.post('/api/blade-system/dict/remove', { query: { ids } })).status).toBe(200)
    expect((await api.post('/api/blade-system/dict/remove', { query: { ids: rootId } })).status).toBe(200)
    expect((await api.get('/api/blade-system/dict/detail', { id: rootId })).status).toBe(400)
  })

  it('edits a dictionary whole: a rename carries its items, cycles are refused, a blank remark clears', async () => {
    const api = t.api(admin)
    const root = await api.post('/api/blade-system/dict/submit', {
      body: { code: 'room_use', dictValue: '房间用途', sort: 98, isSealed: 0, remark: '备注' },
    })
    const rootId = root.body.data.id as string
    const item = await api.post('/api/blade-system/dict/submit', {
      body: { parentId: rootId, dictKey: 'a', dictValue: '教学', sort: 1, isSealed: 0 },
    })
    const itemId = item.body.data.id as string
    const sub = await api.post('/api/blade-system/dict/submit', {
      body: { parentId: itemId, dictKey: 'a1', dictValue: '理论教学', sort: 1, isSealed: 0 },
    })
    expect(sub.status).toBe(200)
    // an item under its own child, or under itself, is refused and nothing changes
    const cycle = await api.post('/api/blade-system/dict/submit', {
      body: { id: itemId, parentId: sub.body.data.id, dictKey: 'a', dictValue: '教学', sort: 1, isSealed: 0 },
    })
    expect([cycle.status, cycle.body.msg]).toEqual([400, '上级字典不能是自身的下级'])
    const self = await api.post('/api/blade-system/dict/submit', {
      body: { id: itemId, parentId: itemId, dictKey: 'a', dictValue: '教学', sort: 1, isSealed: 0 },
    })
    expect([self.status, self.body.msg]).toEqual([400, '上级字典不能是自身'])
    // an edit is the whole row: a missing name is refused, not kept
    const partial = await api.post('/api/blade-system/dict/submit', {
      body: { id: rootId, code: 'room_use', sort: 98, isSealed: 0 },
    })
    expect([partial.status, partial.body.msg]).toEqual([400, '请输入字典名称'])
    const renamed = await api.post('/api/blade-system/dict/submit', {
      body: { id: rootId, code: 'room_usage', dictValue: '房间用途', sort: 98, isSealed: 0, remark: '' },
    })
    expect(renamed.body.data.id).toBe(rootId)
    const detail = (await api.get('/api/blade-system/dict/detail', { id: rootId })).body.data
    expect(detail).toMatchObject({ code: 'room_usage', dictKey: '-1', remark: null, parentName: '顶级' })
    const items = await api.get('/api/blade-system/dict/dictionary', { code: 'room_usage' })
    expect(items.body.data.map((i: { dictValue: string }) => i.dictValue)).toEqual(['教学', '理论教学'])
    expect((await api.get('/api/blade-system/dict/dictionary', { code: 'room_use' })).body.data).toEqual([])
    // the tree nests items under their dictionary in sort order
    const tree = (await api.get('/api/blade-system/dict/tree')).body.data
    const node = tree.find((n: { id: string }) => n.id === rootId)
    expect(node.children.map((c: { title: string }) => c.title)).toEqual(['教学'])
    expect(node.children[0].children[0]).toMatchObject({ title: '理论教学', parentId: itemId })
    const dup = await api.post('/api/blade-system/dict/submit', {
      body: { code: 'room_usage', dictValue: '重复', sort: 1, isSealed: 0 },
    })
    expect(dup.body.msg).toBe('当前字典编号已存在!')
  })

  it('lets only the platform administrator change the platform dictionary', async () => {
    const res = await t
      .api(other.token)
      .post('/api/blade-system/dict/submit', { body: { code: 'hack', dictValue: 'X', sort: 1, isSealed: 0 } })
    expect(res.status).toBe(403)
    const roots = await t.api(admin).get('/api/blade-system/dict/parent-list', { code_equal: 'hack' })
    expect(roots.body.data.total).toBe(0)
  })
})

describe('business dictionary (blade_dict_biz) is per tenant', () => {
  it('keeps each tenant to its own dictionaries', async () => {
    const mine = t.api(other.token)
    const root = await mine.post('/api/blade-system/dict-biz/submit', {
      body: { code: 'room_kind', dictValue: '房间类型', sort: 1, isSealed: 0 },
    })
    expect(root.status).toBe(200)
    const rootId = root.body.data.id
    const item = await mine.post('/api/blade-system/dict-biz/submit', {
      body: { parentId: rootId, dictKey: 'a', dictValue: '机房', sort: 1, isSealed: 0 },
    })
    expect(item.status).toBe(200)
    expect(
      (await mine.get('/api/blade-system/dict-biz/dictionary', { code: 'room_kind' })).body.data,
    ).toHaveLength(1)

    const platform = t.api(admin)
    expect(
      (await platform.get('/api/blade-system/dict-biz/dictionary', { code: 'room_kind' })).body.data,
    ).toEqual([])
    expect(
      (await platform.get('/api/blade-system/dict-biz/parent-list', { code: 'room_kind' })).body.data.total,
    ).toBe(0)
    expect((await platform.get('/api/blade-system/dict-biz/detail', { id: rootId })).status).toBe(400)
    expect(
      (await platform.get('/api/blade-system/dict-biz/child-list', { parentId: rootId })).body.data,
    ).toEqual([])
    expect(
      (await platform.get('/api/blade-system/dict-biz/tree')).body.data.some(
        (n: { id: string }) => n.id === rootId,
      ),
    ).toBe(false)
    expect(
      (await platform.get('/api/blade-system/dict-biz/dictionary-tree', { code: 'room_kind' })).body.data,
    ).toEqual([])
    // a foreign id in submit or remove changes nothing
    const foreignUpdate = await platform.post('/api/blade-system/dict-biz/submit', {
      body: { id: rootId, code: 'room_kind', dictValue: '被改', sort: 1, isSealed: 0 },
    })
    expect(foreignUpdate.status).toBe(400)
    const foreignRemove = await platform.post('/api/blade-system/dict-biz/remove', {
      query: { ids: item.body.data.id },
    })
    expect(foreignRemove.status).toBe(400)
    const still = await mine.get('/api/blade-system/dict-biz/detail', { id: rootId })
    expect(still.body.data.dictValue).toBe('房间类型')
    expect(
      (await mine.get('/api/blade-system/dict-biz/dictionary', { code: 'room_kind' })).body.data,
    ).toHaveLength(1)
    // the platform administrator may work in that tenant when naming it
    const named = await platform.get('/api/blade-system/dict-biz/dictionary', {
      code: 'room_kind',
      tenantId: other.tenantId,
    })
    expect(named.body.data).toHaveLength(1)
    // a tenant admin naming another tenant stays in their own
    const sneaky = await mine.get('/api/blade-system/dict-biz/parent-list', { tenantId: '000000' })
    expect(sneaky.body.data.records.every((r: { tenantId: string }) => r.tenantId === other.tenantId)).toBe(
      true,
    )
  })
})
