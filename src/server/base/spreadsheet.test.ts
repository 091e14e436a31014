import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { startTestServer, basicAuth, type Api, type TestServer } from '../../../tests/support/server'
import { downloadRunnerOf } from '../download/runner'
import { addColleges } from './testing'

let t: TestServer
let api: Api
let token: string

beforeAll(async () => {
  t = await startTestServer()
  token = await t.login()
  api = t.api(token)
  await addColleges(t.database.db, '000000', [
    ['01', '计算机学院'],
    ['02', '机械学院'],
  ])
})
afterAll(() => t?.close())

const count = async (path: string, query: Record<string, string> = {}) =>
  (await api.get(`/api/basedata/${path}/page`, { size: 1, ...query })).body.data.total as number

/** GET an export as raw bytes and parse it back. */
async function download(path: string, query: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: 'GET',
    url: path,
    query,
    headers: { authorization: basicAuth(), 'blade-auth': `bearer ${token}` },
  })
  const book = XLSX.read(res.rawPayload, { type: 'buffer' })
  return { res, rows: XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]]) }
}

describe('teacher import', () => {
  it('refuses the whole batch when one row is bad, naming the row, and writes nothing', async () => {
    const rows = [
      { teacherNo: 'I001', teacherName: '赵一', deptSerial: '01' },
      { teacherNo: '', teacherName: '钱二', deptSerial: '01' },
      { teacherNo: 'I003', teacherName: '孙三', deptSerial: '01', phone: '999' },
    ]
    const res = await api.post('/api/basedata/systeacher/importData', { body: rows })
    expect(res.status).toBe(400)
    expect(res.body.msg).toContain('第3行: 工号不能为空')
    expect(res.body.msg).toContain('第4行: 手机号码格式不正确')
    expect(res.body.msg).toContain('未导入任何数据')
    expect(await count('systeacher')).toBe(0)
  })

  it('refuses duplicates within the file and unknown colleges (checked in the transaction)', async () => {
    const dup = await api.post('/api/basedata/systeacher/importData', {
      body: [
        { teacherNo: 'I001', teacherName: '赵一', deptSerial: '01' },
        { teacherNo: 'I001', teacherName: '赵二', deptSerial: '01' },
      ],
    })
    expect(dup.status).toBe(400)
    expect(dup.body.msg).toContain('第3行: 工号“I001”与第2行重复')
    const college = await api.post('/api/basedata/systeacher/importData', {
      body: [
        { teacherNo: 'I001', teacherName: '赵一', deptSerial: '01' },
        { teacherNo: 'I002', teacherName: '钱二', deptSerial: '77' },
      ],
    })
    expect(college.status).toBe(400)
    expect(college.body.msg).toContain('第3行: 院系号“77”不存在')
    expect(await count('systeacher')).toBe(0)
  })

  it('imports a good batch, then refuses existing numbers unless isCovered=1', async () => {
    const rows = [
      { teacherNo: 'I001', teacherName: '赵一', deptSerial: '01', sex: 1, categoryNo: ['1', '2'] },
      { teacherNo: 'I002', teacherName: '钱二', deptSerial: '02', sex: '2' },
      { teacherNo: 'I003', teacherName: '孙三', deptSerial: '01' },
    ]
    const ok = await api.post('/api/basedata/systeacher/importData', { body: rows })
    expect(ok.status).toBe(200)
    expect(ok.body.data).toEqual({ total: 3, inserted: 3, updated: 0 })
    expect(await count('systeacher')).toBe(3)
    const again = await api.post('/api/basedata/systeacher/importData', {
      body: [{ teacherNo: 'I002', teacherName: '钱贰', deptSerial: '02' }],
    })
    expect(again.status).toBe(400)
    expect(again.body.msg).toContain('第2行: 工号已存在（I002）')
    const covered = await api.post('/api/basedata/systeacher/importData', {
      query: { isCovered: 1 },
      body: [{ teacherNo: 'I002', teacherName: '钱贰', deptSerial: '02' }],
    })
    expect(covered.body.data).toEqual({ total: 1, inserted: 0, updated: 1 })
    const page = await api.get('/api/basedata/systeacher/page', { teacherNo: 'I002' })
    expect(page.body.data.records[0].teacherName).toBe('钱贰')
    expect(await count('systeacher')).toBe(3)
  })

  it('refuses bodies that are not rows', async () => {
    for (const body of [{}, { rows: 'x' }, [1, 2], []]) {
      const res = await api.post('/api/basedata/systeacher/importData', { body })
      expect(res.status).toBe(400)
      expect(res.body.msg).toMatch(/导入数据/)
    }
  })

  it('accepts an uploaded xlsx with Chinese headers and option labels', async () => {
    const sheet = XLSX.utils.json_to_sheet([
      { 工号: 'X001', 姓名: '周五', 性别: '女', 院系: '01' },
      { 工号: 'X002', 姓名: '吴六', 性别: '男', 院系: '02' },
    ])
    const book = XLSX.utils.book_new()
    XLSX.utils.book_append_sheet(book, sheet, '教师')
    const file = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer
    const boundary = '----labtest'
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="t.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/basedata/systeacher/importData',
      payload,
      headers: {
        authorization: basicAuth(),
        'blade-auth': `bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
    })
    expect(res.statusCode).toBe(200)
    const row = (await api.get('/api/basedata/systeacher/page', { teacherNo: 'X001' })).body.data.records[0]
    expect(row).toMatchObject({ teacherName: '周五', sex: 2, deptSerial: '01' })
  })
})

describe('exports', () => {
  it('exports the filtered teachers as a real xlsx with a Chinese file name', async () => {
    const { res, rows } = await download('/api/basedata/systeacher/page-export', { deptSerial_equal: '01' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('spreadsheetml')
    expect(String(res.headers['content-disposition'])).toContain(
      `filename*=UTF-8''${encodeURIComponent('教师信息.xlsx')}`,
    )
    expect(rows.map((r) => r['工号']).sort()).toEqual(['I001', 'I003', 'X001'])
    const zhao = rows.find((r) => r['工号'] === 'I001')!
    expect(zhao['姓名']).toBe('赵一')
    expect(zhao['性别']).toBe('男')
    expect(zhao['院系']).toBe('01')
  })

  it('round-trips majors, classes and students through import and export', async () => {
    const majors = await api.post('/api/basedata/sysmajor/importData', {
      body: [
        { majorSerial: 'M01', majorName: '计算机科学与技术', deptSerial: '01', subjectCode: '0809' },
        { majorSerial: 'M02', majorName: '机械工程', deptSerial: '02' },
      ],
    })
    expect(majors.status).toBe(200)
    const classes = await api.post('/api/basedata/class/importData', {
      body: [
        { classNo: 'C2401', className: '计科2401班', deptSerial: '01', majorSerial: 'M01', grade: '2024' },
      ],
    })
    expect(classes.status).toBe(200)
    const badStudent = await api.post('/api/basedata/student/importData', {
      body: [
        { studentNo: 'S1', studentName: '学生一', deptSerial: '01', classNo: 'C2401' },
        { studentNo: 'S2', studentName: '学生二', deptSerial: '01', classNo: 'C9999' },
      ],
    })
    expect(badStudent.status).toBe(400)
    expect(badStudent.body.msg).toContain('第3行: 班级编号“C9999”不存在')
    expect(await count('student')).toBe(0)
    const students = await api.post('/api/basedata/student/importData', {
      body: [
        {
          studentNo: 'S1',
          studentName: '学生一',
          deptSerial: '01',
          majorSerial: 'M01',
          classNo: 'C2401',
          grade: '2024',
        },
        {
          studentNo: 'S2',
          studentName: '学生二',
          deptSerial: '01',
          majorSerial: 'M01',
          classNo: 'C2401',
          grade: '2024',
          studentType: 3,
        },
      ],
    })
    expect(students.status).toBe(200)
    const s = await download('/api/basedata/student/page-export')
    expect(s.rows.map((r) => r['学号']).sort()).toEqual(['S1', 'S2'])
    expect(s.rows[0]['学生类别']).toBe('本科生')
    expect(String(s.res.headers['content-disposition'])).toContain(encodeURIComponent('学生信息.xlsx'))
    // Asked with asyncTask (the screen does so over 20,000 rows), the same sheet comes from 下载中心.
    const queued = await api.get('/api/basedata/student/page-export', { asyncTask: true, studentNo: 'S2' })
    expect(queued.body.msg).toBe('导出任务已提交，请到下载中心查看')
    await downloadRunnerOf(t.app)!.runQueued()
    const task = (await api.get('/api/biz-download/bizdownloadtask/detail', { id: queued.body.data.id })).body
      .data
    expect(task).toMatchObject({ statusName: '已完成', fileName: '学生信息.xlsx', taskName: '学生管理导出' })
    const made = await download(`/api/biz-download/bizdownloadtask/download/${task.id}`)
    expect(made.rows).toEqual(s.rows.filter((r) => r['学号'] === 'S2'))
    const m = await download('/api/basedata/sysmajor/page-export')
    expect(m.rows.map((r) => r['专业名称']).sort()).toEqual(['机械工程', '计算机科学与技术'])
    const c = await download('/api/basedata/class/page-export')
    expect(c.rows).toHaveLength(1)
    expect(c.rows[0]['班级名称']).toBe('计科2401班')
  })

  it(
    'imports and exports more rows than one list answer holds (12,000 classes)',
    { timeout: 120_000 },
    async () => {
      const rows = Array.from({ length: 12_000 }, (_, i) => ({
        classNo: `BULK${String(i).padStart(5, '0')}`,
        className: `批量班级${i}`,
        deptSerial: '02',
      }))
      const imported = await api.post('/api/basedata/class/importData', { body: rows })
      expect(imported.body.data).toMatchObject({ inserted: 12_000 })
      const c = await download('/api/basedata/class/page-export', { classNo: 'BULK' })
      expect(c.rows).toHaveLength(12_000)
      expect(new Set(c.rows.map((r) => r['班级编号'])).size).toBe(12_000)
    },
  )
})
