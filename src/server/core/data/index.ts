export { Data, dataOf, dataOfTenant, publicDataOf, type DataOptions, type RowScope } from './data'
export { Repo, type NewRowOf, type PatchOf, type Query, type RowOf, type ScopeKey, type ListOptions } from './repo'
export { countRows, pageOf, paginate } from './paging'
export { columnsOf, ownedRows, liveRows, tenantRows, isTenantOwned, type Columns } from './tables'
