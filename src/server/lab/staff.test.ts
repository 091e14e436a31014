import * as XLSX from 'xlsx'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type Api, type TestServer } from '../../../tests/support/server'
import { addColleges } from '../base/testing'
import { addLab, type LabFixture } from './testing'

let t: TestServer
let api: Api
let labA: LabFixture
let labB: LabFixture

/** A birthday `years` and a half ago: far from any band's edge whatever day the test runs. */
const bornAgo = (years: number) => {
  const d = new Date()
  d.setFullYear(d.getFullYear() - years)
  d.setMonth(d.getMonth() - 6)
  return d.toISOString().slice(0, 10)
}

beforeAll(async () => {
  t = await startTestServer()
  api = t.api(await t.login())
  await addColleges(t.database.db, '000000', [['0301', '电子信息学院']])
  labA = await addLab(api, { labName: '电路实验室', deptSerial: '0301' })
  labB = await addLab(api, { labName: '通信实验室', deptSerial: '0301' })
})
afterAll(() => t?.close())

const person = (no: string, extra: Record<string, unknown> = {}) => ({
  teacherNo: no,
  teacherName: `教师${no}`,
  sex: 1,
  birthday: bornAgo(40),
  deptSerial: '0301',
  labId: labA.id,
  staffType: 1,
  post: 3,
  professionCode: '073',
  education: '2',
  expertCategory: '00',
  ...extra,
})

const staffPage = async (query: Record<string, string | number> = {}) =>
  (await api.get('/api/lab/teacher/page', { current: 1, size: 50, ...query })).body.data

const roster = async (teacherNo: string) =>
  (await api.get('/api/basedata/systeacher/page', { teacherNo_equal: teacherNo })).body.data.records[0]

describe('实验室人员', () => {
  it('adds staff to the roster or from it, keeps one lab per person and shows SJ5 fields', async () => {
    const added = await api.post('/api/lab/teacher/save', { body: person('S001', { categoryNo: ['2'] }) })
    expect(added.status, added.body.msg).toBe(200)
    expect(await roster('S001')).toMatchObject({
      teacherName: '教师S001',
      labStaff: 1,
      professionCode: '073',
      categoryNo: '2',
    })
    const row = (await staffPage({ teacherNo: 'S001' })).records[0]
    expect(row).toMatchObject({
      labName: '电路实验室',
      labSerial: labA.serial,
      professionName: '实验师',
      deptName: '电子信息学院',
      staffType: 1,
      age: 40,
    })

    // A teacher already on the roster: the screen edits their row, 兼任 clears labStaff.
    await api.post('/api/basedata/systeacher/submit', {
      body: { teacherNo: 'T900', teacherName: '李老师', sex: 2, deptSerial: '0301' },
    })
    const fromRoster = await api.post('/api/lab/teacher/save', {
      body: person('T900', {
        teacherName: '李老师',
        sex: 2,
        labId: labB.id,
        staffType: 2,
        education: '1',
        professionCode: '012',
      }),
    })
    expect(fromRoster.status, fromRoster.body.msg).toBe(200)
    expect(await roster('T900')).toMatchObject({ labStaff: 0, education: '1', professionCode: '012' })
    const picker = await api.get('/api/lab/teacher/teacher-page', { teacherNo: 'T900' })
    expect(picker.body.data.records[0]).toMatchObject({
      teacherName: '李老师',
      assignedLabName: '通信实验室',
      deptName: '电子信息学院',
    })

    const twice = await api.post('/api/lab/teacher/save', { body: person('T900', { teacherName: '李老师' }) })
    expect(twice.body.msg).toBe('李老师（T900）已是通信实验室的实验室人员')
    const noLab = await api.post('/api/lab/teacher/save', { body: person('S002', { labId: '' }) })
    expect(noLab.body.msg).toBe('请选择所属实验室')
    const noCollege = await api.post('/api/lab/teacher/save', { body: person('S003', { deptSerial: '77' }) })
    expect(noCollege.body.msg).toBe('院系号“77”不存在')
    const badTraining = await api.post('/api/lab/teacher/save', {
      body: person('S004', { domOtherTime: 1000 }),
    })
    expect(badTraining.body.msg).toBe('国内非学历教育培训(月)不能大于999')

    // 兼任 → 专任 moves labStaff along; a lab with staff stays.
    const update = await api.post('/api/lab/teacher/update', {
      body: { id: row.id, staffType: 2, domDegreeTime: 6 },
    })
    expect(update.status, update.body.msg).toBe(200)
    expect((await roster('S001')).labStaff).toBe(0)
    expect((await api.post('/api/lab/labinfo/remove', { query: { ids: labB.id } })).body.msg).toBe(
      '所选实验室还有实验室人员，请先调整人员',
    )
    expect((await api.post('/api/lab/teacher/update', { body: { id: row.id, staffType: 1 } })).status).toBe(
      200,
    )

    const exported = await t.app.inject({
      method: 'GET',
      url: '/api/lab/teacher/page-export?teacherNo=S001',
      headers: { 'blade-auth': `bearer ${await t.login()}` },
    })
    const sheet = XLSX.read(exported.rawPayload, { type: 'buffer' })
    const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(sheet.Sheets[sheet.SheetNames[0]])
    expect(rows).toEqual([
      expect.objectContaining({
        人员编号: 'S001',
        实验室编号: labA.serial,
        姓名: '教师S001',
        性别: '男',
        人员类别: '专任',
        学历: '硕士研究生',
      }),
    ])
    expect(rows[0]['国内学历教育培训(月)']).toBe(6)
    expect(String(rows[0]['出生年月'])).toMatch(/^\d{6}$/)
  })

  it('counts staff by age, title grade, education and lab, split 专任/兼任, and exports each', async () => {
    await api.post('/api/lab/teacher/save', {
      body: person('S010', { birthday: bornAgo(25), professionCode: '074', education: '3' }),
    })
    await api.post('/api/lab/teacher/save', {
      body: person('S011', { birthday: bornAgo(58), professionCode: '072', education: '1', labId: labB.id }),
    })
    const overview = (await api.get('/api/lab/teacher/statistical')).body.data
    expect(overview).toMatchObject({ total: 4, fullTime: 3, partTime: 1, labs: 2 })
    const age = (await api.get('/api/lab/teacher/statistical-age')).body.data
    expect(age.map((r: { name: string; total: number }) => [r.name, r.total])).toEqual([
      ['30岁及以下', 1],
      ['31-40岁', 2],
      ['41-50岁', 0],
      ['51-60岁', 1],
      ['60岁以上', 0],
      ['未填写出生日期', 0],
    ])
    const job = (await api.get('/api/lab/teacher/statistical-job', { labId: labA.id })).body.data
    expect(job.map((r: { name: string; fullTime: number }) => [r.name, r.fullTime])).toEqual([
      ['正高级', 0],
      ['副高级', 0],
      ['中级', 1],
      ['初级', 1],
      ['无职称或未定级', 0],
    ])
    const cultural = (await api.get('/api/lab/teacher/statistical-cultural', { staffType: 2 })).body.data
    expect(cultural.find((r: { key: string }) => r.key === '1')).toMatchObject({
      name: '博士研究生',
      partTime: 1,
      total: 1,
    })
    const structure = (await api.get('/api/lab/teacher/statistical-structure')).body.data
    expect(structure.find((r: { labId: string }) => r.labId === labB.id)).toMatchObject({
      total: 2,
      fullTime: 1,
      partTime: 1,
      senior: 0,
      associate: 2,
      doctor: 2,
      age45: 1,
      age56: 1,
    })
    const token = await t.login()
    for (const [path, first] of [
      ['statistical-age-export', '年龄段'],
      ['statistical-job-export', '专业技术职务'],
      ['statistical-cultural-export', '学历'],
      ['statistical-structure-export', '实验室编号'],
    ]) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/lab/teacher/${path}`,
        headers: { 'blade-auth': `bearer ${token}` },
      })
      expect(res.statusCode, path).toBe(200)
      const book = XLSX.read(res.rawPayload, { type: 'buffer' })
      const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]])
      expect(Object.keys(rows[0])[0], path).toBe(first)
    }
  })

  it('removes staff and clears the roster flag', async () => {
    const row = (await staffPage({ teacherNo: 'S010' })).records[0]
    expect((await api.post('/api/lab/teacher/remove', { query: { ids: row.id } })).status).toBe(200)
    expect((await roster('S010')).labStaff).toBe(0)
    expect((await staffPage({ teacherNo: 'S010' })).total).toBe(0)
  })
})
