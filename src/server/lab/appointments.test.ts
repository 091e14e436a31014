import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUser } from '../../../tests/support/fixtures'
import { startTestServer, type Api, type TestServer } from '../../../tests/support/server'
import { addColleges } from '../base/testing'
import { nextId } from '../core/ids'
import { labRoomClosure } from '../db/schema'
import { addLab, addRoom } from './testing'

let t: TestServer
let admin: Api
let teacher: Api
let other: Api
let staff: Api
const rooms: Record<string, string> = {}
const DAY = '2031-05-12'

beforeAll(async () => {
  t = await startTestServer()
  admin = t.api(await t.login())
  await addColleges(t.database.db, '000000', [['0301', '电子信息学院']])
  const lab = await addLab(admin, { labName: '电子实验中心', deptSerial: '0301' })
  const other2 = await addLab(admin, { labName: '物理实验室', deptSerial: '0301' })
  rooms.a = await addRoom(admin, { roomNo: 'E101', labId: lab.id, seats: 40 })
  rooms.b = await addRoom(admin, { roomNo: 'E102', labId: lab.id, seats: 60 })
  rooms.c = await addRoom(admin, { roomNo: 'P201', labId: other2.id, seats: 30 })
  for (const [key, role] of [
    ['t1', 'teacher'],
    ['t2', 'teacher'],
    ['s1', 'staff'],
  ] as const) {
    const u = await createUser(t.database, { account: `appt_${key}`, roleAlias: role })
    const api = t.api(await t.login(u.account, u.password))
    if (key === 't1') teacher = api
    else if (key === 't2') other = api
    else staff = api
  }
})
afterAll(() => t?.close())

const booking = (extra: Record<string, unknown> = {}) => ({
  roomId: rooms.a,
  appointmentDate: DAY,
  startTime: '08:00',
  endTime: '10:00',
  title: '数字电路课程设计',
  purpose: 1,
  headcount: 30,
  ...extra,
})

const detail = async (api: Api, id: string) =>
  (await api.get('/api/lab/appointment/detail', { id })).body.data

async function approve(api: Api, id: string, pass: boolean, comment = pass ? '同意' : '时间不合适') {
  const list = await api.get('/api/blade-flow/work/claim-list', { current: 1, size: 50 })
  const task = list.body.data.records.find((r: { businessId: string }) => r.businessId === id)
  expect(task, 'the booking waits in 待办事务').toBeTruthy()
  return api.post('/api/blade-flow/work/complete-task', { body: { taskId: task.taskId, pass, comment } })
}

describe('实验室预约', () => {
  it('a teacher books, staff approve in 待办事务, and a clashing booking is refused with alternatives', async () => {
    const draft = await teacher.post('/api/lab/appointment/submit', { body: booking() })
    expect(draft.status, draft.body.msg).toBe(200)
    const id = draft.body.data.id
    expect(await detail(teacher, id)).toMatchObject({
      status: 0,
      roomNo: 'E101',
      labName: '电子实验中心',
      applicantName: 'appt_t1',
    })

    const applied = await teacher.post('/api/lab/appointment/handleApplyFor', { body: { id } })
    expect(applied.status, applied.body.msg).toBe(200)
    expect(await detail(teacher, id)).toMatchObject({ status: 1 })

    // A pending booking already holds the room.
    const clash = await other.post('/api/lab/appointment/handleApplyFor', {
      body: booking({ startTime: '09:00', endTime: '11:00', title: '模拟电路实验' }),
    })
    expect(clash.status).toBe(400)
    expect(clash.body.msg).toContain(
      `该时段与以下安排冲突：房间E101 ${DAY} 08:00-10:00『数字电路课程设计』（实验室预约）`,
    )
    expect(clash.body.msg).toContain('同一时段可预约的空闲房间：E102 房间E102（60座）、P201 房间P201（30座）')
    expect(clash.body.msg).toContain(`房间E101在${DAY}的空闲时段：10:00-22:00`)
    const check = await other.get('/api/lab/appointment/check', {
      roomId: rooms.a,
      appointmentDate: DAY,
      startTime: '09:00',
      endTime: '11:00',
      headcount: 35,
    })
    expect(check.body.data.ok).toBe(false)
    expect(check.body.data.conflicts.map((c: { title: string }) => c.title)).toEqual(['『数字电路课程设计』'])
    // Same lab first; P201 has too few seats for 35.
    expect(check.body.data.rooms.map((r: { roomNo: string }) => r.roomNo)).toEqual(['E102'])
    expect(check.body.data.slots).toEqual([{ start: '10:00', end: '22:00' }])
    // Nothing was written by the refusal.
    expect((await other.get('/api/lab/appointment/page', { current: 1, size: 10 })).body.data.total).toBe(0)

    const decided = await approve(staff, id, true)
    expect(decided.status, decided.body.msg).toBe(200)
    expect(await detail(teacher, id)).toMatchObject({ status: 3, approveComment: '同意' })

    const week = await staff.get('/api/lab/appointment/week', { roomIds: rooms.a, from: DAY, days: 7 })
    expect(week.body.data.busy).toEqual([
      expect.objectContaining({
        date: DAY,
        start: '08:00',
        end: '10:00',
        kind: 'appointment',
        kindLabel: '实验室预约',
        detail: 'appt_t1',
      }),
    ])
    const browse = await admin.get('/api/lab/labroom/week', {
      labId: week.body.data.rooms[0].labId,
      from: DAY,
    })
    expect(browse.body.data.rooms.map((r: { roomNo: string }) => r.roomNo)).toEqual(['E101', 'E102'])
    expect(browse.body.data.busy[0].detail).toBeUndefined()

    // Back to back is not a clash.
    const after = await other.post('/api/lab/appointment/handleApplyFor', {
      body: booking({ startTime: '10:00', endTime: '12:00', title: '模拟电路实验' }),
    })
    expect(after.status, after.body.msg).toBe(200)
  })

  it('returns, re-applies, copies and cancels; teachers see and touch only their own bookings', async () => {
    const made = await teacher.post('/api/lab/appointment/handleApplyFor', {
      body: booking({ roomId: rooms.b, startTime: '14:00', endTime: '16:00', title: '传感器实验' }),
    })
    const id = made.body.data.id
    expect((await approve(staff, id, false)).status).toBe(200)
    expect(await detail(teacher, id)).toMatchObject({ status: 2, approveComment: '时间不合适' })
    // A returned booking no longer holds the room.
    const free = await admin.get('/api/lab/appointment/check', {
      roomId: rooms.b,
      appointmentDate: DAY,
      startTime: '14:00',
      endTime: '16:00',
    })
    expect(free.body.data.ok).toBe(true)
    const again = await teacher.post('/api/lab/appointment/handleReApplyFor', {
      body: { id, startTime: '16:00', endTime: '18:00' },
    })
    expect(again.status, again.body.msg).toBe(200)
    expect(await detail(teacher, id)).toMatchObject({ status: 1, startTime: '16:00' })
    const editPending = await teacher.post('/api/lab/appointment/submit', { body: { id, title: '改' } })
    expect(editPending.body.msg).toBe('审核中的预约不能修改')
    expect((await teacher.post('/api/lab/appointment/remove', { query: { ids: id } })).body.msg).toBe(
      '审核中的预约不能删除，请先取消',
    )

    // Another teacher neither sees nor cancels it.
    const seen = await other.get('/api/lab/appointment/page', { current: 1, size: 50 })
    expect(seen.body.data.records.map((r: { id: string }) => r.id)).not.toContain(id)
    expect((await other.post('/api/lab/appointment/cancel', { body: { id } })).body.msg).toBe(
      '预约不存在或无权访问',
    )

    // Withdrawing ends the approval.
    expect((await teacher.post('/api/lab/appointment/cancel', { body: { id } })).status).toBe(200)
    expect(await detail(teacher, id)).toMatchObject({ status: 4 })
    const tasks = await staff.get('/api/blade-flow/work/claim-list', { current: 1, size: 50 })
    expect(tasks.body.data.records.map((r: { businessId: string }) => r.businessId)).not.toContain(id)

    const copy = await teacher.post('/api/lab/appointment/copy', { body: { id } })
    expect(copy.status).toBe(200)
    expect(await detail(teacher, copy.body.data.id)).toMatchObject({
      status: 0,
      title: '传感器实验',
      startTime: '16:00',
      roomNo: 'E102',
    })
    expect(
      (await teacher.post('/api/lab/appointment/remove', { query: { ids: copy.body.data.id } })).status,
    ).toBe(200)
    const reborn = await teacher.post('/api/lab/appointment/handleReApplyFor', { body: { id } })
    expect(reborn.status, reborn.body.msg).toBe(200)
    expect((await approve(staff, id, true)).status).toBe(200)
    expect((await teacher.post('/api/lab/appointment/cancel', { body: { id } })).status).toBe(200)
    expect(await detail(teacher, id)).toMatchObject({ status: 4 })
  })

  it('refuses times outside the rules and rooms closed then, and approval re-checks the room', async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [booking({ appointmentDate: '2020-01-06' }), '不能预约已经过去的时间'],
      [booking({ startTime: '07:00' }), '房间E101的开放时间为08:00-22:00，请在开放时间内预约'],
      [booking({ startTime: '11:00', endTime: '10:00' }), '结束时间必须晚于开始时间'],
      [
        booking({ startTime: '12:00', endTime: '13:00', headcount: 41 }),
        '使用人数（41）超过房间E101的座位数（40）',
      ],
      [booking({ title: '' }), '请输入预约事由'],
      [booking({ startTime: '8点' }), '开始时间格式应为 HH:mm'],
    ]
    for (const [body, msg] of refusals) {
      const res = await teacher.post('/api/lab/appointment/submit', { body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.msg).toBe(msg)
    }
    await admin.post('/api/lab/labroom/closure-submit', {
      body: {
        roomId: rooms.c,
        startDate: DAY,
        endDate: DAY,
        startTime: '13:00',
        endTime: '17:00',
        reason: '设备检修',
      },
    })
    const closed = await teacher.post('/api/lab/appointment/submit', {
      body: booking({ roomId: rooms.c, startTime: '15:00', endTime: '16:00', headcount: 10 }),
    })
    expect(closed.body.msg).toContain(`房间P201 ${DAY} 13:00-17:00『设备检修』（停用时段）`)
    expect(closed.body.msg).toContain(`房间P201在${DAY}的空闲时段：08:00-13:00、17:00-22:00`)

    // A pending booking keeps closures and the room's removal out.
    const pending = await teacher.post('/api/lab/appointment/handleApplyFor', {
      body: booking({
        roomId: rooms.c,
        startTime: '18:00',
        endTime: '20:00',
        headcount: 10,
        title: '开放日',
      }),
    })
    const overBooking = await admin.post('/api/lab/labroom/closure-submit', {
      body: { roomId: rooms.c, startDate: DAY, endDate: DAY, reason: '停电' },
    })
    expect(overBooking.body.msg).toBe(
      `房间P201在该时段已有预约，请先处理：${DAY} 18:00-20:00『开放日』（实验室预约）`,
    )
    expect((await admin.post('/api/lab/labroom/remove', { query: { ids: rooms.c } })).body.msg).toBe(
      '所选房间还有1个未完成的预约，请先取消预约',
    )

    // Something took the room meanwhile: the approval is refused and the booking stays pending.
    await t.database.db.insert(labRoomClosure).values({
      id: nextId(),
      tenantId: '000000',
      roomId: rooms.c,
      startDate: DAY,
      endDate: DAY,
      startTime: '19:00',
      endTime: '21:00',
      reason: '临时占用',
    })
    const refused = await approve(staff, pending.body.data.id, true)
    expect(refused.status).toBe(400)
    expect(refused.body.msg).toBe(
      `该预约与以下安排冲突，不能通过：房间P201 ${DAY} 19:00-21:00『临时占用』（停用时段）`,
    )
    expect(await detail(teacher, pending.body.data.id)).toMatchObject({ status: 1 })
    expect((await approve(staff, pending.body.data.id, false)).status).toBe(200)
  })
})
