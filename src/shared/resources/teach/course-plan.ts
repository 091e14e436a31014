import { defineResource } from '../../resource/types'
import { academicYearField, deptSerialField, hiddenField, optionsOf, remarkField } from './common'
import { PLAN_STATUS_OPTIONS } from './codes'

/**
 * 课程计划 (teach_course_plan): a course taught by a teacher to classes in a term, with its lines
 * (teach_course_plan_project, the body's `projects`), approved through flow `teachplan` (domain 3).
 * The plan's own routes are hand-written (save, approval, change, revoke); the definition gives the
 * table, the list and the search form.
 */
export const teachCoursePlanResource = defineResource({
  name: 'teachcourseplan',
  table: 'teach_course_plan',
  basePath: '/api/teach/teachcourseplan',
  label: { zh: '课程计划', en: 'Course plans' },
  tenant: true,
  permission: 'teach_courseplan',
  dialogWidth: 1100,
  exportPath: '/api/teach/teachcourseplan/export',
  routes: ['page', 'list', 'detail'],
  fields: [
    academicYearField(),
    {
      name: 'courseId',
      type: 'id',
      label: { zh: '课程', en: 'Course' },
      required: { zh: '请选择课程', en: 'Please select the course' },
      list: false,
    },
    {
      name: 'courseNumber',
      type: 'string',
      max: 20,
      label: { zh: '课程号', en: 'Course no.' },
      search: 'like',
      form: false,
    },
    {
      name: 'courseName',
      type: 'string',
      max: 100,
      label: { zh: '课程名称', en: 'Course name' },
      search: 'like',
      form: false,
      columnWidth: 180,
    },
    deptSerialField({ zh: '开课院系', en: 'College' }, false),
    {
      name: 'teacherId',
      type: 'id',
      label: { zh: '主讲教师', en: 'Teacher' },
      required: { zh: '请选择主讲教师', en: 'Please select the teacher' },
      list: false,
    },
    hiddenField('teacherUserId', 'id', '教师账号', 'Teacher account'),
    hiddenField('teacherName', 'string', '主讲教师', 'Teacher', 50),
    { name: 'assistantTeacherIds', type: 'ids', label: { zh: '辅导教师', en: 'Assistants' }, list: false },
    {
      name: 'classNos',
      type: 'string',
      max: 1000,
      label: { zh: '上课班级', en: 'Classes' },
      required: { zh: '请选择上课班级', en: 'Please select the classes' },
      search: 'like',
      columnWidth: 160,
    },
    hiddenField('classKey', 'string', '班级键', 'Class key', 1000),
    {
      name: 'studentCount',
      type: 'int',
      label: { zh: '上课人数', en: 'Students' },
      control: 'number',
      min: 1,
      maxValue: 9999,
    },
    {
      name: 'startWeek',
      type: 'int',
      label: { zh: '开始周', en: 'From week' },
      control: 'number',
      min: 1,
      maxValue: 30,
    },
    {
      name: 'endWeek',
      type: 'int',
      label: { zh: '结束周', en: 'To week' },
      control: 'number',
      min: 1,
      maxValue: 30,
    },
    { name: 'labHours', type: 'int', label: { zh: '计划学时', en: 'Planned hours' }, form: false },
    {
      name: 'status',
      type: 'int',
      label: { zh: '状态', en: 'Status' },
      control: 'select',
      options: optionsOf(PLAN_STATUS_OPTIONS),
      form: false,
      search: 'equal',
      default: 0,
    },
    hiddenField('processInstanceId', 'string', '流程实例', 'Process instance', 64),
    {
      name: 'submitTime',
      type: 'datetime',
      label: { zh: '提交时间', en: 'Submitted' },
      form: false,
      list: false,
    },
    {
      name: 'approveTime',
      type: 'datetime',
      label: { zh: '通过时间', en: 'Approved' },
      form: false,
      list: false,
    },
    {
      name: 'changeCount',
      type: 'int',
      label: { zh: '变更次数', en: 'Changes' },
      form: false,
      list: false,
      default: 0,
    },
    {
      name: 'changeReason',
      type: 'string',
      max: 500,
      label: { zh: '变更原因', en: 'Change reason' },
      form: false,
      list: false,
    },
    hiddenField('importBatch', 'string', '导入批次', 'Import batch', 14),
    remarkField(),
  ],
})

/** A line of a plan as the body's `projects` carries it (teach_course_plan_project). */
export interface PlanLineInput {
  id?: string
  projectId: string
  hours: number
  groupSize?: number
  requirement?: number
  planWeeks?: string
  content?: string
  sort?: number
}
