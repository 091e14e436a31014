import { defineResource } from '../../resource/types'
import { academicYearField, optionsOf } from './common'
import { PERIOD_OPTIONS, WEEKDAY_OPTIONS, YES_NO } from './codes'

/**
 * 时间节点 (teach_time_node): week × teaching weekday × section of a term, generated from its
 * parameters and 作息时间 (`generateTimeAssNode`); read-only on the screen.
 */
export const teachTimeNodeResource = defineResource({
  name: 'timenode',
  table: 'teach_time_node',
  basePath: '/api/teach/timenode',
  label: { zh: '时间节点', en: 'Time nodes' },
  tenant: true,
  permission: 'teach_timenode',
  routes: ['list'],
  actions: { add: false, edit: false, view: false, delete: false },
  fields: [
    academicYearField(),
    { name: 'week', type: 'int', label: { zh: '周次', en: 'Week' }, search: 'equal', sortable: true },
    {
      name: 'weekday',
      type: 'int',
      label: { zh: '星期', en: 'Weekday' },
      control: 'select',
      options: optionsOf(WEEKDAY_OPTIONS),
      search: 'equal',
    },
    { name: 'section', type: 'int', label: { zh: '节次', en: 'Section' } },
    { name: 'name', type: 'string', max: 40, label: { zh: '节点名称', en: 'Name' }, columnWidth: 180 },
    { name: 'date', type: 'date', label: { zh: '日期', en: 'Date' } },
    { name: 'startTime', type: 'string', max: 5, label: { zh: '开始时间', en: 'Starts' } },
    { name: 'endTime', type: 'string', max: 5, label: { zh: '结束时间', en: 'Ends' } },
    {
      name: 'period',
      type: 'int',
      label: { zh: '时段', en: 'Period' },
      control: 'select',
      options: optionsOf(PERIOD_OPTIONS),
    },
    {
      name: 'available',
      type: 'int',
      label: { zh: '可用', en: 'Available' },
      control: 'select',
      options: optionsOf(YES_NO),
      search: 'equal',
    },
  ],
})
