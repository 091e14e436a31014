import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type Api, type TestServer } from '../../../tests/support/server'
import { addSchool, addStudent, setUpTerm, type School } from '../teach/testing'
import { dayNumber, localDateOf, mondayOf } from '../../shared/resources/teach/calendar'

/**
 * 实验项目预约 through the routes (domain 8): the window, the audience, one slot per project, the seat
 * counter, only for oneself, and cancelling frees the seat. Slots are two and three weeks ahead of
 * today, so the advance and cancel hours never decide.
 */
let t: TestServer
let s: School
let admin: Api
const slots: string[] = []
const day = 86_400_000
const stamp = (d: Date) => `${localDateOf(d)} 00:00:00`
const as = (token: string) => t.api(token)

async function params(from: number, to: number) {
  const now = Date.now()
  const res = await admin.post('/api/experimentProject/projectparams/submit', {
    body: {
      subscribeStart: stamp(new Date(now + from * day)),
      subscribeEnd: stamp(new Date(now + to * day)),
      maxProjects: 3,
      advanceHours: 24,
      cancelHours: 24,
      allowCancel: 1,
    },
  })
  expect(res.status, res.body.msg).toBe(200)
}

const book = (token: string, timeId: string, stuSerial: string) =>
  as(token).post('/api/experimentProject/projectstu/saveSubscribeList', { body: [{ timeId, stuSerial }] })

beforeAll(async () => {
  t = await startTestServer()
  s = await addSchool(t)
  admin = s.admin
  const term = (await admin.get('/api/system/academic/detail', { id: s.termId })).body.data
  const monday = mondayOf(String(term.startDate))
  await setUpTerm(admin, s.termId, monday)
  expect(
    (
      await admin.post('/api/teach/teachclassroom/submit', {
        body: { roomId: s.rooms.A301, capacity: 30, status: 1 },
      })
    ).status,
  ).toBe(200)
  const saved = await admin.post('/api/experimentProject/project/submit', {
    body: {
      projectName: '示波器使用',
      academicYearId: s.termId,
      labId: s.labId,
      teacherIds: s.teachers.li.id,
      hours: 2,
      classNos: 'JK2201',
      maxSlots: 1,
    },
  })
  expect(saved.status, saved.body.msg).toBe(200)
  const id = (await admin.get('/api/experimentProject/project/page', { projectName: '示波器使用' })).body.data
    .records[0].id
  const week = Math.floor((dayNumber(localDateOf(new Date())) - dayNumber(monday)) / 7) + 3
  const made = await admin.post('/api/experimentProject/projectTime/createTime', {
    body: {
      id,
      weeks: [week, week + 1],
      addrList: [{ roomId: s.rooms.A301, weekday: 3, startSection: 5, endSection: 6, capacity: 1 }],
    },
  })
  expect(made.body.data, made.body.msg).toMatchObject({ created: 2 })
  const publish = await admin.post('/api/experimentProject/project/pushProject', {
    body: { ids: id, push: 1 },
  })
  expect(publish.status, publish.body.msg).toBe(200)
  const page = await admin.get('/api/experimentProject/projectTime/page', { projectId: id, ascs: 'date' })
  slots.push(...page.body.data.records.map((r: { id: string }) => String(r.id)))
}, 300_000)
afterAll(() => t?.close())

describe('实验项目预约', () => {
  it('refuses before the window opens', async () => {
    await params(1, 10)
    const early = await book(s.students.a.token, slots[0], s.students.a.no)
    expect(early.status).toBe(400)
    expect(early.body.msg).toMatch(/^预约尚未开始（开始时间：/)
  })

  it('books one slot per project and student, within the audience and the seats, only for oneself', async () => {
    await params(-1, 10)
    const { a, b, d } = s.students
    expect((await book(a.token, slots[0], a.no)).status).toBe(200)
    expect((await book(a.token, slots[1], a.no)).body.msg).toBe('您已预约该项目的其他时段')
    expect((await book(b.token, slots[0], b.no)).body.msg).toBe('该时段已约满')
    expect((await book(b.token, slots[1], a.no)).body.msg).toBe('只能为本人预约')
    expect((await book(d.token, slots[1], d.no)).body.msg).toBe('您不在该项目的预约范围内')
    const seen = await as(d.token).get('/api/experimentProject/project/subscribeList', {})
    expect(seen.body.data).toEqual([])
    const mine = await as(a.token).get('/api/experimentProject/projectstu/mySubscribe', {})
    expect(mine.body.data.map((r: { timeId: string }) => String(r.timeId))).toEqual([slots[0]])
  })

  it('frees the seat when the student cancels early enough', async () => {
    const { a, b } = s.students
    const cancel = await as(a.token).post('/api/experimentProject/projectstu/removeStu', {
      query: { timeId: slots[0], stuSerial: a.no },
    })
    expect(cancel.status, cancel.body.msg).toBe(200)
    expect((await book(b.token, slots[0], b.no)).status).toBe(200)
  })

  it('gives the last seat to exactly one of eight students booking at once', async () => {
    const crowd = await Promise.all(
      Array.from({ length: 8 }, (_, i) => addStudent(t, admin, `20220109${i}0`, `同学${i}`, 'JK2201')),
    )
    const answers = await Promise.all(crowd.map((p) => book(p.token, slots[1], p.no)))
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1)
    expect(answers.filter((r) => r.status !== 200).map((r) => r.body.msg)).toEqual(
      Array.from({ length: 7 }, () => '该时段已约满'),
    )
    // the seat counter agrees: one booked of one
    const listed = await admin.get('/api/experimentProject/projectTime/page', { size: 20 })
    const slot = (listed.body.data.records as { id: string; capacity: number; bookedCount: number }[]).find(
      (r) => String(r.id) === slots[1],
    )
    expect(slot).toMatchObject({ capacity: 1, bookedCount: 1 })
  })
})
