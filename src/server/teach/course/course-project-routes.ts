import { and, asc, eq, inArray, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { courseProjectApi } from '../../../shared/api/teach'
import { PLAN_STATUS } from '../../../shared/resources/teach/codes'
import { ok } from '../../core/envelope'
import { bad } from '../../core/errors'
import type { Data } from '../../core/data'
import { route } from '../../core/route'
import {
  teachCourse,
  teachCourseAssProject,
  teachCoursePlan,
  teachCoursePlanProject,
  teachProject,
} from '../../db/schema'
import { isTeacherOnly } from '../people'
import { presentProjects } from '../project/present'

/** The projects linked to a course, in link order, with their lab names. */
export async function linkedProjects(data: Data, courseId: string) {
  const links = await data.repo(teachCourseAssProject).find([eq(teachCourseAssProject.courseId, courseId)], {
    sort: [asc(teachCourseAssProject.sort), asc(teachCourseAssProject.id)],
  })
  if (!links.length) return []
  const projects = await data.repo(teachProject).find([
    inArray(
      teachProject.id,
      links.map((l) => l.projectId),
    ),
  ])
  const byId = new Map((await presentProjects(data, projects)).map((p) => [String(p.id), p]))
  return links
    .filter((l) => byId.has(l.projectId))
    .map((l) => ({ ...byId.get(l.projectId)!, linkId: l.id, sort: l.sort }))
}

/** The projects a link call names: they exist, and a teacher names only projects they created. */
async function projectsToLink(data: Data, ids: string[]) {
  const projects = await data.repo(teachProject).needAll(ids, '实验项目不存在')
  if (isTeacherOnly(data) && projects.some((p) => p.createUser !== data.me.userId))
    bad('只能关联本人维护的实验项目')
  return projects
}

export function registerCourseProjectRoutes(app: FastifyInstance) {
  route(app, courseProjectApi.projectList, async ({ query, data }) => {
    await data.repo(teachCourse).need(query.teachCourseId, '课程不存在')
    return ok((await linkedProjects(data, query.teachCourseId)) as never)
  })

  route(app, courseProjectApi.batchSubmit, async ({ body, data }) => {
    const result = await data.transaction(async (tx) => {
      await tx.repo(teachCourse).need(body.teachCourseId, '课程不存在')
      await projectsToLink(tx, body.projectIds)
      const links = tx.repo(teachCourseAssProject)
      const existing = await links.find([eq(teachCourseAssProject.courseId, body.teachCourseId)])
      const have = new Set(existing.map((l) => l.projectId))
      let sort = existing.reduce((m, l) => Math.max(m, l.sort), 0)
      const fresh = body.projectIds.filter((id) => !have.has(id))
      await links.insert(
        fresh.map((projectId) => ({ courseId: body.teachCourseId, projectId, sort: ++sort })),
      )
      return { added: fresh.length, skipped: body.projectIds.length - fresh.length }
    })
    return ok(
      result,
      result.skipped ? `已关联${result.added}个项目，${result.skipped}个已关联的项目已跳过` : undefined,
    )
  })

  route(app, courseProjectApi.batchRemove, async ({ body, data }) => {
    const result = await data.transaction(async (tx) => {
      const course = await tx.repo(teachCourse).need(body.teachCourseId, '课程不存在')
      const projects = await projectsToLink(tx, body.projectIds)
      // A project in a live plan line of this course stays linked.
      const used = await tx.db
        .select({ projectId: teachCoursePlanProject.projectId })
        .from(teachCoursePlanProject)
        .innerJoin(teachCoursePlan, eq(teachCoursePlan.id, teachCoursePlanProject.coursePlanId))
        .where(
          and(
            tx.rows(teachCoursePlanProject, inArray(teachCoursePlanProject.projectId, body.projectIds)),
            tx.rows(
              teachCoursePlan,
              eq(teachCoursePlan.courseId, course.id),
              ne(teachCoursePlan.status, PLAN_STATUS.revoked),
            ),
          ),
        )
        .limit(1)
      if (used.length) {
        const name = projects.find((p) => p.id === used[0].projectId)?.experimentName
        bad(`项目『${name}』已用于课程计划，不能取消关联`)
      }
      const removed = await tx
        .repo(teachCourseAssProject)
        .deleteWhere([
          eq(teachCourseAssProject.courseId, course.id),
          inArray(teachCourseAssProject.projectId, body.projectIds),
        ])
      return { removed }
    })
    return ok(result)
  })
}
