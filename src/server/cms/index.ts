import type { FastifyPluginAsync } from 'fastify'
import { registerArticleRoutes } from './articles'
import { registerCategoryRoutes } from './categories'

/** 内容管理 (`/api/cms/*`): the category tree, articles, and what readers see of them. */
export const cmsArea: FastifyPluginAsync = async (app) => {
  registerCategoryRoutes(app)
  registerArticleRoutes(app)
}
