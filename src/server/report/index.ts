import type { FastifyPluginAsync } from 'fastify'
import { sjApi } from '../../shared/api/report'
import { TABLE_CODES } from '../../shared/resources/report/tables'
import { ok } from '../core/envelope'
import { route } from '../core/route'
import { registerAssetClassRoutes } from './asset-class'
import { registerAuditRoutes } from './audit/routes'
import { registerReportFlowEvents } from './audit/flow'
import { summarySelect } from './summary'
import { registerSj1Routes } from './sj1-routes'
import { registerTableRoutes } from './table-routes'
import { registerTaskRoutes } from './task-routes'

/** 统计报表 SJ1–SJ7 (`/api/report/*`). */
export const reportArea: FastifyPluginAsync = async (app) => {
  registerReportFlowEvents()
  registerAssetClassRoutes(app)
  registerTaskRoutes(app)
  registerAuditRoutes(app)
  registerSj1Routes(app)
  for (const table of TABLE_CODES) {
    registerTableRoutes(app, table)
    route(app, sjApi[table].summarySelect, async ({ query, data }) =>
      ok(await summarySelect(data, table, query)),
    )
  }
}
