import { defineResource } from '../../resource/types'
import { optionsOf } from '../teach/common'
import { WEEKDAY_OPTIONS } from '../teach/codes'
import { BATCH_STATUS_OPTIONS, serverField, termField } from './codes'

/**
 * 排课（批次） (teach_batch_plan, teaching.md 4): who does which project of an approved plan line, in
 * which weeks, weekday and sections, where and with whom. Teachers, rooms and classes are also kept in
 * link tables for the collision check; names are copied at save for lists and exports. The routes are
 * hand-written (saveList, updateList, publish, …); the definition gives the table and the list's search.
 */
export const batchPlanResource = defineResource({
  name: 'batchplan',
  table: 'teach_batch_plan',
  basePath: '/api/teach/batchplan',
  label: { zh: '排课管理', en: 'Batch plans' },
  tenant: true,
  permission: 'teach_batchplan',
  routes: [],
  dialogWidth: 1000,
  exportPath: '/api/teach/batchplan/page-export',
  defaultSort: { field: 'batchNo' },
  fields: [
    termField(),
    serverField('coursePlanId', 'id', '课程计划', 'Course plan'),
    serverField('coursePlanProjectId', 'id', '计划项目', 'Plan line'),
    serverField('projectId', 'id', '实验项目', 'Project'),
    serverField('courseId', 'id', '课程', 'Course'),
    {
      name: 'courseName',
      type: 'string',
      max: 100,
      label: { zh: '课程', en: 'Course' },
      search: 'like',
      form: false,
    },
    serverField('courseNumber', 'string', '课程号', 'Course no.', 20),
    {
      name: 'projectName',
      type: 'string',
      max: 100,
      label: { zh: '项目', en: 'Project' },
      search: 'like',
      form: false,
    },
    serverField('deptSerial', 'string', '开课院系', 'College', 20),
    { name: 'batchNo', type: 'int', label: { zh: '批次', en: 'Batch' }, min: 1, maxValue: 999, form: false },
    { name: 'weeks', type: 'string', max: 100, label: { zh: '周次', en: 'Weeks' } },
    serverField('weekMask', 'int', '周次位图', 'Week mask'),
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
    { name: 'roomIds', type: 'ids', label: { zh: '房间', en: 'Rooms' } },
    { name: 'teacherIds', type: 'ids', label: { zh: '任课教师', en: 'Teachers' } },
    { name: 'classNos', type: 'string', max: 1000, label: { zh: '班级', en: 'Classes' }, search: 'like' },
    { name: 'studentCount', type: 'int', label: { zh: '实验人数', en: 'Students' }, form: false },
    serverField('assigned', 'int', '已分配学生', 'Students assigned'),
    {
      name: 'status',
      type: 'int',
      label: { zh: '状态', en: 'Status' },
      control: 'select',
      options: optionsOf(BATCH_STATUS_OPTIONS),
      search: 'equal',
      form: false,
    },
    {
      name: 'collisionStatus',
      type: 'int',
      label: { zh: '冲突', en: 'Collision' },
      control: 'select',
      options: [
        { label: { zh: '无', en: 'None' }, value: 0 },
        { label: { zh: '有冲突', en: 'Collides' }, value: 1 },
      ],
      search: 'equal',
      form: false,
    },
    serverField('checkTime', 'datetime', '检测时间', 'Checked'),
    serverField('publishTime', 'datetime', '发布时间', 'Published'),
    serverField('publishUser', 'id', '发布人', 'Published by'),
    serverField('adjustFromId', 'id', '调课来源', 'Adjusted from'),
  ],
})
