import type { FastifyPluginAsync } from 'fastify'
import { authArea } from './auth'
import { resourcesArea } from './resources'
import { userArea } from './user'
import { baseArea } from './base'
import { flowArea } from './flow'
import { logArea, logCapture } from './log/area'
import { systemArea } from './system/area'
import { resourceArea } from './resource/area'
import { externalArea } from './external/area'
import { developArea } from './develop/area'
import { deskArea } from './desk/area'

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
  resourceArea,
  logArea,
  externalArea,
  developArea,
  deskArea,
]
