import { defineResource } from '../../resource/types'

/** Top menus (header tabs); each is granted a set of menus (topmenu/grant). Tenant-owned. */
export const topMenuResource = defineResource({
  name: 'topMenu',
  table: 'blade_top_menu',
  basePath: '/api/blade-system/topmenu',
  label: { zh: '顶部菜单', en: 'Top menus' },
  tenant: true,
  permission: 'topmenu',
  defaultSort: { field: 'sort', desc: false },
  fields: [
    {
      name: 'name',
      type: 'string',
      max: 255,
      label: { zh: '菜单名称', en: 'Name' },
      required: { zh: '请输入菜单名称', en: 'Please enter the name' },
      search: 'like',
    },
    {
      name: 'code',
      type: 'string',
      max: 255,
      label: { zh: '菜单编号', en: 'Code' },
      required: { zh: '请输入菜单编号', en: 'Please enter the code' },
      unique: { zh: '菜单编号已存在', en: 'The code already exists' },
      search: 'like',
    },
    { name: 'source', type: 'string', max: 255, label: { zh: '菜单图标', en: 'Icon' } },
    { name: 'path', type: 'string', max: 255, label: { zh: '路由地址', en: 'Path' }, list: false },
    {
      name: 'sort',
      type: 'int',
      min: 0,
      label: { zh: '菜单排序', en: 'Sort' },
      required: { zh: '请输入菜单排序', en: 'Please enter the sort' },
      control: 'number',
      default: 0,
    },
  ],
})
