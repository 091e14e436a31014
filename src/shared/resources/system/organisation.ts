import { treeFields } from '../../resource/fields'
import { defineResource } from '../../resource/types'

/**
 * Menus, roles, departments and tenants: the identity tables (server/db/schema/identity.ts) with
 * custom routes (trees, grants, tenant set-up). These definitions give the renderer its pages and the
 * server its submit validation.
 */

const menuTree = treeFields({
  noun: { zh: '菜单', en: 'menu' },
  treeUrl: '/api/blade-system/menu/tree',
  title: { max: 255 },
  sort: {
    label: { zh: '菜单排序', en: 'Sort' },
    required: { zh: '请输入菜单排序', en: 'Please enter the menu sort' },
  },
  remark: { label: { zh: '菜单备注', en: 'Remark' } },
})
const roleTree = treeFields({
  noun: { zh: '角色', en: 'role' },
  treeUrl: '/api/blade-system/role/tree',
  title: { name: 'roleName', max: 255 },
  sort: {
    label: { zh: '角色排序', en: 'Sort' },
    required: { zh: '请输入角色排序', en: 'Please enter the role sort' },
  },
})
const deptTree = treeFields({
  noun: { zh: '机构', en: 'department' },
  treeUrl: '/api/blade-system/dept/tree',
  title: { name: 'deptName', max: 45 },
  sort: { required: { zh: '请输入排序', en: 'Please enter the sort' } },
})

export const menuResource = defineResource({
  name: 'menu',
  table: 'blade_menu',
  basePath: '/api/blade-system/menu',
  label: { zh: '菜单管理', en: 'Menus' },
  tenant: false,
  permission: 'menu',
  tree: { parentField: 'parentId', titleField: 'name', lazy: true, nested: true },
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'sort', desc: false, ties: 'asc' },
  fields: [
    menuTree.parent,
    menuTree.title,
    {
      name: 'code',
      type: 'string',
      max: 255,
      label: { zh: '菜单编号', en: 'Code' },
      required: { zh: '请输入菜单编号', en: 'Please enter the menu code' },
      rules: [
        {
          pattern: '^[A-Za-z0-9_\\-]+$',
          message: { zh: '菜单编号只能包含字母、数字、下划线和短横线', en: 'Letters, digits, _ and - only' },
        },
      ],
      unique: { zh: '菜单编号已存在', en: 'The menu code already exists' },
      search: 'like',
    },
    { name: 'alias', type: 'string', max: 255, label: { zh: '菜单别名', en: 'Alias' }, search: 'like' },
    { name: 'path', type: 'string', max: 255, label: { zh: '路由地址', en: 'Path' } },
    { name: 'source', type: 'string', max: 255, label: { zh: '菜单图标', en: 'Icon' } },
    {
      name: 'category',
      type: 'int',
      min: 1,
      maxValue: 2,
      label: { zh: '菜单类型', en: 'Type' },
      required: { zh: '请选择菜单类型', en: 'Please select the menu type' },
      control: 'select',
      dict: { code: 'menu_category' },
      default: 1,
    },
    {
      name: 'action',
      type: 'int',
      min: 0,
      maxValue: 2,
      label: { zh: '按钮功能', en: 'Button position' },
      control: 'select',
      dict: { code: 'button_func' },
      default: 0,
      list: false,
    },
    {
      name: 'isOpen',
      type: 'int',
      min: 1,
      maxValue: 2,
      label: { zh: '新窗口', en: 'New window' },
      control: 'select',
      dict: { code: 'menu_open' },
      default: 1,
      list: false,
    },
    menuTree.sort,
    {
      name: 'endpoints',
      type: 'text',
      max: 4000,
      label: { zh: '接口路径', en: 'API paths' },
      control: 'textarea',
      list: false,
      span: 24,
    },
    menuTree.remark,
  ],
})

export const roleResource = defineResource({
  name: 'role',
  table: 'blade_role',
  basePath: '/api/blade-system/role',
  label: { zh: '角色管理', en: 'Roles' },
  tenant: true,
  permission: 'role',
  tree: { parentField: 'parentId', titleField: 'roleName', nested: true },
  routes: ['list', 'detail', 'submit', 'remove', 'tree'],
  defaultSort: { field: 'sort', desc: false, ties: 'asc' },
  fields: [
    roleTree.title,
    {
      name: 'roleAlias',
      type: 'string',
      max: 255,
      label: { zh: '角色别名', en: 'Alias' },
      required: { zh: '请输入角色别名', en: 'Please enter the role alias' },
      rules: [
        {
          pattern: '^[A-Za-z0-9_\\-]+$',
          message: { zh: '角色别名只能包含字母、数字、下划线和短横线', en: 'Letters, digits, _ and - only' },
        },
      ],
      unique: { zh: '角色别名已存在', en: 'The role alias already exists' },
      search: 'like',
    },
    roleTree.parent,
    roleTree.sort,
  ],
})

export const deptResource = defineResource({
  name: 'dept',
  table: 'blade_dept',
  basePath: '/api/blade-system/dept',
  label: { zh: '机构管理', en: 'Departments' },
  tenant: true,
  permission: 'dept',
  tree: { parentField: 'parentId', titleField: 'deptName', lazy: true, nested: true },
  routes: ['list', 'page', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'sort', desc: false, ties: 'asc' },
  fields: [
    deptTree.title,
    {
      name: 'fullName',
      type: 'string',
      max: 45,
      label: { zh: '机构全称', en: 'Full name' },
      required: { zh: '请输入机构全称', en: 'Please enter the full name' },
      search: 'like',
    },
    deptTree.parent,
    {
      name: 'deptCategory',
      type: 'int',
      min: 1,
      maxValue: 99,
      label: { zh: '机构类型', en: 'Category' },
      required: { zh: '请选择机构类型', en: 'Please select the category' },
      control: 'select',
      dict: { code: 'org_category' },
      search: 'equal',
    },
    {
      name: 'serial',
      type: 'string',
      max: 20,
      label: { zh: '机构编号', en: 'Serial' },
      rules: [
        {
          pattern: '^[A-Za-z0-9_\\-]*$',
          message: { zh: '机构编号只能包含字母、数字、下划线和短横线', en: 'Letters, digits, _ and - only' },
        },
      ],
      unique: { zh: '机构编号已存在', en: 'The serial already exists' },
      search: 'equal',
    },
    deptTree.sort,
    deptTree.remark,
  ],
})

export const tenantResource = defineResource({
  name: 'tenant',
  table: 'blade_tenant',
  basePath: '/api/blade-system/tenant',
  label: { zh: '租户管理', en: 'Tenants' },
  tenant: false,
  permission: 'tenant',
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'tenantId', desc: false },
  fields: [
    {
      name: 'tenantId',
      type: 'string',
      max: 12,
      label: { zh: '租户ID', en: 'Tenant id' },
      form: false,
      search: 'like',
    },
    {
      name: 'tenantName',
      type: 'string',
      max: 50,
      label: { zh: '租户名称', en: 'Name' },
      required: { zh: '请输入租户名称', en: 'Please enter the tenant name' },
      search: 'like',
    },
    {
      name: 'linkman',
      type: 'string',
      max: 20,
      label: { zh: '联系人', en: 'Contact' },
      required: { zh: '请输入联系人', en: 'Please enter the contact' },
      search: 'like',
    },
    {
      name: 'contactNumber',
      type: 'string',
      max: 20,
      label: { zh: '联系电话', en: 'Phone' },
      rules: [
        { pattern: '^[0-9+\\-() ]*$', message: { zh: '联系电话格式不正确', en: 'Invalid phone number' } },
      ],
    },
    {
      name: 'address',
      type: 'string',
      max: 255,
      label: { zh: '联系地址', en: 'Address' },
      span: 24,
      list: false,
    },
    {
      name: 'domain',
      type: 'string',
      max: 255,
      label: { zh: '绑定域名', en: 'Domain' },
      rules: [
        { pattern: '^[A-Za-z0-9.:\\-/]*$', message: { zh: '绑定域名格式不正确', en: 'Invalid domain' } },
      ],
      unique: { zh: '绑定域名已被使用', en: 'The domain is already bound' },
    },
    {
      name: 'backgroundUrl',
      type: 'string',
      max: 1000,
      label: { zh: '系统背景', en: 'Background' },
      list: false,
    },
    { name: 'accountNumber', type: 'int', min: -1, label: { zh: '账号额度', en: 'Accounts' }, form: false },
    { name: 'expireTime', type: 'datetime', label: { zh: '过期时间', en: 'Expires' }, form: false },
  ],
})
