import { defineResource } from '../../resource/types'

/** Posts (岗位): tenant-owned; users carry comma-joined post ids. */
export const postResource = defineResource({
  name: 'post',
  table: 'blade_post',
  basePath: '/api/blade-system/post',
  label: { zh: '岗位管理', en: 'Posts' },
  tenant: true,
  permission: 'post',
  defaultSort: { field: 'sort', desc: false },
  fields: [
    {
      name: 'category',
      type: 'int',
      label: { zh: '岗位类型', en: 'Category' },
      required: { zh: '请选择岗位类型', en: 'Please select the category' },
      control: 'select',
      dict: { code: 'post_category' },
      search: 'equal',
    },
    {
      name: 'postCode',
      type: 'string',
      max: 12,
      label: { zh: '岗位编号', en: 'Code' },
      required: { zh: '请输入岗位编号', en: 'Please enter the post code' },
      unique: { zh: '岗位编号已存在', en: 'The post code already exists' },
      search: 'like',
    },
    {
      name: 'postName',
      type: 'string',
      max: 64,
      label: { zh: '岗位名称', en: 'Name' },
      required: { zh: '请输入岗位名称', en: 'Please enter the post name' },
      search: 'like',
    },
    {
      name: 'sort',
      type: 'int',
      min: 0,
      label: { zh: '岗位排序', en: 'Sort' },
      required: { zh: '请输入岗位排序', en: 'Please enter the sort' },
      control: 'number',
      default: 0,
      sortable: true,
    },
    {
      name: 'remark',
      type: 'string',
      max: 255,
      label: { zh: '岗位描述', en: 'Remark' },
      control: 'textarea',
      span: 24,
    },
  ],
})
