import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type Api, type TestServer } from '../../../tests/support/server'
import { addTenant } from './testing'

let t: TestServer
let api: Api
let tenantAdmin: Api

beforeAll(async () => {
  t = await startTestServer()
  api = t.api(await t.login())
  await addTenant(t.database.db, '200001', 'Other-Admin-Pass-1')
  tenantAdmin = t.api(await t.login('admin', 'Other-Admin-Pass-1', '200001'))
})
afterAll(() => t?.close())

interface Node {
  id: string
  code: string
  title: string
  children?: Node[]
  hasChildren?: boolean
}

describe('MOE major catalogue (edumajorinfo)', () => {
  it('serves the seeded catalogue as a lazy tree, a full tree and dictionaries', async () => {
    const top = await api.get('/api/system/edumajorinfo/lazy-list', { parentId: 0 })
    expect(top.status).toBe(200)
    const eng = top.body.data.find((r: { code: string }) => r.code === '08')
    expect(eng).toMatchObject({ name: '工学', level: 1, hasChildren: true })
    const classes = await api.get('/api/system/edumajorinfo/lazy-list', { parentId: eng.id })
    const cs = classes.body.data.find((r: { code: string }) => r.code === '0809')
    expect(cs).toMatchObject({ name: '计算机类', level: 2, hasChildren: true })
    const majors = await api.get('/api/system/edumajorinfo/lazy-list', { parentId: cs.id })
    expect(majors.body.data.map((r: { code: string }) => r.code)).toContain('080901')
    expect(majors.body.data.every((r: { hasChildren: boolean }) => r.hasChildren === false)).toBe(true)

    const tree = await api.get('/api/system/edumajorinfo/tree', { tenantId: '000000' })
    const engNode = (tree.body.data as Node[]).find((n) => n.code === '08')!
    expect(engNode.title).toBe('工学')
    expect(
      engNode.children!.find((n) => n.code === '0809')!.children!.some((n) => n.title === '软件工程'),
    ).toBe(true)

    const big = await api.get('/api/system/edumajorinfo/bigdictionary')
    expect(big.body.data.map((d: { dictKey: string }) => d.dictKey)).toContain('07')
    const sub = await api.get('/api/system/edumajorinfo/dictionary', { code: '08' })
    expect(sub.body.data.find((d: { dictKey: string }) => d.dictKey === '0809').dictValue).toBe(
      '0809 计算机类',
    )
    const all = await api.get('/api/system/edumajorinfo/dictionary')
    expect(all.body.data.every((d: { dictKey: string }) => d.dictKey.length === 4)).toBe(true)
    expect((await api.get('/api/system/edumajorinfo/dictionary', { code: '99' })).body.data).toEqual([])

    // Any tenant reads the national catalogue.
    const other = await tenantAdmin.get('/api/system/edumajorinfo/lazy-list')
    expect(other.body.data.length).toBe(top.body.data.length)
  })

  it('lets the platform administrator add and remove entries under the right parent', async () => {
    const cs = (await api.get('/api/system/edumajorinfo/list', { code_equal: '0809' })).body.data[0]
    const add = await api.post('/api/system/edumajorinfo/submit', {
      body: { parentId: cs.id, code: '080999T', name: '测试专业' },
    })
    expect(add.status).toBe(200)
    const id = add.body.data.id
    expect((await api.get('/api/system/edumajorinfo/detail', { id })).body.data).toMatchObject({
      level: 3,
      name: '测试专业',
    })
    const wrong = await api.post('/api/system/edumajorinfo/submit', {
      body: { parentId: cs.id, code: '070199', name: '错误' },
    })
    expect(wrong.status).toBe(400)
    expect(wrong.body.msg).toBe('代码应以上级代码“0809”开头')
    const badCode = await api.post('/api/system/edumajorinfo/submit', { body: { code: '8', name: '错误' } })
    expect(badCode.body.msg).toBe('代码应为 2、4 或 6 位数字（专业代码可带 K、T 后缀）')
    const dup = await api.post('/api/system/edumajorinfo/submit', {
      body: { parentId: cs.id, code: '080901', name: '重复' },
    })
    expect(dup.body.msg).toBe('代码已存在')
    const parentRemove = await api.post('/api/system/edumajorinfo/remove', { query: { ids: cs.id } })
    expect(parentRemove.status).toBe(400)
    expect(parentRemove.body.msg).toBe('请先删除子节点!')
    expect((await api.post('/api/system/edumajorinfo/remove', { query: { ids: id } })).status).toBe(200)
  })

  it('refuses changes by a tenant administrator', async () => {
    const cs = (await api.get('/api/system/edumajorinfo/list', { code_equal: '0809' })).body.data[0]
    const add = await tenantAdmin.post('/api/system/edumajorinfo/submit', {
      body: { parentId: cs.id, code: '080998', name: '越权' },
    })
    expect(add.status).toBe(403)
    expect(add.body.msg).toBe('学科专业目录由平台管理员维护')
    const edit = await tenantAdmin.post('/api/system/edumajorinfo/submit', {
      body: { id: cs.id, name: '改名' },
    })
    expect(edit.status).toBe(403)
    const remove = await tenantAdmin.post('/api/system/profession/remove', {
      query: { ids: (await api.get('/api/system/profession/list', { code_equal: '075' })).body.data[0].id },
    })
    expect(remove.status).toBe(403)
    expect((await api.get('/api/system/edumajorinfo/detail', { id: cs.id })).body.data.name).toBe('计算机类')
  })
})

describe('professional titles (profession)', () => {
  it('serves GB/T 8561 titles as a lazy tree and a tree, and keeps them editable', async () => {
    const series = await api.get('/api/system/profession/lazy-list')
    expect(series.body.data.map((r: { code: string }) => r.code)).toEqual(['01', '07', '08'])
    const teachers = await api.get('/api/system/profession/lazy-list', { parentId: series.body.data[0].id })
    expect(teachers.body.data.map((r: { code: string; name: string }) => `${r.code}${r.name}`)).toEqual([
      '011教授',
      '012副教授',
      '013讲师（高校）',
      '014助教（高校）',
    ])
    const tree = await api.get('/api/system/profession/tree')
    const lab = (tree.body.data as Node[]).find((n) => n.code === '07')!
    expect(lab.children!.map((n) => n.code)).toEqual(['072', '073', '074', '075'])

    const add = await api.post('/api/system/profession/submit', {
      body: { parentId: lab.id, code: '071', name: '正高级实验师', grade: '正高级' },
    })
    expect(add.status).toBe(200)
    const detail = await api.get('/api/system/profession/detail', { id: add.body.data.id })
    expect(detail.body.data).toMatchObject({ code: '071', grade: '正高级' })
    const bad = await api.post('/api/system/profession/submit', {
      body: { parentId: lab.id, code: '7a', name: 'x' },
    })
    expect(bad.body.msg).toBe('职务代码应为 2 或 3 位数字')
    const badParent = await api.post('/api/system/profession/lazy-list', {})
    expect(badParent.status).toBe(404)
    const badId = await api.get('/api/system/profession/lazy-list', { parentId: 'abc' })
    expect(badId.status).toBe(400)
    expect(badId.body.msg).toBe('上级编号格式不正确')
    expect(
      (await api.post('/api/system/profession/remove', { query: { ids: add.body.data.id } })).status,
    ).toBe(200)
  })
})
