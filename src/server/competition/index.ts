import type { FastifyPluginAsync } from 'fastify'
import { registerParameterRoutes } from './parameter-routes'
import { registerCampusRoutes } from './campus-routes'
import { registerApplyRoutes } from './apply-routes'
import { registerEntryRoutes } from './entry-routes'
import { registerPreliminaryRoutes } from './preliminary-routes'
import { registerPreliminaryResultRoutes } from './preliminary-result-routes'
import { registerFinalRoutes } from './final-routes'
import { registerAwardRoutes } from './awards-routes'
import './flows'
import { registerReportSource } from '../report/sources/registry'
import { awardReportSource } from './report-source'

export { studentAwardsByLab } from './awards'

/** 竞赛管理 (`/api/competition/*`, domain notes A). */
export const competitionArea: FastifyPluginAsync = async (app) => {
  registerReportSource('awards', awardReportSource)
  registerParameterRoutes(app)
  registerCampusRoutes(app)
  registerApplyRoutes(app)
  registerEntryRoutes(app)
  registerPreliminaryRoutes(app)
  registerPreliminaryResultRoutes(app)
  registerFinalRoutes(app)
  registerAwardRoutes(app)
}
