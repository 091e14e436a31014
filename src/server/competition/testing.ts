/**
 * A small school for the competition tests: two colleges, their majors and classes, teachers and
 * students with accounts, a college office each and the school office. Test support only.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { expect } from 'vitest'
import * as XLSX from 'xlsx'
import type { Api, TestServer } from '../../../tests/support/server'
import { createUser, rootDeptId } from '../../../tests/support/fixtures'
import { nextId } from '../core/ids'
import { baseClass, baseMajor, baseStudent, baseTeacher, competitionApply, dept } from '../db/schema'

export const YEAR = '2025-2026'

export interface Person {
  account: string
  password: string
  userId: string
}

export interface School {
  colleges: { A: { id: string; serial: string }; B: { id: string; serial: string } }
  people: Record<string, Person>
  teacherIds: Record<string, string>
  login(who: string): Promise<Api>
  token(who: string): Promise<string>
  /** An export's first sheet as rows of cells (the header row first). */
  sheet(
    who: string,
    path: string,
    query?: Record<string, string>,
  ): Promise<{ name: string; rows: unknown[][] }>
}

/** Students: 学号 → [name, class, college, account?]. */
export const STUDENTS: [string, string, string, 'A' | 'B', boolean][] = [
  ['2022010101', '张三', 'C2201', 'A', true],
  ['2022010102', '李四', 'C2201', 'A', true],
  ['2022010103', '王五', 'C2201', 'A', true],
  ['2022010104', '赵六', 'C2202', 'A', true],
  ['2022010105', '孙七', 'C2202', 'A', false],
  ['2022010106', '周八', 'C2202', 'A', false],
  ['2022020101', '吴九', 'C2203', 'B', true],
  ['2022020102', '郑十', 'C2203', 'B', false],
]

export async function seedSchool(t: TestServer): Promise<School> {
  const db = t.database.db
  const tenantId = '000000'
  const root = await rootDeptId(t.database)
  const colleges = {
    A: { id: nextId(), serial: 'A01' },
    B: { id: nextId(), serial: 'B02' },
  }
  for (const [key, name] of [
    ['A', '电子信息学院'],
    ['B', '机械工程学院'],
  ] as const)
    await db.insert(dept).values({
      id: colleges[key].id,
      tenantId,
      parentId: root,
      ancestors: `0,${root}`,
      deptCategory: 2,
      deptName: name,
      serial: colleges[key].serial,
    })
  await db
    .insert(baseMajor)
    .values([
      { id: nextId(), tenantId, majorSerial: 'M01', majorName: '电子信息工程', deptSerial: 'A01' } as never,
      { id: nextId(), tenantId, majorSerial: 'M02', majorName: '机械设计', deptSerial: 'B02' } as never,
    ])
  await db.insert(baseClass).values([
    {
      id: nextId(),
      tenantId,
      classNo: 'C2201',
      className: '电信2201',
      deptSerial: 'A01',
      majorSerial: 'M01',
      grade: '2022',
    } as never,
    {
      id: nextId(),
      tenantId,
      classNo: 'C2202',
      className: '电信2202',
      deptSerial: 'A01',
      majorSerial: 'M01',
      grade: '2022',
    } as never,
    {
      id: nextId(),
      tenantId,
      classNo: 'C2203',
      className: '机械2201',
      deptSerial: 'B02',
      majorSerial: 'M02',
      grade: '2022',
    } as never,
  ])
  const people: Record<string, Person> = {}
  const user = async (account: string, roleAlias: string, deptId: string) => {
    const u = await createUser(t.database, { account, roleAlias, deptId })
    people[account] = { account, password: u.password, userId: u.id }
    return u.id
  }
  await user('staffA', 'staff', colleges.A.id)
  await user('staffB', 'staff', colleges.B.id)
  await user('staffRoot', 'staff', root)
  const teacherIds: Record<string, string> = {}
  for (const [account, no, name, college] of [
    ['teacher1', 'T001', '王老师', 'A'],
    ['teacher2', 'T002', '李老师', 'A'],
    ['teacher3', 'T003', '陈老师', 'B'],
  ] as const) {
    const userId = await user(account, 'teacher', colleges[college].id)
    teacherIds[account] = nextId()
    await db.insert(baseTeacher).values({
      id: teacherIds[account],
      tenantId,
      teacherNo: no,
      teacherName: name,
      deptSerial: colleges[college].serial,
      userId,
    } as never)
  }
  for (const [no, name, classNo, college, account] of STUDENTS) {
    const userId = account ? await user(`s${no}`, 'student', colleges[college].id) : null
    await db.insert(baseStudent).values({
      id: nextId(),
      tenantId,
      studentNo: no,
      studentName: name,
      classNo,
      deptSerial: colleges[college].serial,
      majorSerial: college === 'A' ? 'M01' : 'M02',
      grade: '2022',
      userId,
    } as never)
  }
  const tokens = new Map<string, string>()
  const token = async (who: string) => {
    if (!tokens.has(who))
      tokens.set(
        who,
        who === 'admin' ? await t.login() : await t.login(people[who].account, people[who].password),
      )
    return tokens.get(who)!
  }
  return {
    colleges,
    people,
    teacherIds,
    token,
    login: async (who: string) => t.api(await token(who)),
    async sheet(who, path, query = {}) {
      const res = await t.app.inject({
        method: 'GET',
        url: path,
        query,
        headers: { 'blade-auth': `bearer ${await token(who)}` },
      })
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200)
      const book = XLSX.read(res.rawPayload, { type: 'buffer' })
      const name = decodeURIComponent(String(res.headers['content-disposition']).split("UTF-8''")[1] ?? '')
      return { name, rows: XLSX.utils.sheet_to_json(book.Sheets[book.SheetNames[0]], { header: 1 }) }
    },
  }
}

/** A 200 with success, or fail showing the body. */
export function okBody(res: { status: number; body: any }) {
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  expect(res.body.success, JSON.stringify(res.body)).toBe(true)
  return res.body.data
}

/** A 400 with exactly this message. */
export function refused(res: { status: number; body: any }, msg: string) {
  expect(res.body.msg, JSON.stringify(res.body)).toBe(msg)
  expect(res.status).toBe(400)
}

export const PARAMETER = {
  academicYear: YEAR,
  applyStart: '2025-09-01 08:00:00',
  applyEnd: '2025-10-15 18:00:00',
  maxProjectsPerStudent: 3,
  defaultMinMembers: 2,
  defaultMaxMembers: 5,
  minReviewers: 3,
  gradeARatio: 20,
  gradeBRatio: 50,
}

/** The application of story 2 (团体赛, 报名 10-20–11-05, 初赛, 经费 20,000). */
export function application(school: School, extra: Record<string, unknown> = {}) {
  return {
    academicYear: YEAR,
    projectName: '电子设计竞赛校内选拔赛',
    competitionName: '全国大学生电子设计竞赛',
    competitionLevel: 2,
    competitionCategory: 1,
    organizer: '教育部高等教育司',
    deptSerial: 'A01',
    leaderTeacherId: school.teacherIds.teacher1,
    teacherIds: school.teacherIds.teacher2,
    entryMode: 2,
    maxEntries: 10,
    signupStart: '2025-10-20 08:00:00',
    signupEnd: '2025-11-05 18:00:00',
    preliminaryRequired: 1,
    planStart: '2025-11-10',
    planEnd: '2025-11-30',
    expectedParticipants: 60,
    budget: 20000,
    content: '分初赛、决赛两轮，初赛择优晋级。',
    ...extra,
  }
}

/** Completes the open task of an instance as `api`'s user (a candidate), passing or rejecting. */
export async function decide(
  api: Api,
  processInstanceId: string,
  pass: boolean,
  comment = pass ? '同意' : '材料不全',
) {
  const list = okBody(await api.get('/api/blade-flow/work/claim-list', { current: 1, size: 50 }))
  const todo = okBody(await api.get('/api/blade-flow/work/todo-list', { current: 1, size: 50 }))
  const task = [...list.records, ...todo.records].find((r: any) => r.processInstanceId === processInstanceId)
  expect(task, `no open task of ${processInstanceId}`).toBeTruthy()
  okBody(
    await api.post('/api/blade-flow/work/complete-task', {
      body: { taskId: task.taskId, processInstanceId, pass, comment, flag: pass ? 'ok' : 'no' },
    }),
  )
}

/** An approved (已立项) project straight in the database: the rounds and entries tests start there. */
export async function approvedProject(
  t: TestServer,
  school: School,
  extra: Record<string, unknown> = {},
): Promise<string> {
  const id = nextId()
  const values = application(school, extra) as Record<string, unknown>
  await t.database.db.insert(competitionApply).values({
    id,
    tenantId: '000000',
    ...values,
    signupStart: new Date(String(values.signupStart).replace(' ', 'T')),
    signupEnd: new Date(String(values.signupEnd).replace(' ', 'T')),
    leaderUserId: (extra.leaderUserId as string) ?? school.people.teacher1.userId,
    budget: String(values.budget),
    minMembers: values.entryMode === 1 ? null : (values.minMembers ?? 2),
    maxMembers: values.entryMode === 1 ? null : (values.maxMembers ?? 5),
    status: 4,
    grade: 1,
    entryCount: 0,
  } as never)
  return id
}

/** Students straight in the database (学号 prefix + n), for load tests. */
export async function addStudents(
  t: TestServer,
  prefix: string,
  count: number,
  classNo = 'C2201',
  deptSerial = 'A01',
) {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: nextId(),
    tenantId: '000000',
    studentNo: `${prefix}${String(i + 1).padStart(4, '0')}`,
    studentName: `学生${prefix}${i + 1}`,
    classNo,
    deptSerial,
    majorSerial: 'M01',
    grade: '2022',
  }))
  await t.database.db.insert(baseStudent).values(rows as never)
  return rows.map((r) => r.studentNo)
}
