import { inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { coursePlanApi } from '../../../shared/api/teach'
import { PLAN_STATUS } from '../../../shared/resources/teach/codes'
import { done, ok } from '../../core/envelope'
import { bad } from '../../core/errors'
import { defaultSort } from '../../core/resource-routes'
import { route } from '../../core/route'
import { teachCoursePlan, teachCoursePlanImport, teachCoursePlanProject } from '../../db/schema'
import { planLines, presentPlans, scheduleRows } from './plan-present'
import { needPlan, requirePlanTeacher, planScope, plansOf, savePlan } from './plan-save'

const SORT = defaultSort(planScope, teachCoursePlan)

export function registerPlanRoutes(app: FastifyInstance) {
  for (const endpoint of [coursePlanApi.page, coursePlanApi.list])
    route(app, endpoint, async ({ query, data }) => {
      const page = await plansOf(data).page(query, { sort: SORT })
      return ok({ ...page, records: await presentPlans(data, page.records) } as never)
    })

  route(app, coursePlanApi.detail, async ({ query, data }) => {
    const plan = await needPlan(data, query.id)
    const [shown] = await presentPlans(data, [plan])
    return ok({ ...shown, projects: await planLines(data, [plan.id]) } as never)
  })

  route(app, coursePlanApi.submit, async ({ body, data }) => {
    const saved = await data.transaction((tx) => savePlan(tx, body, 'draft'))
    return ok({ id: saved.id }, '保存成功')
  })

  route(app, coursePlanApi.remove, async ({ query, data }) => {
    await data.transaction(async (tx) => {
      const plans = await plansOf(tx).needAll(query.ids, '课程计划不存在或无权删除')
      requirePlanTeacher(plans, tx.me)
      if (plans.some((p) => Number(p.status) !== PLAN_STATUS.draft)) bad('只能删除草稿状态的课程计划')
      await tx
        .repo(teachCoursePlanProject)
        .deleteWhere([inArray(teachCoursePlanProject.coursePlanId, query.ids)])
      const rows = await tx
        .repo(teachCoursePlanImport)
        .find([inArray(teachCoursePlanImport.coursePlanId, query.ids)])
      if (rows.length) await tx.repo(teachCoursePlanImport).remove(rows.map((r) => r.id))
      await plansOf(tx).remove(query.ids)
    })
    return done('删除成功')
  })

  route(app, coursePlanApi.planList, async ({ query, data }) => {
    const plan = await needPlan(data, query.coursePlanId)
    return ok(await planLines(data, [plan.id]))
  })

  route(app, coursePlanApi.scheduleList, async ({ query, data }) => {
    const plan = await needPlan(data, query.coursePlanId)
    return ok(scheduleRows(await planLines(data, [plan.id])))
  })
}
