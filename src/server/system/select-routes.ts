import { asc, eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { systemSelectApi } from '../../shared/api/system'
import { ok } from '../core/envelope'
import { filterConditions } from '../core/query'
import { route } from '../core/route'
import { isPlatformAdmin } from '../core/context'
import { columnsOf, type Data } from '../core/data'
import { datasource, dict, dictBiz, region, tenant, tenantPackage } from '../db/schema'
import { forest } from '../core/tree'
import { REGION_ROOT } from './region-routes'
import { tenantView } from './tenant-view'

/** Query keys of a list that are not filters on the table. */
const NOT_FILTERS = ['tenantId', 'password']

/** Tenants as the caller may see them: every tenant for the platform administrator, else one's own. */
const tenantScope = (data: Data) => (data.user && isPlatformAdmin(data.user) ? data.acrossTenants() : data)

/**
 * The select lists and full lists BladeX clients read beside the pages: tenants, packages, data sources,
 * regions by parent, both dictionaries as trees, and users unpaged (issue 16, contract gaps).
 */
export function selectRoutes(app: FastifyInstance) {
  route(app, systemSelectApi.tenantSelect, async ({ query, data }) => {
    const rows = await tenantScope(data)
      .repo(tenant)
      .list(query, { filters: { skip: NOT_FILTERS }, sort: [asc(tenant.tenantId)] })
    return ok(rows.map(tenantView(data.user)))
  })

  route(app, systemSelectApi.tenantPackageSelect, async ({ query, data }) =>
    ok(await data.repo(tenantPackage).list(query, { sort: [asc(tenantPackage.packageName)] })),
  )

  route(app, systemSelectApi.datasourceSelect, async ({ query, data }) => {
    const rows = await data
      .repo(datasource)
      .list(query, { filters: { skip: NOT_FILTERS }, sort: [asc(datasource.name)] })
    // A picker needs the name, never the credentials.
    return ok(rows.map(({ password: _password, ...d }) => d))
  })

  route(app, systemSelectApi.regionSelect, async ({ query, data }) => {
    const rows = await data.db
      .select()
      .from(region)
      .where(data.rows(region, eq(region.parentCode, query.code ?? REGION_ROOT)))
      .orderBy(asc(region.sort), asc(region.code))
    return ok(rows)
  })

  for (const [endpoint, table] of [
    [systemSelectApi.dictList, dict],
    [systemSelectApi.dictBizList, dictBiz],
  ] as const) {
    route(app, endpoint, async ({ query, data }) => {
      const rows = await data.db
        .select()
        .from(table)
        .where(data.rows(table, ...filterConditions(query, columnsOf(table), new Set(NOT_FILTERS))))
        .orderBy(asc(table.sort), asc(table.id))
      return ok(
        forest(
          rows,
          (r) => String(r.id),
          (r) => String(r.parentId),
        ),
      )
    })
  }
}
