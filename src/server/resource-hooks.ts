import type { ResourceHooks } from './core/resource-routes'
import { baseHooks } from './base/hooks'

/**
 * Behaviour beyond the standard set for plain resources, by resource name. Custom routes (publish,
 * imports, statistics) live in their area's folder instead.
 */
export const resourceHooks: Record<string, ResourceHooks> = {
  ...baseHooks,
}
