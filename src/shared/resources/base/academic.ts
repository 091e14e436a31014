import { defineResource } from '../../resource/types'
import { yesNoOptions } from './common'
import { SCHOOL_YEAR_PATTERN } from './school-year'

/**
 * Academic terms (基础数据 › 学年学期, tab 学年学期): one row per 学年 + 学期 with its dates. The row
 * marked current drives the default term everywhere (`/api/system/academic/current`).
 */
export const academicResource = defineResource({
  name: 'academic',
  table: 'sys_academic',
  basePath: '/api/system/academic',
  label: { zh: '学年学期', en: 'Academic terms' },
  tenant: true,
  permission: 'base_academic',
  defaultSort: { field: 'startDate', desc: true },
  fields: [
    {
      name: 'academicYear',
      type: 'string',
      max: 9,
      label: { zh: '学年', en: 'School year' },
      required: { zh: '请输入学年', en: 'Please enter the school year' },
      rules: [
        { pattern: SCHOOL_YEAR_PATTERN, message: { zh: '学年格式应为 2025-2026', en: 'Format: 2025-2026' } },
      ],
      search: 'equal',
      sortable: true,
    },
    {
      name: 'term',
      type: 'string',
      max: 10,
      label: { zh: '学期', en: 'Term' },
      required: { zh: '请选择学期', en: 'Please select the term' },
      control: 'select',
      remote: { url: '/api/system/periodinfo/dictionary', label: 'dictValue', value: 'dictKey' },
      search: 'equal',
    },
    {
      name: 'name',
      type: 'string',
      max: 50,
      label: { zh: '学年学期名称', en: 'Name' },
      search: 'like',
      columnWidth: 200,
    },
    {
      name: 'startDate',
      type: 'date',
      label: { zh: '开始日期', en: 'Starts' },
      required: { zh: '请选择开始日期', en: 'Please select the start date' },
      sortable: true,
    },
    {
      name: 'endDate',
      type: 'date',
      label: { zh: '结束日期', en: 'Ends' },
      required: { zh: '请选择结束日期', en: 'Please select the end date' },
    },
    {
      name: 'weeks',
      type: 'int',
      label: { zh: '教学周数', en: 'Weeks' },
      control: 'number',
      min: 1,
      maxValue: 30,
    },
    {
      name: 'isCurrent',
      type: 'int',
      label: { zh: '当前学期', en: 'Current' },
      control: 'switch',
      options: yesNoOptions,
      min: 0,
      maxValue: 1,
      default: 0,
      search: 'equal',
    },
  ],
})
