import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { route } from '../core/route'
import { done, ok } from '../core/envelope'
import type { Data } from '../core/data'
import { safetyPlan, safetyPlanPerson, safetyScore, safetyStatistics } from '../db/schema'
import { statisticsResource } from '../../shared/resources/safety/exam'
import { safetyResultApi } from '../../shared/api/safety'
import { clock, num, round1 } from './clock'

const SCOPE = { name: statisticsResource.name, permission: statisticsResource.permission }
export const BANDS = ['0-59', '60-69', '70-79', '80-89', '90-100'] as const

/** The band of a score by its percentage of the total (0–59, 60–69, 70–79, 80–89, 90–100). */
export function bandOf(score: number, total: number): number {
  const pct = total > 0 ? (score / total) * 100 : 0
  return pct >= 90 ? 4 : pct >= 80 ? 3 : pct >= 70 ? 2 : pct >= 60 ? 1 : 0
}

/**
 * 考试统计 of a plan (B.6): one row per college and one `*` 全部, from the candidates and the valid
 * score rows. Rows are computed, never edited: each run replaces the plan's rows.
 */
export async function computeStatistics(data: Data, planId: string): Promise<number> {
  const plan = await data.repo(safetyPlan).need(planId)
  const people = await data.repo(safetyPlanPerson).find([eq(safetyPlanPerson.planId, planId)])
  const scores = await data.repo(safetyScore).find([eq(safetyScore.planId, planId)])
  const groups = new Map<string, { name: string; people: typeof people; scores: typeof scores }>()
  const group = (serial: string, name: string) => {
    let g = groups.get(serial)
    if (!g) groups.set(serial, (g = { name, people: [], scores: [] }))
    return g
  }
  group('*', '全部')
  for (const p of people) {
    group('*', '全部').people.push(p)
    group(p.deptSerial ?? '', p.deptName ?? '').people.push(p)
  }
  for (const s of scores) {
    group('*', '全部').scores.push(s)
    group(s.deptSerial ?? '', s.deptName ?? '').scores.push(s)
  }
  const now = clock.now()
  const rows = [...groups.entries()].map(([serial, g]) => {
    const values = g.scores.map((s) => num(s.score) ?? 0)
    const attended = values.length
    const passed = g.scores.filter((s) => s.passed === 1).length
    const absent = g.people.filter((p) => p.examStatus === 3 || p.examStatus === 0).length
    const bands = [0, 0, 0, 0, 0]
    for (const s of g.scores) bands[bandOf(num(s.score) ?? 0, num(s.totalScore) ?? 0)]++
    return {
      planId,
      planName: plan.planName,
      academicYearId: plan.academicYearId,
      deptSerial: serial,
      deptName: g.name,
      candidateCount: g.people.length,
      attendedCount: attended,
      absentCount: absent,
      passedCount: passed,
      failedCount: attended - passed,
      passRate: String(attended ? round1((passed / attended) * 100) : 0),
      attendRate: String(g.people.length ? round1((attended / g.people.length) * 100) : 0),
      avgScore: String(attended ? round1(values.reduce((a, b) => a + b, 0) / attended) : 0),
      maxScore: String(attended ? Math.max(...values) : 0),
      minScore: String(attended ? Math.min(...values) : 0),
      bands: JSON.stringify(Object.fromEntries(BANDS.map((b, i) => [b, bands[i]]))),
      statTime: now,
    }
  })
  await data.repo(safetyStatistics).deleteWhere([eq(safetyStatistics.planId, planId)])
  await data.repo(safetyStatistics).insert(rows)
  return rows.length
}

export function registerStatisticsRoutes(app: FastifyInstance) {
  const api = safetyResultApi.statistics
  route(app, api.page, async ({ data, query }) => ok(await data.repo(safetyStatistics, SCOPE).page(query)))
  route(app, api.list, async ({ data, query }) =>
    ok(
      await data
        .repo(safetyStatistics, SCOPE)
        .list(query, { sort: [sql`${safetyStatistics.deptSerial} asc`] }),
    ),
  )
  route(app, api.detail, async ({ data, query }) =>
    ok(await data.repo(safetyStatistics, SCOPE).need(query.id)),
  )
  route(app, api.submit, async ({ data, body }) => {
    await data.repo(safetyPlan).need(body.planId, '考试计划不存在')
    return ok({ rows: await data.transaction((tx) => computeStatistics(tx, body.planId)) }, '统计已刷新')
  })
  route(app, api.remove, async ({ data, query }) => {
    await data.transaction((tx) => tx.repo(safetyStatistics, SCOPE).remove(query.ids))
    return done()
  })
}
