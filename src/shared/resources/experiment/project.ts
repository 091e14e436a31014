import { defineResource } from '../../resource/types'
import { academicYearField, deptSerialField, hiddenField } from '../teach/common'

export const SUBSCRIBE_PROJECT_STATUS = { unpublished: 0, published: 1 } as const

/**
 * 预约项目 (experiment_project): an experiment students book into time slots (domain 8). The audience
 * (classes, colleges, grades) limits who sees it; a student matches every non-empty one.
 */
export const experimentProjectResource = defineResource({
  name: 'experimentProject',
  table: 'experiment_project',
  basePath: '/api/experimentProject/project',
  label: { zh: '预约项目', en: 'Subscribable projects' },
  tenant: true,
  permission: 'experiment_project',
  dialogWidth: 960,
  exportPath: '/api/experimentProject/project/exportProject',
  fields: [
    {
      name: 'projectName',
      type: 'string',
      max: 50,
      label: { zh: '项目名称', en: 'Project' },
      required: { zh: '请输入项目名称', en: 'Please enter the project name' },
      search: 'like',
      columnWidth: 200,
    },
    {
      name: 'teachProjectId',
      type: 'id',
      label: { zh: '实验项目', en: 'Experiment project' },
      control: 'select',
      remote: { url: '/api/experimentProject/project/teachProjects', label: 'experimentName', value: 'id' },
      list: false,
    },
    academicYearField(),
    {
      name: 'labId',
      type: 'id',
      label: { zh: '所属实验室', en: 'Lab' },
      required: { zh: '请选择所属实验室', en: 'Please select the lab' },
      control: 'select',
      remote: { url: '/api/experimentProject/project/labs', label: 'name', value: 'id' },
      search: 'equal',
    },
    {
      ...deptSerialField({ zh: '开课院系', en: 'College' }, false),
      remote: {
        url: '/api/experimentProject/project/dept-tree',
        label: 'title',
        value: 'serial',
        tree: true,
      },
      list: false,
    },
    {
      name: 'teacherIds',
      type: 'ids',
      label: { zh: '指导教师', en: 'Teachers' },
      required: { zh: '请选择指导教师', en: 'Please select the teachers' },
      control: 'multiselect',
      remote: { url: '/api/experimentProject/project/teachers', label: 'teacherName', value: 'id' },
    },
    {
      name: 'hours',
      type: 'int',
      label: { zh: '实验学时', en: 'Hours' },
      required: { zh: '请输入实验学时', en: 'Please enter the hours' },
      control: 'number',
      min: 1,
      maxValue: 9999,
    },
    {
      name: 'classNos',
      type: 'string',
      max: 2000,
      label: { zh: '预约班级', en: 'Classes' },
      control: 'multiselect',
      remote: { url: '/api/experimentProject/project/classes', label: 'className', value: 'classNo' },
      span: 24,
    },
    {
      name: 'deptSerials',
      type: 'string',
      max: 500,
      label: { zh: '预约院系', en: 'Colleges' },
      control: 'multiselect',
      remote: { url: '/api/experimentProject/project/depts', label: 'deptName', value: 'serial' },
      list: false,
    },
    {
      name: 'grades',
      type: 'string',
      max: 100,
      label: { zh: '预约年级', en: 'Grades' },
      rules: [
        {
          pattern: '^(\\d{4}(,\\d{4})*)?$',
          message: { zh: '年级应为四位年份，多个用逗号分隔', en: 'Four-digit years, comma separated' },
        },
      ],
      list: false,
    },
    {
      name: 'maxSlots',
      type: 'int',
      label: { zh: '每人可约时段', en: 'Slots per student' },
      control: 'number',
      min: 1,
      maxValue: 20,
      default: 1,
      list: false,
    },
    {
      name: 'subscribeStart',
      type: 'datetime',
      label: { zh: '预约开始时间', en: 'Booking opens' },
      list: false,
    },
    {
      name: 'subscribeEnd',
      type: 'datetime',
      label: { zh: '预约结束时间', en: 'Booking closes' },
      list: false,
    },
    {
      name: 'introduction',
      type: 'text',
      max: 4000,
      label: { zh: '项目简介', en: 'Introduction' },
      control: 'textarea',
      span: 24,
    },
    {
      name: 'status',
      type: 'int',
      label: { zh: '发布状态', en: 'Published' },
      control: 'select',
      options: [
        { label: { zh: '未发布', en: 'Unpublished' }, value: 0 },
        { label: { zh: '已发布', en: 'Published' }, value: 1 },
      ],
      form: false,
      search: 'equal',
      default: 0,
    },
    { name: 'pushTime', type: 'datetime', label: { zh: '发布时间', en: 'Published at' }, form: false },
    hiddenField('slotCount', 'int', '时段数', 'Slots'),
  ],
})
