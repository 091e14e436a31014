import { treeFields } from '../../resource/fields'
import { defineResource } from '../../resource/types'

const tree = treeFields({
  noun: { zh: '', en: '' },
  treeUrl: '/api/system/profession/tree',
  title: { max: 50 },
})

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
    tree.parent,
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
    tree.title,
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
    tree.sort,
    tree.remark,
  ],
})
