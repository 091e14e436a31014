import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../../../tests/support/server'
import { addSchool, setUpTerm, type School } from './testing'

let t: TestServer
let s: School

beforeAll(async () => {
  t = await startTestServer()
  s = await addSchool(t)
})
afterAll(() => t?.close())

describe('教学参数, 作息时间, 时间节点', () => {
  it('refuses a first week that does not start on Monday, then saves and seeds 11 period times', async () => {
    const { staff, termId } = s
    const defaults = await staff.get('/api/teach/teachparameter/getDetailByAcademicYearId', {
      academicYearId: termId,
    })
    expect(defaults.body.data).toMatchObject({
      id: '',
      weeks: expect.any(Number),
      teachingWeekdays: '1,2,3,4,5',
      sectionsPerDay: 11,
    })
    const wednesday = await staff.post('/api/teach/teachparameter/submit', {
      body: {
        academicYearId: termId,
        firstWeekMonday: '2025-09-03',
        weeks: 18,
        teachingWeekdays: '1,2,3,4,5',
        morningSections: 4,
        afternoonSections: 4,
        eveningSections: 3,
      },
    })
    expect(wednesday.status).toBe(400)
    expect(wednesday.body.msg).toBe('第一周开始日期必须是星期一')
    const tooMany = await staff.post('/api/teach/teachparameter/submit', {
      body: {
        academicYearId: termId,
        firstWeekMonday: '2025-09-01',
        weeks: 18,
        teachingWeekdays: '1',
        morningSections: 6,
        afternoonSections: 6,
        eveningSections: 5,
      },
    })
    expect(tooMany.body.msg).toBe('每天节数合计必须在1到16之间')
    const outside = await staff.post('/api/teach/teachparameter/submit', {
      body: {
        academicYearId: termId,
        firstWeekMonday: '2025-09-01',
        weeks: 18,
        teachingWeekdays: '1,2,3,4,5',
        morningSections: 4,
        afternoonSections: 4,
        eveningSections: 3,
        holidays: '2026-03-01',
      },
    })
    expect(outside.body.msg).toBe('节假日2026-03-01不在本学期教学周内')

    await setUpTerm(staff, termId, '2025-09-01', '2025-10-01')
    const again = await staff.post('/api/teach/teachparameter/submit', {
      body: {
        academicYearId: termId,
        firstWeekMonday: '2025-09-01',
        weeks: 18,
        teachingWeekdays: '1,2,3,4,5',
        morningSections: 4,
        afternoonSections: 4,
        eveningSections: 3,
      },
    })
    expect(again.body.msg).toBe('该学年学期的教学参数已存在')
    const times = await staff.get('/api/teach/teachparametertime/list', {
      academicYearId_equal: termId,
      size: 50,
      ascs: 'section',
    })
    expect(times.body.data.records.map((r: { section: number }) => r.section)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
    ])
    expect(times.body.data.records[8]).toMatchObject({ startTime: '19:00', endTime: '19:45', period: 3 })
  })

  it('keeps 作息时间 in order and unique', async () => {
    const { staff, termId } = s
    const times = await staff.get('/api/teach/teachparametertime/list', {
      academicYearId_equal: termId,
      size: 50,
      ascs: 'section',
    })
    const third = times.body.data.records[2]
    const early = await staff.post('/api/teach/teachparametertime/submit', {
      body: { id: third.id, startTime: '09:30', endTime: '10:15' },
    })
    expect(early.body.msg).toBe('第3节开始时间不能早于第2节结束时间')
    const twice = await staff.post('/api/teach/teachparametertime/submit', {
      body: { academicYearId: termId, section: 3, startTime: '10:00', endTime: '10:45' },
    })
    expect(twice.body.msg).toBe('第3节已存在')
    const beyond = await staff.post('/api/teach/teachparametertime/submit', {
      body: { academicYearId: termId, section: 12, startTime: '21:40', endTime: '22:20' },
    })
    expect(beyond.body.msg).toBe('节次超出每天节数（11）')
    const backwards = await staff.post('/api/teach/teachparametertime/submit', {
      body: { id: third.id, startTime: '10:45', endTime: '10:00' },
    })
    expect(backwards.body.msg).toBe('结束时间必须晚于开始时间')
  })

  it('generates 990 nodes, the holiday ones unavailable, and regenerates in place', async () => {
    const { staff, termId } = s
    const first = await staff.post('/api/teach/timenode/generateTimeAssNode', {
      query: { academicYearId: termId },
    })
    expect(first.body.data).toMatchObject({ count: 990, unavailable: 11, removed: 0 })
    const page = await staff.get('/api/teach/timenode/list', {
      academicYearId_equal: termId,
      week_equal: 5,
      weekday_equal: 3,
      size: 20,
    })
    expect(page.body.data.total).toBe(11)
    expect(page.body.data.records[0]).toMatchObject({
      date: '2025-10-01',
      available: 0,
      name: '第5周星期三第1节',
      startTime: '08:00',
    })
    const ids = page.body.data.records.map((r: { id: string }) => r.id)
    const again = await staff.post('/api/teach/timenode/generateTimeAssNode', {
      query: { academicYearId: termId },
    })
    expect(again.body, JSON.stringify(again.body)).toMatchObject({ data: { count: 990, removed: 0 } })
    const same = await staff.get('/api/teach/timenode/select-by-ids', { ids: ids.join(',') })
    expect(same.body.data).toHaveLength(11)
    const current = await staff.get('/api/teach/teachparameter/getCurrent')
    expect(current.body.data).toMatchObject({ academicYearId: termId, sectionsPerDay: 11 })
    expect(current.body.data.times).toHaveLength(11)
  })

  it('refuses nodes while 作息时间 is incomplete', async () => {
    const { staff, termId } = s
    const times = await staff.get('/api/teach/teachparametertime/list', {
      academicYearId_equal: termId,
      size: 50,
      ascs: 'section',
    })
    const last = times.body.data.records[10]
    await staff.post('/api/teach/teachparametertime/remove', { query: { ids: last.id } })
    const refused = await staff.post('/api/teach/timenode/generateTimeAssNode', {
      query: { academicYearId: termId },
    })
    expect(refused.body.msg).toBe('作息时间不完整：每天11节，已设置10节')
    await staff.post('/api/teach/teachparametertime/submit', {
      body: { academicYearId: termId, section: 11, startTime: '20:50', endTime: '21:35' },
    })
  })

  it('offers rooms not yet 排课教室 and refuses a room twice', async () => {
    const { staff, rooms } = s
    const before = await staff.get('/api/lab/labroom/pageExcludeHasBeenUsedRoom', { size: 50 })
    expect(before.body.data.records.map((r: { roomNo: string }) => r.roomNo).sort()).toEqual([
      'A301',
      'A305',
      'B101',
    ])
    const added = await staff.post('/api/teach/teachclassroom/submit', {
      body: { roomId: rooms.A301, status: 1 },
    })
    expect(added.status).toBe(200)
    const twice = await staff.post('/api/teach/teachclassroom/submit', {
      body: { roomId: rooms.A301, status: 1 },
    })
    expect(twice.body.msg).toBe('该房间已是排课教室')
    const after = await staff.get('/api/lab/labroom/pageExcludeHasBeenUsedRoom', { size: 50 })
    expect(after.body.data.records.map((r: { roomNo: string }) => r.roomNo).sort()).toEqual(['A305', 'B101'])
    const list = await staff.get('/api/teach/teachclassroom/page', {})
    expect(list.body.data.records[0]).toMatchObject({
      roomName: 'A301',
      capacity: 30,
      labName: '电子技术实验室',
    })
  })
})
