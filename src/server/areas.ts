import type { FastifyPluginAsync } from 'fastify'
import { authArea } from './auth'
import { resourcesArea } from './resources'
import { userArea } from './user'
import { baseArea } from './base'
import { flowArea } from './flow'
import { logArea, logCapture } from './log/area'
import { systemArea } from './system/area'
import { filesArea } from './files/area'
import { externalArea } from './external/area'
import { developArea } from './develop/area'
import { deskArea } from './desk/area'
import { teachArea } from './teach'
import { scheduleArea } from './teach/schedule'
import { experimentArea } from './experiment'
import { labArea } from './lab'
import { openArea } from './open'
import { assetsArea } from './assets'
import { repairsArea } from './repairs'
import { competitionArea } from './competition'
import { safetyArea } from './safety'
import { reportArea } from './report'
import { cmsArea } from './cms'
import { downloadArea } from './download'
import { qualityArea } from './quality'

/**
 * The URL families of the API, one plugin each, in registration order. The auth area comes first:
 * it installs the token and permission hooks every later area relies on.
 */
// logCapture precedes everything so its request-log hooks cover every route.
export const areas: FastifyPluginAsync[] = [
  logCapture,
  authArea,
  userArea,
  resourcesArea,
  baseArea,
  flowArea,
  systemArea,
  filesArea,
  logArea,
  externalArea,
  developArea,
  deskArea,
  teachArea,
  scheduleArea,
  experimentArea,
  labArea,
  openArea,
  assetsArea,
  repairsArea,
  competitionArea,
  safetyArea,
  reportArea,
  cmsArea,
  downloadArea,
  qualityArea,
]
