/* eslint-disable @typescript-eslint/no-explicit-any */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../tests/support/server'
import { nextId } from '../core/ids'
import { baseTeacher } from '../db/schema'
import { setCompetitionClock } from './clock'
import { PARAMETER, YEAR, application, decide, okBody, refused, seedSchool, type School } from './testing'

/** Stories 1–3 of issue 12: parameters and venues, applications through approval, review and grading. */

let t: TestServer
let school: School
const A = '/api/competition/competitionprojectapply'
const P = '/api/competition/parameter'
const at = (s: string) => setCompetitionClock(() => new Date(s))

beforeAll(async () => {
  t = await startTestServer()
  school = await seedSchool(t)
})
afterAll(async () => {
  setCompetitionClock(null)
  await t?.close()
})

describe('竞赛参数 and venues (story 1)', () => {
  it('refuses a close before the open, saves the year, and refuses a venue twice', async () => {
    const staff = await school.login('staffRoot')
    refused(
      await staff.post(`${P}/submit`, {
        body: { ...PARAMETER, applyStart: '2025-10-15 18:00:00', applyEnd: '2025-09-01 08:00:00' },
      }),
      '申报截止时间必须晚于开始时间',
    )
    refused(
      await staff.post(`${P}/submit`, { body: { ...PARAMETER, gradeARatio: 60, gradeBRatio: 50 } }),
      'A类与B类比例之和不能超过100%',
    )
    refused(
      await staff.post(`${P}/submit`, { body: { ...PARAMETER, defaultMinMembers: 6, defaultMaxMembers: 5 } }),
      '团队人数上限不能小于下限',
    )
    const before = okBody(await staff.get(`${P}/current-data`, { academicYear: YEAR }))
    expect(before).toMatchObject({ id: '', maxProjectsPerStudent: 3, minReviewers: 3, gradeARatio: 20 })
    refused(
      await staff.post(`${P}/submit`, {
        body: { ...PARAMETER, addresses: [{ addressName: '实验楼A301' }, { addressName: '实验楼A301' }] },
      }),
      '比赛地点已存在',
    )
    expect(okBody(await staff.get(`${P}/current-data`, { academicYear: YEAR })).id).toBe('')
    const saved = okBody(
      await staff.post(`${P}/submit`, {
        body: {
          ...PARAMETER,
          addresses: [{ addressName: '实验楼A301', capacity: 60 }, { addressName: '图书馆报告厅' }],
        },
      }),
    )
    refused(
      await staff.post(`${P}/submit`, { body: { ...PARAMETER, addresses: [{ addressName: '实验楼A301' }] } }),
      '比赛地点已存在',
    )
    const row = okBody(await staff.get(`${P}/current-data`, { academicYear: YEAR }))
    expect(row).toMatchObject({
      id: saved.id,
      applyStart: '2025-09-01 08:00:00',
      applyEnd: '2025-10-15 18:00:00',
    })
    const venues = okBody(await staff.get(`${P}/address-page`, { current: 1, size: 10 }))
    expect(venues.records.map((v: any) => v.addressName).sort()).toEqual(['图书馆报告厅', '实验楼A301'])
    // 停用, never deleted; the same year is an update, not a second row
    const hall = venues.records.find((v: any) => v.addressName === '图书馆报告厅')
    okBody(
      await staff.post(`${P}/submit`, {
        body: { ...PARAMETER, remark: '改', addresses: [{ id: hall.id, status: 0 }] },
      }),
    )
    const enabled = okBody(await staff.get(`${P}/address-page`, { current: 1, size: 10, status: 1 }))
    expect(enabled.records.map((v: any) => v.addressName)).toEqual(['实验楼A301'])
    expect(okBody(await staff.get(`${P}/current-data`, { academicYear: YEAR })).id).toBe(saved.id)
  })
})

let applyId = ''
let instance = ''

describe('applications through approval (story 2)', () => {
  it('drafts, submits with a number, refuses a second one of the 赛事 and college and a late one', async () => {
    at('2025-10-10T09:00:00')
    const teacher = await school.login('teacher1')
    refused(
      await teacher.post(`${A}/submit`, {
        body: application(school, { leaderTeacherId: school.teacherIds.teacher2 }),
      }),
      '只能以本人为负责教师申报',
    )
    refused(
      await teacher.post(`${A}/submit`, { body: application(school, { planStart: '2025-11-01' }) }),
      '比赛开始日期不能早于报名截止日期',
    )
    const draft = okBody(await teacher.post(`${A}/submit`, { body: application(school) }))
    expect(draft).toMatchObject({ status: 0, applyNo: null })
    applyId = draft.id
    const sent = okBody(
      await teacher.post(`${A}/submit`, { body: { ...application(school), id: applyId, applyFlag: 1 } }),
    )
    expect(sent).toMatchObject({ status: 1, applyNo: 'JS2025001' })
    refused(
      await teacher.post(`${A}/submit`, { body: { ...application(school), id: applyId } }),
      '审核中的申报不能修改',
    )
    refused(
      await teacher.post(`${A}/submit`, { body: application(school) }),
      '本学年该院系已申报「全国大学生电子设计竞赛」',
    )
    at('2025-10-16T09:00:00')
    refused(
      await teacher.post(`${A}/submit`, {
        body: application(school, {
          competitionName: '全国大学生数学建模竞赛',
          projectName: '数模校赛',
          applyFlag: 1,
        }),
      }),
      '不在申报时间内（2025-09-01 08:00 至 2025-10-15 18:00）',
    )
    const detail = okBody(await teacher.get(`${A}/detail`, { id: applyId }))
    expect(detail).toMatchObject({
      leaderName: '王老师',
      teacherNames: '李老师',
      deptName: '电子信息学院',
      status: 1,
    })
    instance = detail.processInstanceId
    // another teacher does not see it
    const other = await school.login('teacher2')
    expect(okBody(await other.get(`${A}/page`, { current: 1, size: 10 })).total).toBe(0)
    refused(await other.get(`${A}/detail`, { id: applyId }), '数据不存在或无权访问')
  })

  it('the college office approves, the school rejects, the teacher edits and re-submits, both approve', async () => {
    const staffB = await school.login('staffB')
    const claim = okBody(await staffB.get('/api/blade-flow/work/claim-list', { current: 1, size: 10 }))
    expect(claim.records.filter((r: any) => r.processInstanceId === instance)).toHaveLength(0)
    await decide(await school.login('staffA'), instance, true)
    const admin = await school.login('admin')
    await decide(admin, instance, false, '经费预算需细化')
    const teacher = await school.login('teacher1')
    expect(okBody(await teacher.get(`${A}/detail`, { id: applyId })).status).toBe(2)
    at('2025-10-12T09:00:00')
    const again = okBody(
      await teacher.post(`${A}/submit`, {
        body: { ...application(school, { budget: 20000 }), id: applyId, applyFlag: 1 },
      }),
    )
    expect(again).toMatchObject({ status: 1, applyNo: 'JS2025001' })
    await decide(await school.login('staffA'), instance, true)
    await decide(admin, instance, true)
    expect(okBody(await teacher.get(`${A}/detail`, { id: applyId })).status).toBe(3)
    const history = okBody(
      await teacher.get('/api/blade-flow/process/history-flow-list', { processInstanceId: instance }),
    )
    expect(history.map((h: any) => h.historyActivityName)).toContain('学校审核')
    refused(
      await teacher.post(`${A}/submit`, { body: { ...application(school), id: applyId } }),
      '已进入评审的申报不能修改',
    )
    refused(await teacher.post(`${A}/remove`, { query: { ids: applyId } }), '只能删除草稿状态的申报')
  })
})

describe('review and grading (story 3)', () => {
  let second = ''
  it('scores, refuses the leader as reviewer, ranks and suggests, grades with the funds rule', async () => {
    // a second application of teacher2 with two scores only
    at('2025-10-12T10:00:00')
    const teacher2 = await school.login('teacher2')
    const b = okBody(
      await teacher2.post(`${A}/submit`, {
        body: application(school, {
          projectName: '机器人校赛',
          competitionName: '中国机器人大赛',
          leaderTeacherId: school.teacherIds.teacher2,
          teacherIds: '',
          applyFlag: 1,
        }),
      }),
    )
    second = b.id
    expect(b.applyNo).toBe('JS2025002')
    const inst = okBody(await teacher2.get(`${A}/detail`, { id: second })).processInstanceId
    await decide(await school.login('staffRoot'), inst, true)
    await decide(await school.login('admin'), inst, true)

    const reviewers = ['admin', 'staffA', 'staffRoot']
    const scores = [88, 92, 75]
    for (const [i, who] of reviewers.entries()) {
      const api = await school.login(who)
      okBody(
        await api.post(`${A}/updateBatch`, {
          body: { action: 'score', items: [{ id: applyId, score: scores[i], comment: '好' }] },
        }),
      )
    }
    for (const who of ['admin', 'staffA'])
      okBody(
        await (
          await school.login(who)
        ).post(`${A}/updateBatch`, {
          body: { action: 'score', items: [{ id: second, score: 80 }] },
        }),
      )
    const staff = await school.login('staffA')
    refused(
      await staff.post(`${A}/updateBatch`, {
        body: { action: 'score', items: [{ id: applyId, score: 101 }] },
      }),
      '评分须在0到100之间',
    )
    // the leader of a project holding 申报评审 is refused (teachers do not hold it at all)
    const forbidden = await (await school.login('teacher1')).get(`${A}/score-list`, { academicYear: YEAR })
    expect(forbidden.status).toBe(403)
    const list = okBody(await staff.get(`${A}/score-list`, { academicYear: YEAR, current: 1, size: 10 }))
    const mine = list.records.find((r: any) => r.id === applyId)
    expect(mine).toMatchObject({ myScore: 92, scoreCount: 3, avgScore: 85 })
    const grades = okBody(await staff.get(`${A}/grade-list`, { academicYear: YEAR }))
    expect(grades[0]).toMatchObject({ id: applyId, rank: 1, suggestedGrade: 1, maxScore: 92, minScore: 75 })
    expect(grades[1]).toMatchObject({ id: second, rank: null, scoreCount: 2 })
    refused(
      await staff.post(`${A}/updateBatch`, {
        body: { action: 'grade', items: [{ id: applyId, grade: 1, approvedFunds: 25000 }] },
      }),
      '核定经费不能超过申请经费',
    )
    refused(
      await staff.post(`${A}/updateBatch`, {
        body: {
          action: 'grade',
          items: [
            { id: applyId, grade: 1, approvedFunds: 15000 },
            { id: second, grade: 2 },
          ],
        },
      }),
      '项目「机器人校赛」评审人数不足（2/3）',
    )
    // all or nothing: the first item was not graded
    expect(okBody(await staff.get(`${A}/detail`, { id: applyId })).status).toBe(3)
    okBody(
      await staff.post(`${A}/updateBatch`, {
        body: { action: 'grade', items: [{ id: applyId, grade: 1, approvedFunds: 15000 }] },
      }),
    )
    expect(okBody(await staff.get(`${A}/detail`, { id: applyId }))).toMatchObject({
      status: 4,
      grade: 1,
      approvedFunds: 15000,
    })
  })

  it('refuses a reviewer who leads the application', async () => {
    // staffA also teaches: the office files an application led by them, which they may not score
    const teacherRow = nextId()
    await t.database.db.insert(baseTeacher).values({
      id: teacherRow,
      tenantId: '000000',
      teacherNo: 'T009',
      teacherName: '钱老师',
      deptSerial: 'A01',
      userId: school.people.staffA.userId,
    } as never)
    at('2025-10-13T09:00:00')
    const admin = await school.login('admin')
    const filed = okBody(
      await admin.post(`${A}/submit`, {
        body: application(school, {
          projectName: '智能车校赛',
          competitionName: '全国大学生智能汽车竞赛',
          leaderTeacherId: teacherRow,
          applyFlag: 1,
        }),
      }),
    )
    const inst = okBody(await admin.get(`${A}/detail`, { id: filed.id })).processInstanceId
    await decide(await school.login('staffRoot'), inst, true)
    await decide(admin, inst, true)
    refused(
      await (
        await school.login('staffA')
      ).post(`${A}/updateBatch`, {
        body: { action: 'score', items: [{ id: filed.id, score: 90 }] },
      }),
      '不能评审本人负责的申报',
    )
    refused(
      await admin.post(`${A}/updateBatch`, {
        body: {
          action: 'score',
          items: [
            { id: filed.id, score: 10 },
            { id: applyId, score: 90 },
          ],
        },
      }),
      '项目「电子设计竞赛校内选拔赛」不在评审阶段',
    )
  })
})

describe('exports', () => {
  it('writes the application list with the A.9 headers', async () => {
    const staff = await school.login('staffRoot')
    void staff
    const sheet = await school.sheet('staffRoot', `${A}/page-export`, { academicYear: YEAR })
    expect(sheet.name).toBe('竞赛项目申报.xlsx')
    expect(sheet.rows[0]).toEqual([
      '申报编号',
      '学年',
      '竞赛项目名称',
      '赛事名称',
      '竞赛级别',
      '竞赛类别',
      '主办单位',
      '承办院系',
      '负责教师',
      '指导教师',
      '参赛形式',
      '报名开始时间',
      '报名截止时间',
      '比赛时间',
      '预计参赛人数',
      '申请经费（元）',
      '评审均分',
      '排名',
      '评定等级',
      '核定经费（元）',
      '状态',
    ])
    const first = sheet.rows.find((r) => r[0] === 'JS2025001')!
    expect(first.slice(0, 11)).toEqual([
      'JS2025001',
      YEAR,
      '电子设计竞赛校内选拔赛',
      '全国大学生电子设计竞赛',
      '国家级',
      'A类',
      '教育部高等教育司',
      '电子信息学院',
      '王老师',
      '李老师',
      '团体赛',
    ])
    expect(first[20]).toBe('已立项')
  })
})
