import { eq, inArray, sql } from 'drizzle-orm'
import type { Data } from '../core/data'
import { baseClass, baseMajor, baseStudent, baseTeacher, dept, user } from '../db/schema'
import { USER_TYPE } from '../../shared/resources/safety/exam'

/** A base-data column as text (base rows are typed loosely by their shared field helpers). */
export const text = (v: unknown): string | null =>
  v === null || v === undefined || v === '' ? null : String(v)

/** Who a person is for the safety area: a student (学号), a teacher (工号) or an account. */
export interface Person {
  userId: string
  userType: number
  userCode: string
  userName: string
  deptSerial: string | null
  deptId: string | null
  deptName: string | null
  majorSerial: string | null
  majorName: string | null
  grade: string | null
  classNo: string | null
  className: string | null
}

/** The caller as a student, a teacher, or else by their account (userType 2). */
export async function personOf(data: Data, userId: string): Promise<Person> {
  const [student] = await data.repo(baseStudent).find([eq(baseStudent.userId, userId)], { limit: 1 })
  if (student) {
    const [withNames] = await describe(data, [
      {
        userId,
        userType: USER_TYPE.student,
        userCode: text(student.studentNo) ?? '',
        userName: text(student.studentName) ?? '',
        deptSerial: text(student.deptSerial),
        majorSerial: text(student.majorSerial),
        grade: text(student.grade),
        classNo: text(student.classNo),
      },
    ])
    return withNames
  }
  const [teacher] = await data.repo(baseTeacher).find([eq(baseTeacher.userId, userId)], { limit: 1 })
  if (teacher) {
    const [withNames] = await describe(data, [
      {
        userId,
        userType: USER_TYPE.staff,
        userCode: text(teacher.teacherNo) ?? '',
        userName: text(teacher.teacherName) ?? '',
        deptSerial: text(teacher.deptSerial),
        majorSerial: null,
        grade: null,
        classNo: null,
      },
    ])
    return withNames
  }
  const [account] = await data.repo(user).find([eq(user.id, userId)], { limit: 1 })
  const deptRow = account?.deptId
    ? (await data.repo(dept).find([eq(dept.id, account.deptId)], { limit: 1 }))[0]
    : undefined
  return {
    userId,
    userType: USER_TYPE.staff,
    userCode: account?.account ?? userId,
    userName: account?.realName || account?.name || account?.account || '',
    deptSerial: deptRow?.serial ?? null,
    deptId: deptRow?.id ?? null,
    deptName: deptRow?.deptName ?? null,
    majorSerial: null,
    majorName: null,
    grade: null,
    classNo: null,
    className: null,
  }
}

type Bare = Omit<Person, 'deptId' | 'deptName' | 'majorName' | 'className'>

/** Adds the college's dept id and name, the major's and the class's names (one query per kind). */
export async function describe(data: Data, people: Bare[]): Promise<Person[]> {
  const serials = [...new Set(people.map((p) => p.deptSerial).filter((s): s is string => !!s))]
  const majors = [...new Set(people.map((p) => p.majorSerial).filter((s): s is string => !!s))]
  const classes = [...new Set(people.map((p) => p.classNo).filter((s): s is string => !!s))]
  const depts = serials.length ? await data.repo(dept).find([inArray(dept.serial, serials)]) : []
  const majorRows = majors.length
    ? await data.repo(baseMajor).find([inArray(baseMajor.majorSerial, majors)])
    : []
  const classRows = classes.length
    ? await data.repo(baseClass).find([inArray(baseClass.classNo, classes)])
    : []
  const deptBySerial = new Map(depts.map((d) => [d.serial, d]))
  const majorName = new Map(majorRows.map((m) => [text(m.majorSerial), text(m.majorName)]))
  const className = new Map(classRows.map((c) => [text(c.classNo), text(c.className)]))
  return people.map((p) => {
    const d = p.deptSerial ? deptBySerial.get(p.deptSerial) : undefined
    return {
      ...p,
      deptId: d?.id ?? null,
      deptName: d?.deptName ?? null,
      majorName: (p.majorSerial && majorName.get(p.majorSerial)) || null,
      className: (p.classNo && className.get(p.classNo)) || null,
    }
  })
}

/** The serials of a college and of every dept below it (a scope's or a filter's 院系 covers its subtree). */
export async function serialsBelow(data: Data, deptSerial: string): Promise<string[]> {
  const roots = await data.repo(dept).find([eq(dept.serial, deptSerial)])
  if (!roots.length) return [deptSerial]
  const below = await data.repo(dept).find([
    sql`(${sql.join(
      roots.map(
        (r) => sql`(${dept.id} = ${r.id} or (',' || ${dept.ancestors} || ',') like ${`%,${r.id},%`})`,
      ),
      sql` or `,
    )})`,
  ])
  return [...new Set([deptSerial, ...below.map((d) => d.serial).filter((s): s is string => !!s)])]
}

/** The ids of a dept and every dept below it (a `deptId` filter covers its subtree). */
export async function deptIdsBelow(data: Data, deptId: string): Promise<string[]> {
  const below = await data
    .repo(dept)
    .find([sql`(${dept.id} = ${deptId} or (',' || ${dept.ancestors} || ',') like ${`%,${deptId},%`})`])
  return [...new Set([deptId, ...below.map((d) => d.id)])]
}
