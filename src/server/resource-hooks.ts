import type { ResourceHooks } from './core/resource-routes'

/**
 * Behaviour beyond the standard set for plain resources, by resource name. Custom routes (publish,
 * imports, statistics) live in their area's folder instead.
 */
export const resourceHooks: Record<string, ResourceHooks> = {}
