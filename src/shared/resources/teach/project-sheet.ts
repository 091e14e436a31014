import { defineResource } from '../../resource/types'
import { codeField, optionsOf, statusField } from './common'
import {
  EXPERIMENTER_TYPE,
  EXPERIMENT_CATEGORY,
  EXPERIMENT_REQUIREMENT,
  EXPERIMENT_TYPE,
  YES_NO,
} from './codes'
import { EXPERIMENT_NUMBER_MESSAGE, EXPERIMENT_NUMBER_PATTERN } from './project'

/**
 * The 实验项目 spreadsheet (export and `saveImportProject`): the SJ4 columns by their form labels, the
 * lab by its 实验室编号, the teacher by 工号, the college by name or 院系号. An empty 实验编号 is
 * generated in row order. The import dialog previews rows against these fields.
 */
export const teachProjectSheet = defineResource({
  name: 'teachprojectsheet',
  table: 'teach_project',
  basePath: '/api/teach/teachproject',
  label: { zh: '实验项目', en: 'Experiment projects' },
  tenant: true,
  permission: 'teach_project',
  importPath: '/api/teach/teachproject/saveImportProject',
  importKey: 'rows',
  fields: [
    {
      name: 'experimentNumber',
      type: 'string',
      max: 13,
      label: { zh: '实验编号', en: 'Experiment no.' },
      rules: [
        {
          pattern: EXPERIMENT_NUMBER_PATTERN,
          message: {
            zh: EXPERIMENT_NUMBER_MESSAGE,
            en: 'Up to 12 letters and digits; independent courses end with *',
          },
        },
      ],
    },
    {
      name: 'experimentName',
      type: 'string',
      max: 50,
      label: { zh: '实验名称', en: 'Name' },
      required: { zh: '请输入实验名称', en: 'Please enter the name' },
    },
    codeField('experimentCategory', { zh: '实验类别', en: 'Category' }, EXPERIMENT_CATEGORY),
    codeField('experimentType', { zh: '实验类型', en: 'Type' }, EXPERIMENT_TYPE),
    {
      ...codeField('isNetwork', { zh: '网络实验', en: 'Network experiment' }, YES_NO),
      required: undefined,
      default: 0,
    },
    {
      name: 'subjectCode',
      type: 'string',
      max: 4,
      label: { zh: '所属学科', en: 'Discipline' },
      required: { zh: '请输入所属学科', en: 'Please enter the discipline' },
      rules: [
        { pattern: '^\\d{4}$', message: { zh: '所属学科应为4位学科代码', en: 'A 4-digit discipline code' } },
      ],
    },
    codeField('requirement', { zh: '实验要求', en: 'Requirement' }, EXPERIMENT_REQUIREMENT),
    {
      ...codeField('experimenterType', { zh: '实验者类别', en: 'Experimenters' }, EXPERIMENTER_TYPE),
      required: undefined,
      default: 3,
    },
    {
      name: 'experimenterCount',
      type: 'int',
      label: { zh: '实验者人数', en: 'Experimenter count' },
      min: 0,
      maxValue: 999999,
    },
    {
      name: 'groupSize',
      type: 'int',
      label: { zh: '每组人数', en: 'Group size' },
      required: { zh: '请输入每组人数', en: 'Please enter the group size' },
      min: 1,
      maxValue: 99,
    },
    {
      name: 'hours',
      type: 'int',
      label: { zh: '实验学时', en: 'Hours' },
      required: { zh: '请输入实验学时', en: 'Please enter the hours' },
      min: 1,
      maxValue: 9999,
    },
    {
      name: 'labSerial',
      type: 'string',
      max: 10,
      label: { zh: '实验室编号', en: 'Lab serial' },
      required: { zh: '请输入实验室编号', en: 'Please enter the lab serial' },
    },
    { name: 'labName', type: 'string', max: 50, label: { zh: '实验室名称', en: 'Lab name' }, form: false },
    {
      ...codeField('independentCourse', { zh: '独立设课', en: 'Independent course' }, YES_NO),
      required: undefined,
      default: 0,
    },
    {
      name: 'deptSerial',
      type: 'string',
      max: 45,
      label: { zh: '开课院系', en: 'College' },
      required: { zh: '请输入开课院系', en: 'Please enter the college' },
    },
    { name: 'teacherNo', type: 'string', max: 20, label: { zh: '负责教师工号', en: 'Teacher staff no.' } },
    {
      ...statusField({ search: undefined }),
      options: optionsOf([
        { value: 1, label: { zh: '启用', en: 'Enabled' } },
        { value: 0, label: { zh: '停用', en: 'Disabled' } },
      ]),
    },
  ],
})
