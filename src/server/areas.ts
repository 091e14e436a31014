import type { FastifyPluginAsync } from 'fastify'
import { authArea } from './auth'
import { resourcesArea } from './resources'
import { baseArea } from './base'
import { userArea } from './user'

/**
 * The URL families of the API, one plugin each, in registration order. The auth area comes first:
 * it installs the token and permission hooks every later area relies on.
 */
export const areas: FastifyPluginAsync[] = [authArea, userArea, resourcesArea, baseArea]
