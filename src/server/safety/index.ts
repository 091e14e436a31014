import type { FastifyPluginAsync } from 'fastify'
import { route } from '../core/route'
import { ok } from '../core/envelope'
import { safetyPlanApi } from '../../shared/api/safety'
import { registerLearningRoutes } from './learning-routes'
import { registerStudyRoutes } from './study'
import { registerBankRoutes } from './bank-routes'
import { registerPaperRoutes } from './paper-routes'
import { registerPlanRoutes } from './plan-routes'
import { registerPersonRoutes } from './person-routes'
import { registerSheetRoutes } from './sheet-routes'
import { registerScoreRoutes } from './score-routes'
import { registerResultTaskRoute } from './result-tasks'
import { registerStatisticsRoutes } from './statistics'
import { startOrResume } from './attempt'
import { startSweeper } from './sweeper'

/** 安全学习与考试 (`/api/safetyexam/*`, `/api/safetyExam/*`; domain notes B, docs/domain/safety.md). */
export const safetyArea: FastifyPluginAsync = async (app) => {
  registerLearningRoutes(app)
  registerStudyRoutes(app)
  registerBankRoutes(app)
  registerPaperRoutes(app)
  registerPlanRoutes(app)
  registerPersonRoutes(app)
  registerSheetRoutes(app)
  registerScoreRoutes(app)
  registerResultTaskRoute(app)
  registerStatisticsRoutes(app)
  route(app, safetyPlanApi.plan.getPaperQuestionsByUserUniapp, async ({ data, query }) =>
    ok(await startOrResume(data, query.planId)),
  )
  startSweeper(app)
}
