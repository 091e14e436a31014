import { eq, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { coursePlanApi, type PlanStatistics } from '../../../shared/api/teach'
import {
  EXPERIMENT_CATEGORY,
  EXPERIMENT_TYPE,
  labelOfCode,
  PLAN_STATUS,
} from '../../../shared/resources/teach/codes'
import { parseNumberList } from '../../../shared/resources/teach/calendar'
import { ok } from '../../core/envelope'
import { bad } from '../../core/errors'
import { columnsOf, type Data } from '../../core/data'
import { route } from '../../core/route'
import { teachCoursePlan, teachCoursePlanProject, teachProject } from '../../db/schema'
import { deptNames } from '../sheets'
import { currentTermOf } from '../terms'
import { planScope } from './plan-save'

/**
 * 教学统计 of a term (domain 3): the plans not 已撤销 (a `status` filter narrows them), read in one
 * pass over plan × line × project and summed here: totals, per college, per 实验类型 and 实验类别,
 * and per teaching week (a line's hours spread over its planned weeks).
 */
export async function planStatistics(
  data: Data,
  academicYearId: string,
  status?: number,
): Promise<PlanStatistics> {
  const scope = await data.rowScope(planScope, columnsOf(teachCoursePlan))
  const rows = await data.db
    .select({
      planId: teachCoursePlan.id,
      status: teachCoursePlan.status,
      deptSerial: teachCoursePlan.deptSerial,
      studentCount: teachCoursePlan.studentCount,
      projectId: teachCoursePlanProject.projectId,
      hours: teachCoursePlanProject.hours,
      planWeeks: teachCoursePlanProject.planWeeks,
      experimentType: teachProject.experimentType,
      experimentCategory: teachProject.experimentCategory,
    })
    .from(teachCoursePlan)
    .leftJoin(
      teachCoursePlanProject,
      data.rows(teachCoursePlanProject, eq(teachCoursePlanProject.coursePlanId, teachCoursePlan.id)),
    )
    .leftJoin(teachProject, eq(teachProject.id, teachCoursePlanProject.projectId))
    .where(
      data.rows(
        teachCoursePlan,
        scope,
        eq(teachCoursePlan.academicYearId, academicYearId),
        status === undefined
          ? ne(teachCoursePlan.status, PLAN_STATUS.revoked)
          : eq(teachCoursePlan.status, status),
      ),
    )
  const plans = new Map<string, { dept: string; students: number; status: number }>()
  const projects = new Set<string>()
  const dept = new Map<string, { plans: Set<string>; hours: number; personHours: number }>()
  const byType = new Map<string, number>()
  const byCategory = new Map<string, number>()
  const byWeek = new Map<number, { lines: number; hours: number }>()
  let lines = 0
  let hours = 0
  let personHours = 0
  for (const r of rows) {
    const students = Number(r.studentCount ?? 0)
    const key = r.deptSerial ?? ''
    plans.set(r.planId, { dept: key, students, status: Number(r.status) })
    const d = dept.get(key) ?? { plans: new Set<string>(), hours: 0, personHours: 0 }
    d.plans.add(r.planId)
    dept.set(key, d)
    if (!r.projectId) continue
    const h = Number(r.hours ?? 0)
    lines++
    hours += h
    personHours += h * students
    d.hours += h
    d.personHours += h * students
    projects.add(r.projectId)
    const type = labelOfCode(EXPERIMENT_TYPE, r.experimentType) || '未填写'
    byType.set(type, (byType.get(type) ?? 0) + 1)
    const category = labelOfCode(EXPERIMENT_CATEGORY, r.experimentCategory) || '未填写'
    byCategory.set(category, (byCategory.get(category) ?? 0) + 1)
    const weeks = parseNumberList(r.planWeeks ?? '')
    for (const w of weeks) {
      const cell = byWeek.get(w) ?? { lines: 0, hours: 0 }
      cell.lines++
      cell.hours += h / weeks.length
      byWeek.set(w, cell)
    }
  }
  const names = await deptNames(data, [...dept.keys()])
  const round = (n: number) => Math.round(n * 10) / 10
  return {
    totals: {
      plans: plans.size,
      approved: [...plans.values()].filter((p) => p.status === PLAN_STATUS.approved).length,
      projects: projects.size,
      lines,
      hours,
      personHours,
      students: [...plans.values()].reduce((n, p) => n + p.students, 0),
    },
    byDept: [...dept.entries()]
      .map(([serial, d]) => ({
        name: names.get(serial) ?? (serial || '未填写'),
        plans: d.plans.size,
        hours: d.hours,
        personHours: d.personHours,
      }))
      .sort((a, b) => b.hours - a.hours || a.name.localeCompare(b.name)),
    byType: [...byType.entries()].map(([name, value]) => ({ name, value })),
    byCategory: [...byCategory.entries()].map(([name, value]) => ({ name, value })),
    byWeek: [...byWeek.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([week, c]) => ({ week, lines: c.lines, hours: round(c.hours) })),
  }
}

export function registerPlanStatisticsRoutes(app: FastifyInstance) {
  route(app, coursePlanApi.dataStatistics, async ({ query, data }) => {
    const term = query.academicYearId ?? (await currentTermOf(data))?.id ?? bad('请先设置学年学期')
    const rawStatus = (query as Record<string, unknown>).status
    const status = rawStatus === undefined || rawStatus === '' ? undefined : Number(rawStatus)
    if (status !== undefined && !(Number.isInteger(status) && status >= 0 && status <= 4)) bad('状态不正确')
    return ok(await planStatistics(data, String(term), status))
  })
}
