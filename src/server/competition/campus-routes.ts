import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { competitionParameterApi as api, type CampusRow } from '../../shared/api/competition'
import { entitySchema } from '../../shared/resource/validate'
import { competitionCampusResource } from '../../shared/resources/competition'
import { route } from '../core/route'
import { ok } from '../core/envelope'
import { bad } from '../core/errors'
import { paginate, type Data } from '../core/data'
import { parsePaging } from '../core/query'
import { competitionCampus, dept } from '../db/schema'
import { yearOr } from './caller'
import { campusCounts } from './awards'
import { now } from './clock'
import { userNames } from './names'

/**
 * 校赛数据 (A.2): a yearly return per college. Which colleges a caller fills in is their data scope on
 * 校赛数据 (first start: the staff role sees the colleges at or below their department).
 */

const DEPT_COLLEGE = 2
const scope = { name: 'competitionCampus', permission: 'competition_campus' }
const schema = entitySchema(competitionCampusResource)

/** The colleges (院系 with a 院系号) the caller's scope covers. */
async function collegesInScope(data: Data): Promise<SQL[]> {
  const own = await data.rowScope(scope, { deptId: dept.id, createDept: dept.id, id: dept.id })
  return [eq(dept.deptCategory, DEPT_COLLEGE), sql`coalesce(${dept.serial}, '') <> ''`, ...(own ? [own] : [])]
}

async function campusRows(
  data: Data,
  year: string,
  colleges: (typeof dept.$inferSelect)[],
): Promise<CampusRow[]> {
  const serials = colleges.map((c) => String(c.serial))
  const rows = serials.length
    ? await data
        .repo(competitionCampus)
        .find([eq(competitionCampus.academicYear, year), inArray(competitionCampus.deptSerial, serials)])
    : []
  const bySerial = new Map(rows.map((r) => [r.deptSerial, r]))
  const counts = await campusCounts(data, year, serials)
  const fillers = await userNames(
    data,
    rows.map((r) => r.fillUser),
  )
  return colleges.map((c) => {
    const serial = String(c.serial)
    const r = bySerial.get(serial)
    return {
      id: r?.id ?? '',
      academicYear: year,
      deptSerial: serial,
      deptName: c.deptName,
      campusCount: r?.campusCount ?? 0,
      campusParticipants: r?.campusParticipants ?? 0,
      campusAwards: r?.campusAwards ?? 0,
      fundsInvested: r ? String(Number(r.fundsInvested ?? 0)) : '0',
      summary: r?.summary ?? '',
      attachIds: r?.attachIds ?? '',
      fillUser: r?.fillUser ?? null,
      fillUserName: r?.fillUser ? (fillers.get(r.fillUser) ?? '') : '',
      fillTime: (r?.fillTime as unknown as string) ?? null,
      status: r ? r.status : 0,
      ...counts.get(serial)!,
    }
  })
}

async function collegeOf(data: Data, deptSerial: string, message: string) {
  const college = await data.repo(dept).first(eq(dept.serial, deptSerial), ...(await collegesInScope(data)))
  if (!college) bad(message)
  return college!
}

export function registerCampusRoutes(app: FastifyInstance) {
  route(app, api.campusPage, async ({ query, data }) => {
    const year = await yearOr(data, query.academicYear)
    const where = await collegesInScope(data)
    const paging = parsePaging(query)
    const repo = data.repo(dept)
    const page = await paginate(paging, {
      rows: (limit, offset) =>
        repo.find(where, { sort: [asc(dept.serial)] }).then((all) => all.slice(offset, offset + limit)),
      count: () => repo.count(...where),
    })
    return ok({ ...page, records: await campusRows(data, year, page.records) })
  })

  route(app, api.campusDetail, async ({ query, data }) => {
    const year = await yearOr(data, query.academicYear)
    const college = await collegeOf(data, query.deptSerial, '数据不存在或无权访问')
    const [row] = await campusRows(data, year, [college])
    return ok(row)
  })

  route(app, api.submitCampus, async ({ body, data }) => {
    const parsed = schema.parse(body) as Record<string, unknown>
    const year = String(parsed.academicYear)
    await collegeOf(data, String(parsed.deptSerial), '只能填报本院系的校赛数据')
    if (
      String(parsed.attachIds ?? '')
        .split(',')
        .filter(Boolean).length > 5
    )
      bad('附件最多5个')
    const id = await data.transaction(async (tx) => {
      const repo = tx.repo(competitionCampus)
      const values = {
        academicYear: year,
        deptSerial: String(parsed.deptSerial),
        campusCount: parsed.campusCount ?? 0,
        campusParticipants: parsed.campusParticipants ?? 0,
        campusAwards: parsed.campusAwards ?? 0,
        fundsInvested: String(parsed.fundsInvested ?? 0),
        summary: parsed.summary ?? null,
        attachIds: parsed.attachIds ?? null,
        fillUser: tx.me.userId,
        fillTime: now(),
        status: 1,
      }
      const existing = await repo.first(
        eq(competitionCampus.academicYear, year),
        eq(competitionCampus.deptSerial, String(parsed.deptSerial)),
      )
      if (existing) {
        await repo.update(existing.id, values as never)
        return existing.id
      }
      return (await repo.insert(values as never))[0]
    })
    return ok({ id }, '填报成功')
  })
}
