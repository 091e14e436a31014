import type { FastifyPluginAsync } from 'fastify'
import { registerParameterRoutes } from './settings/parameter-routes'
import { registerParameterTimeRoutes } from './settings/parameter-time-routes'
import { registerTimeNodeRoutes } from './settings/time-node-routes'
import { registerClassroomRoutes } from './settings/classroom-routes'
import { registerProjectRoutes } from './project/project-routes'
import { registerProjectSheetRoutes } from './project/sheet-routes'
import { registerPublicProjectRoutes } from './project/public-routes'
import { registerCourseRoutes } from './course/course-routes'
import { registerCourseProjectRoutes } from './course/course-project-routes'
import { registerPlanRoutes } from './plan/plan-routes'
import { registerPlanFlowRoutes } from './plan/plan-flow'
import { registerPlanCheckRoutes } from './plan/plan-checks'
import { registerPlanStatisticsRoutes } from './plan/plan-statistics'
import { registerPlanExportRoutes } from './plan/plan-export'
import { registerPlanImportRoutes } from './plan/plan-import'
import { registerTeachPickers } from './pickers'
import { registerReportSource } from '../report/sources/registry'
import { projectReportSource } from './report-source'

/** 教学设置、实验项目、课程与课程计划 (`/api/teach/*` except scheduling). */
export const teachArea: FastifyPluginAsync = async (app) => {
  registerReportSource('projects', projectReportSource)
  registerParameterRoutes(app)
  registerParameterTimeRoutes(app)
  registerTimeNodeRoutes(app)
  registerClassroomRoutes(app)
  registerProjectRoutes(app)
  registerProjectSheetRoutes(app)
  registerPublicProjectRoutes(app)
  registerCourseRoutes(app)
  registerCourseProjectRoutes(app)
  registerPlanRoutes(app)
  registerPlanFlowRoutes(app)
  registerPlanCheckRoutes(app)
  registerPlanStatisticsRoutes(app)
  registerPlanExportRoutes(app)
  registerPlanImportRoutes(app)
  registerTeachPickers(app)
}
