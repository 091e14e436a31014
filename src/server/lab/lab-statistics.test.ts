import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type Api, type TestServer } from '../../../tests/support/server'
import { addColleges } from '../base/testing'
import { addLab, addRoom } from './testing'

let t: TestServer
let admin: Api

beforeAll(async () => {
  t = await startTestServer()
  admin = t.api(await t.login())
  await addColleges(t.database.db, '000000', [['0301', '电子信息学院']])
  const lab = await addLab(admin, { labName: '统计实验室', deptSerial: '0301' })
  await addRoom(admin, { roomNo: 'T101', labId: lab.id, seats: 40, area: 60 })
  await addRoom(admin, { roomNo: 'T102', labId: lab.id, seats: 30, area: 50 })
})
afterAll(() => t?.close())

describe('实验室统计', () => {
  it('totals the register, figures each lab and each room, and exports', async () => {
    const overview = await admin.get('/api/lab/labinfo/statistical')
    expect(overview.status, overview.body.msg).toBe(200)
    expect(overview.body.data).toMatchObject({ labs: 1, rooms: 2, seats: 70, area: 110 })
    expect(overview.body.data.byCategory).toEqual([{ code: '3', count: 1 }])

    const labs = await admin.get('/api/lab/labinfo/information-statistical', {
      from: '2031-01-01',
      to: '2031-01-31',
    })
    expect(labs.body.data).toEqual([
      expect.objectContaining({
        labName: '统计实验室',
        rooms: 2,
        seats: 70,
        area: 110,
        bookings: 0,
        classHours: 0,
      }),
    ])
    const rooms = await admin.get('/api/lab/labroom/statistical', { from: '2031-01-01', to: '2031-01-31' })
    expect(rooms.body.data.map((r: { roomNo: string }) => r.roomNo)).toEqual(['T101', 'T102'])

    const bad = await admin.get('/api/lab/labroom/statistical', { from: '2031-02-01', to: '2031-01-01' })
    expect(bad.status).toBe(400)
    expect(bad.body.msg).toBe('结束日期不能早于开始日期')
    const file = await admin.get('/api/lab/labinfo/export', {})
    expect(file.status).toBe(200)
  })
})
