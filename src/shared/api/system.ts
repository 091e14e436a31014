import { z } from 'zod'
import { answer, GET, POST } from './endpoint'
import { BladeQuery } from './common'
import { type RowOf } from './resource'
import { tenantPackageResource } from '../resources/system/tenant-package'
import { datasourceResource } from '../resources/system/datasource'

/** A row of a select list: the entity as BladeX sends it (only the fields pickers read are typed). */
export interface TenantOption {
  id: string
  tenantId: string
  tenantName: string
  [key: string]: unknown
}
/** Packages and data sources as their definitions type them (the data source without its password). */
export type PackageOption = RowOf<typeof tenantPackageResource>
export type DatasourceOption = Omit<RowOf<typeof datasourceResource>, 'password'>
export interface RegionOption {
  code: string
  parentCode: string
  name: string
  regionLevel: number | null
  [key: string]: unknown
}
export interface DictNode {
  id: string
  parentId: string
  code: string
  dictKey: string
  dictValue: string
  sort: number
  children?: DictNode[]
  [key: string]: unknown
}

const RegionCode = z
  .string()
  .regex(/^\d{2,12}$/, '区划编号格式不正确')
  .optional()

/** Pickers and lists BladeX clients read (the `select` lists, `dict/list`, …). */
export const systemSelectApi = {
  /** Every tenant for the platform administrator; one's own for anyone else. */
  tenantSelect: GET('/api/blade-system/tenant/select', {
    query: BladeQuery,
    answer: answer<TenantOption[]>(),
  }),
  tenantPackageSelect: GET('/api/blade-system/tenant-package/select', {
    query: BladeQuery,
    answer: answer<PackageOption[]>(),
  }),
  datasourceSelect: GET('/api/blade-develop/datasource/select', {
    query: BladeQuery,
    answer: answer<DatasourceOption[]>(),
  }),
  /** The regions under `code` (default `00`: the provinces). */
  regionSelect: GET('/api/blade-system/region/select', {
    query: z.object({ code: RegionCode }).loose(),
    answer: answer<RegionOption[]>(),
  }),
  /** Every dictionary row matching the filters, as a tree (roots are dictionary codes). */
  dictList: GET('/api/blade-system/dict/list', { query: BladeQuery, answer: answer<DictNode[]>() }),
  dictBizList: GET('/api/blade-system/dict-biz/list', { query: BladeQuery, answer: answer<DictNode[]>() }),
}

/** 行政区划 导入/导出 (BladeX `region/import-region`, `region/export-region`). */
export const regionTransferApi = {
  /** Every region as xlsx: 区划编号, 上级区划编号, 区划名称, 层级, 排序, 备注. */
  exportRegion: GET('/api/blade-system/region/export-region', { file: true }),
  /**
   * An xlsx (multipart `file`) with the export's columns; `isCovered=1` updates regions that exist.
   * Every row is checked first; any bad row refuses the whole file.
   */
  importRegion: POST('/api/blade-system/region/import-region', {
    query: z.object({ isCovered: z.enum(['0', '1']).optional() }).loose(),
    answer: answer<{ inserted: number; updated: number }>(),
  }),
}

/** A `{id, title, children}` node of the tree endpoints (dept/tree, role/tree, menu/tree, …). */
export interface TreeNode {
  id: string
  title: string
  children?: TreeNode[]
}

/** The three kinds of grants of a role. */
export type GrantKind = 'menu' | 'dataScope' | 'apiScope'

const Ids = (message: string) => z.string({ error: message }).min(1, message)

/** The trees the system screens pick from (side trees, grant dialogs). */
export const systemTreeApi = {
  deptTree: GET('/api/blade-system/dept/tree', { query: BladeQuery, answer: answer<TreeNode[]>() }),
  roleTree: GET('/api/blade-system/role/tree', { query: BladeQuery, answer: answer<TreeNode[]>() }),
  menuTree: GET('/api/blade-system/menu/tree', { query: BladeQuery, answer: answer<TreeNode[]>() }),
  grantTopTree: GET('/api/blade-system/menu/grant-top-tree', { answer: answer<TreeNode[]>() }),
}

/** Grants and settings of roles, top menus, tenants and the SMS test. */
export const systemActionsApi = {
  grantTree: GET('/api/blade-system/menu/grant-tree', { answer: answer<Record<GrantKind, TreeNode[]>>() }),
  roleTreeKeys: GET('/api/blade-system/menu/role-tree-keys', {
    query: z.object({ roleIds: Ids('请选择角色') }),
    answer: answer<Record<GrantKind, string[]>>(),
  }),
  roleGrant: POST('/api/blade-system/role/grant', {
    body: z.object({
      roleIds: Ids('请选择角色'),
      menuIds: z.string().optional(),
      dataScopeIds: z.string().optional(),
      apiScopeIds: z.string().optional(),
    }),
  }),
  topTreeKeys: GET('/api/blade-system/menu/top-tree-keys', {
    query: z.object({ topMenuIds: Ids('请选择顶部菜单') }),
    answer: answer<string[]>(),
  }),
  topMenuGrant: POST('/api/blade-system/topmenu/grant', {
    query: z.object({ topMenuIds: Ids('请选择顶部菜单'), menuIds: z.string() }),
  }),
  /** 授权配置: account limit (-1 = unlimited) and expiry of tenants. */
  tenantSetting: POST('/api/blade-system/tenant/setting', {
    query: z.object({ ids: Ids('请选择租户'), accountNumber: z.string(), expireTime: z.string() }),
  }),
  tenantDatasource: POST('/api/blade-system/tenant/datasource', {
    body: z.object({ tenantId: z.string(), datasourceId: z.string() }),
  }),
  tenantPackageDetail: GET('/api/blade-system/tenant/package-detail', {
    query: z.object({ tenantId: z.string() }),
    answer: answer<PackageOption | null>(),
  }),
  tenantPackageSetting: POST('/api/blade-system/tenant/package-setting', {
    body: z.object({ tenantId: z.string(), packageId: z.string() }),
  }),
  /** 发送测试短信 through the configuration `code`. */
  smsSend: POST('/api/blade-resource/sms/endpoint/send-message', {
    query: z.object({ code: z.string(), phones: z.string(), params: z.string() }),
  }),
}
