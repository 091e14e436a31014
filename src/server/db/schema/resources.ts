/**
 * Tables of the plain resources, derived from their shared definitions. One line registers a
 * resource: its table here (picked up by drizzle-kit for the migration) and, through
 * server/resources.ts, its standard routes.
 */
import { resourceTable } from '../../core/resource-table'
import { paramResource } from '../../../shared/resources/system/param'

export const param = resourceTable(paramResource)
