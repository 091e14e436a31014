import type { Seeder } from '../seed/context'
import { dict, param, region } from '../db/schema'
import { nextId } from '../core/ids'
import { DICTIONARIES, PROVINCES } from './dictionary-data'
import { REGION_ROOT } from './region-routes'
import { PARAM_TENANT_ACCOUNTS, PARAM_TENANT_MENUS } from './tenant-setup'

/**
 * First-start data of the system area: the platform dictionaries, the provinces, and the params that
 * shape new tenants. No `tenant.default.password` is seeded: a new tenant's admin gets a random one.
 */
export const systemSeeder: Seeder = async ({ db }) => {
  for (const [index, [code, name, items]] of DICTIONARIES.entries()) {
    const rootId = nextId()
    await db
      .insert(dict)
      .values({ id: rootId, parentId: '0', code, dictKey: '-1', dictValue: name, sort: index + 1 })
    await db.insert(dict).values(
      items.map(([dictKey, dictValue, remark], i) => ({
        id: nextId(),
        parentId: rootId,
        code,
        dictKey,
        dictValue,
        remark: remark ?? null,
        sort: i + 1,
      })),
    )
  }
  await db.insert(region).values(
    PROVINCES.map(([code, name], i) => ({
      code,
      parentCode: REGION_ROOT,
      ancestors: REGION_ROOT,
      name,
      regionLevel: 1,
      sort: i + 1,
    })),
  )
  await db.insert(param).values([
    { id: nextId(), paramKey: PARAM_TENANT_ACCOUNTS, paramName: '租户默认账号额度', paramValue: '100' },
    {
      id: nextId(),
      paramKey: PARAM_TENANT_MENUS,
      paramName: '租户默认菜单编号',
      paramValue: 'desk,teach,lab,assets,competition,safety,quality,report,flow,cms,download,base,system,log',
    },
  ])
}
