/* eslint-disable @typescript-eslint/no-explicit-any */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../tests/support/server'
import { setCompetitionClock } from './clock'
import { PARAMETER, YEAR, approvedProject, okBody, refused, seedSchool, type School } from './testing'

/** Stories 5–8 of issue 12: preliminary, final, results, awards statistics and 校赛数据. */

let t: TestServer
let school: School
let project = ''
let other = ''
const entries: Record<string, string> = {}
const E = '/api/competition/competitionprojectappointment'
const PR = '/api/competition/competitionprojectpreliminary'
const RS = '/api/competition/competitionprojectpreliminaryresult'
const F = '/api/competition/competitionprojectfinal'
const FR = '/api/competition/competitionprojectfinalresult'
const P = '/api/competition/parameter'
const at = (s: string) => setCompetitionClock(() => new Date(s))

const TEAMS: [string, string, string[]][] = [
  ['创新队', '2022010101', ['2022010102']],
  ['追梦队', '2022010103', ['2022010104']],
  ['飞翔队', '2022010105', ['2022010106']],
  ['远航队', '2022020101', ['2022020102']],
]

beforeAll(async () => {
  t = await startTestServer()
  school = await seedSchool(t)
  const staff = await school.login('staffRoot')
  okBody(
    await staff.post(`${P}/submit`, { body: { ...PARAMETER, addresses: [{ addressName: '实验楼A301' }] } }),
  )
  project = await approvedProject(t, school, { maxEntries: 0 })
  other = await approvedProject(t, school, {
    projectName: '机械创新校赛',
    competitionName: '机械创新设计大赛',
    maxEntries: 0,
  })
  at('2025-10-21T09:00:00')
  for (const [name, leader, members] of TEAMS)
    entries[name] = okBody(
      await staff.post(`${E}/saveGroup`, {
        body: { projectId: project, teamName: name, leaderStudentNo: leader, memberNos: members },
      }),
    ).id
  entries.other = okBody(
    await staff.post(`${E}/saveGroup`, {
      body: {
        projectId: other,
        teamName: '机械队',
        leaderStudentNo: '2022010101',
        memberNos: ['2022010103'],
      },
    }),
  ).id
})
afterAll(async () => {
  setCompetitionClock(null)
  await t?.close()
})

async function decideRound(base: string, who: string, id: string, pass: boolean) {
  const api = await school.login(who)
  const list = okBody(await api.get(`${base}/audit-list`, { current: 1, size: 20 }))
  const task = list.records.find((r: any) => r.businessId === id)
  expect(task, `no task for ${id}`).toBeTruthy()
  okBody(
    await api.post(`${base}/complete-task`, {
      body: {
        taskId: task.taskId,
        processInstanceId: task.processInstanceId,
        pass,
        comment: pass ? '同意' : '成绩需复核',
        flag: pass ? 'ok' : 'no',
      },
    }),
  )
}

let round = ''
let otherRound = ''

describe('preliminary (story 5)', () => {
  it('refuses before sign-up closes, registers with results and the advance rule', async () => {
    const teacher = await school.login('teacher1')
    const venues = okBody(await teacher.get(`${PR}/getApplyDetail`, { projectId: project }))
    expect(venues.preliminary).toBeNull()
    const venue = venues.addresses[0]
    const body = (results: unknown[]) => ({
      projectId: project,
      preliminaryTime: '2025-11-08 09:00:00',
      addressId: venue.id,
      form: 1,
      judges: '张教授、李教授',
      advanceRule: 1,
      advanceCount: 2,
      results,
    })
    refused(await teacher.post(`${PR}/saveAndUpdate`, { body: body([]) }), '报名尚未截止，不能登记初赛')
    at('2025-11-06T09:00:00')
    const grid = okBody(await teacher.get(`${PR}/getProjectPreliminaryStudent`, { projectId: project }))
    expect(grid.map((g: any) => g.teamName)).toEqual(['创新队', '追梦队', '飞翔队', '远航队'])
    refused(
      await teacher.post(`${PR}/saveAndUpdate`, {
        body: body([{ appointmentId: entries['创新队'], score: null, advance: 1 }]),
      }),
      '未登记成绩的报名不能晋级',
    )
    refused(
      await teacher.post(`${PR}/saveAndUpdate`, {
        body: body([{ appointmentId: entries.other, score: 90, advance: 0 }]),
      }),
      '报名记录不存在或不属于该项目',
    )
    round = okBody(
      await teacher.post(`${PR}/saveAndUpdate`, {
        body: body([
          { appointmentId: entries['创新队'], score: 95, advance: 1 },
          { appointmentId: entries['追梦队'], score: 88, advance: 1 },
          { appointmentId: entries['飞翔队'], score: 88, advance: 0 },
          { appointmentId: entries['远航队'], score: null, advance: 0, remark: '缺赛' },
        ]),
      }),
    ).id
    const saved = okBody(await teacher.get(`${PR}/getProjectPreliminaryStudent`, { projectId: project }))
    expect(saved.map((g: any) => [g.teamName, g.score, g.rank, g.advance])).toEqual([
      ['创新队', 95, 1, 1],
      ['追梦队', 88, 2, 1],
      ['飞翔队', 88, 2, 0],
      ['远航队', null, null, 0],
    ])
    const page = okBody(await teacher.get(`${PR}/page`, { current: 1, size: 10 }))
    expect(page.records.map((r: any) => [r.projectName, r.status])).toEqual([
      ['电子设计竞赛校内选拔赛', 0],
      ['机械创新校赛', null],
    ])
    expect(
      okBody(await (await school.login('teacher2')).get(`${PR}/page`, { current: 1, size: 10 })).total,
    ).toBe(0)
  })

  it('batch submit is all or nothing; reject, fix, re-submit, approve', async () => {
    const teacher = await school.login('teacher1')
    otherRound = okBody(
      await teacher.post(`${PR}/saveAndUpdate`, {
        body: {
          projectId: other,
          preliminaryTime: '2025-11-09 09:00:00',
          addressName: '实验楼A301',
          results: [{ appointmentId: entries.other, score: null, advance: 0 }],
        },
      }),
    ).id
    refused(
      await teacher.post(`${PR}/batchSubmit`, { body: { ids: [round, otherRound] } }),
      '『机械创新校赛』初赛尚未登记成绩',
    )
    const rows = okBody(await teacher.get(`${PR}/page`, { current: 1, size: 10 })).records
    expect(rows.map((r: any) => r.status)).toEqual([0, 0])
    okBody(
      await teacher.post(`${PR}/saveAndUpdate`, {
        body: {
          id: otherRound,
          projectId: other,
          preliminaryTime: '2025-11-09 09:00:00',
          results: [{ appointmentId: entries.other, score: 70, advance: 1 }],
        },
      }),
    )
    okBody(await teacher.post(`${PR}/batchSubmit`, { body: { ids: [round, otherRound] } }))
    expect(
      okBody(await teacher.get(`${PR}/page`, { current: 1, size: 10 })).records.map((r: any) => r.status),
    ).toEqual([1, 1])
    refused(
      await teacher.post(`${PR}/saveAndUpdate`, {
        body: { id: round, projectId: project, preliminaryTime: '2025-11-08 09:00:00' },
      }),
      '初赛审核中，不能修改',
    )
    await decideRound(PR, 'staffA', otherRound, false)
    expect(okBody(await teacher.get(`${PR}/detail`, { id: otherRound })).status).toBe(2)
    okBody(
      await teacher.post(`${PR}/saveAndUpdate`, {
        body: {
          id: otherRound,
          projectId: other,
          preliminaryTime: '2025-11-09 10:00:00',
          results: [{ appointmentId: entries.other, score: 72, advance: 1 }],
        },
      }),
    )
    okBody(await teacher.post(`${PR}/batchSubmit`, { body: { ids: [otherRound] } }))
    await decideRound(PR, 'staffA', otherRound, true)
    await decideRound(PR, 'staffRoot', round, true)
    const done = okBody(
      await (await school.login('staffA')).get(`${PR}/auditRecord-list`, { current: 1, size: 10 }),
    )
    expect(done.total).toBeGreaterThanOrEqual(2)
  })

  it('lists results of approved rounds, exports a row per student, freezes scored entries', async () => {
    const staff = await school.login('staffRoot')
    const results = okBody(await staff.get(`${RS}/page`, { current: 1, size: 20, projectId: project }))
    expect(results.records.map((r: any) => [r.teamName, r.rank])).toEqual([
      ['创新队', 1],
      ['追梦队', 2],
      ['飞翔队', 2],
      ['远航队', null],
    ])
    const sheet = await school.sheet('teacher1', `${PR}/exportProjectPreliminaryStudent`, {
      projectId: project,
    })
    expect(sheet.rows[0]).toEqual([
      '竞赛项目名称',
      '报名类型',
      '团队名称',
      '学号',
      '姓名',
      '院系',
      '班级',
      '初赛成绩',
      '名次',
      '是否晋级',
    ])
    expect(sheet.rows).toHaveLength(1 + 8)
    expect(sheet.rows[1]).toEqual([
      '电子设计竞赛校内选拔赛',
      '团队',
      '创新队',
      '2022010101',
      '张三',
      '电子信息学院',
      '电信2201',
      95,
      1,
      '是',
    ])
    refused(
      await staff.post(`${E}/updateGroup`, {
        body: {
          id: entries['创新队'],
          projectId: project,
          teamName: '创新队',
          leaderStudentNo: '2022010101',
          memberNos: ['2022010102'],
        },
      }),
      '初赛成绩已登记，不能修改报名',
    )
    // the office corrects an approved round's row; ranks follow
    const fly = results.records.find((r: any) => r.teamName === '飞翔队')
    okBody(await staff.post(`${RS}/submit`, { body: { id: fly.id, score: 96, advance: 1 } }))
    const after = okBody(await staff.get(`${RS}/page`, { current: 1, size: 20, projectId: project }))
    expect(after.records.map((r: any) => [r.teamName, r.rank])).toEqual([
      ['飞翔队', 1],
      ['创新队', 2],
      ['追梦队', 3],
      ['远航队', null],
    ])
    const teacher = await school.login('teacher1')
    expect((await teacher.post(`${RS}/submit`, { body: { id: fly.id, score: 90 } })).status).toBe(403)
  })
})

let final = ''

describe('final and results (story 6)', () => {
  it('takes only advanced entries, goes through approval, and only the office enters results', async () => {
    const teacher = await school.login('teacher1')
    const view = okBody(await teacher.get(`${F}/getApplyDetail`, { projectId: project }))
    expect(view).toMatchObject({ reason: '', levels: [] })
    const picker = okBody(
      await teacher.get(`${F}/getProjectFinalStudent`, { projectId: project, current: 1, size: 10 }),
    )
    expect(picker.records.map((r: any) => r.teamName)).toEqual(['创新队', '追梦队', '飞翔队'])
    const body = {
      projectId: project,
      finalLevel: 5,
      finalTime: '2025-11-20 14:00:00',
      addressName: '图书馆报告厅',
      appointmentIds: [entries['创新队'], entries['追梦队'], entries['飞翔队'], entries['远航队']],
    }
    refused(await teacher.post(`${F}/save`, { body }), '报名「远航队」未晋级决赛')
    final = okBody(
      await teacher.post(`${F}/save`, { body: { ...body, appointmentIds: body.appointmentIds.slice(0, 3) } }),
    ).id
    const saved = okBody(await teacher.get(`${F}/detail`, { id: final }))
    expect(saved).toMatchObject({
      finalName: '电子设计竞赛校内选拔赛校级决赛',
      entryCount: 3,
      status: 0,
      resultStatus: 0,
    })
    refused(
      await teacher.post(`${F}/save`, { body: { ...body, appointmentIds: [] } }),
      '该项目已有校级决赛记录',
    )
    okBody(
      await teacher.post(`${F}/submit`, {
        body: { ...body, id: final, appointmentIds: body.appointmentIds.slice(0, 3) },
      }),
    )
    await decideRound(F, 'staffA', final, true)
    expect(okBody(await teacher.get(`${F}/detail`, { id: final })).status).toBe(3)
    const forbidden = await teacher.post(`${FR}/save`, {
      body: { finalId: final, rows: [{ appointmentId: entries['创新队'], award: 2 }] },
    })
    expect(forbidden.status).toBe(403)
  })

  it('refuses submitting with an empty award, submits, then refuses edits', async () => {
    const staff = await school.login('staffRoot')
    const teams = okBody(await staff.get(`${FR}/groupList`, { finalId: final }))
    expect(teams.map((r: any) => r.teamName)).toEqual(['创新队', '追梦队', '飞翔队'])
    okBody(
      await staff.post(`${FR}/save`, {
        body: {
          finalId: final,
          rows: [
            { appointmentId: entries['创新队'], award: 2, rank: 1, certificateNo: 'ZS2025-001' },
            { appointmentId: entries['追梦队'], award: 3, rank: 2 },
          ],
        },
      }),
    )
    // reorder by rank: 飞翔队 (no rank) is the third row
    refused(await staff.post(`${FR}/submit`, { body: { finalId: final } }), '第3行「飞翔队」：请选择获奖等级')
    const fly = teams.find((r: any) => r.teamName === '飞翔队')
    okBody(await staff.post(`${FR}/update`, { body: { id: fly.id, award: 9 } }))
    okBody(await staff.post(`${FR}/submit`, { body: { finalId: final } }))
    const detail = okBody(await staff.get(`${FR}/detail`, { finalId: final }))
    expect(detail.resultStatus).toBe(2)
    expect(detail.awardCounts).toEqual([
      { award: 2, count: 1 },
      { award: 3, count: 1 },
      { award: 9, count: 1 },
    ])
    refused(await staff.post(`${FR}/update`, { body: { id: fly.id, award: 5 } }), '决赛结果已提交，不能修改')
    const row = okBody(await staff.get(`${RS}/page`, { current: 1, size: 20, projectId: project })).records[0]
    refused(
      await staff.post(`${RS}/submit`, { body: { id: row.id, score: 50 } }),
      '决赛结果已提交，不能修改初赛结果',
    )
    const zhang = await school.login('s2022010101')
    const mine = okBody(await zhang.get(`${E}/detailGroup`, { id: entries['创新队'] }))
    expect(mine.stage).toBe('获奖：一等奖')
  })
})

describe('statistics (stories 7 and 8)', () => {
  it('counts submitted awards by award, level and college; another 学年 is empty', async () => {
    const staff = await school.login('staffRoot')
    const sum = okBody(await staff.get(`${P}/group-awards-sum`, { academicYear: YEAR }))
    expect(sum).toMatchObject({
      total: 2,
      byAward: [
        { award: 2, count: 1 },
        { award: 3, count: 1 },
      ],
      byLevel: [{ finalLevel: 5, count: 2 }],
      byDept: [{ deptSerial: 'A01', deptName: '电子信息学院', count: 2 }],
    })
    const page = okBody(await staff.get(`${P}/group-awards`, { academicYear: YEAR, current: 1, size: 10 }))
    expect(page.records.map((r: any) => [r.teamName, r.award, r.memberNames])).toEqual([
      ['创新队', 2, '张三、李四'],
      ['追梦队', 3, '王五、赵六'],
    ])
    expect(okBody(await staff.get(`${P}/group-awards-sum`, { academicYear: '2024-2025' })).total).toBe(0)
    expect(okBody(await staff.get(`${P}/personnal-awards-sum`, { academicYear: YEAR })).total).toBe(0)
    const sheet = await school.sheet('staffRoot', `${P}/group-awards-export`, { academicYear: YEAR })
    expect(sheet.name).toBe(`团体获奖统计_${YEAR}.xlsx`)
    expect(sheet.rows[0]).toEqual([
      '学年',
      '竞赛项目名称',
      '赛事名称',
      '决赛级别',
      '获奖等级',
      '团队名称',
      '队长',
      '成员',
      '指导教师',
      '院系',
      '获奖日期',
      '证书编号',
    ])
    expect(sheet.rows[1]).toEqual([
      YEAR,
      '电子设计竞赛校内选拔赛',
      '全国大学生电子设计竞赛',
      '校级',
      '一等奖',
      '创新队',
      '张三',
      '张三、李四',
      '',
      '电子信息学院',
      '2025-11-20',
      'ZS2025-001',
    ])
    const personal = await school.sheet('staffRoot', `${P}/personnal-awards-export`, { academicYear: YEAR })
    expect(personal.rows).toEqual([
      [
        '学年',
        '竞赛项目名称',
        '赛事名称',
        '决赛级别',
        '获奖等级',
        '学号',
        '姓名',
        '班级',
        '指导教师',
        '院系',
        '获奖日期',
        '证书编号',
      ],
    ])
  })

  it('summarises classes with participation and awards, and a 合计 row', async () => {
    const staff = await school.login('staffRoot')
    const rows = okBody(await staff.get(`${P}/class-summary`, { academicYear: YEAR }))
    const byClass = Object.fromEntries(rows.map((r: any) => [r.className, r]))
    // C2201: 张三 李四 王五 (3 students, all entered); 张三 李四 王五 awarded (创新队, 追梦队: 王五 赵六)
    expect(byClass['电信2201']).toMatchObject({
      studentCount: 3,
      participants: 3,
      participationRate: 100,
      awardees: 3,
      awardPersonTimes: 3,
      other: 3,
    })
    expect(byClass['电信2202']).toMatchObject({
      studentCount: 3,
      participants: 3,
      awardees: 1,
      awardPersonTimes: 1,
    })
    expect(byClass['机械2201']).toMatchObject({
      studentCount: 2,
      participants: 2,
      participationRate: 100,
      awardees: 0,
    })
    expect(rows.at(-1)).toMatchObject({
      className: '合计',
      isTotal: true,
      studentCount: 8,
      participants: 8,
      awardees: 4,
      awardPersonTimes: 4,
    })
  })

  it('lets a college office fill in its own 校赛数据 only, with the computed counts', async () => {
    const staffA = await school.login('staffA')
    const page = okBody(await staffA.get(`${P}/campus-page`, { academicYear: YEAR, current: 1, size: 10 }))
    expect(page.records.map((r: any) => [r.deptSerial, r.status])).toEqual([['A01', 0]])
    expect(page.records[0]).toMatchObject({
      projectCount: 2,
      entryCount: 5,
      participantCount: 6,
      awardSchool: 2,
      awardNational: 0,
    })
    refused(
      await staffA.post(`${P}/submitCampus`, {
        body: { academicYear: YEAR, deptSerial: 'B02', campusCount: 1 },
      }),
      '只能填报本院系的校赛数据',
    )
    okBody(
      await staffA.post(`${P}/submitCampus`, {
        body: {
          academicYear: YEAR,
          deptSerial: 'A01',
          campusCount: 3,
          campusParticipants: 120,
          campusAwards: 18,
          fundsInvested: 5000.5,
          summary: '顺利',
        },
      }),
    )
    const root = await school.login('staffRoot')
    const all = okBody(await root.get(`${P}/campus-page`, { academicYear: YEAR, current: 1, size: 10 }))
    expect(all.records.map((r: any) => [r.deptSerial, r.status, r.campusCount])).toEqual([
      ['A01', 1, 3],
      ['B02', 0, 0],
    ])
    expect(
      okBody(await root.get(`${P}/campusDetail`, { deptSerial: 'A01', academicYear: YEAR })),
    ).toMatchObject({
      fundsInvested: '5000.5',
      fillUserName: 'staffA',
      participantCount: 6,
    })
  })
})
