import type { FastifyPluginAsync } from 'fastify'
import { registerRequestRoutes } from './requests'
import { registerTaskRoute } from './task'
import { registerRecordRoutes } from './records'
import { registerStatisticsRoute } from './statistics'
import { registerExportRoute } from './export'
import { registerRepairStatus } from './status'

/** 设备报修与维修 (`/api/device-repairs/*`): requests, the deviceRepairs flow, records, statistics. */
export const repairsArea: FastifyPluginAsync = async (app) => {
  registerRepairStatus()
  registerRequestRoutes(app)
  registerTaskRoute(app)
  registerRecordRoutes(app)
  registerStatisticsRoute(app)
  registerExportRoute(app)
}
