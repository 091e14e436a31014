import type { FastifyPluginAsync } from 'fastify'
import { openRoomRulesResource } from '../../shared/resources/open/room-rules'
import { openRoomShareResource } from '../../shared/resources/open/room-share'
import { registerResourceRoutes } from '../core/resource-routes'
import { openRoomRules, openRoomShare } from '../db/schema'
import { registerBaseApplyRoutes } from './base-apply'
import { registerReserveRoutes } from './reserve'
import { registerRoomApplyRoutes } from './room-apply'
import { registerStatisticsRoutes } from './statistics'

/** 开放实验室、开放基地 (`/api/open/*`). */
export const openArea: FastifyPluginAsync = async (app) => {
  registerRoomApplyRoutes(app)
  registerReserveRoutes(app)
  registerBaseApplyRoutes(app)
  registerStatisticsRoutes(app)
  registerResourceRoutes(app, openRoomRulesResource, openRoomRules)
  registerResourceRoutes(app, openRoomShareResource, openRoomShare)
}
