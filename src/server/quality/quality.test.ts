/**
 * 质量检查 (issue 15, behaviour 6): extract, record, summarise, lock and unlock a term's sheets through
 * the real routes, with the lock messages, the administrator-only unlock, bad input, permissions and
 * tenant isolation.
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTenant, createUser } from '../../../tests/support/fixtures'
import { startTestServer, type Api, type TestServer } from '../../../tests/support/server'
import { Data } from '../core/data'
import { teachBatchPlan } from '../db/schema'
import { addPhoto, addQualityFixture, type QualityFixture } from './testing'

let t: TestServer
let admin: Api
let staff: Api
let teacher: Api
let school: QualityFixture

const C = '/api/quality/inspectioncourse'
const R = '/api/quality/inspectionroom'
const S = '/api/quality/inspectionsituation'

type Row = Record<string, unknown> & { id: string }

beforeAll(async () => {
  t = await startTestServer()
  admin = t.api(await t.login())
  school = await addQualityFixture(t.database.db)
  const s = await createUser(t.database, { account: 'quality_staff', roleAlias: 'staff' })
  staff = t.api(await t.login(s.account, s.password))
  const te = await createUser(t.database, { account: 'quality_teacher', roleAlias: 'teacher' })
  teacher = t.api(await t.login(te.account, te.password))
})
afterAll(() => t?.close())

const term = () => ({ academicYearId: school.termId })
async function rows(api: Api, base: string): Promise<Row[]> {
  const res = await api.get(`${base}/page`, { academicYearId_equal: school.termId, size: 100 })
  expect(res.status, res.body.msg).toBe(200)
  return res.body.data.records
}
const byCourse = (list: Row[], no: string) => list.find((r) => r.courseNumber === no)!

describe('课程检查', () => {
  it('抽取数据 lists the courses with submitted or published batches and their 开出率', async () => {
    const res = await staff.get(`${C}/extractData`, term())
    expect(res.status, res.body.msg).toBe(200)
    expect(res.body.data).toEqual({ added: 2, updated: 0, flagged: 0 })
    const list = await rows(staff, C)
    expect(list.map((r) => r.courseNumber).sort()).toEqual(['EE2001', 'EE2002'])
    // The term is over: the published batch is done, the submitted one is not.
    expect(byCourse(list, 'EE2001')).toMatchObject({
      courseName: '电路分析',
      collegeSerialNum: '01',
      collegeName: '电子信息学院',
      teacherNames: '李四',
      plannedProjects: 1,
      plannedBatches: 2,
      plannedHours: 32,
      doneBatches: 1,
      hasSchedule: 1,
      sourceMissing: 0,
    })
    expect(Number(byCourse(list, 'EE2001').openRate)).toBe(50)
    expect(Number(byCourse(list, 'EE2002').openRate)).toBe(100)
  })

  it('defaults to the current term', async () => {
    const current = await admin.get('/api/system/academic/current')
    const res = await admin.get(`${C}/lockStatus`)
    expect(res.body.data.academicYearId).toBe(String(current.body.data.id))
  })

  it('录入检查结果 records findings only; adding a row is refused', async () => {
    const row = byCourse(await rows(staff, C), 'EE2001')
    const res = await staff.post(`${C}/submit`, {
      body: {
        id: row.id,
        result: 2,
        problems: '部分实验报告未批改',
        inspector: '质量办',
        inspectDate: '2025-12-20',
        hasSyllabus: 1,
        courseName: '改过的名称',
        openRate: 99,
      },
    })
    expect(res.status, res.body.msg).toBe(200)
    const detail = (await staff.get(`${C}/detail`, { id: row.id })).body.data
    expect(detail).toMatchObject({
      result: 2,
      problems: '部分实验报告未批改',
      hasSyllabus: 1,
      courseName: '电路分析',
    })
    expect(Number(detail.openRate)).toBe(50)
    const add = await staff.post(`${C}/submit`, { body: { courseName: '新课程', result: 1 } })
    expect(add.status).toBe(400)
    expect(add.body.msg).toBe('课程检查的数据由抽取数据生成，只能录入检查结果')
    const bad = await staff.post(`${C}/submit`, { body: { id: row.id, result: 9 } })
    expect(bad.status).toBe(400)
    expect(bad.body.msg).toBe('检查结论不能大于4')
  })

  it('抽取数据 again keeps the findings and flags a course whose batches are gone', async () => {
    const data = new Data({ db: t.database.db, tenantId: '000000', user: null })
    await data.repo(teachBatchPlan).remove([school.batches[2]])
    const res = await staff.get(`${C}/extractData`, term())
    expect(res.body.data).toEqual({ added: 0, updated: 1, flagged: 1 })
    expect(res.body.msg).toBe('抽取完成：新增0条，更新1条，1条来源数据已删除')
    const list = await rows(staff, C)
    expect(byCourse(list, 'EE2001')).toMatchObject({ result: 2, problems: '部分实验报告未批改' })
    expect(byCourse(list, 'EE2002').sourceMissing).toBe(1)
  })
})

describe('实验室检查', () => {
  it('抽取数据 lists the rooms of the term; a room is added by hand with two photos', async () => {
    const res = await staff.get(`${R}/extractData`, term())
    expect(res.body.data).toEqual({ added: 2, updated: 0, flagged: 0 })
    const list = await rows(staff, R)
    expect(list.map((r) => [r.roomNo, r.batchCount, r.labName, r.collegeName]).sort()).toEqual([
      ['A301', 1, '电子技术实验室', '电子信息学院'],
      ['A305', 1, '电子技术实验室', '电子信息学院'],
    ])
    const photos = [await addPhoto(t.database.db, 'a.png'), await addPhoto(t.database.db, 'b.png')]
    const added = await staff.post(`${R}/submit`, {
      body: {
        ...term(),
        roomId: school.rooms.A307,
        roomName: '不会写入',
        safety: 1,
        hygiene: 3,
        result: 4,
        problems: '通风柜损坏',
        rectifyRequirement: '两周内维修',
        photoIds: photos.join(','),
      },
    })
    expect(added.status, added.body.msg).toBe(200)
    const a307 = (await rows(staff, R)).find((r) => r.roomNo === 'A307')!
    expect(a307).toMatchObject({ roomName: 'A307', batchCount: 0, collegeSerialNum: '01', result: 4 })
    const detail = (await staff.get(`${R}/detail`, { id: a307.id })).body.data
    expect(detail.photos.map((p: Row) => p.originalName)).toEqual(['a.png', 'b.png'])
  })

  it('refuses a room twice in a term, ten photos and unknown photos', async () => {
    const again = await staff.post(`${R}/submit`, { body: { ...term(), roomId: school.rooms.A301 } })
    expect(again.status).toBe(400)
    expect(again.body.msg).toBe('该房间本学期已在检查表中')
    const a301 = (await rows(staff, R)).find((r) => r.roomNo === 'A301')!
    const ten = Array.from({ length: 10 }, (_, i) => String(1000 + i)).join(',')
    const many = await staff.post(`${R}/submit`, { body: { id: a301.id, photoIds: ten } })
    expect(many.body.msg).toBe('现场照片最多上传9张')
    const unknown = await staff.post(`${R}/submit`, { body: { id: a301.id, photoIds: '123' } })
    expect(unknown.body.msg).toBe('附件不存在')
    const noTerm = await staff.post(`${R}/submit`, { body: { roomId: school.rooms.A301 } })
    expect(noTerm.body.msg).toBe('请选择学年学期')
    expect((await rows(staff, R)).length).toBe(3)
  })

  it('抽取数据 again keeps the hand-added room and its findings', async () => {
    const res = await staff.get(`${R}/extractData`, term())
    expect(res.body.data).toEqual({ added: 0, updated: 3, flagged: 0 })
    const a307 = (await rows(staff, R)).find((r) => r.roomNo === 'A307')!
    expect(a307).toMatchObject({ result: 4, problems: '通风柜损坏' })
  })
})

describe('检查情况', () => {
  it('summarises per college and for 全校', async () => {
    const res = await staff.get(`${S}/extractData`, term())
    expect(res.status, res.body.msg).toBe(200)
    const list = await rows(staff, S)
    const school = list.find((r) => r.collegeSerialNum === '*')!
    const college = list.find((r) => r.collegeSerialNum === '01')!
    expect(school.collegeName).toBe('全校')
    for (const row of [school, college])
      expect(row).toMatchObject({
        courseTotal: 1, // EE2002 is flagged and left out
        courseInspected: 1,
        courseGood: 1,
        roomTotal: 3,
        roomInspected: 1,
        roomFail: 1,
        problemCount: 2,
        rectifiedCount: 0,
      })
    expect(Number(school.avgOpenRate)).toBe(50)
  })
})

describe('锁定', () => {
  it('refuses locking 检查情况 before both sheets, then every write once locked', async () => {
    const early = await staff.get(`${S}/lockingData`, { ...term(), locked: 1 })
    expect(early.status).toBe(400)
    expect(early.body.msg).toBe('请先锁定课程检查和实验室检查')
    for (const base of [C, R, S]) {
      const res = await staff.get(`${base}/lockingData`, { ...term(), locked: 1 })
      expect(res.status, res.body.msg).toBe(200)
      expect(res.body.msg).toBe('锁定成功')
    }
    const state = (await staff.get(`${R}/lockStatus`, term())).body.data
    expect(state.termName).toBe(school.termName)
    expect(Object.values(state.sheets as Record<string, { locked: number }>).map((s) => s.locked)).toEqual([
      1, 1, 1,
    ])
    expect(state.sheets.course.lockedBy).toBe('quality_staff')

    const course = byCourse(await rows(staff, C), 'EE2001')
    const edit = await staff.post(`${C}/submit`, { body: { id: course.id, result: 1 } })
    expect(edit.status).toBe(400)
    expect(edit.body.msg).toBe(`${school.termName}课程检查已锁定，不能修改`)
    const room = (await rows(staff, R))[0]
    const remove = await staff.post(`${R}/remove`, { query: { ids: room.id } })
    expect(remove.body.msg).toBe(`${school.termName}实验室检查已锁定，不能修改`)
    const add = await staff.post(`${R}/submit`, { body: { ...term(), roomId: school.rooms.A307 } })
    expect(add.body.msg).toBe(`${school.termName}实验室检查已锁定，不能修改`)
    const extract = await staff.get(`${S}/extractData`, term())
    expect(extract.body.msg).toBe(`${school.termName}检查情况已锁定，不能修改`)
    expect(byCourse(await rows(staff, C), 'EE2001').result).toBe(2)
    expect((await rows(staff, R)).length).toBe(3)
  })

  it('lets an administrator unlock, 检查情况 first; a staff member cannot', async () => {
    const byStaff = await staff.get(`${C}/lockingData`, { ...term(), locked: 0 })
    expect(byStaff.status).toBe(400)
    expect(byStaff.body.msg).toBe('只有管理员可以解锁')
    const order = await admin.get(`${C}/lockingData`, { ...term(), locked: 0 })
    expect(order.body.msg).toBe('检查情况已锁定，请先解锁检查情况')
    expect((await admin.get(`${S}/lockingData`, { ...term(), locked: 0 })).body.msg).toBe('解锁成功')
    const unlocked = await admin.get(`${C}/lockingData`, { ...term(), locked: 0 })
    expect(unlocked.body.data.sheets).toMatchObject({ course: { locked: 0 }, room: { locked: 1 } })
    const course = byCourse(await rows(staff, C), 'EE2001')
    const edit = await staff.post(`${C}/submit`, { body: { id: course.id, result: 1 } })
    expect(edit.status, edit.body.msg).toBe(200)
  })

  it('answers 400 for bad parameters and changes nothing', async () => {
    const badLock = await staff.get(`${C}/lockingData`, { ...term(), locked: 2 })
    expect(badLock.status).toBe(400)
    expect(badLock.body.msg).toBe('锁定状态只能是0或1')
    const badTerm = await staff.get(`${C}/extractData`, { academicYearId: 'abc' })
    expect(badTerm.status).toBe(400)
    expect(badTerm.body.msg).toBe('学年学期格式不正确')
    const noTerm = await staff.get(`${C}/extractData`, { academicYearId: '123456' })
    expect(noTerm.body.msg).toBe('学年学期不存在')
    const state = (await staff.get(`${C}/lockStatus`, term())).body.data
    expect(state.sheets).toMatchObject({
      course: { locked: 0 },
      room: { locked: 1 },
      situation: { locked: 0 },
    })
  })
})

describe('permissions and tenants', () => {
  it('refuses a teacher every quality call', async () => {
    for (const [path, query] of [
      [`${C}/page`, {}],
      [`${C}/extractData`, term()],
      [`${R}/lockingData`, { ...term(), locked: 1 }],
      [`${S}/page`, {}],
    ] as const) {
      const res = await teacher.get(path, query)
      expect(res.status, path).toBe(403)
    }
    expect(
      (await teacher.post(`${R}/submit`, { body: { ...term(), roomId: school.rooms.A307 } })).status,
    ).toBe(403)
  })

  it('keeps another tenant out of the sheets and the term', async () => {
    const other = await createTenant(t.database, '100001')
    const api = t.api(await t.login(other.account, other.password, '100001'))
    const page = await api.get(`${C}/page`, { academicYearId_equal: school.termId })
    expect(page.body.data.records).toEqual([])
    const room = (await rows(staff, R))[0]
    const detail = await api.get(`${R}/detail`, { id: room.id })
    expect(detail.status).toBe(400)
    const lock = await api.get(`${R}/lockingData`, { ...term(), locked: 0 })
    expect(lock.status).toBe(400)
    expect(lock.body.msg).toBe('学年学期不存在')
    const edit = await api.post(`${R}/submit`, { body: { id: room.id, result: 1 } })
    expect(edit.status).toBe(400)
    const [row] = await t.database.db
      .select()
      .from(teachBatchPlan)
      .where(eq(teachBatchPlan.id, school.batches[0]))
    expect(row.tenantId).toBe('000000')
  })
})
