import type { ResourceHooks } from './core/resource-routes'
import { baseHooks } from './base/hooks'
import { maskSecrets, platformOnlyWrites, tenantPackageHooks } from './system/hooks'
import { ossHooks, smsHooks } from './files/config-hooks'
import { noticeHooks } from './desk/notice-hooks'
import { paramHooks } from './system/client-policy'

/**
 * Behaviour beyond the standard set for plain resources, by resource name. Custom routes (publish,
 * imports, statistics) live in their area's folder instead.
 */
export const resourceHooks: Record<string, ResourceHooks> = {
  ...baseHooks,
  param: paramHooks,
  tenantPackage: tenantPackageHooks,
  tokenSkipApi: platformOnlyWrites,
  datasource: maskSecrets(['password'], platformOnlyWrites),
  reportFile: platformOnlyWrites,
  code: platformOnlyWrites,
  oss: ossHooks,
  sms: smsHooks,
  externalResource: maskSecrets(['password']),
  notice: noticeHooks,
}
