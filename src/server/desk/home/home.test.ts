/**
 * 首页 statistics and my-week on the real server: zeros with `available` false before any area has
 * data, then the figures of a small school (labs, rooms, equipment, published batches), a college's
 * staff limited to their college, the detail and its export, and each role's week.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { startTestServer, type TestServer } from '../../../../tests/support/server'
import { createUser } from '../../../../tests/support/fixtures'
import { addCollege } from '../../safety/testing'
import { downloadRunnerOf } from '../../download/runner'
import { addAppointment, addExam, addHomeSchool, addOpenReserve, type HomeSchool } from './testing'

const H = '/api/blade-desk/home-page'
const D = '/api/biz-download/bizdownloadtask'
let t: TestServer
const tokens: Record<string, string> = {}
const ids: Record<string, string> = {}
let school: HomeSchool

beforeAll(async () => {
  t = await startTestServer()
  for (const [account, role] of [
    ['home_staff', 'staff'],
    ['home_teacher', 'teacher'],
    ['220101', 'student'],
    ['home_guest', 'guest'],
  ]) {
    const u = await createUser(t.database, { account, roleAlias: role })
    ids[account] = u.id
    tokens[account] = await t.login(u.account, u.password)
  }
})
afterAll(async () => t?.close())

const get = async (who: string, path: string, query: Record<string, string> = {}) => {
  const r = await t.api(tokens[who]).get(`${H}/${path}`, { refresh: '1', ...query })
  expect(r.status, JSON.stringify(r.body)).toBe(200)
  return r.body.data
}

describe('首页 statistics', () => {
  it('answer zeros with available false while no area has data, never an error', async () => {
    const labs = await get('home_staff', 'lab-overview')
    expect(labs).toMatchObject({
      available: { labs: false, equipment: false, teaching: false, open: false },
      labCount: 0,
      roomCount: 0,
      labsByCategory: [],
      bookings: { today: 0, thisWeek: 0 },
    })
    expect(labs.bookings.byWeek).toHaveLength(12)
    expect(await get('home_staff', 'lab-overview-equ-summary')).toMatchObject({
      count: 0,
      value: 0,
      byClass: [],
      available: { equipment: false },
    })
    expect(await get('home_staff', 'teachStatistics')).toMatchObject({ batches: 0, hours: 0, byWeek: [] })
    expect(await get('home_staff', 'teachStatisticsDetail')).toMatchObject({ total: 0, records: [] })
    expect(await get('home_staff', 'kpi')).toMatchObject({
      available: { labs: false, equipment: false, teaching: false, open: false },
      labCount: 0,
      roomCount: 0,
      equipmentCount: 0,
      equipmentValue: 0,
      teachingHours: 0,
      bookingsThisWeek: 0,
    })
  })

  it('are refused to teachers, students and guests', async () => {
    for (const who of ['home_teacher', '220101', 'home_guest'])
      for (const call of ['lab-overview', 'kpi']) {
        const r = await t.api(tokens[who]).get(`${H}/${call}`)
        expect(r.status).toBe(403)
        expect(r.body.msg).toBe('只有管理员和实验室管理人员可以查看统计')
      }
  })

  it('count the labs, rooms, equipment and published teaching of the school', async () => {
    const teacherUser = ids.home_teacher
    school = await addHomeSchool(t.database.db, { accounts: { T0123: teacherUser } })
    const labs = await get('home_staff', 'lab-overview')
    expect(labs.available).toEqual({ labs: true, equipment: true, teaching: true, open: false })
    // 4 labs (the fixture's own lab has no kind set and counts too), 8 + 3 rooms of 60 m² and the fixture's.
    expect(labs.labCount).toBe(5)
    expect(labs.roomCount).toBe(11)
    expect(labs.labArea).toBe(480)
    expect(labs.labsByCategory.map((c: { code: string; count: number }) => [c.code, c.count])).toEqual([
      ['', 1],
      ['1', 1],
      ['2', 1],
      ['3', 1],
      ['4', 1],
    ])
    expect(labs.byCollege.find((c: { collegeSerialNum: string }) => c.collegeSerialNum === '01')).toEqual({
      collegeSerialNum: '01',
      collegeName: '信息工程学院',
      labs: 2,
      rooms: 4,
      area: 240,
    })

    const equ = await get('home_staff', 'lab-overview-equ-summary')
    // 500000 + 1000·(2+3+…+10) = 500000 + 54000
    expect(equ).toMatchObject({ count: 10, value: 554000, valuableCount: 1, valuableValue: 500000 })
    expect(equ.byClass.map((c: { code: string; count: number }) => [c.code, c.count])).toEqual([
      ['03', 3],
      ['05', 3],
      ['08', 2],
      ['10', 2],
    ])
    expect(equ.byYear).toHaveLength(10)
    expect(equ.byStatus).toEqual([{ code: '1', name: '在用', count: 10, value: 554000 }])

    const teach = await get('home_staff', 'teachStatistics', { academicYearId: school.termId })
    // Three batches of 2 sections × 8 weeks, 30 students each.
    expect(teach).toMatchObject({ projects: 3, courses: 3, batches: 3, hours: 48, studentHours: 1440 })
    expect(teach.byWeek).toEqual([3, 4, 5, 6, 7, 8, 9, 10].map((week) => ({ week, batches: 3, hours: 6 })))
    expect(teach.topLabs).toEqual([
      { labId: expect.any(String), labName: '电子技术实验室', batches: 3, hours: 48 },
    ])
    // The current term is the fixture's (isCurrent): the same answer without academicYearId.
    expect((await get('home_staff', 'teachStatistics')).batches).toBe(3)

    // The KPI cards' own call answers the same headline figures from counts alone.
    expect(await get('home_staff', 'kpi')).toEqual({
      available: labs.available,
      academicYearId: school.termId,
      labCount: 5,
      roomCount: 11,
      equipmentCount: 10,
      equipmentValue: 554000,
      teachingHours: 48,
      bookingsThisWeek: labs.bookings.thisWeek,
    })
  })

  it('lists and exports the detail with the ten headers', async () => {
    const detail = await get('home_staff', 'teachStatisticsDetail', { current: '1', size: '2' })
    expect(detail.total).toBe(3)
    expect(detail.records[0]).toEqual({
      collegeName: '信息工程学院',
      courseNumber: 'EE2001',
      courseName: '电路分析',
      experimentNumber: 'DZ01001',
      experimentName: '电路实验',
      labName: '电子技术实验室',
      batches: 1,
      hours: 16,
      students: 30,
      studentHours: 480,
    })
    const r = await t.app.inject({
      method: 'GET',
      url: `${H}/teachStatisticsDetailExport?academicYearId=${school.termId}`,
      headers: { 'blade-auth': `bearer ${tokens.home_staff}` },
    })
    expect(r.statusCode).toBe(200)
    expect(String(r.headers['content-type'])).toContain('spreadsheetml')
    const book = XLSX.read(r.rawPayload, { type: 'buffer' })
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 })
    expect(rows[0]).toEqual([
      '学院',
      '课程号',
      '课程名称',
      '实验编号',
      '实验名称',
      '实验室',
      '批次数',
      '学时',
      '学生人数',
      '人时数',
    ])
    expect(rows).toHaveLength(4)
  })

  it('exports the detail through 下载中心 with the same rows when asked (asyncTask)', async () => {
    const queued = await t
      .api(tokens.home_staff)
      .get(`${H}/teachStatisticsDetailExport`, { academicYearId: school.termId, asyncTask: 'true' })
    expect(queued.body.msg).toBe('导出任务已提交，请到下载中心查看')
    await downloadRunnerOf(t.app)!.runQueued()
    const task = await t.api(tokens.home_staff).get(`${D}/detailByUser`, {
      bizId: `desk:teachDetail:${school.termId}:all`,
    })
    expect(task.body.data).toMatchObject({ id: queued.body.data.id, statusName: '已完成', progress: 100 })
    const file = await t.app.inject({
      method: 'GET',
      url: `${D}/download/${queued.body.data.id}`,
      headers: { 'blade-auth': `bearer ${tokens.home_staff}` },
    })
    expect(file.statusCode).toBe(200)
    const book = XLSX.read(file.rawPayload, { type: 'buffer' })
    const rows = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], { header: 1 })
    expect(rows[0]).toHaveLength(10)
    expect(rows[1]).toEqual([
      '信息工程学院',
      'EE2001',
      '电路分析',
      'DZ01001',
      '电路实验',
      '电子技术实验室',
      1,
      16,
      30,
      480,
    ])
    expect(rows).toHaveLength(4)
    const refused = await t
      .api(tokens.home_teacher)
      .get(`${H}/teachStatisticsDetailExport`, { asyncTask: 'true' })
    expect(refused.status).toBe(403)
  })

  it("limits a college's staff to their college", async () => {
    const deptId = await addCollege(t.database.db, '02', '机械工程学院（二）')
    const u = await createUser(t.database, { account: 'home_college_staff', roleAlias: 'staff', deptId })
    tokens.college = await t.login(u.account, u.password)
    const labs = await get('college', 'lab-overview', { collegeSerialNum: '01' })
    expect([labs.labCount, labs.roomCount]).toEqual([2, 4])
    expect(labs.byCollege.map((c: { collegeSerialNum: string }) => c.collegeSerialNum)).toEqual(['02'])
    expect((await get('college', 'lab-overview-equ-summary')).count).toBe(5)
    // The batches' course plans belong to college 01.
    expect((await get('college', 'teachStatistics')).batches).toBe(0)
    expect(await get('college', 'kpi', { collegeSerialNum: '01' })).toMatchObject({
      labCount: 2,
      roomCount: 4,
      equipmentCount: 5,
      teachingHours: 0,
    })
  })

  it('refuses a malformed filter with 400', async () => {
    const r = await t.api(tokens.home_staff).get(`${H}/teachStatistics`, { academicYearId: 'x' })
    expect(r.status).toBe(400)
    expect(r.body.msg).toContain('学年学期不正确')
  })
})

describe('my-week', () => {
  it("a teacher's week: their batch on Tuesday and their lab appointment", async () => {
    await addAppointment(t.database.db, ids.home_teacher, {
      roomId: school.rooms.A305,
      date: '2025-09-18',
      start: '14:00',
      end: '15:30',
      title: '课程设计答疑',
    })
    const week = await get('home_teacher', 'my-week', { date: '2025-09-17' })
    expect(week).toMatchObject({ weekStart: '2025-09-15', week: 3 })
    expect(week.sections).toHaveLength(11)
    expect(
      week.items.map((i: Record<string, unknown>) => [
        i.kind,
        i.date,
        i.weekday,
        i.startSection,
        i.endSection,
        i.title,
        i.place,
      ]),
    ).toEqual([
      ['batch', '2025-09-16', 2, 1, 2, '电路实验·第1批', 'A301'],
      ['booking', '2025-09-18', 4, 5, 6, '课程设计答疑', 'A305'],
    ])
    // Week 1 has no batch of theirs; the appointment counts for bookings too.
    expect((await get('home_teacher', 'my-week', { date: '2025-09-01' })).items).toEqual([])
    expect((await get('home_staff', 'lab-overview')).available.open).toBe(true)
  })

  it("a student's week: class batches, an open-lab reservation and an exam; the next exams", async () => {
    await addOpenReserve(t.database.db, {
      studentNo: '220101',
      roomId: school.rooms.A307,
      date: '2025-09-19',
      start: '19:00',
      end: '20:30',
      projectName: '单片机创新实验',
    })
    await addExam(t.database.db, {
      userId: ids['220101'],
      name: '实验室安全准入考试',
      start: new Date(2025, 8, 17, 10, 0),
      end: new Date(2025, 8, 17, 11, 0),
    })
    const later = new Date(Date.now() + 3 * 86400_000)
    await addExam(t.database.db, {
      userId: ids['220101'],
      name: '危化品安全考试',
      start: later,
      end: new Date(later.getTime() + 3600_000),
    })
    const week = await get('220101', 'my-week', { date: '2025-09-15' })
    expect(week.items.map((i: Record<string, unknown>) => [i.kind, i.date, i.startSection, i.title])).toEqual(
      [
        ['batch', '2025-09-16', 1, '电路实验·第1批'],
        ['exam', '2025-09-17', 3, '安全考试：实验室安全准入考试'],
        ['batch', '2025-09-18', 1, '数字电路实验·第3批'],
        ['openReserve', '2025-09-19', 9, '开放实验：单片机创新实验'],
      ],
    )
    expect(week.upcomingExams.map((e: { title: string }) => e.title)).toEqual(['安全考试：危化品安全考试'])
  })

  it('a guest has an empty week', async () => {
    const week = await get('home_guest', 'my-week')
    expect(week.items).toEqual([])
    expect(week.upcomingExams).toEqual([])
  })

  it('refuses a malformed date', async () => {
    const r = await t.api(tokens.home_guest).get(`${H}/my-week`, { date: '2025/9/1' })
    expect(r.status).toBe(400)
    expect(r.body.msg).toContain('日期格式不正确')
  })
})
