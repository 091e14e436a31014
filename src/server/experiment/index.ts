import type { FastifyPluginAsync } from 'fastify'
import { registerParamsRoutes } from './params'
import { registerProjectRoutes } from './projects'
import { registerSlotRoutes } from './slots'
import { registerStudentRoutes } from './student-routes'
import { registerStaffRoutes } from './staff-routes'
import { registerExperimentPickers } from './pickers'

/** 实验项目预约 (`/api/experimentProject/*`). */
export const experimentArea: FastifyPluginAsync = async (app) => {
  registerParamsRoutes(app)
  registerProjectRoutes(app)
  registerSlotRoutes(app)
  registerStudentRoutes(app)
  registerStaffRoutes(app)
  registerExperimentPickers(app)
}
