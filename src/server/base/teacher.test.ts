import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type Api, type TestServer } from '../../../tests/support/server'
import { addColleges } from './testing'

let t: TestServer
let api: Api

beforeAll(async () => {
  t = await startTestServer()
  api = t.api(await t.login())
  await addColleges(t.database.db, '000000', [
    ['01', '计算机学院'],
    ['02', '机械学院'],
  ])
})
afterAll(() => t?.close())

const teacher = (n: number, extra: Record<string, unknown> = {}) => ({
  teacherNo: `T${1000 + n}`,
  teacherName: `教师${n}`,
  sex: 1,
  deptSerial: '01',
  ...extra,
})

describe('teachers', () => {
  it('adds, pages, shows and edits a teacher; categoryNo arrays are saved comma-joined', async () => {
    const res = await api.post('/api/basedata/systeacher/submit', {
      body: teacher(1, { categoryNo: ['1', '2'], professionCode: '012' }),
    })
    expect(res.status).toBe(200)
    expect(res.body.success).toBe(true)
    const page = await api.get('/api/basedata/systeacher/page', { current: 1, size: 10, teacherNo: 'T1001' })
    expect(page.body.data.total).toBe(1)
    const row = page.body.data.records[0]
    expect(row.categoryNo).toBe('1,2')
    expect(row.deptName).toBe('计算机学院')
    expect(row.expertCategory).toBe('00')
    const detail = await api.get('/api/basedata/systeacher/detail', { id: row.id })
    expect(detail.body.data.teacherName).toBe('教师1')
    await api.post('/api/basedata/systeacher/submit', {
      body: { id: row.id, teacherName: '王老师', categoryNo: ['3'] },
    })
    const after = await api.get('/api/basedata/systeacher/detail', { id: row.id })
    expect(after.body.data).toMatchObject({ teacherName: '王老师', categoryNo: '3', teacherNo: 'T1001' })
    const list = await api.get('/api/basedata/systeacher/list', { teacherName: '王' })
    expect(list.body.data.records.map((r: { id: string; teacherNo: string }) => r.id)).toEqual([row.id])
  })

  it('refuses a duplicate staff number, a missing name, an unknown college and a bad phone with Chinese messages', async () => {
    const dup = await api.post('/api/basedata/systeacher/submit', { body: teacher(1) })
    expect(dup.status).toBe(400)
    expect(dup.body.msg).toBe('工号已存在')
    const noName = await api.post('/api/basedata/systeacher/submit', {
      body: { teacherNo: 'T9', deptSerial: '01' },
    })
    expect(noName.status).toBe(400)
    expect(noName.body.msg).toBe('请输入姓名')
    const college = await api.post('/api/basedata/systeacher/submit', {
      body: teacher(2, { deptSerial: '99' }),
    })
    expect(college.status).toBe(400)
    expect(college.body.msg).toBe('院系号“99”不存在')
    const phone = await api.post('/api/basedata/systeacher/submit', { body: teacher(3, { phone: '12345' }) })
    expect(phone.status).toBe(400)
    expect(phone.body.msg).toBe('手机号码格式不正确')
    const page = await api.get('/api/basedata/systeacher/page', { teacherNo: 'T100' })
    expect(page.body.data.total).toBe(1)
  })

  it('lists every teacher with Alllist and finds one by name', async () => {
    await api.post('/api/basedata/systeacher/submit', { body: teacher(4, { teacherName: '李四' }) })
    const all = await api.get('/api/basedata/systeacher/Alllist')
    expect(all.status).toBe(200)
    expect(all.body.data.map((r: { id: string; teacherNo: string }) => r.teacherNo).sort()).toEqual([
      'T1001',
      'T1004',
    ])
    const byName = await api.get('/api/basedata/systeacher/detailByName', { teacherName: '李四' })
    expect(byName.body.data.teacherNo).toBe('T1004')
    const none = await api.get('/api/basedata/systeacher/detailByName', { teacherName: '无此人' })
    expect(none.status).toBe(200)
    expect(none.body.data).toEqual({})
    const missing = await api.get('/api/basedata/systeacher/detailByName')
    expect(missing.status).toBe(400)
    expect(missing.body.msg).toBe('请输入教师姓名')
  })

  it('removes teachers', async () => {
    const page = await api.get('/api/basedata/systeacher/page', { teacherNo: 'T1004' })
    const id = page.body.data.records[0].id
    const res = await api.post('/api/basedata/systeacher/remove', { query: { ids: id } })
    expect(res.body.success).toBe(true)
    const after = await api.get('/api/basedata/systeacher/detail', { id })
    expect(after.status).toBe(400)
  })
})
