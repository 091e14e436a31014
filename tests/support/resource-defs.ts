import { defineResource } from '../../src/shared/resource/types'

/**
 * Definitions used by the renderer's resource tests beside the real `paramResource`: a tenant-package-like
 * resource (multi-select menu tree, dialog 600, no view) and a dictionary-heavy one with a date range.
 */
export const packageLike = defineResource({
  name: 'tenantPackage',
  table: 'blade_tenant_package',
  basePath: '/api/blade-system/tenant-package',
  label: { zh: '租户产品包', en: 'Tenant packages' },
  tenant: false,
  permission: 'tenant_package',
  dialogWidth: 600,
  actions: { view: false },
  fields: [
    {
      name: 'packageName',
      type: 'string',
      label: { zh: '产品包名称', en: 'Package name' },
      required: { zh: '请输入产品包名称', en: 'Please enter the package name' },
      search: 'like',
    },
    {
      name: 'menuId',
      type: 'ids',
      label: { zh: '菜单列表', en: 'Menus' },
      required: { zh: '请选择菜单', en: 'Please select menus' },
      remote: { url: '/api/blade-system/menu/tree', label: 'title', value: 'id', tree: true },
      span: 24,
    },
    { name: 'remark', type: 'string', label: { zh: '备注', en: 'Remark' }, control: 'textarea', span: 24 },
  ],
})

export const noticeLike = defineResource({
  name: 'notice',
  table: 'blade_notice',
  basePath: '/api/blade-desk/notice',
  label: { zh: '通知公告', en: 'Notices' },
  tenant: true,
  permission: 'notice',
  exportPath: '/api/blade-desk/notice/export',
  importPath: '/api/blade-desk/notice/import',
  importKey: 'data',
  fields: [
    {
      name: 'title',
      type: 'string',
      max: 20,
      label: { zh: '标题', en: 'Title' },
      required: { zh: '请输入标题', en: 'Please enter the title' },
      search: 'like',
      sortable: true,
    },
    {
      name: 'category',
      type: 'int',
      label: { zh: '类型', en: 'Category' },
      dict: { code: 'notice' },
      required: { zh: '请选择类型', en: 'Please select the category' },
      search: 'equal',
    },
    {
      name: 'phone',
      type: 'string',
      label: { zh: '联系电话', en: 'Phone' },
      rules: [
        {
          pattern: '^1\\d{10}$',
          message: { zh: '手机号码格式不正确', en: 'The phone number format is incorrect' },
        },
      ],
    },
    { name: 'releaseTime', type: 'date', label: { zh: '发布日期', en: 'Release date' }, search: 'daterange' },
    { name: 'content', type: 'text', label: { zh: '内容', en: 'Content' } },
    { name: 'isTop', type: 'int', label: { zh: '置顶', en: 'Pinned' }, control: 'switch' },
  ],
})
