import { defineResource } from '../../resource/types'
import { codeField, deptSerialField, gradeField, majorSerialField, nameField, remarkField } from './common'

/** Classes (基础数据 › 班级管理). Students name their class by `classNo`. */
export const classResource = defineResource({
  name: 'class',
  table: 'base_class',
  basePath: '/api/basedata/class',
  label: { zh: '班级管理', en: 'Classes' },
  tenant: true,
  permission: 'base_class',
  exportPath: '/api/basedata/class/page-export',
  importPath: '/api/basedata/class/importData',
  defaultSort: { field: 'classNo' },
  fields: [
    codeField('classNo', { zh: '班级编号', en: 'Class no.' }, 30, 'class number'),
    nameField('className', { zh: '班级名称', en: 'Class name' }, 100),
    deptSerialField(),
    majorSerialField(),
    gradeField,
    {
      name: 'studentCount',
      type: 'int',
      label: { zh: '班级人数', en: 'Students' },
      control: 'number',
      min: 0,
      maxValue: 10000,
    },
    { name: 'headTeacher', type: 'string', max: 50, label: { zh: '班主任', en: 'Head teacher' } },
    remarkField,
  ],
})
