import { defineResource } from '../../resource/types'
import { academicYearField, optionsOf } from './common'
import { PERIOD_OPTIONS } from './codes'

const TIME = '^([01]\\d|2[0-3]):[0-5]\\d$'

/** 作息时间 (teach_parameter_time): the start and end of each 节次 of a term; unique (term, 节次). */
export const teachParameterTimeResource = defineResource({
  name: 'teachparametertime',
  table: 'teach_parameter_time',
  basePath: '/api/teach/teachparametertime',
  label: { zh: '作息时间', en: 'Period times' },
  tenant: true,
  permission: 'teach_parametertime',
  dialogWidth: 600,
  defaultSort: { field: 'section' },
  fields: [
    academicYearField({ span: 24 }),
    {
      name: 'section',
      type: 'int',
      label: { zh: '节次', en: 'Section' },
      required: { zh: '请输入节次', en: 'Please enter the section' },
      control: 'number',
      min: 1,
      maxValue: 16,
      sortable: true,
    },
    {
      name: 'period',
      type: 'int',
      label: { zh: '时段', en: 'Period' },
      control: 'select',
      options: optionsOf(PERIOD_OPTIONS),
      form: false,
    },
    {
      name: 'startTime',
      type: 'string',
      max: 5,
      label: { zh: '开始时间', en: 'Starts' },
      required: { zh: '请输入开始时间', en: 'Please enter the start time' },
      rules: [{ pattern: TIME, message: { zh: '时间格式应为 HH:mm', en: 'Format: HH:mm' } }],
    },
    {
      name: 'endTime',
      type: 'string',
      max: 5,
      label: { zh: '结束时间', en: 'Ends' },
      required: { zh: '请输入结束时间', en: 'Please enter the end time' },
      rules: [{ pattern: TIME, message: { zh: '时间格式应为 HH:mm', en: 'Format: HH:mm' } }],
    },
  ],
})
