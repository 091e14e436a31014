/**
 * Fixtures of the teach and experiment server tests: a school with colleges, a lab with serial 0101 and
 * rooms, classes, students and teachers with sign-in accounts, written through the real routes where
 * there are routes. Test support only; not used by the server.
 */
import { eq } from 'drizzle-orm'
import type { Api, TestServer } from '../../../tests/support/server'
import { createUser } from '../../../tests/support/fixtures'
import { addColleges } from '../base/testing'
import { addLab, addRoom } from '../lab/testing'
import { baseStudent, baseTeacher } from '../db/schema'

const must = (res: { status: number; body: { msg?: string; data?: unknown } }, what: string) => {
  if (res.status !== 200) throw new Error(`${what}: ${res.status} ${res.body?.msg}`)
  return res.body.data
}

export interface Person {
  id: string
  no: string
  token: string
}

export interface School {
  admin: Api
  adminToken: string
  staff: Api
  termId: string
  termName: string
  labId: string
  lab2Id: string
  rooms: Record<string, string>
  teachers: Record<string, Person>
  students: Record<string, Person>
}

/** A teacher row with a teacher-role account. */
async function addTeacher(
  t: TestServer,
  admin: Api,
  no: string,
  name: string,
  deptSerial: string,
): Promise<Person> {
  must(
    await admin.post('/api/basedata/systeacher/submit', {
      body: { teacherNo: no, teacherName: name, deptSerial },
    }),
    `teacher ${no}`,
  )
  const [row] = await t.database.db.select().from(baseTeacher).where(eq(baseTeacher.teacherNo, no))
  const user = await createUser(t.database, { account: `t${no}`, roleAlias: 'teacher' })
  await t.database.db
    .update(baseTeacher)
    .set({ userId: user.id })
    .where(eq(baseTeacher.id, String(row.id)))
  return { id: String(row.id), no, token: await t.login(user.account, user.password) }
}

/** A student row with a student-role account (tokens only for the first few: sign-ins cost time). */
export async function addStudent(
  t: TestServer,
  admin: Api,
  no: string,
  name: string,
  classNo: string,
  options: { deptSerial?: string; grade?: string; signIn?: boolean } = {},
): Promise<Person> {
  must(
    await admin.post('/api/basedata/student/submit', {
      body: {
        studentNo: no,
        studentName: name,
        deptSerial: options.deptSerial ?? '02',
        classNo,
        grade: options.grade ?? '2022',
      },
    }),
    `student ${no}`,
  )
  const [row] = await t.database.db.select().from(baseStudent).where(eq(baseStudent.studentNo, no))
  const user = await createUser(t.database, { account: `s${no}`, roleAlias: 'student' })
  await t.database.db
    .update(baseStudent)
    .set({ userId: user.id })
    .where(eq(baseStudent.id, String(row.id)))
  return {
    id: String(row.id),
    no,
    token: options.signIn === false ? '' : await t.login(user.account, user.password),
  }
}

export async function addSchool(t: TestServer): Promise<School> {
  const adminToken = await t.login()
  const admin = t.api(adminToken)
  await addColleges(t.database.db, '000000', [
    ['01', '电子信息学院'],
    ['02', '计算机学院'],
  ])
  const lab = await addLab(admin, { labName: '电子技术实验室', deptSerial: '01', serial: '0101' })
  const lab2 = await addLab(admin, { labName: '计算机实验室', deptSerial: '02', serial: '0201000001' })
  const rooms = {
    A301: await addRoom(admin, { roomNo: 'A301', roomName: 'A301', labId: lab.id, seats: 30 }),
    A305: await addRoom(admin, { roomNo: 'A305', roomName: 'A305', labId: lab.id, seats: 40 }),
    B101: await addRoom(admin, { roomNo: 'B101', roomName: 'B101', labId: lab2.id, seats: 50 }),
  }
  for (const [classNo, className] of [
    ['JK2201', '计科2201'],
    ['JK2202', '计科2202'],
    ['RG2201', '软工2201'],
  ])
    must(
      await admin.post('/api/basedata/class/submit', {
        body: { classNo, className, deptSerial: '02', grade: '2022' },
      }),
      `class ${classNo}`,
    )
  const staffUser = await createUser(t.database, { account: 'teach_staff', roleAlias: 'staff' })
  const staff = t.api(await t.login(staffUser.account, staffUser.password))
  const teachers = {
    li: await addTeacher(t, admin, 'T001', '李老师', '01'),
    wang: await addTeacher(t, admin, 'T002', '王老师', '01'),
  }
  const students = {
    a: await addStudent(t, admin, '2022010101', '张三', 'JK2201'),
    b: await addStudent(t, admin, '2022010102', '李四', 'JK2201'),
    c: await addStudent(t, admin, '2022010201', '王五', 'JK2202'),
    d: await addStudent(t, admin, '2022020101', '赵六', 'RG2201'),
  }
  const term = must(await admin.get('/api/system/academic/current'), 'current term') as {
    id: string
    name: string
  }
  return {
    admin,
    adminToken,
    staff,
    termId: String(term.id),
    termName: String(term.name),
    labId: lab.id,
    lab2Id: lab2.id,
    rooms,
    teachers,
    students,
  }
}

/** Term parameters starting on `monday` with 18 weeks, 星期一–五, 4+4+3 sections. */
export async function setUpTerm(api: Api, termId: string, monday: string, holidays = '') {
  return must(
    await api.post('/api/teach/teachparameter/submit', {
      body: {
        academicYearId: termId,
        firstWeekMonday: monday,
        weeks: 18,
        teachingWeekdays: '1,2,3,4,5',
        morningSections: 4,
        afternoonSections: 4,
        eveningSections: 3,
        holidays,
      },
    }),
    'term parameters',
  ) as { id: string }
}
