import type { ResourceHooks } from '../core/resource-routes'
import { maskSecrets } from '../system/hooks'

/** OSS and SMS configurations: secrets masked; a saved row starts disabled (status 1) until `enable`. */
export const ossHooks: ResourceHooks = maskSecrets(['secretKey'])
export const smsHooks: ResourceHooks = maskSecrets(['secretKey'])
