// Response bodies are whatever the endpoint sent; tests assert on them freely.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type Api, type TestServer } from '../../../../tests/support/server'
import { createUser } from '../../../../tests/support/fixtures'
import { addScheduleFixture, type ScheduleFixture } from './testing'
import { eq, sql } from 'drizzle-orm'
import { dataOfTenant } from '../../core/data'
import { teachBatchPlan, teachBatchPlanTeacher, teachCoursePlan, teachParameter } from '../../db/schema'
import { lockTerm } from './check'
import { PLAN_STATUS } from '../../../shared/resources/teach/codes'

let t: TestServer
let admin: Api
let teacher: Api
let f: ScheduleFixture

const body = (r: { body: any }) => r.body
const post = async (api: Api, path: string, payload: unknown, query?: Record<string, string | number>) =>
  api.post(`/api/teach/${path}`, { body: payload, query })
const get = (api: Api, path: string, query: Record<string, string | number> = {}) =>
  api.get(`/api/teach/${path}`, query)

beforeAll(async () => {
  t = await startTestServer()
  admin = t.api(await t.login())
  const li = await createUser(t.database, { account: 'lisi', roleAlias: 'teacher' })
  f = await addScheduleFixture(t.database.db, { accounts: { T0123: li.id } })
  teacher = t.api(await t.login('lisi', li.password))
})

afterAll(async () => {
  await t?.close()
})

const circuit = () => f.lines['电路实验']
const analog = () => f.lines['模拟电子技术实验']
const digital = () => f.lines['数字电路实验']

describe('排课 wizard (behaviour 1)', () => {
  it('lists approved plan lines as 待排, with the plan info and the holiday greyed', async () => {
    const list = body(await get(admin, 'newBatchPlan/projectList', { academicYearId: f.termId }))
    expect(list.success).toBe(true)
    const line = list.data.find((r: any) => r.coursePlanProjectId === circuit())
    expect(line).toMatchObject({
      courseNumber: 'EE2001',
      statusName: '待排',
      batchCount: 0,
      studentCount: 60,
    })
    const info = body(await get(admin, 'newBatchPlan/planInfo', { coursePlanProjectId: circuit() })).data
    expect(info.classes.map((c: any) => [c.classNo, c.students.length])).toEqual([
      ['计科2201', 30],
      ['计科2202', 30],
    ])
    expect(info.unassigned).toHaveLength(60)
    const reset = body(
      await get(admin, 'newBatchPlan/timeListReset', { coursePlanProjectId: circuit() }),
    ).data
    expect(reset.weeks).toEqual([3, 4, 5, 6, 7, 8, 9, 10])
    const grid = body(
      await get(admin, 'newBatchPlan/timeList', {
        coursePlanProjectId: circuit(),
        weeks: '3,4,5,6,7,8,9,10',
      }),
    ).data
    const wed = grid.cells.filter((c: any) => c.weekday === 3)
    expect(wed.every((c: any) => c.holiday && !c.free)).toBe(true)
    expect(grid.cells.find((c: any) => c.weekday === 2 && c.section === 1)).toMatchObject({ free: true })
  })

  it('refuses a holiday, a weekend and an over-full room, and writes nothing', async () => {
    const base = {
      weeks: '3,4,5',
      weekday: 3,
      startSection: 1,
      endSection: 2,
      roomIds: [f.rooms.A305],
      teacherIds: [f.teachers.T0123],
      classNos: ['计科2201'],
    }
    let r = await post(admin, 'newBatchPlan/savePlan', { coursePlanProjectId: circuit(), batches: [base] })
    expect(r.status).toBe(400)
    expect(r.body.msg).toBe('第5周星期三（2025-10-01）为节假日，不能排课')
    r = await post(admin, 'newBatchPlan/savePlan', {
      coursePlanProjectId: circuit(),
      batches: [{ ...base, weekday: 6 }],
    })
    expect(r.body.msg).toBe('星期六不是本学期的上课日')
    r = await post(admin, 'newBatchPlan/savePlan', {
      coursePlanProjectId: circuit(),
      batches: [{ ...base, weekday: 2, classNos: ['计科2201', '计科2202'], roomIds: [f.rooms.A301] }],
    })
    expect(r.body.msg).toBe('第1批人数（60）超过房间容量（30）')
    r = await post(admin, 'newBatchPlan/savePlan', {
      coursePlanProjectId: circuit(),
      batches: [{ ...base, weekday: 2, weeks: '3,19' }],
    })
    expect(r.body.msg).toBe('周次必须在1到18之间')
    const list = body(await get(admin, 'batchplan/page', { academicYearId: f.termId }))
    expect(list.data.total).toBe(0)
  })

  it('saves two batches 未提交 and confirms the line (batches 已提交)', async () => {
    const common = {
      weeks: '3,4,5,6,7,8,9,10',
      weekday: 2,
      roomIds: [f.rooms.A301],
      teacherIds: [f.teachers.T0123],
    }
    const saved = body(
      await post(admin, 'newBatchPlan/savePlan', {
        coursePlanProjectId: circuit(),
        batches: [
          { ...common, batchNo: 1, startSection: 1, endSection: 2, classNos: ['计科2201'] },
          { ...common, batchNo: 2, startSection: 3, endSection: 4, classNos: ['计科2202'] },
        ],
      }),
    )
    expect(saved.success).toBe(true)
    expect(saved.data.batchPlanIds).toHaveLength(2)
    expect(saved.data.collisions).toEqual([])
    const page = body(await get(admin, 'batchplan/page', { academicYearId: f.termId })).data
    expect(
      page.records.map((r: any) => [r.batchName, r.weeksText, r.statusName, r.roomNames, r.studentCount]),
    ).toEqual([
      ['第1批', '第3-10周', '未提交', 'A301', 30],
      ['第2批', '第3-10周', '未提交', 'A301', 30],
    ])
    const confirm = await post(admin, 'newBatchPlan/updateList', [circuit()], { status: 2 })
    expect(confirm.body).toMatchObject({ success: true, data: { updated: 1, submitted: 2 } })
    const line = body(await get(admin, 'newBatchPlan/projectList', { academicYearId: f.termId })).data.find(
      (r: any) => r.coursePlanProjectId === circuit(),
    )
    expect(line.statusName).toBe('已确认')
    const after = body(await get(admin, 'batchplan/page', { academicYearId: f.termId })).data
    expect(after.records.map((r: any) => r.statusName)).toEqual(['已提交', '已提交'])
    const wrong = await post(admin, 'newBatchPlan/updateList', [circuit()], { status: 3 })
    expect(wrong.body.msg).toBe('状态不允许从「已确认」改为「暂不排」')
  })
})

describe('collisions (behaviours 2–5)', () => {
  let other: string
  it('a teacher collision is in the reply, listed with both sides and explained', async () => {
    const r = body(
      await post(admin, 'batchplan/saveList', [
        {
          coursePlanProjectId: analog(),
          weeks: '3',
          weekday: 2,
          startSection: 1,
          endSection: 2,
          roomIds: [f.rooms.A305],
          teacherIds: [f.teachers.T0123],
        },
      ]),
    )
    expect(r.success).toBe(true)
    other = r.data.ids[0]
    expect(r.data.collisions.map((c: any) => c.kind)).toEqual(['teacher'])
    expect(r.data.collisions[0].description).toBe(
      '教师 李四（T0123）在第3周星期二第1-2节同时安排了『电路实验·第1批』（计科2201，A301）和『模拟电子技术实验·第1批』（软工2202，A305）',
    )
    const rows = body(await get(admin, 'teachercollision/page', { academicYearId: f.termId, status: 0 })).data
      .records
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ partyName: '李四（T0123）', weeksText: '第3周', statusName: '未处理' })
    const plan = body(await get(admin, 'batchplan/detail', { id: other })).data
    expect(plan.collisionStatus).toBe(1)
  })

  it('the view suggests free times and rooms; applying a time clears the row', async () => {
    const row = body(await get(admin, 'teachercollision/page', { academicYearId: f.termId })).data.records[0]
    const detail = body(await get(admin, 'teachercollision/detail', { id: row.id })).data
    expect(detail.a.id).not.toBe(detail.b.id)
    expect(detail.suggestions.side).toBe('B')
    const times = detail.suggestions.times
    expect(times.length).toBeGreaterThan(0)
    expect(
      times.some(
        (x: any) => x.weekday === 2 && x.startSection <= 4 && x.endSection >= 1 && x.startSection <= 2,
      ),
    ).toBe(false)
    expect(times[0].weekday).toBe(2)
    const move = body(
      await post(admin, 'batchplan/updateList', [
        {
          id: other,
          weeks: '3',
          weekday: times[0].weekday,
          startSection: times[0].startSection,
          endSection: times[0].endSection,
          roomIds: [f.rooms.A305],
          teacherIds: [f.teachers.T0123],
        },
      ]),
    )
    expect(move.data.collisions).toEqual([])
    const after = body(await get(admin, 'teachercollision/detail', { id: row.id })).data
    expect(after.statusName).toBe('已消除')
  })

  it('rooms and classes collide; split classes by students do not, a shared student does', async () => {
    const room = body(
      await post(admin, 'batchplan/saveList', [
        {
          coursePlanProjectId: analog(),
          weeks: '4',
          weekday: 2,
          startSection: 2,
          endSection: 2,
          roomIds: [f.rooms.A301],
          teacherIds: [f.teachers.T0456],
        },
      ]),
    )
    expect(room.data.collisions.map((c: any) => c.kind)).toEqual(['room'])
    expect(room.data.collisions[0].description).toMatch(
      /^房间 A301 在第4周星期二第2节被『电路实验·第1批』.*同时占用$/,
    )
    const cls = body(
      await post(admin, 'batchplan/saveList', [
        {
          coursePlanProjectId: digital(),
          weeks: '5,6',
          weekday: 2,
          startSection: 1,
          endSection: 1,
          roomIds: [f.rooms.A307],
          teacherIds: [f.teachers.T0789],
          classNos: ['计科2201'],
        },
      ]),
    )
    expect(cls.data.collisions.map((c: any) => c.kind)).toEqual(['class'])
    expect(cls.data.collisions[0].description).toMatch(/^班级 计科2201 在第5-6周星期二第1节同时有/)
    // Split 计科2201 between the 电路实验 batch (first half) and the 数字电路 batch (second half).
    const circuitBatch = body(
      await get(admin, 'batchplan/page', { academicYearId: f.termId, projectName: '电路实验' }),
    ).data.records.find((r: any) => r.batchNo === 1)
    const students = Array.from({ length: 30 }, (_, i) => `2201${String(i + 1).padStart(2, '0')}`)
    const split = body(
      await post(admin, 'batchassstudent/saveList', [
        { batchPlanId: circuitBatch.id, studentNos: students.slice(0, 15) },
        { batchPlanId: cls.data.ids[0], studentNos: students.slice(15) },
      ]),
    )
    expect(split.success).toBe(true)
    expect(split.data.collisions).toEqual([])
    const cleared = body(await get(admin, 'classcollision/page', { academicYearId: f.termId })).data.records
    expect(cleared.map((r: any) => r.statusName)).toEqual(['已消除'])
    const shared = body(
      await post(admin, 'batchassstudent/saveList', [
        { batchPlanId: cls.data.ids[0], studentNos: [students[0], ...students.slice(15)] },
      ]),
    )
    expect(shared.data.collisions.map((c: any) => c.kind)).toEqual(['student'])
    expect(shared.data.collisions[0].description).toMatch(
      /^学生 张三（220101） 在第5-6周星期二第1节同时被安排在/,
    )
  })
})

describe('publish, 处理 and the term-wide check (behaviours 4–5)', () => {
  it('refuses to publish with open collisions, with the numbered list; 处理 then publish succeeds', async () => {
    const all = body(await get(admin, 'batchplan/page', { academicYearId: f.termId, size: 100 })).data.records
    const drafts = all.filter((r: any) => r.status === 0).map((r: any) => r.id)
    expect(body(await post(admin, 'batchplan/batchSubmit', { ids: drafts })).success).toBe(true)
    const ids = all.map((r: any) => r.id)
    const refused = await post(admin, 'batchplan/publish', { ids })
    expect(refused.status).toBe(400)
    expect(refused.body.msg).toMatch(/^以下排课存在未处理的冲突，不能发布：\n1\. /)
    const openRows = [
      ...body(
        await get(admin, 'addresscollision/page', { academicYearId: f.termId, status: 0 }),
      ).data.records.map((r: any) => ['addresscollision', r.id]),
      ...body(
        await get(admin, 'studentcollision/page', { academicYearId: f.termId, status: 0 }),
      ).data.records.map((r: any) => ['studentcollision', r.id]),
    ]
    expect(openRows.length).toBe(2)
    const noRemark = await post(admin, `${openRows[0][0]}/submit`, {
      id: openRows[0][1],
      status: 1,
      handleRemark: ' ',
    })
    expect(noRemark.body.msg).toBe('请填写处理说明')
    for (const [family, id] of openRows)
      expect(
        body(
          await post(admin, `${family}/submit`, { id, status: 1, handleRemark: '同一教师指导相邻两个房间' }),
        ).success,
      ).toBe(true)
    const again = await post(admin, `${openRows[0][0]}/submit`, {
      id: openRows[0][1],
      status: 1,
      handleRemark: '再次',
    })
    expect(again.body.msg).toBe('只有未处理的冲突可以处理')
    const published = await post(admin, 'batchplan/publish', { ids })
    expect(published.body).toMatchObject({ success: true, data: { published: ids.length } })
    const edit = await post(admin, 'batchplan/updateList', [
      {
        id: ids[0],
        weeks: '3',
        weekday: 1,
        startSection: 1,
        endSection: 2,
        roomIds: [f.rooms.A307],
        teacherIds: [f.teachers.T0123],
      },
    ])
    expect(edit.body.msg).toBe('已发布的排课不能修改，请通过调课申请调整')
    expect((await post(admin, 'batchplan/remove', undefined, { ids: ids[0] })).body.msg).toBe(
      '已发布的排课不能删除，请通过调课申请调整',
    )
  })

  it('批量冲突检测 counts the term; a row deleted by hand comes back, handled rows keep their status', async () => {
    const first = body(
      await post(admin, 'batchplan/collisionBatchCheckAgain', { academicYearId: f.termId }),
    ).data
    expect(first).toMatchObject({ teacher: 0, room: 1, class: 0, student: 1, added: 0, cleared: 0 })
    const row = body(await get(admin, 'addresscollision/page', { academicYearId: f.termId, status: 1 })).data
      .records[0]
    expect((await post(admin, 'addresscollision/remove', undefined, { ids: row.id })).body.success).toBe(true)
    const second = body(
      await post(admin, 'batchplan/collisionBatchCheckAgain', { academicYearId: f.termId }),
    ).data
    expect(second).toMatchObject({ room: 1, added: 1 })
    const back = body(
      await get(admin, 'addresscollision/page', { academicYearId: f.termId }),
    ).data.records.filter((r: any) => r.statusName !== '已消除')
    expect(back.map((r: any) => r.statusName)).toEqual(['未处理'])
    const handled = body(await get(admin, 'studentcollision/page', { academicYearId: f.termId })).data.records
    expect(handled.map((r: any) => r.statusName)).toEqual(['已处理'])
  })
})

describe('timetables (behaviour 6)', () => {
  it('我的课表 shows the teacher their published batches for a week, with dates', async () => {
    const mine = body(
      await get(teacher, 'batchplan/getTeacherTimetable', { academicYearId: f.termId, week: 4 }),
    ).data
    expect(mine.owner.name).toBe('李四')
    expect(
      mine.entries.map((e: any) => [e.projectName, e.batchName, e.weekday, e.startSection, e.rooms.join()]),
    ).toEqual([
      ['电路实验', '第1批', 2, 1, 'A301'],
      ['电路实验', '第2批', 2, 3, 'A301'],
    ])
    expect(mine.dates.find((d: any) => d.weekday === 2).date).toBe('2025-09-23')
    // A teacher without 教师课表 asking for someone else still gets their own.
    const forced = body(
      await get(teacher, 'batchplan/getTeacherTimetable', {
        academicYearId: f.termId,
        teacherId: f.teachers.T0456,
      }),
    ).data
    expect(forced.owner.name).toBe('李四')
    const whole = body(
      await get(admin, 'batchplan/getTeacherTimetable', {
        academicYearId: f.termId,
        teacherId: f.teachers.T0123,
      }),
    ).data
    expect(whole.entries.length).toBeGreaterThanOrEqual(3)
    const room = body(
      await get(teacher, 'batchplan/getLabroomTimetable', { academicYearId: f.termId, roomId: f.rooms.A301 }),
    ).data
    expect(room.owner.name).toBe('A301')
    expect(room.entries.length).toBe(3)
  })

  it('lists teachers and rooms with counts, the school schedule filtered, and exports', async () => {
    const teachers = body(
      await get(admin, 'batchplan/selectPageAllTeachers', { academicYearId: f.termId }),
    ).data
    expect(teachers.records.find((r: any) => r.no === 'T0123').batches).toBe(3)
    const rooms = body(await get(admin, 'batchplan/selectPageAllLabroom', { academicYearId: f.termId })).data
    expect(rooms.records.map((r: any) => r.name)).toEqual(['A301', 'A305', 'A307'])
    const school = body(
      await get(admin, 'batchplan/selectPageSchoolSchedule', {
        academicYearId: f.termId,
        deptSerial: '01',
        week: 4,
      }),
    ).data
    expect(school.records.every((r: any) => r.weeks.split(',').includes('4'))).toBe(true)
    const grid = await t.app.inject({
      method: 'GET',
      url: `/api/teach/batchplan/selectPageSchoolSchedule-export?format=grid&teacherId=${f.teachers.T0123}&academicYearId=${f.termId}`,
      headers: { 'blade-auth': `bearer ${await t.login()}` },
    })
    expect(grid.statusCode).toBe(200)
    expect(grid.headers['content-type']).toContain('spreadsheetml')
    const XLSX = await import('xlsx')
    const sheet = XLSX.read(grid.rawPayload, { type: 'buffer' })
    const rows = XLSX.utils.sheet_to_json<Record<string, string>>(sheet.Sheets[sheet.SheetNames[0]])
    expect(rows[0].节次).toBe('第1节 08:00-08:45')
    expect(rows[0].星期二).toContain('电路实验 第1批 / A301 / 计科2201 / 第3-10周')
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/teach/batchplan/page-export?academicYearId=${f.termId}`,
      headers: { 'blade-auth': `bearer ${await t.login()}` },
    })
    const listSheet = XLSX.read(list.rawPayload, { type: 'buffer' })
    const header = XLSX.utils.sheet_to_json<string[]>(listSheet.Sheets[listSheet.SheetNames[0]], {
      header: 1,
    })[0]
    expect(header).toEqual([
      '课程',
      '项目',
      '批次',
      '周次',
      '星期',
      '节次',
      '时间',
      '房间',
      '教师',
      '班级',
      '人数',
      '状态',
      '冲突',
    ])
  })
  it('published batches occupy their rooms for lab bookings', async () => {
    const { occupancy } = await import('../../lab/occupancy')
    const { Data } = await import('../../core/data')
    const data = new Data({ db: t.database.db, tenantId: '000000', user: null })
    const busy = await occupancy(
      data,
      { roomIds: [f.rooms.A301], from: '2025-09-16', to: '2025-09-16' },
      { kinds: ['batch'] },
    )
    expect(busy.map((b) => [b.date, b.start, b.end, b.title])).toEqual([
      ['2025-09-16', '08:00', '09:40', '『电路实验·第1批』'],
      ['2025-09-16', '10:00', '11:40', '『电路实验·第2批』'],
    ])
  })
})

describe('adjustments (behaviour 7)', () => {
  let first: any
  const request = (over: Record<string, unknown> = {}) => ({
    batchPlanId: first.id,
    adjustWeeks: '6',
    newWeeks: '11',
    newWeekday: 2,
    newStartSection: 1,
    newEndSection: 2,
    newRoomIds: [f.rooms.A301],
    newTeacherIds: [f.teachers.T0123],
    reason: '外出开会',
    ...over,
  })

  it('a teacher asks to move week 6 of 第1批 to week 11; busy targets are refused with reasons', async () => {
    first = body(
      await get(admin, 'batchplan/page', { academicYearId: f.termId, projectName: '电路实验' }),
    ).data.records.find((r: any) => r.batchNo === 1)
    const grid = body(
      await get(teacher, 'teachbatchplanadjust/timeListAdjust', {
        batchPlanId: first.id,
        adjustWeeks: '6',
        newWeeks: '7',
      }),
    ).data
    const busy = grid.cells.find((c: any) => c.weekday === 2 && c.section === 3)
    expect(busy.free).toBe(false)
    expect(busy.reasons[0]).toMatch(/^教师李四：电路实验第2批（A301）/)
    const same = await post(teacher, 'teachbatchplanadjust/save', request({ newWeeks: '6' }))
    expect(same.body.msg).toBe('调整前后没有变化')
    const count = await post(teacher, 'teachbatchplanadjust/save', request({ newWeeks: '11,12' }))
    expect(count.body.msg).toBe('调整后的周次数必须与原周次数相同')
    const other = body(
      await get(admin, 'batchplan/page', { academicYearId: f.termId, projectName: '模拟电子技术实验' }),
    ).data.records.find((r: any) => !r.teacherIds.includes(f.teachers.T0123))
    const notMine = await post(
      teacher,
      'teachbatchplanadjust/save',
      request({ batchPlanId: other.id, adjustWeeks: other.weeks }),
    )
    expect(notMine.body.msg).toBe('只能为自己任课的排课申请调课')
    const busySubmit = await post(
      teacher,
      'teachbatchplanadjust/submit',
      request({ newWeeks: '7', newStartSection: 3, newEndSection: 4 }),
    )
    expect(busySubmit.status).toBe(400)
    expect(busySubmit.body.msg).toMatch(/^调整后存在冲突：第7周星期二第3-4节 教师李四：电路实验第2批（A301）/)
  })

  it('a free target submits; approval splits the batch and the timetables follow', async () => {
    const submitted = body(await post(teacher, 'teachbatchplanadjust/submit', request()))
    expect(submitted.success).toBe(true)
    const mine = body(await get(teacher, 'teachbatchplanadjust/page', {})).data.records
    expect(mine.map((r: any) => [r.statusName, r.before, r.after])).toEqual([
      ['审核中', '第6周星期二第1-2节 A301 李四', '第11周星期二第1-2节 A301 李四'],
    ])
    const again = await post(teacher, 'teachbatchplanadjust/save', request({ newWeeks: '12' }))
    expect(again.body.msg).toBe('该排课已有审核中的调课申请')
    const tasks = body(await get(admin, 'teachbatchplanadjust/audit-list', {})).data.records
    expect(tasks).toHaveLength(1)
    expect(tasks[0].after).toBe('第11周星期二第1-2节 A301 李四')
    const done = await post(admin, 'teachbatchplanadjust/complete-task', {
      taskId: tasks[0].taskId,
      pass: true,
      comment: '同意',
    })
    expect(done.body.success).toBe(true)
    const detail = body(await get(admin, 'teachbatchplanadjust/detail', { id: mine[0].id })).data
    expect(detail.statusName).toBe('已通过')
    expect(detail.plan.weeksText).toBe('第3-5、7-10周')
    expect(detail.result).toMatchObject({ weeksText: '第11周', statusName: '已发布', batchName: '第1批' })
    const week11 = body(
      await get(teacher, 'batchplan/getTeacherTimetable', { academicYearId: f.termId, week: 11 }),
    ).data
    expect(week11.entries.map((e: any) => e.batchName)).toEqual(['第1批'])
    const week6 = body(
      await get(teacher, 'batchplan/getTeacherTimetable', { academicYearId: f.termId, week: 6 }),
    ).data
    expect(week6.entries.map((e: any) => e.batchName)).toEqual(['第2批'])
  })

  it('a request whose target was taken before approval is refused at 同意', async () => {
    const second = body(
      await get(admin, 'batchplan/page', { academicYearId: f.termId, projectName: '电路实验' }),
    ).data.records.find((r: any) => r.batchNo === 2 && r.weeks.includes('3'))
    const submitted = body(
      await post(
        teacher,
        'teachbatchplanadjust/submit',
        request({
          batchPlanId: second.id,
          adjustWeeks: '7',
          newWeeks: '12',
          newStartSection: 5,
          newEndSection: 6,
        }),
      ),
    )
    expect(submitted.success).toBe(true)
    // Meanwhile staff put another batch of 李四 there.
    const taken = body(
      await post(admin, 'batchplan/saveList', [
        {
          coursePlanProjectId: digital(),
          weeks: '12',
          weekday: 2,
          startSection: 5,
          endSection: 6,
          roomIds: [f.rooms.A307],
          teacherIds: [f.teachers.T0123],
          classNos: ['计科2201'],
        },
      ]),
    )
    expect(taken.success).toBe(true)
    const task = body(await get(admin, 'teachbatchplanadjust/audit-list', {})).data.records[0]
    const refused = await post(admin, 'teachbatchplanadjust/complete-task', {
      taskId: task.taskId,
      pass: true,
      comment: '同意',
    })
    expect(refused.status).toBe(400)
    expect(refused.body.msg).toMatch(
      /^调课后与以下安排冲突，不能通过：第12周星期二第5-6节 教师李四：数字电路实验第/,
    )
    const still = body(await get(admin, 'teachbatchplanadjust/audit-list', {})).data.records
    expect(still).toHaveLength(1)
  })
})

describe('生成时间, term guard and concurrency (behaviours 8–9)', () => {
  it('places batches without times and reports those that do not fit', async () => {
    const items = Array.from({ length: 10 }, () => ({
      coursePlanProjectId: digital(),
      weeks: '13,14',
      roomIds: [f.rooms.A307],
      teacherIds: [f.teachers.T0789],
      classNos: ['计科2201'],
    }))
    const saved = body(await post(admin, 'batchplan/saveList', items))
    expect(saved.success).toBe(true)
    const generated = body(
      await post(admin, 'batchplan/generateTime', {
        ids: saved.data.ids,
        weekdays: [4],
        blocks: [
          { startSection: 1, endSection: 2 },
          { startSection: 3, endSection: 4 },
          { startSection: 5, endSection: 6 },
        ],
      }),
    ).data
    expect(generated.placed.map((p: any) => p.text)).toEqual([
      '第13-14周星期四第1-2节',
      '第13-14周星期四第3-4节',
      '第13-14周星期四第5-6节',
    ])
    expect(generated.failed).toHaveLength(7)
    expect(generated.failed[0].reason).toMatch(
      /^没有可用的时间（如：第13-14周星期四第1-2节 教师赵六：数字电路实验第\d+批（A307））$/,
    )
    expect(generated.collisions).toEqual([])
  })

  it('refuses a 教学参数 that leaves batches outside the term', async () => {
    const { checkTermGuards } = await import('../extensions')
    const { Data } = await import('../../core/data')
    const data = new Data({ db: t.database.db, tenantId: '000000', user: null })
    const shape = {
      firstWeekMonday: '2025-09-01',
      weeks: 18,
      teachingWeekdays: '1,2,3,4,5',
      morningSections: 4,
      afternoonSections: 4,
      eveningSections: 3,
    }
    await expect(
      checkTermGuards({ data, academicYearId: f.termId, before: shape, after: { ...shape, weeks: 12 } }),
    ).rejects.toThrow(/^第14周已有\d+个排课，不能将教学周数改为12$/)
    await expect(
      checkTermGuards({
        data,
        academicYearId: f.termId,
        before: shape,
        after: { ...shape, teachingWeekdays: '1,3,4,5' },
      }),
    ).rejects.toThrow(/^星期二已有\d+个排课，不能取消该上课日$/)
    await expect(
      checkTermGuards({ data, academicYearId: f.termId, before: shape, after: shape }),
    ).resolves.toBeUndefined()
  })

  it('two staff saving overlapping batches at once end with the collision recorded', async () => {
    const batch = (teacherId: string, room: string) => [
      {
        coursePlanProjectId: analog(),
        weeks: '15',
        weekday: 5,
        startSection: 9,
        endSection: 10,
        roomIds: [room],
        teacherIds: [teacherId],
      },
    ]
    const [a, b] = await Promise.all([
      post(admin, 'batchplan/saveList', batch(f.teachers.T0456, f.rooms.A305)),
      post(admin, 'batchplan/saveList', batch(f.teachers.T0456, f.rooms.A307)),
    ])
    expect(a.body.success && b.body.success).toBe(true)
    const kinds = [...a.body.data.collisions, ...b.body.data.collisions].map((c: any) => c.kind).sort()
    expect(kinds).toEqual(['class', 'teacher'])
    const check = body(
      await post(admin, 'batchplan/collisionBatchCheckAgain', { academicYearId: f.termId }),
    ).data
    expect(check.added).toBe(0)
  })
})

describe('permissions and isolation', () => {
  it('teachers reach 我的课表, 实验室课表 and 调课申请 only', async () => {
    expect((await get(teacher, 'batchplan/page', { academicYearId: f.termId })).status).toBe(403)
    expect((await post(teacher, 'batchplan/publish', { ids: ['1'] })).status).toBe(403)
    expect((await get(teacher, 'teachercollision/page', {})).status).toBe(403)
    expect((await get(teacher, 'newBatchPlan/projectList', { academicYearId: f.termId })).status).toBe(403)
    expect((await get(teacher, 'batchplan/selectPageSchoolSchedule', {})).status).toBe(403)
    expect(
      (
        await get(teacher, 'batchplan/getLabroomTimetable', {
          roomId: f.rooms.A301,
          academicYearId: f.termId,
        })
      ).status,
    ).toBe(200)
  })
})

describe('an update moving a batch (incremental check)', () => {
  const FAMILIES = [
    ['teacher', 'teachercollision'],
    ['room', 'addresscollision'],
    ['class', 'classcollision'],
  ] as const
  /** The batch's collision rows per kind, as [partyName, statusName]. */
  const rowsOf = async (batchPlanId: string) => {
    const out: Record<string, string[][]> = {}
    for (const [kind, family] of FAMILIES)
      out[kind] = body(await get(admin, `${family}/page`, { academicYearId: f.termId, batchPlanId }))
        .data.records.map((r: any) => [r.partyName, r.statusName])
        .sort()
    return out
  }
  const flagOf = async (id: string) => body(await get(admin, 'batchplan/detail', { id })).data.collisionStatus
  const slot = (sections: [number, number], room: string) => ({
    weeks: '17,18',
    weekday: 4,
    startSection: sections[0],
    endSection: sections[1],
    roomIds: [f.rooms[room]],
    teacherIds: [f.teachers.T0456],
    classNos: ['计科2201'],
  })

  it("批量修改 and an edit without classes keep each batch's classes and head count", async () => {
    const half = (classNo: string, sections: [number, number]) => ({
      coursePlanProjectId: circuit(),
      ...slot(sections, 'A301'),
      weekday: 5,
      classNos: [classNo],
    })
    const saved = body(
      await post(admin, 'batchplan/saveList', [half('计科2201', [1, 2]), half('计科2202', [3, 4])]),
    ).data
    expect(saved.collisions).toEqual([])
    const classesOf = async () =>
      Promise.all(
        saved.ids.map(async (id: string) => {
          const d = body(await get(admin, 'batchplan/detail', { id })).data
          return [d.classNos, d.studentCount, d.startSection]
        }),
      )
    const moved = body(
      await post(admin, 'batchplan/batchUpdate', { ids: saved.ids, startSection: 7, endSection: 8 }),
    )
    expect(moved).toMatchObject({ success: true })
    expect(moved.data.collisions.map((c: any) => c.kind).sort()).toEqual(['room', 'teacher'])
    expect(await classesOf()).toEqual([
      ['计科2201', 30, 7],
      ['计科2202', 30, 7],
    ])
    const { classNos: _, ...withoutClasses } = half('计科2202', [9, 10])
    const edited = body(await post(admin, 'batchplan/updateList', [{ id: saved.ids[1], ...withoutClasses }]))
    expect(edited.success).toBe(true)
    expect(await classesOf()).toEqual([
      ['计科2201', 30, 7],
      ['计科2202', 30, 9],
    ])
    // The rooms and teachers an edit asks for are read with its rows: refusals still name them.
    const refused = async (change: Record<string, unknown>) =>
      body(await post(admin, 'batchplan/updateList', [{ id: saved.ids[0], ...withoutClasses, ...change }]))
        .msg
    expect(await refused({ teacherIds: ['1'] })).toBe('任课教师不存在')
    expect(await refused({ roomIds: [f.teachers.T0123] })).toMatch(/不是启用的排课教室$/)
    const twoRooms = { roomIds: [f.rooms.A301, f.rooms.A305], startSection: 1, endSection: 2 }
    expect(await refused(twoRooms)).toBe('操作成功')
    expect(await classesOf()).toEqual([
      ['计科2201', 30, 1],
      ['计科2202', 30, 9],
    ])
    await post(admin, 'batchplan/remove', undefined, { ids: saved.ids.join(',') })
  })

  it('an edit sees its plan and term as another process left them (kept contexts follow the change version)', async () => {
    const [id] = body(
      await post(admin, 'batchplan/saveList', [
        { coursePlanProjectId: circuit(), ...slot([3, 4], 'A307'), weekday: 1 },
      ]),
    ).data.ids
    const edit = async () =>
      body(await post(admin, 'batchplan/updateList', [{ id, ...slot([3, 4], 'A307'), weekday: 1 }])).msg
    expect(await edit()).toBe('操作成功')
    // Written straight to the database, as another server process or a script would: no server cache hears of it.
    const db = t.database.db
    await db
      .update(teachCoursePlan)
      .set({ status: PLAN_STATUS.revoked })
      .where(eq(teachCoursePlan.id, f.plans.EE2001))
    expect(await edit()).toBe('只有已通过的课程计划可以排课')
    await db
      .update(teachCoursePlan)
      .set({ status: PLAN_STATUS.approved })
      .where(eq(teachCoursePlan.id, f.plans.EE2001))
    expect(await edit()).toBe('操作成功')
    await db.update(teachParameter).set({ weeks: 16 }).where(eq(teachParameter.academicYearId, f.termId))
    expect(await edit()).toBe('周次必须在1到16之间')
    await db.update(teachParameter).set({ weeks: 18 }).where(eq(teachParameter.academicYearId, f.termId))
    expect(await edit()).toBe('操作成功')
    await post(admin, 'batchplan/remove', undefined, { ids: id })
  })

  it('an edit that waited for another writer of its term goes by the batch as that writer left it', async () => {
    // PGlite has one connection, so two writes never overlap there; on PostgreSQL they do.
    if (t.database.kind !== 'postgres') return
    const at = { ...slot([7, 8], 'A307'), weekday: 1 }
    const [id] = body(await post(admin, 'batchplan/saveList', [{ coursePlanProjectId: circuit(), ...at }]))
      .data.ids
    const db = t.database.db
    const [row] = await db.select().from(teachBatchPlan).where(eq(teachBatchPlan.id, id))
    const teachersOf = async () =>
      (await db.select().from(teachBatchPlanTeacher).where(eq(teachBatchPlanTeacher.batchPlanId, id))).map(
        (r) => r.party,
      )
    let editing: Promise<{ body: any }> | undefined
    // Another writer holds the term and gives the batch to 李四 (row and link rows, as an edit does);
    // the edit, giving it back to 王五, arrives meanwhile and waits for the term.
    await db.transaction(async (tx) => {
      await lockTerm(dataOfTenant(tx, String(row.tenantId)), f.termId)
      await tx.update(teachBatchPlan).set({ teacherIds: f.teachers.T0123 }).where(eq(teachBatchPlan.id, id))
      await tx
        .update(teachBatchPlanTeacher)
        .set({ party: f.teachers.T0123 })
        .where(eq(teachBatchPlanTeacher.batchPlanId, id))
      editing = post(admin, 'batchplan/updateList', [{ id, ...at }])
      await expect
        .poll(async () => {
          const waiting = await tx.execute(
            sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`,
          )
          return Number((waiting.rows[0] as { n: number }).n)
        })
        .toBe(1)
    })
    expect(body(await editing!).success).toBe(true)
    expect(await teachersOf()).toEqual([f.teachers.T0456])
    await post(admin, 'batchplan/remove', undefined, { ids: id })
  })

  it('one edit moving two batches onto two busy weekdays finds the collisions of each day', async () => {
    const at = (weekday: number, sections: [number, number]) => ({
      coursePlanProjectId: circuit(),
      ...slot(sections, 'A307'),
      weekday,
    })
    const saved = body(
      await post(admin, 'batchplan/saveList', [at(2, [1, 2]), at(3, [1, 2]), at(2, [7, 8]), at(3, [7, 8])]),
    ).data
    expect(saved.collisions).toEqual([])
    const [busyTue, busyWed, moverTue, moverWed] = saved.ids
    const { coursePlanProjectId: _t, ...tue } = at(2, [1, 2])
    const { coursePlanProjectId: _w, ...wed } = at(3, [1, 2])
    const moved = body(
      await post(admin, 'batchplan/updateList', [
        { id: moverTue, ...tue },
        { id: moverWed, ...wed },
      ]),
    )
    expect(moved.data.collisions.map((c: any) => c.kind).sort()).toEqual([
      'class',
      'class',
      'room',
      'room',
      'teacher',
      'teacher',
    ])
    const sides = async (id: string) =>
      (
        await Promise.all(
          FAMILIES.map(async ([, family]) =>
            body(
              await get(admin, `${family}/page`, { academicYearId: f.termId, batchPlanId: id }),
            ).data.records.map((r: any) => [r.batchPlanId, r.otherBatchPlanId].sort().join('/')),
          ),
        )
      ).flat()
    const pair = (x: string, y: string) => [x, y].sort().join('/')
    expect(await sides(moverTue)).toEqual(Array(3).fill(pair(busyTue, moverTue)))
    expect(await sides(moverWed)).toEqual(Array(3).fill(pair(busyWed, moverWed)))
    await post(admin, 'batchplan/remove', undefined, { ids: saved.ids.join(',') })
  })

  it('onto a busy teacher, room and class: exactly those rows; a room change and moving away clear them', async () => {
    const saved = body(
      await post(admin, 'batchplan/saveList', [
        { coursePlanProjectId: circuit(), ...slot([5, 6], 'A307') },
        { coursePlanProjectId: circuit(), ...slot([9, 10], 'A307') },
      ]),
    ).data
    expect(saved.collisions).toEqual([])
    const [busy, mover] = saved.ids

    const onto = body(await post(admin, 'batchplan/updateList', [{ id: mover, ...slot([5, 6], 'A307') }]))
    expect(onto.data.collisions.map((c: any) => c.kind).sort()).toEqual(['class', 'room', 'teacher'])
    expect(await rowsOf(mover)).toEqual({
      teacher: [['王五（T0456）', '未处理']],
      room: [['A307', '未处理']],
      class: [['计科2201', '未处理']],
    })
    expect(await rowsOf(busy)).toEqual(await rowsOf(mover))
    expect([await flagOf(busy), await flagOf(mover)]).toEqual([1, 1])

    const otherRoom = body(
      await post(admin, 'batchplan/updateList', [{ id: mover, ...slot([5, 6], 'A305') }]),
    )
    expect(otherRoom.data.collisions).toEqual([])
    expect(await rowsOf(mover)).toEqual({
      teacher: [['王五（T0456）', '未处理']],
      room: [['A307', '已消除']],
      class: [['计科2201', '未处理']],
    })
    expect([await flagOf(busy), await flagOf(mover)]).toEqual([1, 1])

    const away = body(await post(admin, 'batchplan/updateList', [{ id: mover, ...slot([9, 10], 'A305') }]))
    expect(away.data.collisions).toEqual([])
    expect(await rowsOf(mover)).toEqual({
      teacher: [['王五（T0456）', '已消除']],
      room: [['A307', '已消除']],
      class: [['计科2201', '已消除']],
    })
    expect([await flagOf(busy), await flagOf(mover)]).toEqual([0, 0])
  })
})
