import { and, inArray, ne, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { projectApi } from '../../../shared/api/teach'
import {
  EXPERIMENT_NAME_BYTES,
  gbkBytes,
  teachProjectResource,
} from '../../../shared/resources/teach/project'
import { PLAN_STATUS } from '../../../shared/resources/teach/codes'
import { ok } from '../../core/envelope'
import { bad } from '../../core/errors'
import { dataOf, type Data } from '../../core/data'
import { registerResourceRoutes } from '../../core/resource-routes'
import { route } from '../../core/route'
import {
  baseTeacher,
  teachCourseAssProject,
  teachCoursePlan,
  teachCoursePlanProject,
  teachProject,
} from '../../db/schema'
import { allLabs, needLab } from '../labs'
import { bodyOf, bodyUse, checkNumberShape, generateNumbers, numberTakenMessage } from './number'
import { presentProjects } from './present'
import { withChanges } from '../rows'

type Row = Record<string, unknown>

export const NAME_TOO_LONG = '实验名称不能超过25个汉字（50字节）'

/** The rules of one project row beyond its field types (domain 2): name bytes, number, lab, teacher. */
export async function checkProject(data: Data, row: Row, id: string | null) {
  if (gbkBytes(String(row.experimentName ?? '')) > EXPERIMENT_NAME_BYTES) bad(NAME_TOO_LONG)
  const number = String(row.experimentNumber ?? '').trim()
  checkNumberShape(number, Number(row.independentCourse ?? 0))
  const use = await bodyUse(data, bodyOf(number), id ?? undefined)
  if (use) bad(numberTakenMessage(use))
  await needLab(data, String(row.labId))
  if (row.teacherId) await data.repo(baseTeacher).need(String(row.teacherId), '负责教师不存在')
  row.experimentNumber = number
  row.numberBody = bodyOf(number)
}

/** A project in a live plan line stays (its SJ4 row and the plan need it). */
async function refuseUsed(data: Data, ids: string[]) {
  const [used] = await data.db
    .select({ name: teachProject.experimentName })
    .from(teachCoursePlanProject)
    .innerJoin(teachCoursePlan, eq(teachCoursePlan.id, teachCoursePlanProject.coursePlanId))
    .innerJoin(teachProject, eq(teachProject.id, teachCoursePlanProject.projectId))
    .where(
      and(
        data.rows(teachCoursePlanProject, inArray(teachCoursePlanProject.projectId, ids)),
        data.rows(teachCoursePlan, ne(teachCoursePlan.status, PLAN_STATUS.revoked)),
      ),
    )
    .limit(1)
  if (used) bad(`项目『${used.name}』已用于课程计划，不能删除`)
}

export function registerProjectRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, teachProjectResource, teachProject, {
    beforeSave: async ({ data, request, row, isNew }) => {
      const id = isNew ? null : String((request.body as Row).id)
      if (id) {
        const before = await data.repo(teachProject).need(id)
        const number =
          row.experimentNumber === undefined ? before.experimentNumber : String(row.experimentNumber).trim()
        // A number once given is the project's for good (SJ4): it is never changed nor released.
        if (number !== before.experimentNumber) bad('实验编号保存后不能修改')
        const merged = withChanges(before, row)
        await checkProject(data, merged, id)
        row.numberBody = merged.numberBody
      } else await checkProject(data, row, null)
    },
    beforeRemove: async ({ data, ids }) => {
      await refuseUsed(data, ids)
      await data.repo(teachCourseAssProject).deleteWhere([inArray(teachCourseAssProject.projectId, ids)])
    },
    present: async (rows, request) => (await presentProjects(dataOf(request), rows as never)) as Row[],
    conflicts: { teach_project_number_body_uq: '实验编号已存在' },
  })

  route(app, projectApi.generateNumber, async ({ query, data }) => {
    const lab = await needLab(data, query.labId)
    const [number] = await generateNumbers(data, lab, 1, [query.independentCourse === 1])
    return ok(number, '操作成功')
  })

  route(app, projectApi.checkNumber, async ({ query, data }) => {
    const use = await bodyUse(data, bodyOf(String(query.experimentNumber)), query.id as string | undefined)
    return ok(!!use, use ? numberTakenMessage(use) : undefined)
  })

  route(app, projectApi.numberState, async ({ query, data }) => {
    const use = await bodyUse(data, bodyOf(String(query.experimentNumber)), query.id as string | undefined)
    return ok({ taken: !!use, message: use ? numberTakenMessage(use) : '' })
  })

  route(app, projectApi.listById, async ({ query, data }) => {
    if (!query.ids.length) return ok([])
    const rows = await data
      .repo(teachProject, teachProjectResource)
      .find([inArray(teachProject.id, query.ids)])
    const byId = new Map((await presentProjects(data, rows)).map((r) => [r.id, r]))
    return ok(query.ids.map((id) => byId.get(id)).filter((r) => !!r) as never)
  })

  route(app, projectApi.labs, async ({ data }) =>
    ok(
      (await allLabs(data)).map((l) => ({
        ...l,
        name: l.serial ? `${l.labName}（${l.serial}）` : l.labName,
      })),
    ),
  )
}
