/**
 * 抽取 from the live areas (reports-portal.md 5): equipment, labs and lab staff are put in through the
 * areas' data layer, then a college extracts SJ1, SJ2, SJ5 and SJ6 and finds exactly its own depts'
 * items with the SJ codes; another college sees only its own; SJ2 never implies a negative 减少.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type Api, type TestServer } from '../../../tests/support/server'
import { dataOfTenant, type Data } from '../core/data'
import {
  assetsEquipment,
  assetsEquipmentChange,
  assetsEquipmentUsage,
  baseTeacher,
  dept,
  labInfo,
  labRoom,
  labTeacher,
  academic,
  teachBatchAssStudent,
  teachBatchPlan,
  teachCourse,
  teachCoursePlan,
  teachCoursePlanProject,
  teachProject,
  competitionApply,
  competitionFinalResult,
  openRoomApply,
  openRoomReserve,
} from '../db/schema'
import { issueReportTask, reportSchool } from './testing'

let t: TestServer
let school: Awaited<ReturnType<typeof reportSchool>>
let c1: Api
let c2: Api
let c3: Api
let data: Data
const ids: Record<string, string> = {}

const scope = (college: string) => ({ taskSerialNum: 'RW2024', collegeSerialNum: college })

async function rowsOf(api: Api, table: string, college: string) {
  const res = await api.get(`/api/report/${table}/getApplyData`, { ...scope(college), size: 100 })
  expect(res.status).toBe(200)
  return res.body.data.records as Record<string, unknown>[]
}

async function extract(api: Api, table: string, college: string) {
  const res = await api.post(`/api/report/${table}/extract-data`, { body: scope(college) })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body.data as { rows: number; notes: string[] }
}

async function item(no: string, more: Record<string, unknown>) {
  const [id] = await data.repo(assetsEquipment).insert({
    equipmentNo: no,
    equipmentName: '数字示波器',
    classCode: '03040501',
    model: 'DSO-1',
    specification: '200MHz',
    price: '2000.00',
    purchaseDate: '2023-10-01',
    source: 1,
    countryCode: '156',
    statusCode: 1,
    useDirection: 1,
    deptSerial: '01',
    keeper: '王工',
    ...more,
  } as never)
  ids[no] = id!
  return id!
}

/** A change of 现状 on `date` (the register's history, as assets/changes.ts writes it). */
async function left(equipmentId: string, date: string, to: number) {
  await data.repo(assetsEquipmentChange).insert({
    equipmentId,
    changeType: 1,
    changeDate: date,
    fromStatus: 1,
    toStatus: to,
    fromPrice: '2000.00',
    toPrice: '2000.00',
    origin: 'form',
  } as never)
}

beforeAll(async () => {
  t = await startTestServer()
  school = await reportSchool(t)
  data = dataOfTenant(t.database.db, '000000')
  const office = t.api(school.office)
  c1 = t.api(school.staff['01'])
  c2 = t.api(school.staff['02'])
  c3 = t.api(school.staff['03'])
  await issueReportTask(office)

  // a department below college 01 (its items and labs belong to the college's scope)
  const college1 = school.colleges[0]!
  const root = (await data.repo(dept).need(college1.deptId)).ancestors
  await data.repo(dept).insert({
    parentId: college1.deptId,
    ancestors: `${root},${college1.deptId}`,
    deptCategory: 3,
    deptName: '软件工程系',
    fullName: '软件工程系',
    serial: '0101',
  } as never)

  // equipment: E1 in the sub-dept (no model, no country), E2 under the SJ1 price floor, E3 of
  // college 02, E4 scrapped after the 学年 (现状 on 8月31日 was 在用), E5 scrapped within the 学年,
  // E6 accepted within the 学年 at 450,000 元
  await item('24000001', { deptSerial: '0101', model: null, countryCode: null })
  await item('24000002', { price: '500.00' })
  await item('24000003', { deptSerial: '02' })
  await left(await item('24000004', { statusCode: 6, scrapDate: '2025-10-10' }), '2025-10-10', 6)
  await left(await item('24000005', { statusCode: 6, scrapDate: '2025-03-01' }), '2025-03-01', 6)
  await item('24000006', { price: '450000.00', purchaseDate: '2024-10-08', equipmentName: '扫描电子显微镜' })

  // labs: one in use under the sub-dept with two rooms, one out of use, one of college 02
  const [lab1] = await data.repo(labInfo).insert({
    serial: '0101001',
    labName: '软件工程实验室',
    labKind: 2,
    parentId: '0',
    deptSerial: '0101',
    labCategory: 3,
    foundedYear: '2010',
    area: '80.00',
    labType: 1,
    subjectCode: '0812',
    inReport: 1,
    status: 1,
  } as never)
  await data.repo(labInfo).insert([
    {
      serial: '0101002',
      labName: '停用实验室',
      labKind: 2,
      parentId: '0',
      deptSerial: '01',
      inReport: 1,
      status: 0,
    },
    {
      serial: '0201001',
      labName: '机械基础实验室',
      labKind: 2,
      parentId: '0',
      deptSerial: '02',
      inReport: 1,
      status: 1,
    },
  ] as never)
  const [room] = await data.repo(labRoom).insert([
    { roomNo: 'A301', roomName: 'A301', labId: lab1, area: '30.00', seats: 40, status: 1 },
    { roomNo: 'A302', roomName: 'A302', labId: lab1, area: '25.50', seats: 30, status: 1 },
  ] as never)

  // open lab: an approved application in room A301; attendances (签到 or 迟到) of the 学年 count
  const [openApply] = await data.repo(openRoomApply).insert({
    projectName: '开源软件开放实验',
    roomId: room,
    labId: lab1,
    openType: 1,
    startDate: '2024-10-10',
    endDate: '2024-11-01',
    weekdays: '4,5',
    startTime: '08:00',
    endTime: '10:00',
    capacity: 30,
    status: 3,
  } as never)
  const visit = (
    studentNo: string,
    slotDate: string,
    startTime: string,
    endTime: string,
    status: number,
  ) => ({
    slotId: `${slotDate}${startTime}`.replace(/\D/g, ''),
    applyId: openApply,
    roomId: room,
    projectName: '开源软件开放实验',
    roomName: 'A301',
    slotDate,
    startTime,
    endTime,
    studentNo,
    studentName: studentNo,
    status,
  })
  await data
    .repo(openRoomReserve)
    .insert([
      visit('2201001', '2024-10-10', '08:00', '10:00', 3),
      visit('2201002', '2024-10-10', '08:00', '10:00', 5),
      visit('2201003', '2024-10-10', '08:00', '10:00', 4),
      visit('2201001', '2024-11-01', '14:00', '15:00', 3),
      visit('2201004', '2025-09-10', '08:00', '10:00', 3),
    ] as never)

  // staff: a 专任 member of the sub-dept assigned to the lab, a 兼任 one, a 专任 one of college 02
  const teacher = (no: string, name: string, deptSerial: string, labStaff: number) => ({
    teacherNo: no,
    teacherName: name,
    sex: '2',
    birthday: '1985-03-12',
    deptSerial,
    professionCode: '012',
    education: '1',
    subjectCode: '0812',
    expertCategory: null,
    labStaff,
  })
  const [full, part] = await data
    .repo(baseTeacher)
    .insert([
      teacher('0100001', '张敏', '0101', 1),
      teacher('0100002', '李强', '01', 0),
      teacher('0200001', '赵刚', '02', 1),
    ] as never)
  // teaching: P1 in an approved plan of a course (60 students), P2 with a published batch of two
  // students, P3 only in a 课程设计 plan, P4 in a draft plan, P5 of college 02 in the approved plan
  const [term] = await data.repo(academic).insert({
    academicYear: '2024-2025',
    term: '1',
    name: '2024-2025学年第一学期',
    startDate: '2024-09-02',
    endDate: '2025-01-12',
    weeks: 19,
  } as never)
  const project = (no: string, name: string, deptSerial: string, more: Record<string, unknown> = {}) => ({
    experimentNumber: no,
    numberBody: no.replace('*', ''),
    experimentName: name,
    experimentCategory: 2,
    experimentType: 3,
    isNetwork: 0,
    subjectCode: '0812',
    requirement: 1,
    experimenterType: 3,
    experimenterCount: 30,
    groupSize: 2,
    hours: 4,
    labId: lab1,
    independentCourse: 0,
    deptSerial,
    status: 1,
    ...more,
  })
  const [p1, p2, p3, p4, p5] = await data
    .repo(teachProject)
    .insert([
      project('0101001001', '软件测试实验', '0101', { isNetwork: 1 }),
      project('0101001002*', '数据库设计实验', '01', { independentCourse: 1 }),
      project('0101001003', '课程设计实验', '01'),
      project('0101001004', '草稿计划实验', '01'),
      project('0201001001', '机械制图实验', '02'),
    ] as never)
  const [course, design] = await data.repo(teachCourse).insert([
    { courseNumber: 'C001', courseName: '软件工程', courseCategory: 1, deptSerial: '01', status: 1 },
    { courseNumber: 'C002', courseName: '软件课程设计', courseCategory: 3, deptSerial: '01', status: 1 },
  ] as never)
  const plan = (courseId: string, status: number, studentCount: number) => ({
    academicYearId: term,
    courseId,
    courseNumber: 'C',
    courseName: '课程',
    teacherId: full,
    classNos: 'C2201',
    classKey: `C2201-${courseId}-${status}`,
    studentCount,
    startWeek: 1,
    endWeek: 16,
    status,
  })
  const [approved, designPlan, draft] = await data
    .repo(teachCoursePlan)
    .insert([plan(course!, 3, 60), plan(design!, 3, 40), plan(course!, 0, 50)] as never)
  const line = (coursePlanId: string, projectId: string) => ({ coursePlanId, projectId, hours: 4 })
  await data
    .repo(teachCoursePlanProject)
    .insert([line(approved!, p1!), line(approved!, p5!), line(designPlan!, p3!), line(draft!, p4!)] as never)
  const [batch] = await data.repo(teachBatchPlan).insert({
    academicYearId: term,
    coursePlanId: draft,
    coursePlanProjectId: draft,
    projectId: p2,
    courseId: course,
    courseName: '软件工程',
    projectName: '数据库设计实验',
    batchNo: 1,
    weeks: '1-2',
    weekday: 1,
    startSection: 1,
    endSection: 2,
    status: 2,
  } as never)
  await data.repo(teachBatchAssStudent).insert(
    ['2201001', '2201002'].map((studentNo) => ({
      batchPlanId: batch,
      coursePlanProjectId: draft,
      academicYearId: term,
      weekday: 1,
      studentNo,
    })) as never,
  )

  // competition: a project relying on the lab with one 省部级 一等奖 and one 校级 award of the 学年
  const [contest] = await data.repo(competitionApply).insert({
    academicYear: '2024-2025',
    applyNo: 'JS2024001',
    projectName: '软件设计竞赛校内选拔赛',
    competitionName: '全国大学生软件设计大赛',
    competitionLevel: 2,
    competitionCategory: 1,
    organizer: '教育部高等教育司',
    deptSerial: '01',
    leaderTeacherId: full,
    teacherIds: full,
    entryMode: 2,
    maxEntries: 10,
    signupStart: new Date('2024-10-20T08:00:00'),
    signupEnd: new Date('2024-11-05T18:00:00'),
    preliminaryRequired: 0,
    planStart: '2024-11-10',
    planEnd: '2024-11-30',
    expectedParticipants: 60,
    budget: '20000',
    labId: lab1,
    status: 4,
    grade: 1,
    entryCount: 0,
  } as never)
  await data.repo(competitionFinalResult).insert([
    { projectId: contest, academicYear: '2024-2025', entryType: 2, award: 2, finalLevel: 3, status: 1 },
    { projectId: contest, academicYear: '2024-2025', entryType: 2, award: 2, finalLevel: 4, status: 1 },
  ] as never)

  await data.repo(labTeacher).insert([
    { teacherId: full, labId: lab1, staffType: 1, domDegreeTime: 1, abroadOtherTime: 2 },
    { teacherId: part, labId: lab1, staffType: 2 },
  ] as never)
})
afterAll(() => t?.close())

describe('抽取 from the live areas', () => {
  it('SJ1: the college’s items (its sub-depts included) in SJ1 terms, 现状 as on 8月31日', async () => {
    const result = await extract(c1, 'sj1', '01')
    expect(result.rows).toBe(3)
    const rows = await rowsOf(c1, 'sj1', '01')
    expect(rows.map((r) => r.equipmentNo)).toEqual(['24000001', '24000004', '24000006'])
    expect(rows[0]).toMatchObject({
      schoolCode: '10512',
      classCode: '03040501',
      equipmentName: '数字示波器',
      model: '*',
      specification: '200MHz',
      sourceCode: '1',
      countryCode: '000',
      purchaseMonth: '202310',
      statusCode: '1',
      useDirection: '1',
      unitCode: '0101',
      unitName: '软件工程系',
      sourceType: 1,
      sourceId: ids['24000001'],
    })
    expect(Number(rows[0]!.unitPrice)).toBe(2000)
    expect(rows[1]).toMatchObject({ statusCode: '1', unitCode: '01', unitName: '计算机与信息工程学院' })
    expect(rows[2]).toMatchObject({ equipmentName: '扫描电子显微镜', purchaseMonth: '202410' })
  })

  it('SJ1 of another college holds only its own items', async () => {
    await extract(c2, 'sj1', '02')
    expect((await rowsOf(c2, 'sj1', '02')).map((r) => r.equipmentNo)).toEqual(['24000003'])
    expect((await c2.get('/api/report/sj1/getApplyData', scope('01'))).status).not.toBe(200)
  })

  it('SJ2 from extracted SJ1: 上学年末 = items held on 9月1日, 减少 = the one scrapped in the 学年', async () => {
    await extract(c1, 'sj2', '01')
    const [row] = await rowsOf(c1, 'sj2', '01')
    expect(row).toMatchObject({ lastCount: 3, addCount: 1, reduceCount: 1, endCount: 3, endBigCount: 1 })
    expect(Number(row!.lastAmount)).toBe(0.6)
    expect(Number(row!.addAmount)).toBe(45)
    expect(Number(row!.reduceAmount)).toBe(0.2)
    expect(Number(row!.endAmount)).toBe(45.4)
  })

  it('SJ3: the valuable SJ1 rows with the usage recorded for the 学年', async () => {
    await data.repo(assetsEquipmentUsage).insert([
      {
        equipmentId: ids['24000006'],
        academicYear: '2024-2025',
        teachHours: 900,
        researchHours: 120,
        sampleCount: 35,
        managerName: '陈工',
      },
      { equipmentId: ids['24000006'], academicYear: '2023-2024', teachHours: 1 },
    ] as never)
    await extract(c1, 'sj3', '01')
    const rows = await rowsOf(c1, 'sj3', '01')
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      equipmentNo: '24000006',
      equipmentName: '扫描电子显微镜',
      specification: '200MHz',
      teachHours: 900,
      researchHours: 120,
      serviceHours: 0,
      sampleCount: 35,
      managerName: '陈工',
    })
  })

  it('SJ2 over an imported SJ1 leaves 上学年末 and 减少 to the hand, never negative', async () => {
    const imported = await c3.post('/api/report/sj1/importData', {
      body: {
        ...scope('03'),
        rows: [
          {
            schoolCode: '10512',
            equipmentNo: '23000001',
            classCode: '03040501',
            equipmentName: '数字示波器',
            model: '*',
            specification: '*',
            sourceCode: '1',
            countryCode: '156',
            unitPrice: '3000.00',
            purchaseMonth: '202309',
            statusCode: '1',
            useDirection: '1',
            unitCode: '03',
            unitName: '化学与材料学院',
          },
        ],
      },
    })
    expect(imported.status, JSON.stringify(imported.body)).toBe(200)
    const result = await extract(c3, 'sj2', '03')
    expect(result.notes.join()).toContain('上学年末数和减少数请手工填写')
    const [row] = await rowsOf(c3, 'sj2', '03')
    expect(row).toMatchObject({ lastCount: 0, addCount: 0, reduceCount: 0, endCount: 1 })
  })

  it('SJ4: the college’s projects taught in the 学年, 实验者人数 from batches, else plans', async () => {
    await extract(c1, 'sj4', '01')
    const rows = await rowsOf(c1, 'sj4', '01')
    expect(rows.map((r) => r.experimentNo)).toEqual(['0101001001', '0101001002*'])
    expect(rows[0]).toMatchObject({
      experimentName: '软件测试实验',
      experimentCategory: '2',
      experimentType: '3*',
      subjectCode: '0812',
      requirement: '1',
      experimenterType: '3',
      experimenterCount: 60,
      groupSize: 2,
      hours: 4,
      labCode: '0101001',
      labName: '软件工程实验室',
    })
    expect(rows[1]).toMatchObject({ experimentType: '3', experimenterCount: 2 })
    await extract(c2, 'sj4', '02')
    expect((await rowsOf(c2, 'sj4', '02')).map((r) => r.experimentNo)).toEqual(['0201001001'])
  })

  it('SJ2 whose equipment figures disagree (减少 would be negative) leaves 上学年末 and 减少 to the hand', async () => {
    // back in 在用 with the 减少日期 of an earlier 调出 still set: in SJ1, not held on 9月1日
    await item('23000007', { deptSerial: '02', purchaseDate: '2023-03-01', scrapDate: '2024-05-01' })
    await extract(c2, 'sj1', '02')
    const result = await extract(c2, 'sj2', '02')
    expect(result.notes.join()).toContain('上学年末数和减少数请手工填写')
    const [row] = await rowsOf(c2, 'sj2', '02')
    expect(row).toMatchObject({ lastCount: 0, addCount: 0, reduceCount: 0, endCount: 2 })
    expect(Number(row!.reduceAmount)).toBe(0)
  })

  it('SJ5: the college’s 专任 staff with their lab and training times', async () => {
    await extract(c1, 'sj5', '01')
    const rows = await rowsOf(c1, 'sj5', '01')
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      staffNo: '0100001',
      staffName: '张敏',
      labCode: '0101001',
      labName: '软件工程实验室',
      sex: '2',
      birthMonth: '198503',
      subjectCode: '0812',
      titleCode: '012',
      educationCode: '11',
      expertCode: '00',
      domDegreeTime: 1,
      domOtherTime: 0,
      abroadDegreeTime: 0,
      abroadOtherTime: 2,
    })
    await extract(c2, 'sj5', '02')
    expect((await rowsOf(c2, 'sj5', '02')).map((r) => r.staffNo)).toEqual(['0200001'])
  })

  it('SJ6: the college’s labs in use, area from their rooms, 兼任人员数; typed figures survive', async () => {
    await extract(c1, 'sj6', '01')
    let rows = await rowsOf(c1, 'sj6', '01')
    expect(rows.map((r) => r.labCode)).toEqual(['0101001'])
    expect(rows[0]).toMatchObject({
      labName: '软件工程实验室',
      labCategory: '3',
      foundedYear: '2010',
      labType: '1',
      subjectCode: '0812',
      partTimeStaff: 1,
      studentAwards: 1,
      openExpIn: 1,
      openPeopleIn: 2,
      openHoursIn: 5,
      openExpOut: 0,
    })
    expect(Number(rows[0]!.area)).toBe(55.5)
    const typed = await c1.post('/api/report/sj6/update', {
      body: { ...rows[0], ...scope('01'), textbooks: 3 },
    })
    expect(typed.status, JSON.stringify(typed.body)).toBe(200)
    await extract(c1, 'sj6', '01')
    rows = await rowsOf(c1, 'sj6', '01')
    expect(rows[0]).toMatchObject({ labCode: '0101001', textbooks: 3 })
    await extract(c2, 'sj6', '02')
    expect((await rowsOf(c2, 'sj6', '02')).map((r) => r.labCode)).toEqual(['0201001'])
  })
  it('导入设备 adds a picked item in SJ1 terms and skips one already in the task', async () => {
    const picked = await item('24000008', { deptSerial: '03', equipmentName: '紫外分光光度计' })
    const res = await c3.post('/api/report/sj1/saveImportEquipment', {
      body: { ...scope('03'), equipments: [picked, ids['24000001']] },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.data).toMatchObject({ added: 1, skipped: ['24000001（已在本任务中）'] })
    const rows = await rowsOf(c3, 'sj1', '03')
    expect(rows.map((r) => r.equipmentNo)).toEqual(['23000001', '24000008'])
    expect(rows[1]).toMatchObject({
      equipmentName: '紫外分光光度计',
      unitCode: '03',
      unitName: '化学与材料学院',
      sourceType: 5,
      sourceId: picked,
    })
  })

  it('the 导入设备 picker lists the college’s register, filtered and paged, marking what the task holds', async () => {
    const pick = async (api: Api, query: Record<string, unknown>, path = 'equipment-page') => {
      const res = await api.get(`/api/report/sj1/${path}`, { ...scope('01'), ...query })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      return res.body.data
    }
    const all = await pick(c1, { size: 20 })
    expect(all.total).toBe(5)
    expect(
      all.records.map((r: { equipmentNo: string; imported: boolean }) => [r.equipmentNo, r.imported]),
    ).toEqual([
      ['24000001', true],
      ['24000002', false],
      ['24000004', true],
      ['24000005', false],
      ['24000006', true],
    ])
    expect(all.records[0]).toMatchObject({ unitCode: '0101', unitName: '软件工程系', classCode: '03040501' })
    const second = await pick(c1, { current: 2, size: 2 })
    expect(second.records.map((r: { equipmentNo: string }) => r.equipmentNo)).toEqual([
      '24000004',
      '24000005',
    ])
    const found = await pick(c1, {
      keyword: '扫描',
      classCode: '0304',
      purchaseDateFrom: '2024-09-01',
      purchaseDateTo: '2025-08-31',
    })
    expect(found.records.map((r: { equipmentNo: string }) => r.equipmentNo)).toEqual(['24000006'])
    expect((await pick(c1, { classCode: '05' })).total).toBe(0)
    const wide = await pick(c1, { units: 'all', keyword: '2400000', size: 20 })
    expect(wide.records.map((r: { equipmentNo: string }) => r.equipmentNo)).toContain('24000003')

    // 全选匹配项: the matching items not yet in the task
    const matching = await pick(c1, {}, 'equipment-ids')
    expect(matching).toEqual({ ids: [ids['24000002'], ids['24000005']], total: 5 })

    const other = await c2.get('/api/report/sj1/equipment-page', scope('01'))
    expect(other.status).toBe(400)
    expect(other.body.msg).toBe('不能查看或填报其他学院的报表')
    const backwards = await c1.get('/api/report/sj1/equipment-page', {
      ...scope('01'),
      purchaseDateFrom: '2025-01-01',
      purchaseDateTo: '2024-01-01',
    })
    expect(backwards.status).toBe(400)
    expect(backwards.body.msg).toContain('购置日期起不能晚于购置日期止')
  })
})
