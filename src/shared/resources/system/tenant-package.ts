import { defineResource } from '../../resource/types'
import { remarkField } from '../../resource/fields'

/** Tenant packages (spec 2.3): which menus a tenant's roles may be granted. Platform-wide. */
export const tenantPackageResource = defineResource({
  name: 'tenantPackage',
  table: 'blade_tenant_package',
  basePath: '/api/blade-system/tenant-package',
  label: { zh: '租户产品包', en: 'Tenant packages' },
  tenant: false,
  permission: 'system_tenantpackage',
  dialogWidth: 600,
  actions: { view: false },
  routes: ['list', 'page', 'detail', 'submit', 'remove'],
  fields: [
    {
      name: 'packageName',
      type: 'string',
      max: 50,
      label: { zh: '产品包名称', en: 'Package name' },
      required: { zh: '请输入套餐名称', en: 'Please enter the package name' },
      unique: { zh: '产品包名称已存在', en: 'The package name already exists' },
      search: 'like',
    },
    {
      name: 'menuId',
      type: 'ids',
      label: { zh: '菜单列表', en: 'Menus' },
      required: { zh: '请选择菜单', en: 'Please select menus' },
      control: 'multitree',
      remote: { url: '/api/blade-system/menu/tree', label: 'title', value: 'id', tree: true },
      list: false,
      span: 24,
    },
    remarkField(),
  ],
})
