import { defineResource } from '../../resource/types'
import { academicYearField, hiddenField, remarkField } from './common'

/**
 * 计划导入 (teach_course_plan_import): the raw rows of a 教务 file, kept with the import batch and
 * the draft plan each made; editing a row re-applies it to its plan while that is a draft (domain 3).
 */
export const teachCoursePlanImportResource = defineResource({
  name: 'teachCoursePlanImport',
  table: 'teach_course_plan_import',
  basePath: '/api/teach/teachCoursePlanImport',
  label: { zh: '计划导入', en: 'Course plan import' },
  tenant: true,
  permission: 'teach_courseplanimport',
  dialogWidth: 860,
  importPath: '/api/teach/teachcourseplan/saveImportCoursePlan',
  importKey: 'rows',
  defaultSort: { field: 'rowNo' },
  fields: [
    { ...academicYearField({ search: 'equal' }), required: undefined, form: false },
    { name: 'academicYearName', type: 'string', max: 50, label: { zh: '学年学期', en: 'Term' }, list: false },
    {
      name: 'courseNumber',
      type: 'string',
      max: 20,
      label: { zh: '课程号', en: 'Course no.' },
      required: { zh: '请输入课程号', en: 'Please enter the course number' },
      search: 'like',
    },
    {
      name: 'courseName',
      type: 'string',
      max: 100,
      label: { zh: '课程名称', en: 'Course name' },
      search: 'like',
    },
    { name: 'deptName', type: 'string', max: 100, label: { zh: '开课院系', en: 'College' } },
    {
      name: 'teacherNo',
      type: 'string',
      max: 20,
      label: { zh: '教师工号', en: 'Staff no.' },
      required: { zh: '请输入教师工号', en: 'Please enter the staff number' },
      search: 'like',
    },
    { name: 'teacherName', type: 'string', max: 50, label: { zh: '教师姓名', en: 'Teacher' } },
    {
      name: 'classNos',
      type: 'string',
      max: 1000,
      label: { zh: '上课班级', en: 'Classes' },
      required: { zh: '请输入上课班级', en: 'Please enter the classes' },
    },
    {
      name: 'studentCount',
      type: 'int',
      label: { zh: '上课人数', en: 'Students' },
      control: 'number',
      min: 0,
      maxValue: 9999,
    },
    {
      name: 'labHours',
      type: 'int',
      label: { zh: '实验学时', en: 'Lab hours' },
      control: 'number',
      min: 0,
      maxValue: 1000,
    },
    { name: 'weeksText', type: 'string', max: 50, label: { zh: '起止周', en: 'Weeks' } },
    remarkField({ list: true }),
    {
      name: 'importBatch',
      type: 'string',
      max: 14,
      label: { zh: '导入批次', en: 'Import batch' },
      form: false,
      search: 'equal',
    },
    { name: 'rowNo', type: 'int', label: { zh: '行号', en: 'Row' }, form: false },
    hiddenField('coursePlanId', 'id', '课程计划', 'Course plan'),
  ],
})
