import { eq, inArray, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { FieldDef } from '../../../shared/resource/types'
import { courseApi } from '../../../shared/api/teach'
import { teachCourseResource } from '../../../shared/resources/teach/course'
import { PLAN_STATUS } from '../../../shared/resources/teach/codes'
import { ok } from '../../core/envelope'
import { bad } from '../../core/errors'
import type { Data } from '../../core/data'
import { registerResourceRoutes, defaultSort } from '../../core/resource-routes'
import { route } from '../../core/route'
import { teachCourse, teachCourseAssProject, teachCoursePlan } from '../../db/schema'
import { deptNames, exportRows, sendBook } from '../sheets'
import { withChanges } from '../rows'

type Row = Record<string, unknown>

/** Whether 课程号 is taken by another live course: the message says why. */
export async function courseNumberTaken(data: Data, courseNumber: string, id?: string) {
  const taken = await data
    .repo(teachCourse)
    .exists(eq(teachCourse.courseNumber, courseNumber), id ? ne(teachCourse.id, id) : undefined)
  return taken ? '课程号已存在' : null
}

export function registerCourseRoutes(app: FastifyInstance) {
  // detail (by id or 课程号) is below; the engine serves the rest of the standard set.
  registerResourceRoutes(
    app,
    { ...teachCourseResource, routes: ['page', 'list', 'submit', 'remove'] },
    teachCourse,
    {
      beforeSave: async ({ data, request, row, isNew }) => {
        const merged = isNew
          ? row
          : withChanges(await data.repo(teachCourse).need(String((request.body as Row).id)), row)
        if (Number(merged.labHours) > Number(merged.totalHours)) bad('实验学时不能大于总学时')
      },
      beforeRemove: async ({ data, ids }) => {
        const used = await data
          .repo(teachCoursePlan)
          .first(inArray(teachCoursePlan.courseId, ids), ne(teachCoursePlan.status, PLAN_STATUS.revoked))
        if (used) bad(`课程『${used.courseName}』已有课程计划，不能删除`)
        await data.repo(teachCourseAssProject).deleteWhere([inArray(teachCourseAssProject.courseId, ids)])
      },
    },
  )

  route(app, courseApi.detail, async ({ query, data }) => {
    const repo = data.repo(teachCourse, teachCourseResource)
    const row = query.id
      ? await repo.get(query.id)
      : await repo.first(eq(teachCourse.courseNumber, String(query.kch)))
    return ok((row ?? bad('课程不存在')) as never)
  })

  route(app, courseApi.listByIds, async ({ query, data }) => {
    if (!query.ids.length) return ok([])
    const rows = await data.repo(teachCourse, teachCourseResource).find([inArray(teachCourse.id, query.ids)])
    const byId = new Map(rows.map((r) => [r.id, r]))
    return ok(query.ids.map((id) => byId.get(id)).filter((r) => !!r) as never)
  })

  route(app, courseApi.checkCourseNumber, async ({ query, data }) => {
    const why = await courseNumberTaken(data, String(query.courseNumber), query.id as string | undefined)
    return ok(!!why, why ?? undefined)
  })

  route(app, courseApi.export, async ({ query, data, reply }) => {
    const rows = (await data
      .repo(teachCourse, teachCourseResource)
      .list(query, { sort: defaultSort(teachCourseResource, teachCourse), limit: 20000 })) as Row[]
    const names = await deptNames(
      data,
      rows.map((r) => r.deptSerial as string),
    )
    const sheet = await exportRows(
      data,
      (teachCourseResource.fields as readonly FieldDef[]).filter((f) => f.form !== false),
      rows,
      { deptSerial: (r) => names.get(String(r.deptSerial)) ?? r.deptSerial ?? '' },
    )
    return sendBook(reply, '实验课程.xlsx', [{ name: '实验课程', rows: sheet }])
  })
}
