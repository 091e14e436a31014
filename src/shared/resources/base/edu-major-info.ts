import { treeFields } from '../../resource/fields'
import { defineResource } from '../../resource/types'

const tree = treeFields({
  noun: { zh: '', en: '' },
  treeUrl: '/api/system/edumajorinfo/tree',
  title: { max: 100 },
})

/**
 * The MOE discipline and major catalogue (基础数据 › 学科专业目录), a lazy tree: 学科门类 (2 digits)
 * › 专业类 (4 digits, the 所属学科 of SJ4–SJ6) › 专业 (6 digits, K/T suffixes allowed). It is national
 * reference data, shared by every tenant and kept by the platform administrator.
 */
export const eduMajorInfoResource = defineResource({
  name: 'edumajorinfo',
  table: 'sys_edu_major_info',
  basePath: '/api/system/edumajorinfo',
  label: { zh: '学科专业目录', en: 'MOE major catalogue' },
  tenant: false,
  permission: 'base_edumajorinfo',
  tree: { parentField: 'parentId', titleField: 'name', lazy: true },
  routes: ['list', 'detail', 'submit', 'remove'],
  defaultSort: { field: 'code' },
  fields: [
    tree.parent,
    {
      name: 'code',
      type: 'string',
      max: 10,
      label: { zh: '代码', en: 'Code' },
      required: { zh: '请输入代码', en: 'Please enter the code' },
      rules: [
        {
          pattern: '^\\d{2}(\\d{2}(\\d{2}[KT]{0,2})?)?$',
          message: {
            zh: '代码应为 2、4 或 6 位数字（专业代码可带 K、T 后缀）',
            en: '2, 4 or 6 digits (K/T suffix allowed)',
          },
        },
      ],
      unique: { zh: '代码已存在', en: 'The code already exists' },
      search: 'like',
    },
    tree.title,
    {
      name: 'level',
      type: 'int',
      label: { zh: '层级', en: 'Level' },
      control: 'select',
      options: [
        { label: { zh: '学科门类', en: 'Discipline' }, value: 1 },
        { label: { zh: '专业类', en: 'Major class' }, value: 2 },
        { label: { zh: '专业', en: 'Major' }, value: 3 },
      ],
      min: 1,
      maxValue: 3,
      form: false,
    },
    tree.sort,
    tree.remark,
  ],
})
