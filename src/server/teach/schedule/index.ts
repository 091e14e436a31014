import type { FastifyPluginAsync } from 'fastify'
import { registerAdjustRoutes } from './adjust-routes'
import { registerBatchPlanRoutes } from './batch-plan-routes'
import { registerCollisionRoutes } from './collision-routes'
import { registerScheduleHooks } from './hooks'
import { registerStudentRoutes } from './students-routes'
import { registerTimetableRoutes } from './timetable-routes'
import { registerWizardRoutes } from './wizard-routes'
import './occupancy'

// The teach area's writes call these guards; registered once per process.
registerScheduleHooks()

/** 实验排课、冲突检测、课表、调课 (`/api/teach/newBatchPlan|batchplan|…collision|teachbatchplanadjust/*`). */
export const scheduleArea: FastifyPluginAsync = async (app) => {
  registerWizardRoutes(app)
  registerBatchPlanRoutes(app)
  registerStudentRoutes(app)
  registerCollisionRoutes(app)
  registerTimetableRoutes(app)
  registerAdjustRoutes(app)
}
