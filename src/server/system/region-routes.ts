import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { regionResource } from '../../shared/resources/system/region'
import { region } from '../db/schema'
import { bad } from '../core/errors'
import { parentNames, registerResourceRoutes, type ResourceHooks } from '../core/resource-routes'
import { requirePlatformAdmin } from './guards'

export const REGION_ROOT = '00'

/**
 * A region names its parent by code: the parent must exist and not lie below it; `ancestors` is the
 * parent's path down to the parent.
 */
const regionHooks: ResourceHooks = {
  writeAccess: (request) => requirePlatformAdmin(request, '行政区划仅平台管理员可以修改'),
  wholeRow: true,
  present: parentNames(regionResource, region),
  beforeSave: async ({ data, row }) => {
    const code = String(row.code)
    const parentCode = String(row.parentCode ?? REGION_ROOT)
    if (parentCode === code) bad('上级区划不能是自身')
    let ancestors = REGION_ROOT
    if (parentCode !== REGION_ROOT) {
      const parent = (await data.repo(region).first(eq(region.code, parentCode))) ?? bad('上级区划不存在')
      if ((parent.ancestors ?? '').split(',').includes(code)) bad('上级区划不能是自身的下级')
      ancestors = `${parent.ancestors ?? REGION_ROOT},${parentCode}`
    }
    row.parentCode = parentCode
    row.ancestors = ancestors
  },
}

/**
 * Regions (GB/T 2260), keyed by code, through the engine: page, lazy tree by parentCode, detail by
 * code, submit (updates the code's row, else inserts) and remove by code. Import and export are in
 * region-transfer.ts.
 */
export async function regionRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, regionResource, region, regionHooks)
}
