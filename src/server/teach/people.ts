import { and, count, eq, inArray } from 'drizzle-orm'
import type { Data } from '../core/data'
import { isAdministrator } from '../core/context'
import { baseClass, baseStudent, baseTeacher, menu, roleMenu } from '../db/schema'

/**
 * Who the caller is in teaching terms (their teacher or student row), what they may do beyond the
 * path grants (a button held), and the school's people the teaching forms pick from.
 */

/** A teacher without a staff or administrator role: keeps only their own projects and plans. */
export function isTeacherOnly(data: Data): boolean {
  const roles = data.me.roleAliases
  return roles.includes('teacher') && !roles.includes('staff') && !isAdministrator(data.me)
}

/** The caller acts as a school office (staff or administrator). */
export const isOffice = (data: Data) => isAdministrator(data.me) || data.me.roleAliases.includes('staff')

/** Whether the caller's roles hold a button (the administrator holds every button). */
export async function holdsButton(data: Data, code: string): Promise<boolean> {
  if (isAdministrator(data.me)) return true
  if (!data.me.roleIds.length) return false
  const rows = await data.db
    .select({ id: menu.id })
    .from(roleMenu)
    .innerJoin(menu, eq(menu.id, roleMenu.menuId))
    .where(and(inArray(roleMenu.roleId, data.me.roleIds), data.rows(menu, eq(menu.code, code))))
    .limit(1)
  return rows.length > 0
}

export type TeacherRow = typeof baseTeacher.$inferSelect
export type StudentRow = typeof baseStudent.$inferSelect
export type ClassRow = typeof baseClass.$inferSelect

/** The caller's teacher row (by the account it signs in with). */
export function myTeacher(data: Data): Promise<TeacherRow | null> {
  return data.repo(baseTeacher).first(eq(baseTeacher.userId, data.me.userId))
}

/** The caller's student row. */
export function myStudent(data: Data): Promise<StudentRow | null> {
  return data.repo(baseStudent).first(eq(baseStudent.userId, data.me.userId))
}

export async function teachersByIds(data: Data, ids: string[]): Promise<Map<string, TeacherRow>> {
  const unique = [...new Set(ids.filter(Boolean))]
  if (!unique.length) return new Map()
  const rows = await data.repo(baseTeacher).find([inArray(baseTeacher.id, unique)])
  return new Map(rows.map((r) => [String(r.id), r]))
}

export async function classesByNos(data: Data, nos: string[]): Promise<Map<string, ClassRow>> {
  const unique = [...new Set(nos.filter(Boolean))]
  if (!unique.length) return new Map()
  const out = new Map<string, ClassRow>()
  for (let i = 0; i < unique.length; i += 1000) {
    const rows = await data.repo(baseClass).find([inArray(baseClass.classNo, unique.slice(i, i + 1000))])
    for (const r of rows) out.set(String(r.classNo), r)
  }
  return out
}

/** Live students per class number (the roster, not the class's recorded head count). */
export async function studentCounts(data: Data, nos: string[]): Promise<Map<string, number>> {
  const unique = [...new Set(nos.filter(Boolean))]
  const out = new Map<string, number>()
  if (!unique.length) return out
  const rows = await data.db
    .select({ classNo: baseStudent.classNo, n: count() })
    .from(baseStudent)
    .where(data.rows(baseStudent, inArray(baseStudent.classNo, unique)))
    .groupBy(baseStudent.classNo)
  for (const r of rows) out.set(String(r.classNo), Number(r.n))
  return out
}

/** "计科2201, 计科2202" / "a、b" / ["a","b"] → class numbers, deduplicated, in the given order. */
export function splitClassNos(value: unknown): string[] {
  const parts = Array.isArray(value) ? value.map(String) : String(value ?? '').split(/[,，、;；\s]+/)
  return [...new Set(parts.map((p) => p.trim()).filter(Boolean))]
}
