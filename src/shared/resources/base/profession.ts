import { defineResource } from '../../resource/types'
import { remarkField } from './common'

/**
 * 专业技术职务 (基础数据 › 专业技术职务), GB/T 8561 codes as SJ5 reports them: a lazy tree of series
 * (2 digits, e.g. 01 高等学校教师) and titles (3 digits, e.g. 012 副教授). National reference data,
 * shared by every tenant and kept by the platform administrator.
 */
export const professionResource = defineResource({
  name: 'profession',
  table: 'sys_profession',
  basePath: '/api/system/profession',
  label: { zh: '专业技术职务', en: 'Professional titles' },
  tenant: false,
  permission: 'base_profession',
  tree: { parentField: 'parentId', titleField: 'name', lazy: true },
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'code' },
  fields: [
    {
      name: 'parentId',
      type: 'id',
      label: { zh: '上级', en: 'Parent' },
      control: 'tree',
      remote: { url: '/api/system/profession/tree', label: 'title', value: 'id', tree: true },
      default: '0',
      list: false,
    },
    {
      name: 'code',
      type: 'string',
      max: 3,
      label: { zh: '职务代码', en: 'Code' },
      required: { zh: '请输入职务代码', en: 'Please enter the code' },
      rules: [{ pattern: '^\\d{2,3}$', message: { zh: '职务代码应为 2 或 3 位数字', en: '2 or 3 digits' } }],
      unique: { zh: '职务代码已存在', en: 'The code already exists' },
      search: 'like',
    },
    {
      name: 'name',
      type: 'string',
      max: 50,
      label: { zh: '名称', en: 'Name' },
      required: { zh: '请输入名称', en: 'Please enter the name' },
      search: 'like',
    },
    {
      name: 'grade',
      type: 'string',
      max: 10,
      label: { zh: '级别', en: 'Grade' },
      control: 'select',
      options: [
        { label: { zh: '正高级', en: 'Full senior' }, value: '正高级' },
        { label: { zh: '副高级', en: 'Associate senior' }, value: '副高级' },
        { label: { zh: '中级', en: 'Intermediate' }, value: '中级' },
        { label: { zh: '初级', en: 'Junior' }, value: '初级' },
      ],
    },
    {
      name: 'sort',
      type: 'int',
      label: { zh: '排序', en: 'Sort' },
      control: 'number',
      min: 0,
      maxValue: 100000,
      default: 0,
    },
    remarkField,
  ],
})
