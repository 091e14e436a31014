import { defineResource } from '../../resource/types'
import { majorSerialField, nameField, remarkField } from './common'

/** Major directions (基础数据 › 专业方向): named tracks within one major. */
export const majorDirectionResource = defineResource({
  name: 'majordirection',
  table: 'base_major_direction',
  basePath: '/api/basedata/majordirection',
  label: { zh: '专业方向', en: 'Major directions' },
  tenant: true,
  permission: 'base_majordirection',
  fields: [
    majorSerialField(true),
    {
      name: 'directionCode',
      type: 'string',
      max: 20,
      label: { zh: '方向编号', en: 'Code' },
      search: 'like',
    },
    nameField('directionName', { zh: '方向名称', en: 'Direction name' }, 100),
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
