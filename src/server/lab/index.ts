import type { FastifyPluginAsync } from 'fastify'
import { registerLabInfoRoutes } from './lab-info'
import { registerLabRoomRoutes } from './lab-room'
import { registerClosureRoutes } from './closures'
import { registerAppointmentRoutes } from './appointments'
import { registerStaffRoutes } from './staff'
import { registerRoomMonitoringRoutes } from './room-monitoring'
import { registerStaffStatisticsRoutes } from './staff-statistics'
import { registerLabStatisticsRoutes } from './lab-statistics'
import { registerReportSource } from '../report/sources/registry'
import { labReportSource, staffReportSource } from './report-source'

/** 实验室、房间、预约、实验室人员 (`/api/lab/*`). */
export const labArea: FastifyPluginAsync = async (app) => {
  registerReportSource('labs', labReportSource)
  registerReportSource('staff', staffReportSource)
  registerLabInfoRoutes(app)
  registerLabRoomRoutes(app)
  registerClosureRoutes(app)
  registerAppointmentRoutes(app)
  registerStaffRoutes(app)
  registerRoomMonitoringRoutes(app)
  registerStaffStatisticsRoutes(app)
  registerLabStatisticsRoutes(app)
}
