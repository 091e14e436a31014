import { defineResource, type FieldDef } from '../../resource/types'
import { remarkField } from '../../resource/fields'

/** Data scopes and API scopes: rules attached to a menu, granted to roles (role/grant). Platform-wide. */

const common = (kind: 'data' | 'api'): FieldDef[] => [
  {
    name: 'menuId',
    type: 'id',
    label: { zh: '菜单', en: 'Menu' },
    required: { zh: '请选择菜单', en: 'Please select the menu' },
    control: 'tree',
    remote: { url: '/api/blade-system/menu/tree', label: 'title', value: 'id', tree: true },
    search: 'equal',
  },
  {
    name: 'scopeName',
    type: 'string',
    max: 255,
    label: { zh: '权限名称', en: 'Name' },
    required: { zh: '请输入权限名称', en: 'Please enter the name' },
    search: 'like',
  },
  {
    name: 'resourceCode',
    type: 'string',
    max: 255,
    label: { zh: '权限编号', en: 'Code' },
    required: { zh: '请输入权限编号', en: 'Please enter the code' },
    search: 'like',
  },
  {
    name: 'scopeType',
    type: 'int',
    label: { zh: '规则类型', en: 'Type' },
    required: { zh: '请选择规则类型', en: 'Please select the type' },
    control: 'select',
    dict: { code: kind === 'data' ? 'data_scope_type' : 'api_scope_type' },
    min: 1,
    maxValue: 5,
  },
]

export const dataScopeResource = defineResource({
  name: 'dataScope',
  table: 'blade_scope_data',
  basePath: '/api/blade-system/data-scope',
  label: { zh: '数据权限', en: 'Data scopes' },
  tenant: false,
  permission: 'data_scope',
  routes: ['list', 'page', 'detail', 'submit', 'remove'],
  fields: [
    ...common('data'),
    {
      name: 'scopeColumn',
      type: 'string',
      max: 255,
      label: { zh: '权限字段', en: 'Column' },
      default: 'create_dept',
    },
    {
      name: 'scopeField',
      type: 'string',
      max: 255,
      label: { zh: '可见字段', en: 'Visible fields' },
      default: '*',
      list: false,
    },
    { name: 'scopeClass', type: 'string', max: 500, label: { zh: '权限类名', en: 'Class' }, list: false },
    {
      name: 'scopeValue',
      type: 'text',
      max: 2000,
      label: { zh: '规则值', en: 'Value' },
      control: 'textarea',
      list: false,
      span: 24,
    },
    remarkField(),
  ],
})

export const apiScopeResource = defineResource({
  name: 'apiScope',
  table: 'blade_scope_api',
  basePath: '/api/blade-system/api-scope',
  label: { zh: '接口权限', en: 'API scopes' },
  tenant: false,
  permission: 'api_scope',
  routes: ['list', 'page', 'detail', 'submit', 'remove'],
  fields: [
    ...common('api'),
    {
      name: 'scopePath',
      type: 'string',
      max: 500,
      label: { zh: '权限路径', en: 'Path' },
      required: { zh: '请输入权限路径', en: 'Please enter the path' },
      rules: [
        {
          pattern: '^/api/',
          message: { zh: '权限路径必须以 /api/ 开头', en: 'The path must start with /api/' },
        },
      ],
      span: 24,
    },
    remarkField(),
  ],
})
