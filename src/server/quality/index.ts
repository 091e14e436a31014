import type { FastifyPluginAsync } from 'fastify'
import { registerQualityRoutes } from './routes'

/** 质量检查 (`/api/quality/*`): 课程检查, 实验室检查, 检查情况 of each term, extracted and locked. */
export const qualityArea: FastifyPluginAsync = async (app) => {
  registerQualityRoutes(app)
}
