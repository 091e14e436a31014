import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../../tests/support/fixtures'
import { startTestServer, type Api, type TestServer } from '../../../tests/support/server'
import { addColleges } from '../base/testing'
import { nextId } from '../core/ids'
import { baseStudent } from '../db/schema'
import { addLab, addRoom } from '../lab/testing'

let t: TestServer
let admin: Api
let teacher: Api
let staff: Api
const students: Record<string, Api> = {}
let roomId = ''

beforeAll(async () => {
  t = await startTestServer()
  admin = t.api(await t.login())
  await addColleges(t.database.db, '000000', [['0301', '电子信息学院']])
  const lab = await addLab(admin, { labName: '开放实验中心', deptSerial: '0301' })
  roomId = await addRoom(admin, { roomNo: 'K101', labId: lab.id, seats: 40 })
  const teacherUser = await createUser(t.database, { account: 'open_t1', roleAlias: 'teacher' })
  teacher = t.api(await t.login(teacherUser.account, teacherUser.password))
  const staffUser = await createUser(t.database, { account: 'open_staff', roleAlias: 'staff' })
  staff = t.api(await t.login(staffUser.account, staffUser.password))
  for (let i = 1; i <= 14; i++) {
    const no = `2031${String(i).padStart(4, '0')}`
    await t.database.db
      .insert(baseStudent)
      .values({ id: nextId(), tenantId: '000000', studentNo: no, studentName: `学生${i}` } as never)
    if (i <= 12) {
      const u = await createUser(t.database, { account: no, roleAlias: 'student' })
      students[no] = t.api(await t.login(u.account, u.password))
    }
  }
})
afterAll(() => t?.close())

const apply = (extra: Record<string, unknown> = {}) => ({
  projectName: '电路兴趣实验',
  roomId,
  openType: 3,
  startDate: '2031-06-02',
  endDate: '2031-06-13',
  weekdays: '1,3',
  startTime: '14:00',
  endTime: '16:00',
  capacity: 2,
  ...extra,
})

async function approve(id: string) {
  const list = await staff.get('/api/open/openroomapply/audit-list', { current: 1, size: 50 })
  const task = list.body.data.records.find((r: { businessId: string }) => r.businessId === id)
  expect(task, 'the application waits in 开放实验室审核').toBeTruthy()
  expect(task).toMatchObject({ projectName: expect.any(String) })
  const res = await staff.post('/api/open/openroomapply/complete-task', {
    body: { taskId: task.taskId, pass: true, comment: '同意' },
  })
  expect(res.status, res.body.msg).toBe(200)
}

const S = (i: number) => `2031${String(i).padStart(4, '0')}`

describe('开放实验室', () => {
  let applyId = ''
  let slots: { id: string; slotDate: string }[] = []

  it('generates the times, saves the slots and refuses an application that clashes', async () => {
    const times = await teacher.post('/api/open/openroomapply/generateTime', { body: apply() })
    expect(times.status, times.body.msg).toBe(200)
    expect(times.body.data.map((x: { date: string }) => x.date)).toEqual([
      '2031-06-02',
      '2031-06-04',
      '2031-06-09',
      '2031-06-11',
    ])
    const bad = await teacher.post('/api/open/openroomapply/generateTime', {
      body: apply({ endDate: '2031-05-01' }),
    })
    expect(bad.status).toBe(400)
    expect(bad.body.msg).toBe('结束日期不能早于开始日期')

    const saved = await teacher.post('/api/open/openroomapply/save', { body: apply() })
    expect(saved.status, saved.body.msg).toBe(200)
    applyId = saved.body.data.id
    const detail = await teacher.get('/api/open/openroomapply/detail', { id: applyId })
    expect(detail.body.data).toMatchObject({ status: 0, slotCount: 4, roomNo: 'K101' })
    expect(detail.body.data.slots).toHaveLength(4)

    const submitted = await teacher.post('/api/open/openroomapply/submit', { body: { id: applyId } })
    expect(submitted.status, submitted.body.msg).toBe(200)

    const clash = await teacher.post('/api/open/openroomapply/save', {
      body: apply({
        projectName: '单片机开放',
        startDate: '2031-06-04',
        endDate: '2031-06-04',
        weekdays: '3',
      }),
    })
    expect(clash.status).toBe(400)
    expect(clash.body.msg).toContain(
      '该时段与以下安排冲突：房间K101 2031-06-04 14:00-16:00『电路兴趣实验』（开放实验）',
    )
    expect(clash.body.msg).toContain('房间K101在2031-06-04的空闲时段：08:00-14:00、16:00-22:00')

    await approve(applyId)
    const approved = await teacher.get('/api/open/openroomapply/detail', { id: applyId })
    expect(approved.body.data.status).toBe(3)
    slots = approved.body.data.slots
  })

  it('students reserve a slot; the last seat goes exactly once', async () => {
    const batches = await students[S(1)].get('/api/open/openroomreserve/batch-list')
    expect(batches.status, batches.body.msg).toBe(200)
    expect(batches.body.data).toHaveLength(4)
    expect(batches.body.data[0].label).toContain('电路兴趣实验')

    const first = await students[S(1)].post('/api/open/openroomreserve/submit', {
      body: { slotId: slots[0].id },
    })
    expect(first.status, first.body.msg).toBe(200)
    const twice = await students[S(1)].post('/api/open/openroomreserve/submit', {
      body: { slotId: slots[0].id },
    })
    expect(twice.status).toBe(400)
    expect(twice.body.msg).toBe(`${S(1)}已预约该时段`)

    // Ten students at once on the last seat of the slot.
    const racers = [2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((i) =>
      students[S(i)].post('/api/open/openroomreserve/submit', { body: { slotId: slots[0].id } }),
    )
    const results = await Promise.all(racers)
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    expect(
      results.filter((r) => r.status === 400).every((r) => r.body.msg === '该时段已约满，请选择其他时段'),
    ).toBe(true)
    const taken = await staff.get('/api/open/openroomreserve/list', { batchPlanId: slots[0].id })
    expect(taken.body.data.filter((r: { status: number }) => r.status === 1)).toHaveLength(2)

    const mine = await students[S(1)].get('/api/open/openroomreserve/student-record-list')
    expect(mine.body.data).toEqual([
      expect.objectContaining({ studentNo: S(1), projectName: '电路兴趣实验', status: 1 }),
    ])
    // The reservations list is staff's; a student has only their own records.
    const others = await students[S(12)].get('/api/open/openroomreserve/page', { current: 1, size: 10 })
    expect(others.status).toBe(403)
  })

  it('a teacher adds students to their slot, all or none', async () => {
    const tooMany = await teacher.post('/api/open/openroomreserve/batch-save', {
      body: { slotId: slots[1].id, studentNos: [S(12), S(13), S(14)] },
    })
    expect(tooMany.status).toBe(400)
    expect(tooMany.body.msg).toBe('该时段只剩2个座位，不能预约3人')
    const unknown = await teacher.post('/api/open/openroomreserve/batch-save', {
      body: { slotId: slots[1].id, studentNos: [S(12), '99999999'] },
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body.msg).toBe('学号（99999999）不存在')
    const added = await teacher.post('/api/open/openroomreserve/batch-save', {
      body: { slotId: slots[1].id, studentNos: [S(12), S(13)] },
    })
    expect(added.status, added.body.msg).toBe(200)
    expect(added.body.data.added).toBe(2)
    const mine = await teacher.get('/api/open/openroomreserve/pageTeacher', { current: 1, size: 20 })
    expect(mine.body.data.total).toBe(4)
    const pick = await teacher.get('/api/open/openroomreserve/select-student-list', { studentNo: S(14) })
    expect(pick.body.data.records).toEqual([{ studentNo: S(14), studentName: '学生14', classNo: null }])
  })

  it('no-shows cost credit; below the threshold a student cannot reserve and their bookings ahead are cancelled', async () => {
    const rule = await admin.post('/api/open/openroomrules/submit', {
      body: {
        ruleName: '开放实验室守则',
        fullScore: 100,
        threshold: 90,
        noShowPoints: 20,
        latePoints: 5,
        content: '按时到场',
      },
    })
    expect(rule.status, rule.body.msg).toBe(200)
    const s1 = students[S(1)]
    // S1 also holds a seat ahead.
    expect(
      (await s1.post('/api/open/openroomreserve/submit', { body: { slotId: slots[2].id } })).status,
    ).toBe(200)
    const held = (await s1.get('/api/open/openroomreserve/student-record-list')).body.data
    const past = held.find((r: { slotId: string }) => r.slotId === slots[0].id)
    // The first slot has happened (attendance is recorded after a slot starts).
    await t.database.db.execute(
      sql`update open_room_reserve set slot_date = '2020-01-06' where id = ${past.id}`,
    )
    const marked = await staff.post('/api/open/openroomreserve/save', { body: { id: past.id, status: 4 } })
    expect(marked.status, marked.body.msg).toBe(200)

    const credit = await s1.get('/api/open/openroomreserve/credit')
    expect(credit.body.data).toMatchObject({ score: 80, threshold: 90, noShows: 1, blocked: true })
    const refused = await s1.post('/api/open/openroomreserve/submit', { body: { slotId: slots[3].id } })
    expect(refused.status).toBe(400)
    expect(refused.body.msg).toBe('你的信用分为80分（爽约1次、迟到0次），低于90分，暂不能预约开放实验')
    const after = (await s1.get('/api/open/openroomreserve/student-record-list')).body.data
    expect(after.find((r: { slotId: string }) => r.slotId === slots[2].id).status).toBe(2)
    const freed = (await admin.get('/api/open/openroomreserve/batch-list')).body.data
    expect(freed.find((s: { id: string }) => s.id === slots[2].id).taken).toBe(0)

    const stats = await staff.get('/api/open/openroomapply/openRoomStatisticsStudent', {
      current: 1,
      size: 50,
    })
    expect(stats.body.data.records.find((r: { studentNo: string }) => r.studentNo === S(1))).toMatchObject({
      noShows: 1,
      score: 80,
    })
    const overview = await staff.get('/api/open/openroomapply/statistics')
    expect(overview.body.data).toMatchObject({ applies: 1, approved: 1, slots: 4, seats: 8 })
    const file = await staff.get('/api/open/openroomapply/exportOpenRoomStatisticsStudent')
    expect(file.status).toBe(200)
  })

  it('a student cancels their own reservation, which frees the seat', async () => {
    const s12 = students[S(12)]
    const mine = (await s12.get('/api/open/openroomreserve/student-record-list')).body.data[0]
    const foreign = await students[S(2)].post(`/api/open/openroomreserve/remove?ids=${mine.id}`)
    expect(foreign.status).toBe(400)
    const res = await s12.post(`/api/open/openroomreserve/remove?ids=${mine.id}`)
    expect(res.status, res.body.msg).toBe(200)
    const slot = (await admin.get('/api/open/openroomreserve/batch-list')).body.data.find(
      (s: { id: string }) => s.id === slots[1].id,
    )
    expect(slot.taken).toBe(1)
  })
})

describe('开放基地', () => {
  it('saves with its generated times and goes through the openBase flow', async () => {
    const saved = await teacher.post('/api/open/openbaseapply/save', {
      body: {
        baseName: '华为创新基地',
        company: '华为技术有限公司',
        projectName: '5G 通信实践',
        startDate: '2031-07-06',
        endDate: '2031-07-17',
        weekdays: '1,2,3,4,5',
        startTime: '09:00',
        endTime: '17:00',
        capacity: 30,
      },
    })
    expect(saved.status, saved.body.msg).toBe(200)
    const id = saved.body.data.id
    const submitted = await teacher.post('/api/open/openbaseapply/submit', { body: { id } })
    expect(submitted.status, submitted.body.msg).toBe(200)
    const list = await staff.get('/api/open/openbaseapply/audit-list', { current: 1, size: 50 })
    const task = list.body.data.records.find((r: { businessId: string }) => r.businessId === id)
    expect(task).toMatchObject({ baseName: '华为创新基地', slotCount: 9 })
    const decided = await staff.post('/api/open/openbaseapply/complete-task', {
      body: { taskId: task.taskId, pass: true, comment: '同意' },
    })
    expect(decided.status, decided.body.msg).toBe(200)
    const detail = await teacher.get('/api/open/openbaseapply/detail', { id })
    expect(detail.body.data).toMatchObject({ status: 3, slotCount: 9 })
    expect(JSON.parse(detail.body.data.timeSlots)).toHaveLength(9)
    const removed = await teacher.post(`/api/open/openbaseapply/remove?ids=${id}`)
    expect(removed.status).toBe(400)
    expect(removed.body.msg).toBe('已通过的开放基地申请不能删除')
  })
})
