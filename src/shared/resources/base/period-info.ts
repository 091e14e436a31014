import { defineResource } from '../../resource/types'

/** Terms (基础数据 › 学年学期, tab 学期): the term dictionary, e.g. 1 第一学期, 2 第二学期. */
export const periodInfoResource = defineResource({
  name: 'periodinfo',
  table: 'sys_period_info',
  basePath: '/api/system/periodinfo',
  label: { zh: '学期', en: 'Terms' },
  tenant: true,
  permission: 'base_academic',
  defaultSort: { field: 'sort' },
  fields: [
    {
      name: 'termCode',
      type: 'string',
      max: 10,
      label: { zh: '学期编号', en: 'Code' },
      required: { zh: '请输入学期编号', en: 'Please enter the term code' },
      rules: [
        {
          pattern: '^[0-9A-Za-z]+$',
          message: { zh: '学期编号只能包含字母和数字', en: 'Letters and digits only' },
        },
      ],
      unique: { zh: '学期编号已存在', en: 'The term code already exists' },
    },
    {
      name: 'termName',
      type: 'string',
      max: 50,
      label: { zh: '学期名称', en: 'Name' },
      required: { zh: '请输入学期名称', en: 'Please enter the term name' },
      unique: { zh: '学期名称已存在', en: 'The term name already exists' },
      search: 'like',
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
  ],
})
