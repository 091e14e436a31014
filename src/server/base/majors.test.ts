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
    ['03', '化学学院'],
  ])
  await api.post('/api/basedata/sysmajor/importData', {
    body: [
      { majorSerial: '0101', majorName: '计算机科学与技术', deptSerial: '01', subjectCode: '0809' },
      { majorSerial: '0102', majorName: '软件工程', deptSerial: '01', subjectCode: '0809' },
      { majorSerial: '0201', majorName: '机械设计制造及其自动化', deptSerial: '02' },
      { majorSerial: '0301', majorName: '化学', deptSerial: '03' },
    ],
  })
})
afterAll(() => t?.close())

type Rec = Record<string, string>

describe('majors', () => {
  it('pages majors, with college names on page2 and a college filter on page3', async () => {
    const page = await api.get('/api/basedata/sysmajor/page', { current: 1, size: 2 })
    expect(page.body.data).toMatchObject({ total: 4, size: 2, current: 1, pages: 2 })
    expect(page.body.data.records.map((r: Rec) => r.majorSerial)).toEqual(['0101', '0102'])
    const list = await api.get('/api/basedata/sysmajor/list', { majorName: '工程' })
    expect(list.body.data.records.map((r: Rec) => r.majorName)).toEqual(['软件工程'])
    const page2 = await api.get('/api/basedata/sysmajor/page2', { size: 10, deptSerial_equal: '02' })
    expect(page2.body.data.records).toHaveLength(1)
    expect(page2.body.data.records[0]).toMatchObject({ majorSerial: '0201', deptName: '机械学院' })
    const page3 = await api.get('/api/basedata/sysmajor/page3', { deptSerials: '01,03' })
    expect(page3.body.data.total).toBe(3)
    expect(page3.body.data.records.map((r: Rec) => r.deptName)).toContain('化学学院')
    const bad = await api.get('/api/basedata/sysmajor/page3', { deptSerials: "01'; drop table x" })
    expect(bad.status).toBe(400)
    expect(bad.body.msg).toBe('院系号格式不正确')
  })

  it('answers the major list and the dictionary by college', async () => {
    const all = await api.get('/api/basedata/sysmajor/getCptArrangeParameterMajorList')
    expect(all.body.data.map((r: Rec) => r.majorSerial)).toEqual(['0101', '0102', '0201', '0301'])
    const dict = await api.get('/api/basedata/sysmajor/getDictionaryByDeptSerials', { deptSerials: '01' })
    expect(dict.body.data.map((d: Rec) => [d.dictKey, d.dictValue])).toEqual([
      ['0101', '计算机科学与技术'],
      ['0102', '软件工程'],
    ])
    const every = await api.get('/api/basedata/sysmajor/getDictionaryByDeptSerials')
    expect(every.body.data).toHaveLength(4)
  })

  it('edits and shows a major; refuses a duplicate number, an unknown college and out-of-range values', async () => {
    const id = (await api.get('/api/basedata/sysmajor/page', { majorSerial: '0301' })).body.data.records[0].id
    expect(
      (await api.post('/api/basedata/sysmajor/submit', { body: { id, schoolingYears: 5 } })).status,
    ).toBe(200)
    expect((await api.get('/api/basedata/sysmajor/detail', { id })).body.data).toMatchObject({
      schoolingYears: 5,
      deptName: '化学学院',
    })
    const cases: [Record<string, unknown>, string][] = [
      [{ majorSerial: '0101', majorName: 'x', deptSerial: '01' }, '专业号已存在'],
      [{ majorSerial: '0999', majorName: 'x', deptSerial: '09' }, '院系号“09”不存在'],
      [{ majorSerial: '0998', majorName: 'x', deptSerial: '01', schoolingYears: 20 }, '学制（年）不能大于8'],
      [{ majorSerial: '0997', majorName: 'x', deptSerial: '01', eduLevel: 'abc' }, '培养层次必须是整数'],
      [
        { majorSerial: '09 96', majorName: 'x', deptSerial: '01' },
        '专业号只能包含字母、数字、下划线和短横线',
      ],
      [{ majorName: 'x', deptSerial: '01' }, '请输入专业号'],
    ]
    for (const [body, msg] of cases) {
      const r = await api.post('/api/basedata/sysmajor/submit', { body })
      expect(r.status, msg).toBe(400)
      expect(r.body.msg).toBe(msg)
    }
  })
})

describe('major directions, classes and students', () => {
  it('keeps direction names unique within a major', async () => {
    const add = await api.post('/api/basedata/majordirection/submit', {
      body: { majorSerial: '0101', directionName: '人工智能' },
    })
    expect(add.status).toBe(200)
    const other = await api.post('/api/basedata/majordirection/submit', {
      body: { majorSerial: '0102', directionName: '人工智能' },
    })
    expect(other.status).toBe(200)
    const dup = await api.post('/api/basedata/majordirection/submit', {
      body: { majorSerial: '0101', directionName: '人工智能' },
    })
    expect(dup.status).toBe(400)
    expect(dup.body.msg).toBe('该专业下已存在同名专业方向')
    const noMajor = await api.post('/api/basedata/majordirection/submit', {
      body: { majorSerial: '7777', directionName: '大数据' },
    })
    expect(noMajor.body.msg).toBe('专业号“7777”不存在')
    const page = await api.get('/api/basedata/majordirection/page', { majorSerial_equal: '0101' })
    expect(page.body.data.records[0]).toMatchObject({
      directionName: '人工智能',
      majorName: '计算机科学与技术',
    })
    const list = await api.get('/api/basedata/majordirection/list', { directionName: '人工' })
    expect(list.body.data.total).toBe(2)
    const id = page.body.data.records[0].id
    expect((await api.get('/api/basedata/majordirection/detail', { id })).body.data.directionName).toBe(
      '人工智能',
    )
    expect((await api.post('/api/basedata/majordirection/remove', { query: { ids: id } })).status).toBe(200)
  })

  it('pages classes and students, picks classes, and refuses removing what is still used', async () => {
    await api.post('/api/basedata/class/submit', {
      body: { classNo: 'C01', className: '计科2401班', deptSerial: '01', majorSerial: '0101', grade: '2024' },
    })
    await api.post('/api/basedata/class/submit', {
      body: { classNo: 'C02', className: '软工2401班', deptSerial: '01', majorSerial: '0102', grade: '2024' },
    })
    const classes = await api.get('/api/basedata/class/page', { grade_equal: '2024' })
    expect(classes.body.data.total).toBe(2)
    expect(classes.body.data.records[0]).toMatchObject({
      classNo: 'C01',
      deptName: '计算机学院',
      majorName: '计算机科学与技术',
    })
    const picker = await api.get('/api/basedata/class/select', { majorSerial_equal: '0102' })
    expect(picker.body.data.map((c: Rec) => c.classNo)).toEqual(['C02'])

    const s = await api.post('/api/basedata/student/submit', {
      body: {
        studentNo: '2024010101',
        studentName: '陈同学',
        deptSerial: '01',
        majorSerial: '0101',
        classNo: 'C01',
        grade: '2024',
        sex: 2,
      },
    })
    expect(s.status).toBe(200)
    const students = await api.get('/api/basedata/student/page', { classNo_equal: 'C01' })
    expect(students.body.data.records[0]).toMatchObject({
      studentName: '陈同学',
      studentType: 3,
      majorName: '计算机科学与技术',
    })
    const list = await api.get('/api/basedata/student/list', { studentName: '陈' })
    expect(list.body.data.total).toBe(1)
    const sid = students.body.data.records[0].id
    expect((await api.get('/api/basedata/student/detail', { id: sid })).body.data.studentNo).toBe(
      '2024010101',
    )
    const badGrade = await api.post('/api/basedata/student/submit', {
      body: { studentNo: 'x1', studentName: 'x', deptSerial: '01', grade: '24' },
    })
    expect(badGrade.body.msg).toBe('年级应为四位年份，如 2024')
    const badType = await api.post('/api/basedata/student/submit', {
      body: { studentNo: 'x1', studentName: 'x', deptSerial: '01', studentType: 9 },
    })
    expect(badType.body.msg).toBe('学生类别不能大于5')

    const classId = classes.body.data.records[0].id
    const usedClass = await api.post('/api/basedata/class/remove', { query: { ids: classId } })
    expect(usedClass.status).toBe(400)
    expect(usedClass.body.msg).toBe('所选班级下还有1名学生，不能删除')
    const majorId = (await api.get('/api/basedata/sysmajor/page', { majorSerial: '0101' })).body.data
      .records[0].id
    const usedMajor = await api.post('/api/basedata/sysmajor/remove', { query: { ids: majorId } })
    expect(usedMajor.status).toBe(400)
    expect(usedMajor.body.msg).toBe('所选专业下还有1条班级数据，不能删除')

    expect((await api.post('/api/basedata/student/remove', { query: { ids: sid } })).status).toBe(200)
    expect((await api.post('/api/basedata/class/remove', { query: { ids: classId } })).status).toBe(200)
    const free = (await api.get('/api/basedata/sysmajor/page', { majorSerial: '0301' })).body.data.records[0]
      .id
    expect((await api.post('/api/basedata/sysmajor/remove', { query: { ids: free } })).status).toBe(200)
  })
})
