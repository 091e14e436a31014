import * as XLSX from 'xlsx'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useFixedClock } from '../../../tests/support/fixed-clock'
import { basicAuth, startTestServer, type Api, type TestServer } from '../../../tests/support/server'
import { addAccount, addCollege, addStudents, addTeacher, PASSWORD, sheetQuestions } from './testing'

/** Exam plans through approval and publishing, scope and candidates, copies (B.4, behaviour 3). */

let t: TestServer
let staff: Api
let token = ''
const S = '/api/safetyexam'
const setNow = useFixedClock().set
let paperId = ''
let planId = ''

const body = () => ({
  planName: '2025级新生实验室安全准入考试',
  paperId,
  startTime: '2025-11-20 09:00:00',
  endTime: '2025-11-22 18:00:00',
  duration: 60,
  requiredStudyMinutes: 60,
})

async function tasks() {
  return (await staff.get('/api/blade-flow/work/claim-list', { current: 1, size: 50 })).body.data.records as {
    taskId: string
  }[]
}

async function decide(pass: boolean) {
  const [task] = await tasks()
  expect(task, 'a task waits in 待办事务').toBeTruthy()
  await staff.post('/api/blade-flow/work/claim-task', { query: { taskId: task.taskId } })
  const res = await staff.post('/api/blade-flow/work/complete-task', {
    body: { taskId: task.taskId, pass, comment: pass ? '同意' : '请补充考试说明', flag: 'ok' },
  })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
}

const statusOf = async (id: string) =>
  (await staff.get(`${S}/safetyexamplan/detail`, { id })).body.data.status

beforeAll(async () => {
  t = await startTestServer()
  const db = t.database.db
  await addCollege(db, '08', '材料科学与工程学院')
  await addCollege(db, '09', '化学学院')
  await addAccount(db, 'planstaff', 'staff')
  token = await t.login('planstaff', PASSWORD)
  staff = t.api(token)
  const students = Array.from({ length: 1215 }, (_, i) => ({
    studentNo: `2025${String(i + 1).padStart(6, '0')}`,
    name: `学生${i + 1}`,
    deptSerial: '08',
    grade: '2025',
    account: i >= 15,
  }))
  await addStudents(db, [
    ...students,
    { studentNo: '2024000001', name: '老生', deptSerial: '08', grade: '2024' },
    { studentNo: '2025900001', name: '化学生', deptSerial: '09', grade: '2025' },
  ])
  await addTeacher(db, 'T0801', '钱老师', '08')
  await staff.post(`${S}/safetyexamquesbankcategory/submit`, { body: { categoryName: '通用安全' } })
  await staff.post(`${S}/safetyexamquestionbank/saveImportQuestions`, {
    body: { questions: sheetQuestions('通用安全', 1, 5, 'P') },
  })
  const qs = (await staff.get(`${S}/safetyexamquestionbank/page`)).body.data.records
  const paper = await staff.post(`${S}/safetyexampaper/submit`, {
    body: {
      paperName: '两题卷',
      paperMode: 1,
      singleCount: 5,
      singleScore: 20,
      multipleCount: 0,
      judgeCount: 0,
      questionIds: qs.map((q: { id: string }) => q.id),
    },
  })
  expect(paper.status, JSON.stringify(paper.body)).toBe(200)
  paperId = (await staff.get(`${S}/safetyexampaper/page`)).body.data.records[0].id
})
afterAll(() => t?.close())

describe('an exam plan', () => {
  it('checks its fields with their messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...body(), paperId: undefined }, '请选择试卷'],
      [{ ...body(), endTime: '2025-11-20 08:00:00' }, '考试结束时间必须晚于开始时间'],
      [{ ...body(), endTime: '2025-11-20 09:30:00' }, '考试时长不能超过考试时间段'],
      [{ ...body(), passScore: 120 }, '及格分不能大于试卷总分（100）'],
      [{ ...body(), duration: 3 }, '考试时长（分钟）不能小于5'],
    ]
    for (const [b, msg] of cases)
      expect((await staff.post(`${S}/safetyexamplan/submit`, { body: b })).body.msg).toBe(msg)
    const saved = await staff.post(`${S}/safetyexamplan/submit`, { body: body() })
    planId = saved.body.data.id
    const detail = (await staff.get(`${S}/safetyexamplan/detail`, { id: planId })).body.data
    expect(detail).toMatchObject({ status: 0, passScore: 80, paperName: '两题卷', phase: '草稿' })
  })

  it('goes through approval: scope first, rejected, re-applied, approved', async () => {
    const noScope = await staff.post(`${S}/safetyexamplan/handleApplyFor`, { body: { id: planId } })
    expect(noScope.body.msg).toBe('请设置考试范围')
    const scope = await staff.post(`${S}/safetyexamplanscope/submit`, {
      body: { planId, userType: 1, deptSerial: '08', grade: '2025' },
    })
    expect(scope.status, JSON.stringify(scope.body)).toBe(200)
    const dup = await staff.post(`${S}/safetyexamplanscope/submit`, {
      body: { planId, userType: 1, deptSerial: '08', grade: '2025' },
    })
    expect(dup.body.msg).toBe('该考试范围已存在')
    const scopes = (await staff.get(`${S}/safetyexamplanscope/list`, { planId })).body.data
    expect(scopes[0].matchCount).toBe(1215)
    const notReturned = await staff.post(`${S}/safetyexamplan/handleReApplyFor`, { body: { id: planId } })
    expect(notReturned.body.msg).toBe('只有已退回的考试计划可以重新申请')
    expect((await staff.post(`${S}/safetyexamplan/handleApplyFor`, { body: { id: planId } })).status).toBe(
      200,
    )
    expect(await statusOf(planId)).toBe(1)
    expect(
      (await staff.post(`${S}/safetyexamplan/submit`, { body: { id: planId, remark: 'x' } })).body.msg,
    ).toBe('审核中的考试计划不能修改')
    expect(
      (
        await staff.post(`${S}/safetyexamplanscope/submit`, {
          body: { planId, userType: 2, deptSerial: '08' },
        })
      ).body.msg,
    ).toBe('考试计划已提交审核，不能修改考试范围')
    await decide(false)
    expect(await statusOf(planId)).toBe(2)
    const again = await staff.post(`${S}/safetyexamplan/handleReApplyFor`, {
      body: { id: planId, remark: '已补充说明' },
    })
    expect(again.status, JSON.stringify(again.body)).toBe(200)
    expect(await statusOf(planId)).toBe(1)
    await decide(true)
    expect(await statusOf(planId)).toBe(3)
    const history = await staff.get('/api/blade-flow/process/history-flow-list', {
      processInstanceId: (await staff.get(`${S}/safetyexamplan/detail`, { id: planId })).body.data
        .processInstanceId,
    })
    expect(history.status).toBe(200)
  })

  it('publishes with its candidates, counting those without an account', async () => {
    setNow('2025-11-19 10:00:00')
    const res = await staff.post(`${S}/safetyexamplan/publish`, { query: { ids: planId } })
    expect(res.body.msg).toBe('发布成功，考生1200人（15人未开通账号，未加入）')
    expect(res.body.data).toEqual({ published: 1, candidates: 1200, skippedNoAccount: 15 })
    const again = await staff.post(`${S}/safetyexamplan/publish`, { query: { ids: planId } })
    expect(again.body.msg).toBe('以下考试计划不能发布：「2025级新生实验室安全准入考试」（未审核通过）')
    expect(
      (await staff.post(`${S}/safetyexamplan/submit`, { body: { id: planId, duration: 90 } })).body.msg,
    ).toBe('已发布的考试计划只能延长结束时间')
    expect(
      (
        await staff.post(`${S}/safetyexamplan/submit`, {
          body: { id: planId, endTime: '2025-11-23 18:00:00' },
        })
      ).status,
    ).toBe(200)
    expect((await staff.post(`${S}/safetyexamplan/remove`, { query: { ids: planId } })).body.msg).toBe(
      '只能删除草稿或已退回的考试计划',
    )
    // A published plan takes new scope rows (their candidates at once), never loses one.
    const teachers = await staff.post(`${S}/safetyexamplanscope/submit`, {
      body: { planId, userType: 2, deptSerial: '08' },
    })
    expect(teachers.status, JSON.stringify(teachers.body)).toBe(200)
    expect((await staff.get(`${S}/safetyexamplan/detail`, { id: planId })).body.data.candidateCount).toBe(
      1201,
    )
    const scopeId = (await staff.get(`${S}/safetyexamplanscope/list`, { planId })).body.data[0].id
    expect((await staff.post(`${S}/safetyexamplanscope/remove`, { query: { ids: scopeId } })).body.msg).toBe(
      '已发布的考试计划不能删除考试范围，请在考生管理中删除考生',
    )
  })

  it('lists, removes and exports candidates by college', async () => {
    const page = (
      await staff.get('/api/safetyExam/safetyexamplanperson/deptPages', {
        planId,
        deptSerial: '08',
        userType: 1,
        current: 1,
        size: 10,
      })
    ).body.data
    expect(page.total).toBe(1200)
    expect(page.records[0]).toMatchObject({
      userCode: '2025000016',
      deptName: '材料科学与工程学院',
      examStatus: 0,
    })
    const found = (
      await staff.get('/api/safetyExam/safetyexamplanperson/deptPages', { planId, keyword: '钱老师' })
    ).body.data
    expect(found.records).toHaveLength(1)
    const removed = await staff.post('/api/safetyExam/safetyexamplanperson/remove', {
      body: { planId, ids: [found.records[0].id] },
    })
    expect(removed.status).toBe(200)
    expect((await staff.get(`${S}/safetyexamplan/detail`, { id: planId })).body.data.candidateCount).toBe(
      1200,
    )
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/safetyExam/safetyexamplanperson/exportPerson?planId=${planId}`,
      headers: { authorization: basicAuth(), 'blade-auth': `bearer ${token}` },
    })
    const sheet = XLSX.read(file.rawPayload, { type: 'buffer' })
    const rows = XLSX.utils.sheet_to_json<Record<string, string>>(sheet.Sheets[sheet.SheetNames[0]])
    expect(rows).toHaveLength(1200)
    expect(rows[0]).toMatchObject({
      '学号/工号': '2025000016',
      姓名: '学生16',
      人员类型: '学生',
      考试状态: '未参加',
    })
  })

  it('copies a plan as a draft with its scope, and a notice with its attachments', async () => {
    const copy = await staff.post(`${S}/safetyexamplan/copy`, { query: { id: planId } })
    const copied = (await staff.get(`${S}/safetyexamplan/detail`, { id: copy.body.data.id })).body.data
    expect(copied).toMatchObject({
      planName: '2025级新生实验室安全准入考试（副本）',
      status: 0,
      candidateCount: 0,
    })
    expect((await staff.get(`${S}/safetyexamplanscope/list`, { planId: copied.id })).body.data).toHaveLength(
      2,
    )
    const notice = await staff.post(`${S}/safetyexamnotice/submit`, {
      body: {
        title: '关于开展2025级新生实验室安全准入考试的通知',
        planId,
        status: 1,
        content: '<p>请按时参加</p>',
        attachIds: '123',
      },
    })
    expect(notice.status, JSON.stringify(notice.body)).toBe(200)
    const [row] = (await staff.get(`${S}/safetyexamnotice/page`)).body.data.records
    expect(row.publishTime).toBeTruthy()
    const noticeCopy = await staff.post(`${S}/safetyexamnotice/copy`, { query: { id: row.id } })
    const c = (await staff.get(`${S}/safetyexamnotice/detail`, { id: noticeCopy.body.data.id })).body.data
    expect(c).toMatchObject({
      title: '关于开展2025级新生实验室安全准入考试的通知（副本）',
      status: 0,
      publishTime: null,
      attachIds: '123',
      planId,
    })
  })

  it('shows a candidate only published plans they are listed in, with their state', async () => {
    const student = t.api(await t.login('2025000016', PASSWORD))
    setNow('2025-11-19 10:00:00')
    const mine = (await student.get(`${S}/safetyexamplan/page`, { current: 1, size: 10 })).body.data
    expect(mine.records.map((p: { planName: string }) => p.planName)).toEqual([
      '2025级新生实验室安全准入考试',
    ])
    expect(mine.records[0]).toMatchObject({ myStatus: 0, canStart: false, reason: '考试尚未开始' })
    const other = t.api(await t.login('2025900001', PASSWORD))
    expect((await other.get(`${S}/safetyexamplan/page`)).body.data.records).toEqual([])
    expect((await other.get(`${S}/safetyexamplan/detail`, { id: planId })).status).toBe(403)
    // Candidates have no route into the bank, papers or others' sheets.
    for (const path of [
      'safetyexamquestionbank/page',
      'safetyexampaper/page',
      'safetyexamscore/unEnterForPage',
      'safetyexampaper/detail',
    ])
      expect((await student.get(`${S}/${path}`, { id: paperId, planId })).status, path).toBe(403)
  })
})
