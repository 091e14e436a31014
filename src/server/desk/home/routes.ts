/**
 * `/api/blade-desk/home-page/*` (reports-portal.md 8): the statistics of 首页 for administrators and
 * the lab office, each with the `available` flags, and every caller's own week.
 */
import type { FastifyInstance } from 'fastify'
import { attachment } from '../../base/spreadsheet'
import { paginate } from '../../core/data'
import { ok } from '../../core/envelope'
import { parsePaging } from '../../core/query'
import { route } from '../../core/route'
import { homeApi } from '../../../shared/api/home'
import { localToday } from '../../../shared/resources/lab/time'
import { QUEUED_MESSAGE } from '../../../shared/api/download'
import { queueDownload } from '../../download/tasks'
import { refuseTooMany, wantsAsync } from '../../download/limits'
import { TEACH_DETAIL_PRODUCER, teachDetailFileName, teachDetailRows, teachDetailXlsx } from './detail-export'
import { availability } from './available'
import { equipmentSummary } from './equipment'
import { homeKpi } from './kpi'
import { labOverview } from './labs'
import { myWeek } from './my-week'
import { cached, homeScope, homeTerm } from './scope'
import { teachDetail, teachStatistics } from './teaching'

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

export function registerHomeRoutes(app: FastifyInstance) {
  route(app, homeApi.kpi, async ({ query, data }) => {
    const scope = await homeScope(data, query)
    const termId = await homeTerm(data, query.academicYearId)
    return ok(await cached(data, scope, `kpi|${termId}|${localToday()}`, () => homeKpi(data, scope, termId)))
  })

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
    if (wantsAsync(query as { asyncTask?: unknown })) {
      const scope = await homeScope(data, query) // refuses whoever may not see the statistics
      const params = { ...query }
      delete params.asyncTask
      delete params.refresh
      const task = await queueDownload(data, {
        bizType: 'desk',
        bizId: `desk:teachDetail:${params.academicYearId ?? 'current'}:${scope.college ?? 'all'}`,
        taskName: '教学统计明细导出',
        producer: TEACH_DETAIL_PRODUCER,
        params,
        fileName: teachDetailFileName(),
      })
      return reply.send(ok(task, QUEUED_MESSAGE))
    }
    const rows = await teachDetailRows(data, query)
    refuseTooMany(rows.length)
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', attachment(`${teachDetailFileName()}.xlsx`))
      .send(teachDetailXlsx(rows))
  })

  route(app, homeApi.myWeek, async ({ query, data }) => ok(await myWeek(data, query.date)))
}
