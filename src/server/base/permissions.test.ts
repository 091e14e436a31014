import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type Api, type TestServer } from '../../../tests/support/server'
import { role, user } from '../db/schema'
import { nextId } from '../core/ids'
import { hashPassword, md5Hex } from '../auth/passwords'
import { addColleges } from './testing'

let t: TestServer
let staff: Api
let teacher: Api

async function addUser(account: string, alias: string, password: string) {
  const [r] = await t.database.db
    .select()
    .from(role)
    .where(and(eq(role.tenantId, '000000'), eq(role.roleAlias, alias)))
  await t.database.db.insert(user).values({
    id: nextId(),
    tenantId: '000000',
    account,
    password: await hashPassword(md5Hex(password)),
    name: account,
    realName: account,
    roleId: r.id,
    status: 1,
  })
}

beforeAll(async () => {
  t = await startTestServer()
  await addColleges(t.database.db, '000000', [['01', '计算机学院']])
  await addUser('staff9', 'staff', 'Staff-Pass-123')
  await addUser('teacher9', 'teacher', 'Teacher-Pass-123')
  staff = t.api(await t.login('staff9', 'Staff-Pass-123'))
  teacher = t.api(await t.login('teacher9', 'Teacher-Pass-123'))
})
afterAll(() => t?.close())

describe('base data permissions (menu endpoints of screens.tsv)', () => {
  it('lets school staff use the base-data screens, their pickers and custom actions', async () => {
    const add = await staff.post('/api/basedata/systeacher/submit', {
      body: { teacherNo: 'P1', teacherName: '权限老师', deptSerial: '01' },
    })
    expect(add.status).toBe(200)
    const id = (await staff.get('/api/basedata/systeacher/page')).body.data.records[0].id
    for (const [path, query] of [
      ['/api/basedata/systeacher/Alllist', {}],
      ['/api/basedata/systeacher/page-export', {}],
      ['/api/basedata/sysmajor/getDictionaryByDeptSerials', { deptSerials: '01' }],
      ['/api/basedata/sysmajor/getCptArrangeParameterMajorList', {}],
      ['/api/basedata/class/select', {}],
      ['/api/system/academic/current', {}],
      ['/api/system/periodinfo/dictionary', {}],
      ['/api/system/edumajorinfo/dictionary', {}],
      ['/api/system/profession/tree', {}],
    ] as const) {
      const res = await staff.get(path, query)
      expect(res.status, path).toBe(200)
    }
    expect((await staff.post('/api/basedata/systeacher/toUser', { query: { ids: id } })).status).toBe(200)
    expect((await staff.post('/api/basedata/task/syncToUser')).status).toBe(200)
  })

  it('keeps teachers out of base-data administration', async () => {
    for (const path of [
      '/api/basedata/systeacher/page',
      '/api/basedata/student/page',
      '/api/basedata/systeacher/page-export',
    ]) {
      const res = await teacher.get(path)
      expect(res.status, path).toBe(403)
    }
    const sync = await teacher.post('/api/basedata/task/syncToUser')
    expect(sync.status).toBe(403)
    const term = await teacher.post('/api/system/academic/submit', {
      body: { academicYear: '2060-2061', term: '1', startDate: '2060-09-01', endDate: '2061-01-15' },
    })
    expect(term.status).toBe(403)
    const imp = await teacher.post('/api/basedata/systeacher/importData', {
      body: [{ teacherNo: 'X', teacherName: 'x', deptSerial: '01' }],
    })
    expect(imp.status).toBe(403)
  })

  it('lets every signed-in role read the school calendar and the national catalogues', async () => {
    for (const path of [
      '/api/system/academic/current',
      '/api/system/academic/getCurrent',
      '/api/system/academic/dictionary',
      '/api/system/academic/getSchoolYearList',
      '/api/system/periodinfo/dictionary',
      '/api/system/edumajorinfo/dictionary',
      '/api/system/edumajorinfo/lazy-list',
      '/api/system/profession/tree',
    ]) {
      const res = await teacher.get(path)
      expect(res.status, path).toBe(200)
    }
    expect((await teacher.get('/api/system/academic/current')).body.data.isCurrent).toBe(1)
  })
})
