import { defineResource } from '../../resource/types'
import { academicYearField, remarkField } from './common'

/**
 * 教学参数 (teach_parameter): one row per term (domain 1). The screen edits it per term tab; the
 * server's submit checks the calendar rules and keeps 作息时间 and batch plans consistent.
 */
export const teachParameterResource = defineResource({
  name: 'teachparameter',
  table: 'teach_parameter',
  basePath: '/api/teach/teachparameter',
  label: { zh: '教学参数', en: 'Teaching parameters' },
  tenant: true,
  permission: 'teach_parameter',
  routes: [],
  fields: [
    academicYearField(),
    {
      name: 'firstWeekMonday',
      type: 'date',
      label: { zh: '第一周周一', en: 'Monday of week 1' },
      required: { zh: '请选择第一周周一', en: 'Please select the Monday of week 1' },
    },
    {
      name: 'weeks',
      type: 'int',
      label: { zh: '教学周数', en: 'Teaching weeks' },
      required: { zh: '请输入教学周数', en: 'Please enter the teaching weeks' },
      control: 'number',
      min: 1,
      maxValue: 30,
    },
    {
      name: 'teachingWeekdays',
      type: 'string',
      max: 13,
      label: { zh: '上课日', en: 'Teaching days' },
      required: { zh: '请选择上课日', en: 'Please select the teaching days' },
      rules: [
        {
          pattern: '^[1-7](,[1-7]){0,6}$',
          message: { zh: '上课日应为星期一到星期日', en: 'Days are Monday to Sunday' },
        },
      ],
      default: '1,2,3,4,5',
    },
    {
      name: 'morningSections',
      type: 'int',
      label: { zh: '上午节数', en: 'Morning sections' },
      required: { zh: '请输入上午节数', en: 'Please enter the morning sections' },
      control: 'number',
      min: 0,
      maxValue: 6,
      default: 4,
    },
    {
      name: 'afternoonSections',
      type: 'int',
      label: { zh: '下午节数', en: 'Afternoon sections' },
      required: { zh: '请输入下午节数', en: 'Please enter the afternoon sections' },
      control: 'number',
      min: 0,
      maxValue: 6,
      default: 4,
    },
    {
      name: 'eveningSections',
      type: 'int',
      label: { zh: '晚上节数', en: 'Evening sections' },
      required: { zh: '请输入晚上节数', en: 'Please enter the evening sections' },
      control: 'number',
      min: 0,
      maxValue: 5,
      default: 3,
    },
    { name: 'holidays', type: 'text', max: 2000, label: { zh: '节假日', en: 'Holidays' } },
    remarkField(),
  ],
})
