/**
 * A small school term for scheduling tests, benches and e2e stories, written straight to the database
 * through the data layer (the teach and labs screens that make these rows are tested in their areas):
 * term 2025-2026-1 from 2025-09-01 (18 weeks, 星期一–五, 4+4+3 sections, 2025-10-01 a holiday), lab
 * rooms A301 (30) and A305 (40) as 排课教室, teachers 李四 (T0123, with an account) and 王五 (T0456),
 * classes 计科2201/2202 of 30 students, and approved plans of EE2001 电路实验 and EE2002 模拟电子技术实验.
 * Test support only; not used by the server.
 */
import { eq } from 'drizzle-orm'
import { Data } from '../../core/data'
import type { Db } from '../../db/client'
import {
  academic,
  baseClass,
  baseStudent,
  baseTeacher,
  labInfo,
  labRoom,
  teachClassroom,
  teachCourse,
  teachCoursePlan,
  teachCoursePlanProject,
  teachParameter,
  teachParameterTime,
  teachProject,
  user,
} from '../../db/schema'
import { DEFAULT_SECTION_TIMES } from '../../../shared/resources/teach/calendar'

export interface ScheduleFixture {
  termId: string
  rooms: Record<string, string>
  teachers: Record<string, string>
  classes: string[]
  /** Plan lines by project name. */
  lines: Record<string, string>
  plans: Record<string, string>
  projects: Record<string, string>
}

export interface FixtureOptions {
  tenantId?: string
  /** Account ids to link to teachers by teacher number (T0123 → the teacher's user id). */
  accounts?: Record<string, string>
  /** Students per class (default 30). */
  classSize?: number
  /** Extra rooms: [name, seats]. */
  extraRooms?: [string, number][]
}

export async function addScheduleFixture(db: Db, options: FixtureOptions = {}): Promise<ScheduleFixture> {
  const data = new Data({ db, tenantId: options.tenantId ?? '000000', user: null })
  const [termId] = await data.repo(academic).insert({
    academicYear: '2025-2026',
    term: '1',
    name: '2025-2026学年第一学期',
    startDate: '2025-09-01',
    endDate: '2026-01-11',
    weeks: 18,
    isCurrent: 1,
  } as never)
  await data.repo(teachParameter).insert({
    academicYearId: termId,
    firstWeekMonday: '2025-09-01',
    weeks: 18,
    teachingWeekdays: '1,2,3,4,5',
    morningSections: 4,
    afternoonSections: 4,
    eveningSections: 3,
    holidays: '2025-10-01',
  } as never)
  await data.repo(teachParameterTime).insert(
    DEFAULT_SECTION_TIMES.map(([startTime, endTime], i) => ({
      academicYearId: termId,
      section: i + 1,
      startTime,
      endTime,
      period: i < 4 ? 1 : i < 8 ? 2 : 3,
    })) as never,
  )
  const [labId] = await data.repo(labInfo).insert({ labName: '电子技术实验室', serial: 'DZ01' } as never)
  const rooms: Record<string, string> = {}
  for (const [name, seats] of [['A301', 30], ['A305', 40], ['A307', 60], ...(options.extraRooms ?? [])] as [
    string,
    number,
  ][]) {
    const [roomId] = await data
      .repo(labRoom)
      .insert({ roomNo: name, roomName: name, labId, seats, status: 1 } as never)
    await data.repo(teachClassroom).insert({ roomId, labId, capacity: seats, status: 1, sort: 0 } as never)
    rooms[name] = roomId
  }
  const teachers: Record<string, string> = {}
  for (const [no, name] of [
    ['T0123', '李四'],
    ['T0456', '王五'],
    ['T0789', '赵六'],
  ]) {
    const [id] = await data.repo(baseTeacher).insert({
      teacherNo: no,
      teacherName: name,
      deptSerial: '01',
      userId: options.accounts?.[no] ?? null,
    } as never)
    teachers[no] = id
  }
  const classes = ['计科2201', '计科2202', '软工2202']
  const size = options.classSize ?? 30
  for (const classNo of classes) {
    await data
      .repo(baseClass)
      .insert({ classNo, className: classNo, deptSerial: '01', studentCount: size } as never)
    await data.repo(baseStudent).insert(
      Array.from({ length: size }, (_, i) => ({
        studentNo: `${classNo.replace(/\D/g, '')}${String(i + 1).padStart(2, '0')}`,
        studentName: i === 0 && classNo === '计科2201' ? '张三' : `${classNo}学生${i + 1}`,
        classNo,
        deptSerial: '01',
      })) as never,
    )
  }
  const projects: Record<string, string> = {}
  const plans: Record<string, string> = {}
  const lines: Record<string, string> = {}
  const courses = [
    ['EE2001', '电路分析', '电路实验', 'DZ01001', ['计科2201', '计科2202'], 'T0123'],
    ['EE2002', '模拟电子技术', '模拟电子技术实验', 'DZ01002', ['软工2202'], 'T0456'],
    ['EE2003', '数字电路', '数字电路实验', 'DZ01003', ['计科2201'], 'T0789'],
  ] as const
  for (const [courseNumber, courseName, projectName, number, classNos, teacherNo] of courses) {
    const [projectId] = await data.repo(teachProject).insert({
      experimentNumber: number,
      numberBody: number,
      experimentName: projectName,
      experimentCategory: 2,
      experimentType: 2,
      isNetwork: 0,
      subjectCode: '0809',
      requirement: 1,
      experimenterType: 3,
      groupSize: 2,
      hours: 16,
      labId,
      independentCourse: 0,
      deptSerial: '01',
      status: 1,
    } as never)
    projects[projectName] = projectId
    const [courseId] = await data.repo(teachCourse).insert({
      courseNumber,
      courseName,
      deptSerial: '01',
      courseCategory: 1,
      courseNature: 1,
      labHours: 16,
      totalHours: 48,
      status: 1,
    } as never)
    const [planId] = await data.repo(teachCoursePlan).insert({
      academicYearId: termId,
      courseId,
      courseNumber,
      courseName,
      deptSerial: '01',
      teacherId: teachers[teacherNo],
      teacherUserId: options.accounts?.[teacherNo] ?? null,
      teacherName: teacherNo,
      classNos: classNos.join(','),
      classKey: [...classNos].sort().join(','),
      studentCount: classNos.length * size,
      startWeek: 1,
      endWeek: 18,
      labHours: 16,
      status: 3,
    } as never)
    plans[courseNumber] = planId
    const [lineId] = await data.repo(teachCoursePlanProject).insert({
      coursePlanId: planId,
      projectId,
      hours: 16,
      groupSize: 2,
      requirement: 1,
      planWeeks: '3-10',
      sort: 0,
    })
    lines[projectName] = lineId
  }
  return { termId, rooms, teachers, classes, lines, plans, projects }
}

/** The user id of an account. */
export async function userIdOf(db: Db, account: string): Promise<string> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.account, account))
  return row.id
}
