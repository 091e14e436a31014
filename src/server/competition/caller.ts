import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Data } from '../core/data'
import { isAdministrator } from '../core/context'
import { academic, baseStudent, baseTeacher, menu, roleMenu } from '../db/schema'
import { schoolYearOf } from '../../shared/resources/base/school-year'
import { now } from './clock'

/**
 * Who the caller is for the competition rules (domain A): staff (the office: administrator or staff
 * role) ignore windows and act for anyone; a teacher acts for the projects they lead or instruct; a
 * student for themselves. The base rows link people to accounts by `userId`.
 */

export const isStaff = (data: Data): boolean => {
  const u = data.me
  return isAdministrator(u) || u.roleAliases.includes('staff')
}

export type StudentRow = typeof baseStudent.$inferSelect
export type TeacherRow = typeof baseTeacher.$inferSelect

export async function studentOf(data: Data): Promise<StudentRow | null> {
  return data.repo(baseStudent).first(eq(baseStudent.userId, data.me.userId))
}

export async function teacherOf(data: Data): Promise<TeacherRow | null> {
  return data.repo(baseTeacher).first(eq(baseTeacher.userId, data.me.userId))
}

/**
 * Whether the caller's roles hold a menu or button code (the administrator holds all): role limits the
 * path grants cannot express (a teacher reaches `finalresult/save` through 决赛管理's family, but only
 * holders of 录入结果 enter results).
 */
export async function holdsCode(data: Data, code: string): Promise<boolean> {
  const u = data.me
  if (isAdministrator(u)) return true
  if (!u.roleIds.length) return false
  const rows = await data.db
    .select({ id: menu.id })
    .from(roleMenu)
    .innerJoin(menu, eq(menu.id, roleMenu.menuId))
    .where(and(inArray(roleMenu.roleId, u.roleIds), eq(menu.code, code), data.rows(menu)))
    .limit(1)
  return rows.length > 0
}

/** The current 学年: the one of the current 学年学期 row, else the one today falls in. */
export async function currentYear(data: Data): Promise<string> {
  const term = await data.repo(academic).first(eq(academic.isCurrent, 1))
  return term?.academicYear ?? schoolYearOf(now())
}

export async function yearOr(data: Data, academicYear: unknown): Promise<string> {
  return typeof academicYear === 'string' && academicYear ? academicYear : currentYear(data)
}

/** Live students by 学号, in one query. */
export async function studentsByNo(data: Data, nos: string[]): Promise<Map<string, StudentRow>> {
  if (!nos.length) return new Map()
  const rows = await data.repo(baseStudent).find([inArray(baseStudent.studentNo, nos)], {
    sort: [asc(baseStudent.studentNo)],
  })
  return new Map(rows.map((r) => [r.studentNo as string, r]))
}
