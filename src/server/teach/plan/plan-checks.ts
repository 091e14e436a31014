import { inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { coursePlanApi, type PlanCheck, type PlanLine } from '../../../shared/api/teach'
import { parseNumberList } from '../../../shared/resources/teach/calendar'
import { ok, page } from '../../core/envelope'
import type { Data } from '../../core/data'
import { parsePaging } from '../../core/query'
import { defaultSort } from '../../core/resource-routes'
import { route } from '../../core/route'
import { teachCourse, teachCoursePlan } from '../../db/schema'
import { labsByIds } from '../labs'
import { splitClassNos, studentCounts } from '../people'
import { planLines, presentPlans } from './plan-present'
import { needPlan, planScope, plansOf, type PlanRow } from './plan-save'

/**
 * 计划核查 (domain 3): what an approver should look at before agreeing. None of these refuse a save;
 * they are the reviewer's list.
 */
export async function checksOf(data: Data, plans: PlanRow[], linesOf?: Map<string, PlanLine[]>) {
  const out = new Map<string, PlanCheck[]>()
  if (!plans.length) return out
  const lines =
    linesOf ??
    groupLines(
      await planLines(
        data,
        plans.map((p) => p.id),
      ),
    )
  const courses = new Map(
    (
      await data
        .repo(teachCourse)
        .find([inArray(teachCourse.id, [...new Set(plans.map((p) => String(p.courseId)))])])
    ).map((c) => [c.id, c]),
  )
  const labs = await labsByIds(
    data,
    [...lines.values()].flat().map((l) => l.labId),
  )
  const counts = await studentCounts(
    data,
    plans.flatMap((p) => splitClassNos(p.classNos)),
  )
  for (const plan of plans) {
    const checks: PlanCheck[] = []
    const mine = lines.get(plan.id) ?? []
    const total = mine.reduce((n, l) => n + l.hours, 0)
    const courseHours = Number(courses.get(String(plan.courseId))?.labHours ?? 0)
    if (total !== courseHours)
      checks.push({ code: 'hours', message: `计划学时合计与课程实验学时不一致（${total}/${courseHours}）` })
    for (const l of mine)
      if (!l.labId || !labs.get(l.labId)?.serial)
        checks.push({ code: 'lab', message: `项目『${l.experimentName}』未关联实验室或实验室无编号` })
    for (const c of splitClassNos(plan.classNos))
      if (!counts.get(c)) checks.push({ code: 'students', message: `上课班级『${c}』没有学生` })
    for (const l of mine)
      if (l.groupSize && l.groupSize > Number(plan.studentCount ?? 0))
        checks.push({ code: 'group', message: `项目『${l.experimentName}』每组人数大于上课人数` })
    for (const l of mine) {
      const weeks = parseNumberList(l.planWeeks ?? '')
      if (weeks.some((w) => w < Number(plan.startWeek) || w > Number(plan.endWeek)))
        checks.push({ code: 'weeks', message: `项目『${l.experimentName}』计划周次超出起止周` })
    }
    out.set(plan.id, checks)
  }
  return out
}

const groupLines = (lines: PlanLine[]) => {
  const out = new Map<string, PlanLine[]>()
  for (const l of lines) out.set(l.coursePlanId, [...(out.get(l.coursePlanId) ?? []), l])
  return out
}

export function registerPlanCheckRoutes(app: FastifyInstance) {
  route(app, coursePlanApi.checkList, async ({ query, data }) => {
    const onlyProblems = String(query.onlyProblems ?? '') === '1'
    const filters = { ...query, onlyProblems: undefined }
    const sort = defaultSort(planScope, teachCoursePlan)
    if (!onlyProblems) {
      const found = await plansOf(data).page(filters, { sort })
      const checks = await checksOf(data, found.records)
      const shown = await presentPlans(data, found.records)
      return ok({ ...found, records: shown.map((p) => ({ ...p, checks: checks.get(p.id) ?? [] })) } as never)
    }
    const all = await plansOf(data).list(filters, { sort, limit: 10000 })
    const checks = await checksOf(data, all)
    const problems = all.filter((p) => (checks.get(p.id) ?? []).length)
    const paging = parsePaging(query)
    const slice = problems.slice((paging.current - 1) * paging.size, paging.current * paging.size)
    const shown = await presentPlans(data, slice)
    return ok(
      page(
        shown.map((p) => ({ ...p, checks: checks.get(p.id) ?? [] })),
        problems.length,
        paging.current,
        paging.size,
      ) as never,
    )
  })

  route(app, coursePlanApi.checkDetail, async ({ query, data }) => {
    const plan = await needPlan(data, query.id)
    const lines = await planLines(data, [plan.id])
    const checks = await checksOf(data, [plan], new Map([[plan.id, lines]]))
    const [shown] = await presentPlans(data, [plan])
    return ok({ ...shown, projects: lines, checks: checks.get(plan.id) ?? [] } as never)
  })
}
