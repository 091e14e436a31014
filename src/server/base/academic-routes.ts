import { and, desc, eq, gte, lte } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { academicResource } from '../../shared/resources/base/academic'
import { periodInfoResource } from '../../shared/resources/base/period-info'
import { schoolYearOf, schoolYearsAround, teachingWeek } from '../../shared/resources/base/school-year'
import type { Db } from '../db/client'
import { academic, periodInfo } from '../db/schema'
import { resourceAccess } from '../core/resource-routes'
import { done, ok } from '../core/envelope'
import { bad } from '../core/errors'
import { allOf } from '../core/query'
import { dataOf, dataOfTenant } from '../core/data'
import { isId } from '../../shared/resource/validate'

type Row = Record<string, unknown>
const AnyQuery = z.record(z.string(), z.unknown())
/** The school calendar drives term defaults on every role's screens: any signed-in user reads it. */
const calendar = { anyUser: true }

const today = () => {
  const d = new Date()
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`
}

/** The tenant's current term: the one marked current, else the one today falls in, else the latest. */
export async function currentTerm(db: Db, tenantId: string) {
  const live = dataOfTenant(db, tenantId).rows(academic)
  const marked = await db
    .select()
    .from(academic)
    .where(and(live, eq(academic.isCurrent, 1)))
    .limit(1)
  if (marked.length) return marked[0]
  const day = today()
  const inside = await db
    .select()
    .from(academic)
    .where(and(live, lte(academic.startDate, day), gte(academic.endDate, day)))
    .limit(1)
  if (inside.length) return inside[0]
  const latest = await db.select().from(academic).where(live).orderBy(desc(academic.startDate)).limit(1)
  return latest[0] ?? null
}

const asDictItem = (r: Row) => ({ ...r, dictKey: r.id, dictValue: r.name })

/** 学年学期 and 学期 routes beyond the standard set. */
export function registerAcademicRoutes(app: FastifyInstance) {
  const terms = resourceAccess(periodInfoResource, periodInfo)
  const years = resourceAccess(academicResource, academic)
  const base = academicResource.basePath

  // The term dictionary {dictKey: 学期编号, dictValue: 学期名称}.
  app.get(`${periodInfoResource.basePath}/dictionary`, { config: calendar }, async (request) => {
    const rows = await terms.findAll(app, request, { ascs: 'sort,termCode' })
    return ok(rows.map((r) => ({ id: r.id, dictKey: r.termCode, dictValue: r.termName, sort: r.sort })))
  })

  // Every 学年学期 as dictionary items keyed by id, newest first.
  app.get(`${base}/dictionary`, { config: calendar, schema: { querystring: AnyQuery } }, async (request) => {
    const rows = await years.findAll(app, request, { descs: 'startDate', ...(request.query as Row) })
    return ok(rows.map(asDictItem))
  })

  // The 学年 that have terms, newest first.
  app.get(`${base}/getYearList`, { config: calendar }, async (request) => {
    const rows = await app.db
      .selectDistinct({ year: academic.academicYear })
      .from(academic)
      .where(dataOf(request).rows(academic))
      .orderBy(desc(academic.academicYear))
    return ok(rows.map((r) => ({ dictKey: r.year, dictValue: `${r.year}学年` })))
  })

  // 学年 to choose from: those with terms plus the recent ones around today, newest first.
  app.get(`${base}/getSchoolYearList`, { config: calendar }, async (request) => {
    const rows = await app.db
      .selectDistinct({ year: academic.academicYear })
      .from(academic)
      .where(dataOf(request).rows(academic))
    const all = new Set<string>([...rows.map((r) => String(r.year)), ...schoolYearsAround(new Date())])
    return ok(
      [...all]
        .sort()
        .reverse()
        .map((y) => ({ dictKey: y, dictValue: `${y}学年`, current: y === schoolYearOf(new Date()) })),
    )
  })

  app.get(`${base}/current`, { config: calendar }, async (request) =>
    ok(await currentTerm(app.db, dataOf(request).tenantId)),
  )

  // The current term with today's teaching week (0 before the term starts).
  app.get(`${base}/getCurrent`, { config: calendar }, async (request) => {
    const term = await currentTerm(app.db, dataOf(request).tenantId)
    if (!term) return ok(null)
    const week = teachingWeek(String(term.startDate), new Date())
    return ok({ ...term, currentWeek: term.weeks ? Math.min(week, Number(term.weeks)) : week })
  })

  // 设为当前学期: marks one term current and clears the mark elsewhere in the tenant.
  app.post(`${base}/current`, { schema: { querystring: AnyQuery } }, async (request) => {
    const id = (request.query as Row).id ?? ((request.body ?? {}) as Row).id
    if (!isId(id)) bad('请选择学年学期')
    const { tenantId, conds } = await years.scopeConditions(app, request)
    await app.db.transaction(async (tx) => {
      const db = tx
      const found = await db
        .select({ id: academic.id })
        .from(academic)
        .where(allOf([...conds, eq(academic.id, String(id))]))
      if (!found.length) bad('数据不存在或无权修改')
      await db
        .update(academic)
        .set({ isCurrent: 0 })
        .where(dataOfTenant(db, tenantId).everRows(academic, eq(academic.isCurrent, 1)))
      await db
        .update(academic)
        .set({ isCurrent: 1, updateTime: new Date() })
        .where(eq(academic.id, String(id)))
    })
    return done()
  })
}
