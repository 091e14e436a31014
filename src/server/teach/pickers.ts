import { asc, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { AnyEndpoint } from '../../shared/api/endpoint'
import { teachPickerApi, type ClassOption, type DeptNode, type TeacherOption } from '../../shared/api/teach'
import { ok } from '../core/envelope'
import type { Data } from '../core/data'
import { route } from '../core/route'
import { baseClass, baseTeacher, dept } from '../db/schema'
import { DEPT_CATEGORY } from '../system/dept-routes'
import { treeNodes } from '../core/tree'
import { studentCounts } from './people'

/**
 * The school's people and colleges as teaching forms pick them. Base data is staff-only, so the
 * forms teachers use read these through their own families (one handler, several paths).
 */

const text = (q: Record<string, unknown>, key: string) =>
  typeof q[key] === 'string' ? String(q[key]).trim() : ''

export async function deptTree(data: Data): Promise<DeptNode[]> {
  const rows = await data.db
    .select()
    .from(dept)
    .where(data.rows(dept, inArray(dept.deptCategory, [DEPT_CATEGORY.school, DEPT_CATEGORY.college])))
    .orderBy(asc(dept.sort), asc(dept.id))
  return treeNodes(rows, 'deptName', (r) => ({ serial: r.serial ?? '' })) as unknown as DeptNode[]
}

export async function teacherOptions(data: Data, q: Record<string, unknown>): Promise<TeacherOption[]> {
  const name = text(q, 'teacherName') || text(q, 'name')
  const rows = await data
    .repo(baseTeacher)
    .find(
      [
        name
          ? sql`(${baseTeacher.teacherName} like ${`%${name}%`} or ${baseTeacher.teacherNo} like ${`%${name}%`})`
          : undefined,
      ],
      { sort: [asc(baseTeacher.teacherNo)], limit: 5000 },
    )
  return rows.map((r) => ({
    id: String(r.id),
    teacherNo: String(r.teacherNo),
    teacherName: String(r.teacherName),
    deptSerial: r.deptSerial ? String(r.deptSerial) : null,
    userId: r.userId ? String(r.userId) : null,
  }))
}

export async function classOptions(data: Data, q: Record<string, unknown>): Promise<ClassOption[]> {
  const deptSerial = text(q, 'deptSerial')
  const rows = await data
    .repo(baseClass)
    .find([deptSerial ? sql`${baseClass.deptSerial} = ${deptSerial}` : undefined], {
      sort: [asc(baseClass.classNo)],
      limit: 5000,
    })
  const counts = await studentCounts(
    data,
    rows.map((r) => String(r.classNo)),
  )
  return rows.map((r) => ({
    classNo: String(r.classNo),
    className: String(r.className),
    deptSerial: r.deptSerial ? String(r.deptSerial) : null,
    grade: r.grade ? String(r.grade) : null,
    studentCount: counts.get(String(r.classNo)) ?? Number(r.studentCount ?? 0),
  }))
}

/** Registers the same picker under several families (each form's own grant). */
export function registerPicker<E extends AnyEndpoint>(
  app: FastifyInstance,
  endpoints: E[],
  load: (data: Data, query: Record<string, unknown>) => Promise<unknown>,
) {
  for (const endpoint of endpoints)
    route(
      app,
      endpoint,
      async ({ data, query }) => ok(await load(data, query as Record<string, unknown>)) as never,
    )
}

export function registerTeachPickers(app: FastifyInstance) {
  registerPicker(app, [teachPickerApi.deptTree], (data) => deptTree(data))
  registerPicker(app, [teachPickerApi.teachers, teachPickerApi.planTeachers], teacherOptions)
  registerPicker(app, [teachPickerApi.planClasses], classOptions)
}
