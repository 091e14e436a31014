/**
 * A school for 首页 tests, the e2e story and the bench, written straight to the database through the
 * data layer (the screens that make these rows are tested in their own areas): the scheduling term of
 * `addScheduleFixture` (2025-2026-1 from 2025-09-01), colleges 01 信息工程学院 and 02 机械工程学院, labs
 * with rooms, equipment, published batches (with their link rows, as saving a batch writes them), and
 * for the given accounts a lab appointment, an open-lab reservation and a safety exam.
 * Test support only; not used by the server.
 */
import { eq } from 'drizzle-orm'
import { Data } from '../../core/data'
import { nextId } from '../../core/ids'
import type { Db } from '../../db/client'
import {
  academic,
  assetsEquipment,
  dept,
  labAppointment,
  labInfo,
  labRoom,
  openRoomReserve,
  safetyPlan,
  safetyPlanPerson,
  teachBatchPlan,
  teachBatchPlanClass,
  teachBatchPlanRoom,
  teachBatchPlanTeacher,
  teachParameter,
  cmsArticle,
  cmsCategory,
} from '../../db/schema'
import { addDays } from '../../../shared/resources/lab/time'
import { addScheduleFixture, type ScheduleFixture } from '../../teach/schedule/testing'

export interface HomeSchoolOptions {
  tenantId?: string
  /** Labs beside the fixture's 电子技术实验室 (default 4), alternating between the two colleges. */
  labs?: number
  /** Rooms of each added lab (default 2, 60 m² each). */
  roomsPerLab?: number
  /** Equipment items (default 10). */
  equipment?: number
  /** Published batches beside the three named ones (default 0), spread over weeks, days and rooms. */
  extraBatches?: number
  /** Account ids linked to teachers by number (T0123 → user id), as in addScheduleFixture. */
  accounts?: Record<string, string>
  /** Moves the term to start on this Monday (e2e: the named batches' week 3 is "this week"). */
  termStartsOn?: string
}

export interface HomeSchool extends ScheduleFixture {
  labIds: string[]
  roomIds: string[]
}

const chunked = async <T>(rows: T[], write: (part: T[]) => Promise<unknown>, size = 1000) => {
  for (let i = 0; i < rows.length; i += size) await write(rows.slice(i, i + size))
}

export async function addHomeSchool(db: Db, o: HomeSchoolOptions = {}): Promise<HomeSchool> {
  const tenantId = o.tenantId ?? '000000'
  const data = new Data({ db, tenantId, user: null })
  // The fixture's term becomes the only current one (a new tenant's seed marks its own).
  await data.repo(academic).updateWhere([eq(academic.isCurrent, 1)], { isCurrent: 0 } as never)
  const f = await addScheduleFixture(db, { tenantId, accounts: o.accounts })
  if (o.termStartsOn) {
    const monday = o.termStartsOn
    await data
      .repo(academic)
      .update(f.termId, { startDate: monday, endDate: addDays(monday, 18 * 7 - 1) } as never)
    await data.repo(teachParameter).updateWhere([eq(teachParameter.academicYearId, f.termId)], {
      firstWeekMonday: monday,
      holidays: '',
    } as never)
  }
  for (const [serial, name] of [
    ['01', '信息工程学院'],
    ['02', '机械工程学院'],
  ])
    await db.insert(dept).values({
      id: nextId(),
      tenantId,
      parentId: '0',
      ancestors: '0',
      deptCategory: 2,
      deptName: name,
      serial,
    })

  const labCount = o.labs ?? 4
  const labRows = Array.from({ length: labCount }, (_, i) => ({
    id: nextId(),
    labName: `实验室${String(i + 1).padStart(3, '0')}`,
    serial: `H${String(i + 1).padStart(4, '0')}`,
    labKind: 2,
    labCategory: (i % 4) + 1,
    deptSerial: i % 2 === 0 ? '01' : '02',
  }))
  await chunked(labRows, (part) => data.repo(labInfo).insert(part as never))
  const perLab = o.roomsPerLab ?? 2
  const roomRows = labRows.flatMap((lab, i) =>
    Array.from({ length: perLab }, (_, j) => ({
      id: nextId(),
      roomNo: `R${String(i + 1).padStart(3, '0')}-${j + 1}`,
      roomName: `${lab.labName}${j + 1}室`,
      labId: lab.id,
      seats: 40,
      area: 60,
      status: 1,
    })),
  )
  await chunked(roomRows, (part) => data.repo(labRoom).insert(part as never))

  const classes = ['03', '05', '08', '10']
  const equipment = Array.from({ length: o.equipment ?? 10 }, (_, i) => ({
    equipmentNo: `E${String(i + 1).padStart(7, '0')}`,
    equipmentName: `仪器${i + 1}`,
    classCode: `${classes[i % classes.length]}010100`,
    // The first item is valuable (≥ 400000 元); the rest cost 1000–10999 元.
    price: i === 0 ? 500000 : 1000 + (i % 10) * 1000,
    purchaseDate: `${2017 + (i % 9)}-03-01`,
    statusCode: '1',
    deptSerial: i % 2 === 0 ? '01' : '02',
    unit: '台',
  }))
  await chunked(equipment, (part) => data.repo(assetsEquipment).insert(part as never), 2000)

  const extra = o.extraBatches ?? 0
  const lines = [
    ['电路实验', 'EE2001', 'T0123', ['计科2201']],
    ['模拟电子技术实验', 'EE2002', 'T0456', ['软工2202']],
    ['数字电路实验', 'EE2003', 'T0789', ['计科2201']],
  ] as const
  const rooms = Object.values(f.rooms)
  const batches = Array.from({ length: lines.length + extra }, (_, i) => {
    const [project, course, teacher, classNos] = lines[i % lines.length]
    const named = i < lines.length
    return {
      id: nextId(),
      academicYearId: f.termId,
      coursePlanId: f.plans[course],
      coursePlanProjectId: f.lines[project],
      projectId: f.projects[project],
      courseName: project.replace('实验', ''),
      projectName: project,
      batchNo: i + 1,
      // The named batches: 第3-10周, 星期二/三/四 第1-2节; the rest spread over weeks 1-16 and the rooms.
      weeks: named ? '3,4,5,6,7,8,9,10' : String((i % 16) + 1),
      weekday: named ? 2 + i : (i % 5) + 1,
      startSection: named ? 1 : ((i * 2) % 10) + 1,
      endSection: named ? 2 : ((i * 2) % 10) + 2,
      roomIds: named ? f.rooms.A301 : (rooms[i % rooms.length] ?? f.rooms.A301),
      teacherIds: f.teachers[teacher],
      classNos: classNos.join(','),
      studentCount: 30,
      status: 2,
    }
  })
  await chunked(batches, (part) => data.repo(teachBatchPlan).insert(part as never))
  const link = (b: (typeof batches)[number], party: string) => ({
    batchPlanId: b.id,
    academicYearId: b.academicYearId,
    weekday: b.weekday,
    party,
  })
  await chunked(
    batches.map((b) => link(b, b.teacherIds)),
    (part) => data.repo(teachBatchPlanTeacher).insert(part),
  )
  await chunked(
    batches.map((b) => link(b, b.roomIds)),
    (part) => data.repo(teachBatchPlanRoom).insert(part),
  )
  await chunked(
    batches.flatMap((b) => b.classNos.split(',').map((c) => link(b, c))),
    (part) => data.repo(teachBatchPlanClass).insert(part),
  )
  return { ...f, labIds: labRows.map((l) => l.id), roomIds: roomRows.map((r) => r.id) }
}

/** An approved 实验室预约 of `userId` (its creator) in a room on a day. */
export async function addAppointment(
  db: Db,
  userId: string,
  v: { roomId: string; date: string; start: string; end: string; title: string; status?: number },
  tenantId = '000000',
) {
  const data = new Data({ db, tenantId, user: null })
  const [id] = await data.repo(labAppointment).insert({
    roomId: v.roomId,
    appointmentDate: v.date,
    startTime: v.start,
    endTime: v.end,
    title: v.title,
    purpose: 1,
    headcount: 20,
    status: v.status ?? 3,
  } as never)
  // The data layer stamps its own (here: no) user as creator; the booking is the teacher's.
  await db.update(labAppointment).set({ createUser: userId }).where(eq(labAppointment.id, id))
  return id
}

/** A booked open-lab reservation of a student. */
export async function addOpenReserve(
  db: Db,
  v: { studentNo: string; roomId: string; date: string; start: string; end: string; projectName: string },
  tenantId = '000000',
) {
  const data = new Data({ db, tenantId, user: null })
  await data.repo(openRoomReserve).insert({
    slotId: nextId(),
    applyId: nextId(),
    roomId: v.roomId,
    roomName: '',
    projectName: v.projectName,
    slotDate: v.date,
    startTime: v.start,
    endTime: v.end,
    studentNo: v.studentNo,
    studentName: v.studentNo,
    status: 1,
  } as never)
}

/** A published safety exam with one candidate. */
export async function addExam(
  db: Db,
  v: { userId: string; name: string; start: Date; end: Date },
  tenantId = '000000',
) {
  const data = new Data({ db, tenantId, user: null })
  const [planId] = await data.repo(safetyPlan).insert({
    planName: v.name,
    paperId: nextId(),
    startTime: v.start,
    endTime: v.end,
    duration: 60,
    passScore: 60,
    status: 4,
  } as never)
  await data.repo(safetyPlanPerson).insert({ planId, userId: v.userId, userName: '考生' } as never)
  return planId
}

/** A published 新闻动态 category with one banner article (a cover named, as the editor requires). */
export async function addBannerArticle(db: Db, title: string, summary: string, tenantId = '000000') {
  const data = new Data({ db, tenantId, user: null })
  const [categoryId] = await data.repo(cmsCategory).insert({
    parentId: '0',
    categoryName: '新闻动态',
    categoryCode: `news${Date.now() % 100000}`,
    categoryType: 1,
    sort: 1,
    status: 1,
  } as never)
  const [id] = await data.repo(cmsArticle).insert({
    categoryId,
    title,
    summary,
    content: `<p>${summary}</p>`,
    cover: 'upload/cover.png',
    isBanner: 1,
    bannerSort: 1,
    isTop: 0,
    status: 1,
    publishTime: new Date(Date.now() - 3600_000),
    viewCount: 0,
  } as never)
  return id
}
