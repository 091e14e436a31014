import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { startTestServer, basicAuth, type Api, type TestServer } from '../../../tests/support/server'
import { addColleges, addTenant } from './testing'

let t: TestServer
let mine: Api
let theirs: Api
let theirToken: string

/** One row per resource in the platform tenant; the other tenant must never see or change them. */
const rows: Record<
  string,
  { path: string; body: Record<string, unknown>; key: string; edit: Record<string, unknown>; id?: string }
> = {
  major: {
    path: '/api/basedata/sysmajor',
    body: { majorSerial: 'M1', majorName: '甲专业', deptSerial: '01' },
    key: 'majorSerial',
    edit: { majorName: '被改' },
  },
  class: {
    path: '/api/basedata/class',
    body: { classNo: 'C1', className: '甲班', deptSerial: '01', majorSerial: 'M1' },
    key: 'classNo',
    edit: { className: '被改' },
  },
  teacher: {
    path: '/api/basedata/systeacher',
    body: { teacherNo: 'T1', teacherName: '甲老师', deptSerial: '01' },
    key: 'teacherNo',
    edit: { teacherName: '被改' },
  },
  student: {
    path: '/api/basedata/student',
    body: { studentNo: 'S1', studentName: '甲同学', deptSerial: '01', classNo: 'C1' },
    key: 'studentNo',
    edit: { studentName: '被改' },
  },
  direction: {
    path: '/api/basedata/majordirection',
    body: { majorSerial: 'M1', directionName: '甲方向' },
    key: 'directionName',
    edit: { directionName: '被改' },
  },
  academic: {
    path: '/api/system/academic',
    body: { academicYear: '2040-2041', term: '1', startDate: '2040-09-03', endDate: '2041-01-20' },
    key: 'academicYear',
    edit: { weeks: 3 },
  },
}

beforeAll(async () => {
  t = await startTestServer()
  mine = t.api(await t.login())
  await addColleges(t.database.db, '000000', [['01', '甲学院']])
  await addTenant(t.database.db, '300001', 'Other-Admin-Pass-1')
  await addColleges(t.database.db, '300001', [['01', '乙学院']])
  theirToken = await t.login('admin', 'Other-Admin-Pass-1', '300001')
  theirs = t.api(theirToken)
  for (const r of Object.values(rows)) {
    const res = await mine.post(`${r.path}/submit`, { body: r.body })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    r.id = (
      await mine.get(`${r.path}/page`, { [`${r.key}_equal`]: String(r.body[r.key]) })
    ).body.data.records[0].id
  }
})
afterAll(() => t?.close())

describe('tenant isolation of base data', () => {
  it('list, page, detail, submit and remove with a foreign id: nothing leaks, nothing changes', async () => {
    for (const [name, r] of Object.entries(rows)) {
      const page = await theirs.get(`${r.path}/page`, { size: 100 })
      expect(
        page.body.data.records.map((x: { id: string }) => x.id),
        name,
      ).not.toContain(r.id)
      const list = await theirs.get(`${r.path}/list`)
      expect(JSON.stringify(list.body.data), name).not.toContain(r.id!)
      const detail = await theirs.get(`${r.path}/detail`, { id: r.id! })
      expect(detail.status, name).toBe(400)
      expect(JSON.stringify(detail.body), name).not.toContain(String(r.body[r.key]))
      const edit = await theirs.post(`${r.path}/submit`, { body: { id: r.id, ...r.edit } })
      expect(edit.status, name).toBe(400)
      const remove = await theirs.post(`${r.path}/remove`, { query: { ids: r.id! } })
      expect(remove.status, name).toBe(400)
      const still = await mine.get(`${r.path}/detail`, { id: r.id! })
      expect(still.body.data[r.key], name).toBe(r.body[r.key])
      expect(still.body.data.isDeleted, name).toBe(0)
      for (const [k, v] of Object.entries(r.edit)) expect(still.body.data[k], name).not.toBe(v)
    }
  })

  it('custom routes see only the caller tenant', async () => {
    const empty = async (path: string, query: Record<string, string> = {}) => {
      const res = await theirs.get(path, query)
      expect(res.status, path).toBe(200)
      const data = res.body.data
      expect(Array.isArray(data) ? data : data.records, path).toEqual([])
    }
    await empty('/api/basedata/systeacher/Alllist')
    await empty('/api/basedata/sysmajor/page2')
    await empty('/api/basedata/sysmajor/page3', { deptSerials: '01' })
    await empty('/api/basedata/sysmajor/getCptArrangeParameterMajorList')
    await empty('/api/basedata/sysmajor/getDictionaryByDeptSerials', { deptSerials: '01' })
    await empty('/api/basedata/class/select')
    await empty('/api/system/academic/dictionary')
    await empty('/api/system/academic/getYearList')
    await empty('/api/system/periodinfo/dictionary')
    expect((await theirs.get('/api/system/academic/current')).body.data).toEqual({})
    expect(
      (await theirs.get('/api/basedata/systeacher/detailByName', { teacherName: '甲老师' })).body.data,
    ).toEqual({})

    const toUser = await theirs.post('/api/basedata/systeacher/toUser', { query: { ids: rows.teacher.id! } })
    expect(toUser.status).toBe(400)
    const current = await theirs.post('/api/system/academic/current', { query: { id: rows.academic.id! } })
    expect(current.status).toBe(400)
    expect(
      (await mine.get('/api/system/academic/detail', { id: rows.academic.id! })).body.data.isCurrent,
    ).toBe(0)

    const sync = await theirs.post('/api/basedata/task/syncToUser')
    expect(sync.body.data).toEqual({
      teacher: { created: 0, linked: 0, unchanged: 0 },
      student: { created: 0, linked: 0, unchanged: 0 },
    })
    expect(
      (await mine.get('/api/basedata/systeacher/detail', { id: rows.teacher.id! })).body.data.userId,
    ).toBeNull()

    const res = await t.app.inject({
      method: 'GET',
      url: '/api/basedata/systeacher/page-export',
      headers: { authorization: basicAuth(), 'blade-auth': `bearer ${theirToken}` },
    })
    const book = XLSX.read(res.rawPayload, { type: 'buffer' })
    const sheet = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]])
    expect(sheet.filter((r) => r['工号'])).toEqual([])
  })

  it('unique numbers are per tenant, and names resolve in the row tenant', async () => {
    const imp = await theirs.post('/api/basedata/systeacher/importData', {
      body: [{ teacherNo: 'T1', teacherName: '乙老师', deptSerial: '01' }],
    })
    expect(imp.status).toBe(200)
    const page = await theirs.get('/api/basedata/systeacher/page')
    expect(page.body.data.records).toHaveLength(1)
    expect(page.body.data.records[0]).toMatchObject({
      teacherName: '乙老师',
      deptName: '乙学院',
      tenantId: '300001',
    })
    const minePage = await mine.get('/api/basedata/systeacher/page')
    expect(minePage.body.data.records.map((r: { teacherName: string }) => r.teacherName)).toEqual(['甲老师'])
    expect(minePage.body.data.records[0].deptName).toBe('甲学院')
    // Covering an import never reaches another tenant's row with the same number.
    await theirs.post('/api/basedata/systeacher/importData', {
      query: { isCovered: 1 },
      body: [{ teacherNo: 'T1', teacherName: '乙老师2', deptSerial: '01' }],
    })
    expect(
      (await mine.get('/api/basedata/systeacher/detail', { id: rows.teacher.id! })).body.data.teacherName,
    ).toBe('甲老师')
  })
})

describe('bad input', () => {
  it('answers 400 with a Chinese message and no 5xx for malformed calls', async () => {
    const cjk = /[\u4e00-\u9fa5]/
    const gets: [string, Record<string, string>][] = [
      ['/api/basedata/systeacher/page', { current: 'abc' }],
      ['/api/basedata/systeacher/page', { size: '0' }],
      ['/api/basedata/student/page', { size: '999999' }],
      ['/api/basedata/class/page', { ascs: 'no_such_column' }],
      ['/api/basedata/sysmajor/page', { schoolingYears_ge: 'abc' }],
      ['/api/basedata/systeacher/page', { createTime_datege: 'yesterday' }],
      ['/api/basedata/systeacher/detail', { id: 'abc' }],
      ['/api/basedata/systeacher/detail', {}],
      ['/api/basedata/sysmajor/page2', { current: '-1' }],
      ['/api/basedata/sysmajor/page3', { deptSerials: '<script>' }],
      ['/api/basedata/systeacher/Alllist', { descs: 'password' }],
      ['/api/basedata/systeacher/page-export', { ascs: 'x;drop' }],
      ['/api/system/edumajorinfo/lazy-list', { parentId: '1 or 1=1' }],
      ['/api/system/edumajorinfo/dictionary', { code: 'x'.repeat(40) }],
      ['/api/system/academic/dictionary', { startDate_datele: '2020-13' }],
      ['/api/basedata/systeacher/detailByName', { teacherName: '张'.repeat(60) }],
    ]
    for (const [path, query] of gets) {
      const res = await mine.get(path, query)
      expect(res.status, `${path} ${JSON.stringify(query)}`).toBe(400)
      expect(res.body.msg, path).toMatch(cjk)
    }
    const posts: [string, { query?: Record<string, string>; body?: unknown }][] = [
      ['/api/basedata/systeacher/submit', { body: [] }],
      [
        '/api/basedata/systeacher/submit',
        { body: { teacherNo: 'Z1', teacherName: '张'.repeat(51), deptSerial: '01' } },
      ],
      [
        '/api/basedata/systeacher/submit',
        { body: { teacherNo: 'Z1', teacherName: 'x', deptSerial: '01', sex: 'male' } },
      ],
      [
        '/api/basedata/systeacher/submit',
        { body: { teacherNo: 'Z1', teacherName: 'x', deptSerial: '01', birthday: '1990-1-1' } },
      ],
      ['/api/basedata/systeacher/submit', { body: { id: 'abc', teacherName: 'x' } }],
      [
        '/api/basedata/student/submit',
        { body: { studentNo: { $ne: 1 }, studentName: 'x', deptSerial: '01' } },
      ],
      [
        '/api/basedata/class/submit',
        { body: { classNo: 'Z', className: 'x', deptSerial: '01', studentCount: -1 } },
      ],
      ['/api/basedata/systeacher/remove', {}],
      ['/api/basedata/student/remove', { query: { ids: '1,abc' } }],
      ['/api/basedata/systeacher/importData', { body: { rows: [[1]] } }],
      ['/api/basedata/student/importData', { body: 'x' }],
      ['/api/basedata/systeacher/toUser', { body: { ids: [{}] } }],
      ['/api/system/academic/current', { body: { id: [] } }],
      [
        '/api/system/academic/submit',
        { body: { academicYear: '2050-2051', term: '1', startDate: '2050-02-30x', endDate: '2051-01-01' } },
      ],
      ['/api/system/edumajorinfo/submit', { body: { parentId: '999999', code: '01', name: 'x' } }],
      ['/api/system/profession/submit', { body: { code: '', name: '' } }],
    ]
    for (const [path, options] of posts) {
      const res = await mine.post(path, options)
      expect(res.status, `${path} ${JSON.stringify(options)}`).toBe(400)
      expect(res.body.msg, path).toMatch(cjk)
    }
    const invalidJson = await t.app.inject({
      method: 'POST',
      url: '/api/basedata/systeacher/importData',
      payload: '[{"teacherNo":',
      headers: {
        authorization: basicAuth(),
        'blade-auth': `bearer ${theirToken}`,
        'content-type': 'application/json',
      },
    })
    expect(invalidJson.statusCode).toBe(400)
    const notXlsx = await t.app.inject({
      method: 'POST',
      url: '/api/basedata/systeacher/importData',
      payload: Buffer.from(
        '--b\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nnot a spreadsheet\r\n--b--\r\n',
      ),
      headers: {
        authorization: basicAuth(),
        'blade-auth': `bearer ${theirToken}`,
        'content-type': 'multipart/form-data; boundary=b',
      },
    })
    expect(notXlsx.statusCode).toBe(400)
    expect(JSON.parse(notXlsx.body).msg).toMatch(cjk)
    // Nothing was written by any of the refused calls.
    expect((await mine.get('/api/basedata/systeacher/page', { teacherNo_equal: 'Z1' })).body.data.total).toBe(
      0,
    )
  })

  it('refuses calls without a token', async () => {
    const res = await t.api().get('/api/basedata/systeacher/page')
    expect(res.status).toBe(401)
    const post = await t.api().post('/api/basedata/task/syncToUser')
    expect(post.status).toBe(401)
  })
})
