/* eslint-disable @typescript-eslint/no-explicit-any */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { startTestServer, type TestServer } from '../../../tests/support/server'
import { setCompetitionClock } from './clock'
import {
  PARAMETER,
  YEAR,
  addStudents,
  approvedProject,
  okBody,
  refused,
  seedSchool,
  type School,
} from './testing'

/** Story 4 of issue 12 (entries) and the places and members rules under concurrent load. */

let t: TestServer
let school: School
let project = ''
const E = '/api/competition/competitionprojectappointment'
const at = (s: string) => setCompetitionClock(() => new Date(s))

beforeAll(async () => {
  t = await startTestServer()
  school = await seedSchool(t)
  okBody(
    await (await school.login('staffRoot')).post('/api/competition/parameter/submit', { body: PARAMETER }),
  )
  project = await approvedProject(t, school, { maxEntries: 2 })
})
afterAll(async () => {
  setCompetitionClock(null)
  await t?.close()
})

const team = (extra: Record<string, unknown> = {}) => ({
  projectId: project,
  teamName: '创新队',
  memberNos: ['2022010102', '2022010103'],
  workTitle: '智能小车',
  ...extra,
})

describe('sign-up (story 4)', () => {
  let entry = ''

  it('refuses before the window, takes a team with the student as its leader on the first day', async () => {
    const zhang = await school.login('s2022010101')
    at('2025-10-19T12:00:00')
    refused(
      await zhang.post(`${E}/saveGroup`, { body: team() }),
      '报名尚未开始（开始时间：2025-10-20 08:00）',
    )
    const cards = okBody(await zhang.get(`${E}/projectPage`, { academicYear: YEAR, current: 1, size: 10 }))
    expect(cards.records[0]).toMatchObject({
      id: project,
      signupState: '未开始',
      placesLeft: 2,
      myEntryId: null,
    })
    at('2025-10-20T08:30:00')
    refused(await zhang.post(`${E}/savePersonal`, { body: { projectId: project } }), '该项目仅接受团队报名')
    refused(
      await zhang.post(`${E}/saveGroup`, { body: team({ leaderStudentNo: '2022010102' }) }),
      '团队队长必须是本人',
    )
    refused(
      await zhang.post(`${E}/saveGroup`, { body: team({ memberNos: ['2022010102', '2022010102'] }) }),
      '团队成员重复：2022010102',
    )
    refused(
      await zhang.post(`${E}/saveGroup`, { body: team({ memberNos: ['2022019999'] }) }),
      '学号2022019999不存在',
    )
    refused(
      await zhang.post(`${E}/saveGroup`, {
        body: team({ memberNos: ['2022010102', '2022010103', '2022010104', '2022010105', '2022010106'] }),
      }),
      '团队人数须在2至5人之间（含队长）',
    )
    entry = okBody(await zhang.post(`${E}/saveGroup`, { body: team() })).id
    const detail = okBody(await zhang.get(`${E}/detailGroup`, { id: entry }))
    expect(detail).toMatchObject({
      teamName: '创新队',
      leaderStudentNo: '2022010101',
      memberCount: 3,
      source: 1,
      stage: '已报名',
    })
    expect(detail.members.map((m: any) => [m.studentNo, m.isLeader])).toEqual([
      ['2022010101', 1],
      ['2022010102', 0],
      ['2022010103', 0],
    ])
    const card = okBody(await zhang.get(`${E}/getApplyDetail`, { projectId: project }))
    expect(card).toMatchObject({
      myEntryId: entry,
      placesLeft: 1,
      canSignup: false,
      reason: '您已报名该项目',
    })
  })

  it('refuses a member already entered, and a full project', async () => {
    const zhao = await school.login('s2022010104')
    refused(
      await zhao.post(`${E}/saveGroup`, { body: team({ teamName: '追梦队', memberNos: ['2022010102'] }) }),
      '学生李四（2022010102）已报名该项目',
    )
    refused(
      await zhao.post(`${E}/saveGroup`, { body: team({ memberNos: ['2022010105'] }) }),
      '团队名称已存在',
    )
    okBody(
      await zhao.post(`${E}/saveGroup`, { body: team({ teamName: '追梦队', memberNos: ['2022010105'] }) }),
    )
    const wu = await school.login('s2022020101')
    refused(
      await wu.post(`${E}/saveGroup`, { body: team({ teamName: '第三队', memberNos: ['2022020102'] }) }),
      '报名名额已满',
    )
    const row = okBody(await wu.get(`${E}/getApplyDetail`, { projectId: project }))
    expect(row).toMatchObject({ signupState: '已满', placesLeft: 0, entryCount: 2 })
  })

  it('lets every member see the entry; only the leader edits; another student reads nothing', async () => {
    const li = await school.login('s2022010102')
    const mine = okBody(await li.get(`${E}/recordPage`, { current: 1, size: 10 }))
    expect(mine.records.map((r: any) => r.id)).toEqual([entry])
    expect(mine.records[0]).toMatchObject({
      memberNames: '张三、李四、王五',
      canEdit: false,
      editReason: '只能修改本人的报名',
    })
    refused(
      await li.post(`${E}/updateGroup`, { body: team({ id: entry, workTitle: '改名' }) }),
      '只能修改本人的报名',
    )
    const wu = await school.login('s2022020101')
    refused(await wu.get(`${E}/detailGroup`, { id: entry }), '数据不存在或无权访问')
    expect(okBody(await wu.get(`${E}/recordPage`, { current: 1, size: 10 })).total).toBe(0)
    const zhang = await school.login('s2022010101')
    okBody(
      await zhang.post(`${E}/updateGroup`, {
        body: team({ id: entry, memberNos: ['2022010102', '2022010106'] }),
      }),
    )
    const after = okBody(await zhang.get(`${E}/detailGroup`, { id: entry }))
    expect(after.members.map((m: any) => m.studentNo)).toEqual(['2022010101', '2022010102', '2022010106'])
    at('2025-11-06T09:00:00')
    refused(await zhang.post(`${E}/updateGroup`, { body: team({ id: entry }) }), '报名已截止')
    at('2025-10-21T09:00:00')
  })

  it('lets the instructing teacher enter a student and refuses another project’s teacher', async () => {
    const personal = await approvedProject(t, school, {
      projectName: '程序设计校赛',
      competitionName: '蓝桥杯',
      entryMode: 1,
      maxEntries: 0,
    })
    const teacher2 = await school.login('teacher2') // an instructor (teacherIds) of the project
    const id = okBody(
      await teacher2.post(`${E}/savePersonal`, { body: { projectId: personal, studentNo: '2022010104' } }),
    ).id
    expect(okBody(await teacher2.get(`${E}/detailPersonal`, { id }))).toMatchObject({
      source: 2,
      leaderName: '赵六',
    })
    const teacher3 = await school.login('teacher3')
    refused(
      await teacher3.post(`${E}/savePersonal`, { body: { projectId: personal, studentNo: '2022010105' } }),
      '只能为本人指导的竞赛项目代报名',
    )
    const zhao = await school.login('s2022010104')
    refused(
      await zhao.post(`${E}/savePersonal`, { body: { projectId: personal, studentNo: '2022010105' } }),
      '只能为本人报名',
    )
    // the cap: 张三 is in 创新队; two more projects make three, a fourth is refused
    const zhang = await school.login('s2022010101')
    okBody(await zhang.post(`${E}/savePersonal`, { body: { projectId: personal } }))
    const third = await approvedProject(t, school, {
      projectName: '数模',
      competitionName: '数学建模',
      entryMode: 3,
      maxEntries: 0,
    })
    okBody(await zhang.post(`${E}/savePersonal`, { body: { projectId: third } }))
    const fourth = await approvedProject(t, school, {
      projectName: '英语',
      competitionName: '英语竞赛',
      entryMode: 3,
      maxEntries: 0,
    })
    refused(
      await zhang.post(`${E}/savePersonal`, { body: { projectId: fourth } }),
      '学生张三（2022010101）本学年已报名3个竞赛项目，已达上限',
    )
    // withdrawing frees a place and the cap
    const removable = okBody(await zhang.get(`${E}/recordPage`, { current: 1, size: 10, projectId: third }))
      .records[0]
    okBody(await zhang.post(`${E}/removePersonal`, { query: { ids: removable.id } }))
    okBody(await zhang.post(`${E}/savePersonal`, { body: { projectId: fourth } }))
    // staff ignore the window
    at('2025-12-01T09:00:00')
    const staff = await school.login('staffRoot')
    const late = okBody(
      await staff.post(`${E}/savePersonal`, { body: { projectId: personal, studentNo: '2022010105' } }),
    )
    expect(okBody(await staff.get(`${E}/detailPersonal`, { id: late.id })).source).toBe(3)
    at('2025-10-21T09:00:00')
  })
})

describe('under concurrent load', () => {
  it('300 concurrent sign-ups for 100 places make exactly 100 entries', async () => {
    const crowd = await approvedProject(t, school, {
      projectName: '并发测试',
      competitionName: '并发赛',
      entryMode: 1,
      maxEntries: 100,
    })
    const nos = await addStudents(t, 'P', 300)
    const staff = await school.login('staffRoot')
    const answers = await Promise.all(
      nos.map((no) => staff.post(`${E}/savePersonal`, { body: { projectId: crowd, studentNo: no } })),
    )
    expect(answers.filter((a) => a.status === 200)).toHaveLength(100)
    expect(answers.filter((a) => a.body.msg === '报名名额已满')).toHaveLength(200)
    const counts = (await t.database.db.execute(
      sql`select (select count(*) from competition_project_appointment where project_id = ${crowd} and is_deleted = 0)::int as entries,
                 (select entry_count from competition_project_apply where id = ${crowd}) as counter`,
    )) as unknown as { rows: { entries: number; counter: number }[] }
    expect(counts.rows[0]).toEqual({ entries: 100, counter: 100 })
    // 300 requests on a shared CI machine: the default minute is not a property of the code
  }, 300_000)

  it('50 concurrent teams sharing members never put a student in two entries', async () => {
    const open = await approvedProject(t, school, {
      projectName: '团队并发',
      competitionName: '团队赛',
      entryMode: 2,
      maxEntries: 0,
      maxMembers: 3,
    })
    const pool = await addStudents(t, 'Q', 40)
    const staff = await school.login('staffRoot')
    // team i: pool[i % 40], pool[(i * 7 + 3) % 40], pool[(i * 13 + 5) % 40] (distinct by construction or refused)
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        const a = pool[i % 40]
        const b = pool[(i * 7 + 3) % 40]
        const c = pool[(i * 13 + 5) % 40]
        return staff.post(`${E}/saveGroup`, {
          body: { projectId: open, teamName: `队${i}`, leaderStudentNo: a, memberNos: [b, c] },
        })
      }),
    )
    const accepted = answers.filter((r) => r.status === 200).length
    expect(accepted).toBeGreaterThan(0)
    for (const r of answers.filter((x) => x.status !== 200))
      expect(r.body.msg).toMatch(/已报名该项目|团队成员重复/)
    const dup = (await t.database.db.execute(
      sql`select student_no, count(*)::int as n from competition_project_appointment_member
          where project_id = ${open} and is_deleted = 0 group by student_no having count(*) > 1`,
    )) as unknown as { rows: unknown[] }
    expect(dup.rows).toEqual([])
    const members = (await t.database.db.execute(
      sql`select count(*)::int as n from competition_project_appointment_member where project_id = ${open} and is_deleted = 0`,
    )) as unknown as { rows: { n: number }[] }
    expect(members.rows[0].n).toBe(accepted * 3)
  })
})
