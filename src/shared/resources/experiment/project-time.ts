import { defineResource } from '../../resource/types'
import { WEEKDAY_OPTIONS } from '../teach/codes'
import { optionsOf } from '../teach/common'

/** 预约时段 (experiment_project_time): a bookable slot of a project with its seat counter (domain 8). */
export const experimentProjectTimeResource = defineResource({
  name: 'experimentProjectTime',
  table: 'experiment_project_time',
  basePath: '/api/experimentProject/projectTime',
  label: { zh: '预约时段', en: 'Time slots' },
  tenant: true,
  permission: 'experiment_projecttime',
  routes: ['page'],
  actions: { add: false, edit: false, view: false, delete: false },
  fields: [
    { name: 'projectId', type: 'id', label: { zh: '预约项目', en: 'Project' }, search: 'equal', list: false },
    { name: 'week', type: 'int', label: { zh: '周次', en: 'Week' }, search: 'equal', sortable: true },
    {
      name: 'weekday',
      type: 'int',
      label: { zh: '星期', en: 'Weekday' },
      control: 'select',
      options: optionsOf(WEEKDAY_OPTIONS),
      search: 'equal',
    },
    { name: 'startSection', type: 'int', label: { zh: '开始节次', en: 'From section' } },
    { name: 'endSection', type: 'int', label: { zh: '结束节次', en: 'To section' } },
    { name: 'date', type: 'date', label: { zh: '日期', en: 'Date' }, sortable: true },
    { name: 'startTime', type: 'string', max: 5, label: { zh: '开始时间', en: 'Starts' } },
    { name: 'endTime', type: 'string', max: 5, label: { zh: '结束时间', en: 'Ends' } },
    { name: 'roomId', type: 'id', label: { zh: '房间', en: 'Room' }, list: false },
    { name: 'teacherIds', type: 'ids', label: { zh: '指导教师', en: 'Teachers' }, list: false },
    { name: 'classNos', type: 'string', max: 2000, label: { zh: '限定班级', en: 'Classes' }, list: false },
    { name: 'capacity', type: 'int', label: { zh: '容量', en: 'Capacity' } },
    { name: 'bookedCount', type: 'int', label: { zh: '已约人数', en: 'Booked' }, default: 0 },
    {
      name: 'status',
      type: 'int',
      label: { zh: '状态', en: 'Status' },
      control: 'select',
      options: [
        { label: { zh: '开放', en: 'Open' }, value: 1 },
        { label: { zh: '关闭', en: 'Closed' }, value: 0 },
      ],
      default: 1,
    },
  ],
})
