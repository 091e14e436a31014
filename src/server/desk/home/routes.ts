/**
 * `/api/blade-desk/home-page/*` (reports-portal.md 8): the statistics of 首页 for administrators and
 * the lab office, each with the `available` flags, and every caller's own week.
 */
import type { FastifyInstance } from 'fastify'
import { sendXlsx } from '../../base/spreadsheet'
import { paginate } from '../../core/data'
import { ok } from '../../core/envelope'
import { bad } from '../../core/errors'
import { parsePaging } from '../../core/query'
import { route } from '../../core/route'
import { homeApi, TEACH_DETAIL_COLUMNS } from '../../../shared/api/home'
import { localToday } from '../../../shared/resources/lab/time'
import { availability } from './available'
import { equipmentSummary } from './equipment'
import { labOverview } from './labs'
import { myWeek } from './my-week'
import { cached, homeScope, homeTerm } from './scope'
import { teachDetail, teachStatistics } from './teaching'

/** Direct exports stop here; beyond, the 下载中心 takes the job (issue 15). */
const MAX_EXPORT_ROWS = 100000

export function registerHomeRoutes(app: FastifyInstance) {
  route(app, homeApi.labOverview, async ({ query, data }) => {
    const scope = await homeScope(data, query)
    return ok(
      await cached(data, scope, `labs|${localToday()}`, async () => ({
        available: await availability(data, scope, await homeTerm(data)),
        ...(await labOverview(data, scope)),
      })),
    )
  })

  route(app, homeApi.equipmentSummary, async ({ query, data }) => {
    const scope = await homeScope(data, query)
    return ok(
      await cached(data, scope, 'equipment', async () => ({
        available: await availability(data, scope, await homeTerm(data)),
        ...(await equipmentSummary(data, scope)),
      })),
    )
  })

  route(app, homeApi.teachStatistics, async ({ query, data }) => {
    const scope = await homeScope(data, query)
    const termId = await homeTerm(data, query.academicYearId)
    return ok(
      await cached(data, scope, `teach|${termId}`, async () => ({
        available: await availability(data, scope, termId),
        ...(await teachStatistics(data, scope, termId)),
      })),
    )
  })

  route(app, homeApi.teachStatisticsDetail, async ({ query, data }) => {
    const scope = await homeScope(data, query)
    const termId = await homeTerm(data, query.academicYearId)
    const rows = await cached(data, scope, `detail|${termId}`, () => teachDetail(data, scope, termId))
    const page = await paginate(parsePaging(query), {
      rows: async (limit, offset) => rows.slice(offset, offset + limit),
      count: async () => rows.length,
    })
    return ok({ ...page, available: await availability(data, scope, termId) })
  })

  route(app, homeApi.teachStatisticsDetailExport, async ({ query, data, reply }) => {
    const scope = await homeScope(data, query)
    const termId = await homeTerm(data, query.academicYearId)
    const rows = await teachDetail(data, scope, termId)
    if (rows.length > MAX_EXPORT_ROWS) bad('数据超过100000行，请通过下载中心导出')
    const sheet = rows.map((r) =>
      Object.fromEntries(TEACH_DETAIL_COLUMNS.map(([key, label]) => [label, r[key]])),
    )
    if (!sheet.length) sheet.push(Object.fromEntries(TEACH_DETAIL_COLUMNS.map(([, label]) => [label, ''])))
    return sendXlsx(reply, `教学统计明细-${localToday().replace(/-/g, '')}.xlsx`, '教学统计明细', sheet)
  })

  route(app, homeApi.myWeek, async ({ query, data }) => ok(await myWeek(data, query.date)))
}
