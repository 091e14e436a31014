import type { FastifyPluginAsync } from 'fastify'
import type { PgTable } from 'drizzle-orm/pg-core'
import * as tables from './db/schema/resources'
import { definitionOf } from './core/resource-table'
import { registerResourceRoutes, type ResourceHooks } from './core/resource-routes'
import { resourceHooks } from './resource-hooks'

/** The standard routes of every plain resource registered in db/schema/resources.ts. */
export const resourcesArea: FastifyPluginAsync = async (app) => {
  for (const table of Object.values(tables) as PgTable[]) {
    const def = definitionOf(table)
    if (!def) continue
    registerResourceRoutes(app, def, table, (resourceHooks as Record<string, ResourceHooks>)[def.name])
  }
}
