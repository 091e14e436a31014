import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as XLSX from 'xlsx'
import { startTestServer, basicAuth, type Api, type TestServer } from '../../../tests/support/server'
import { addSchool, setUpTerm, type School } from './testing'

let t: TestServer
let s: School
let li: Api
let wang: Api
const ids: Record<string, string> = {}

const projectBody = (name: string, number: string) => ({
  experimentNumber: number,
  experimentName: name,
  experimentCategory: 2,
  experimentType: 2,
  isNetwork: 0,
  subjectCode: '0809',
  requirement: 1,
  experimenterType: 3,
  groupSize: 2,
  hours: 8,
  independentCourse: 0,
  deptSerial: '01',
  status: 1,
})

const file = async (url: string) => {
  const res = await t.app.inject({
    method: 'GET',
    url,
    headers: { authorization: basicAuth(), 'blade-auth': `bearer ${s.adminToken}` },
  })
  return {
    status: res.statusCode,
    disposition: String(res.headers['content-disposition'] ?? ''),
    book: res.statusCode === 200 ? XLSX.read(res.rawPayload, { type: 'buffer' }) : null,
    body: res.body,
  }
}

beforeAll(async () => {
  t = await startTestServer()
  s = await addSchool(t)
  li = t.api(s.teachers.li.token)
  wang = t.api(s.teachers.wang.token)
  await setUpTerm(s.staff, s.termId, '2025-09-01')
  for (const [key, api, name, number] of [
    ['p1', li, '电路定律验证', '0101101'],
    ['p2', li, '戴维南定理', '0101102'],
    ['p3', wang, '示波器使用', '0101103'],
  ] as const) {
    const res = await api.post('/api/teach/teachproject/submit', {
      body: { ...projectBody(name, number), labId: s.labId },
    })
    expect(res.status, res.body.msg).toBe(200)
    ids[key] = (
      await s.admin.get('/api/teach/teachproject/page', { experimentNumber: number })
    ).body.data.records[0].id
  }
})
afterAll(() => t?.close())

describe('实验课程 and their projects', () => {
  it('adds a course once and links only the teacher’s own projects', async () => {
    const course = {
      courseNumber: 'EE2001',
      courseName: '电路实验',
      deptSerial: '01',
      courseCategory: 1,
      courseNature: 1,
      credit: 2,
      totalHours: 64,
      labHours: 32,
      status: 1,
    }
    expect((await s.staff.post('/api/teach/teachcourse/submit', { body: course })).status).toBe(200)
    const twice = await s.staff.post('/api/teach/teachcourse/submit', { body: course })
    expect(twice.body.msg).toBe('课程号已存在')
    expect(
      (await li.post('/api/teach/teachcourse/submit', { body: { ...course, courseNumber: 'EE9' } })).status,
    ).toBe(403)
    const tooMany = await s.staff.post('/api/teach/teachcourse/submit', {
      body: { ...course, courseNumber: 'EE2002', labHours: 80 },
    })
    expect(tooMany.body.msg).toBe('实验学时不能大于总学时')
    const byKch = await li.get('/api/teach/teachcourse/detail', { kch: 'EE2001' })
    ids.course = byKch.body.data.id
    expect(byKch.body.data).toMatchObject({ courseName: '电路实验', labHours: 32 })
    expect(
      (await li.get('/api/teach/teachcourse/checkCourseNumber', { courseNumber: 'EE2001' })).body,
    ).toMatchObject({ data: true, msg: '课程号已存在' })
    expect(
      (await li.get('/api/teach/teachcourse/checkCourseNumber', { courseNumber: 'EE2001', id: ids.course }))
        .body.data,
    ).toBe(false)

    const linked = await li.post('/api/teach/teachcourseassproject/batchSubmit', {
      body: { teachCourseId: ids.course, projectIds: [ids.p1, ids.p2] },
    })
    expect(linked.body.data).toEqual({ added: 2, skipped: 0 })
    const colleague = await li.post('/api/teach/teachcourseassproject/batchSubmit', {
      body: { teachCourseId: ids.course, projectIds: [ids.p3] },
    })
    expect(colleague.body.msg).toBe('只能关联本人维护的实验项目')
    const list = await li.get('/api/teach/teachcourseassproject/projectList', { teachCourseId: ids.course })
    expect(list.body.data.map((p: { experimentName: string }) => p.experimentName)).toEqual([
      '电路定律验证',
      '戴维南定理',
    ])
    const byIds = await li.get('/api/teach/teachcourse/listByIds', { ids: `${ids.course}` })
    expect(byIds.body.data).toHaveLength(1)
  })
})

describe('课程计划 through approval', () => {
  const plan = (over: Record<string, unknown> = {}) => ({
    academicYearId: s.termId,
    courseId: ids.course,
    teacherId: s.teachers.li.id,
    classNos: 'JK2201,JK2202',
    startWeek: 3,
    endWeek: 16,
    projects: [
      { projectId: ids.p1, hours: 16, planWeeks: '3-5' },
      { projectId: ids.p2, hours: 20, planWeeks: '6,7' },
    ],
    ...over,
  })

  it('saves a draft within the course’s hours, for the teacher only', async () => {
    const over = await li.post('/api/teach/teachcourseplan/submit', { body: plan() })
    expect(over.body.msg).toBe('计划学时合计（36）超过课程实验学时（32）')
    const other = await li.post('/api/teach/teachcourseplan/submit', {
      body: plan({ teacherId: s.teachers.wang.id }),
    })
    expect(other.body.msg).toBe('只能为本人制定课程计划')
    const unlinked = await li.post('/api/teach/teachcourseplan/submit', {
      body: plan({ projects: [{ projectId: ids.p3, hours: 8 }] }),
    })
    expect(unlinked.body.msg).toBe('项目『示波器使用』未关联到课程『电路实验』')
    const saved = await li.post('/api/teach/teachcourseplan/submit', {
      body: plan({
        projects: [
          { projectId: ids.p1, hours: 16, planWeeks: '3-5' },
          { projectId: ids.p2, hours: 16, planWeeks: '17' },
        ],
      }),
    })
    expect(saved.status, saved.body.msg).toBe(200)
    ids.plan = saved.body.data.id
    const same = await li.post('/api/teach/teachcourseplan/submit', {
      body: plan({ classNos: 'JK2202、JK2201', projects: [] }),
    })
    expect(same.body.msg).toBe('该学期已有相同课程、教师和班级的课程计划')
    const detail = await li.get('/api/teach/teachcourseplan/detail', { id: ids.plan })
    expect(detail.body.data).toMatchObject({
      status: 0,
      labHours: 32,
      studentCount: 3,
      courseNumber: 'EE2001',
      teacherName: '李老师',
    })
    expect(detail.body.data.projects.map((l: { planWeeks: string }) => l.planWeeks)).toEqual(['3,4,5', '17'])
    expect((await wang.get('/api/teach/teachcourseplan/page', {})).body.data.total).toBe(0)
    const schedule = await li.get('/api/teach/teachcourseplan/scheduleList', { coursePlanId: ids.plan })
    expect(schedule.body.data.map((r: { week: number }) => r.week)).toEqual([3, 4, 5, 17])
  })

  it('is changed only by its teacher and the office (docs/domain/labs.md 7)', async () => {
    const before = (await li.get('/api/teach/teachcourseplan/detail', { id: ids.plan })).body.data
    for (const res of [
      await wang.post('/api/teach/teachcourseplan/submit', { body: { ...before, startWeek: 4 } }),
      await wang.post('/api/teach/teachcourseplan/handleApplyFor', { body: { id: ids.plan } }),
      await wang.post('/api/teach/teachcourseplan/remove', { query: { ids: ids.plan } }),
    ]) {
      expect([400, 403]).toContain(res.status)
      expect(res.body.msg).toMatch(/只能修改本人提交的申请|不存在或无权/)
    }
    expect((await li.get('/api/teach/teachcourseplan/detail', { id: ids.plan })).body.data).toEqual(before)
    const office = await s.staff.post('/api/teach/teachcourseplan/submit', {
      body: { ...before, remark: '教务核对' },
    })
    expect(office.status, office.body.msg).toBe(200)
    const own = await li.post('/api/teach/teachcourseplan/submit', { body: { ...before, remark: null } })
    expect(own.status, own.body.msg).toBe(200)
  })

  it('goes through 提交审核, 驳回, 退回重提, 同意, 计划变更 and 撤销', async () => {
    const empty = await li.post('/api/teach/teachcourseplan/submit', {
      body: plan({ classNos: 'RG2201', projects: [] }),
    })
    const noLines = await li.post('/api/teach/teachcourseplan/handleApplyFor', {
      body: { id: empty.body.data.id },
    })
    expect(noLines.body.msg).toBe('请至少添加一个实验项目')
    await li.post('/api/teach/teachcourseplan/remove', { query: { ids: empty.body.data.id } })

    expect(
      (await li.post('/api/teach/teachcourseplan/handleApplyFor', { body: { id: ids.plan } })).status,
    ).toBe(200)
    expect((await li.get('/api/teach/teachcourseplan/detail', { id: ids.plan })).body.data.status).toBe(1)
    const locked = await li.post('/api/teach/teachcourseplan/submit', { body: { ...plan(), id: ids.plan } })
    expect(locked.body.msg).toBe('审核中的计划不能修改')
    expect((await li.post('/api/teach/teachcourseplan/remove', { query: { ids: ids.plan } })).body.msg).toBe(
      '只能删除草稿状态的课程计划',
    )

    const checks = await s.staff.get('/api/teach/teachcourseplan/checkDetail', { id: ids.plan })
    expect(checks.body.data.checks.map((c: { message: string }) => c.message)).toEqual([
      '项目『戴维南定理』计划周次超出起止周',
    ])
    const problems = await s.staff.get('/api/teach/teachcourseplan/checkList', { onlyProblems: 1 })
    expect(problems.body.data.total).toBe(1)
    const tasks = await s.staff.get('/api/teach/teachcourseplan/audit-list', { taskName: '课程计划审核' })
    expect(tasks.body.data.records[0]).toMatchObject({
      businessId: ids.plan,
      courseName: '电路实验',
      teacherName: '李老师',
    })
    const taskId = tasks.body.data.records[0].taskId
    await s.staff.post('/api/teach/teachcourseplan/complete-task', {
      body: { taskId, pass: false, comment: '第二个项目周次有误' },
    })
    expect((await li.get('/api/teach/teachcourseplan/detail', { id: ids.plan })).body.data.status).toBe(2)

    const notReturned = await li.post('/api/teach/teachcourseplan/handleUpdate', {
      body: { ...plan(), id: ids.plan, changeReason: 'x' },
    })
    expect(notReturned.body.msg).toBe('只有已通过的计划可以变更')
    const resubmitted = await li.post('/api/teach/teachcourseplan/submitReturn', {
      body: {
        ...plan({
          projects: [
            { projectId: ids.p1, hours: 16, planWeeks: '3-5' },
            { projectId: ids.p2, hours: 16, planWeeks: '6' },
          ],
        }),
        id: ids.plan,
      },
    })
    expect(resubmitted.body.msg).toBe('重新提交成功')
    const again = await s.staff.get('/api/teach/teachcourseplan/audit-list', { taskName: '课程计划审核' })
    await s.staff.post('/api/teach/teachcourseplan/complete-task', {
      body: { taskId: again.body.data.records[0].taskId, pass: true, comment: '同意' },
    })
    const approved = (await li.get('/api/teach/teachcourseplan/detail', { id: ids.plan })).body.data
    expect(approved).toMatchObject({ status: 3, approveTime: expect.any(String) })
    const records = await s.staff.get('/api/teach/teachcourseplan/auditRecord-list', {})
    expect(records.body.data.total).toBe(2)
    expect(
      (await li.post('/api/teach/teachcourseplan/submitReturn', { body: { ...plan(), id: ids.plan } })).body
        .msg,
    ).toBe('只有已退回的计划可以重新提交')

    const noReason = await li.post('/api/teach/teachcourseplan/handleUpdate', {
      body: { ...plan(), id: ids.plan },
    })
    expect(noReason.body.msg).toBe('请填写变更原因')
    const changed = await li.post('/api/teach/teachcourseplan/handleUpdate', {
      body: {
        ...plan({
          projects: [
            { projectId: ids.p1, hours: 16, planWeeks: '3-5' },
            { projectId: ids.p2, hours: 16, planWeeks: '7' },
          ],
        }),
        id: ids.plan,
        changeReason: '调整周次',
      },
    })
    expect(changed.status, changed.body.msg).toBe(200)
    expect((await li.get('/api/teach/teachcourseplan/detail', { id: ids.plan })).body.data).toMatchObject({
      status: 1,
      changeCount: 1,
      changeReason: '调整周次',
    })

    const exportPlan = await file(`/api/teach/teachcourseplan/exportPlan?ids=${ids.plan}`)
    expect(decodeURIComponent(exportPlan.disposition)).toContain(`实验教学计划书_电路实验_${s.termName}.xlsx`)
    const sheet = XLSX.utils.sheet_to_json<unknown[]>(
      exportPlan.book!.Sheets[exportPlan.book!.SheetNames[0]],
      { header: 1 },
    )
    expect(sheet[0]).toEqual(['实验教学计划书'])
    expect(sheet.some((r) => r.includes('戴维南定理'))).toBe(true)
    const exportSchedule = await file(`/api/teach/teachcourseplan/exportSchedule?ids=${ids.plan}`)
    expect(decodeURIComponent(exportSchedule.disposition)).toContain('实验教学进度表_电路实验')
    const tooMany = await file(
      `/api/teach/teachcourseplan/exportPlan?ids=${Array.from({ length: 101 }, (_, i) => 1000 + i).join(',')}`,
    )
    expect(JSON.parse(tooMany.body).msg).toBe('一次最多导出100个计划')
    const list = await file('/api/teach/teachcourseplan/export')
    expect(XLSX.utils.sheet_to_json(list.book!.Sheets['课程计划'])).toHaveLength(1)

    expect((await li.post('/api/teach/teachcourseplan/delete', { query: { id: ids.plan } })).status).toBe(403)
    expect(
      (await s.staff.post('/api/teach/teachcourseplan/delete', { query: { id: ids.plan } })).body.msg,
    ).toBe('撤销成功')
    const revoked = (await li.get('/api/teach/teachcourseplan/detail', { id: ids.plan })).body.data
    expect(revoked.status).toBe(4)
    expect(
      (await s.staff.get('/api/teach/teachcourseplan/audit-list', { taskName: '课程计划审核' })).body.data
        .total,
    ).toBe(0)
    expect(
      (await li.post('/api/teach/teachcourseplan/submit', { body: { ...plan(), id: ids.plan } })).body.msg,
    ).toBe('已撤销的计划不能修改')
    const unlink = await li.post('/api/teach/teachcourseassproject/batchRemove', {
      body: { teachCourseId: ids.course, projectIds: [ids.p2] },
    })
    expect(unlink.status, unlink.body.msg).toBe(200)
  })

  it('counts the term’s plans for 教学统计', async () => {
    await li.post('/api/teach/teachcourseassproject/batchSubmit', {
      body: { teachCourseId: ids.course, projectIds: [ids.p2] },
    })
    const saved = await li.post('/api/teach/teachcourseplan/submit', {
      body: plan({
        projects: [
          { projectId: ids.p1, hours: 16, planWeeks: '3-4' },
          { projectId: ids.p2, hours: 8, planWeeks: '5' },
        ],
      }),
    })
    expect(saved.status, saved.body.msg).toBe(200)
    const stats = await s.staff.get('/api/teach/teachcourseplan/dataStatistics', { academicYearId: s.termId })
    expect(stats.body.data.totals).toMatchObject({
      plans: 1,
      projects: 2,
      lines: 2,
      hours: 24,
      personHours: 72,
      students: 3,
    })
    expect(stats.body.data.byDept).toEqual([{ name: '电子信息学院', plans: 1, hours: 24, personHours: 72 }])
    expect(stats.body.data.byType).toEqual([{ name: '验证性', value: 2 }])
    expect(stats.body.data.byWeek).toEqual([
      { week: 3, lines: 1, hours: 8 },
      { week: 4, lines: 1, hours: 8 },
      { week: 5, lines: 1, hours: 8 },
    ])
  })
})

describe('计划导入', () => {
  it('refuses a file with unknown staff and class numbers whole, then makes draft plans', async () => {
    const row = (n: number, over: Record<string, unknown> = {}) => ({
      academicYearName: s.termName,
      courseNumber: 'EE2001',
      courseName: '电路实验',
      teacherNo: n % 2 ? 'T001' : 'T002',
      classNos: n % 3 ? 'JK2201' : 'JK2202、RG2201',
      weeksText: '3-16',
      ...over,
    })
    const rows = Array.from({ length: 200 }, (_, i) => row(i))
    const bad = [...rows]
    bad[4] = row(4, { teacherNo: 'T999' })
    bad[9] = row(9, { classNos: 'XX9999' })
    const refused = await s.staff.post('/api/teach/teachcourseplan/saveImportCoursePlan', {
      body: { academicYearId: s.termId, rows: bad },
    })
    expect(refused.body.msg).toBe('第6行：教师工号T999不存在；第11行：班级编号XX9999不存在。未导入任何数据')
    expect((await s.staff.get('/api/teach/teachCoursePlanImport/page', {})).body.data.total).toBe(0)
    // 李老师's draft above holds EE2001 for JK2201 and JK2202.
    const clash = await s.staff.post('/api/teach/teachcourseplan/saveImportCoursePlan', {
      body: { academicYearId: s.termId, rows: [...rows, row(1, { classNos: 'JK2202,JK2201' })] },
    })
    expect(clash.body.msg).toBe('第202行：该学期已有相同课程、教师和班级的课程计划。未导入任何数据')
    const ok = await s.staff.post('/api/teach/teachcourseplan/saveImportCoursePlan', {
      body: { academicYearId: s.termId, rows },
    })
    expect(ok.body.data).toMatchObject({ total: 200, plans: 4 })
    const imported = await s.staff.get('/api/teach/teachCoursePlanImport/page', { size: 1, ascs: 'rowNo' })
    expect(imported.body.data.total).toBe(200)
    const first = imported.body.data.records[0]
    expect(first).toMatchObject({ rowNo: 2, planStatus: 0, teacherNo: 'T002', classNos: 'JK2202,RG2201' })
    const draft = await s.staff.get('/api/teach/teachcourseplan/detail', { id: first.coursePlanId })
    expect(draft.body.data).toMatchObject({ status: 0, startWeek: 3, endWeek: 16, teacherName: '王老师' })
    expect(draft.body.data.projects).toHaveLength(2)

    const edited = await s.staff.post('/api/teach/teachCoursePlanImport/submit', {
      body: { id: first.id, weeksText: '4-15' },
    })
    expect(edited.status, edited.body.msg).toBe(200)
    expect(
      (await s.staff.get('/api/teach/teachcourseplan/detail', { id: first.coursePlanId })).body.data,
    ).toMatchObject({ startWeek: 4, endWeek: 15 })
    await s.staff.post('/api/teach/teachcourseplan/handleApplyFor', { body: { id: first.coursePlanId } })
    const locked = await s.staff.post('/api/teach/teachCoursePlanImport/remove', { query: { ids: first.id } })
    expect(locked.body.msg).toBe('课程计划已提交审核，不能删除导入记录')
  })
})
