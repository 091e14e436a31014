import { defineResource } from '../../resource/types'
import { deptSerialField, codeField, hiddenField, statusField, subjectCodeField, optionsOf } from './common'
import {
  EXPERIMENTER_TYPE,
  EXPERIMENT_CATEGORY,
  EXPERIMENT_REQUIREMENT,
  EXPERIMENT_TYPE,
  YES_NO,
} from './codes'

/** 实验编号: a body of 1–12 letters and digits, plus "*" for 独立设课 (domain 2.1). */
export const EXPERIMENT_NUMBER_PATTERN = '^[A-Za-z0-9]{1,12}\\*?$'
export const EXPERIMENT_NUMBER_MESSAGE = '实验编号只能包含字母和数字，最多12位；独立设课的实验末尾加*'
export const EXPERIMENT_NAME_BYTES = 50

/** The GBK byte length of a text: CJK and full-width characters count 2, ASCII 1. */
export const gbkBytes = (text: string) =>
  [...text].reduce((n, ch) => n + (ch.charCodeAt(0) < 0x80 ? 1 : 2), 0)

/**
 * 实验项目 (teach_project): the SJ4 教学实验项目表 library (domain 2). Every SJ4 field 2–13 is here with
 * its statutory codes; 实验编号 is unique before the "*" among every row the tenant ever had.
 */
export const teachProjectResource = defineResource({
  name: 'teachproject',
  table: 'teach_project',
  basePath: '/api/teach/teachproject',
  label: { zh: '实验项目', en: 'Experiment projects' },
  tenant: true,
  permission: 'teach_project',
  dialogWidth: 960,
  exportPath: '/api/teach/teachproject/export',
  importPath: '/api/teach/teachproject/saveImportProject',
  defaultSort: { field: 'experimentNumber' },
  fields: [
    {
      name: 'experimentNumber',
      type: 'string',
      max: 13,
      label: { zh: '实验编号', en: 'Experiment no.' },
      required: { zh: '请输入实验编号', en: 'Please enter the experiment number' },
      rules: [
        {
          pattern: EXPERIMENT_NUMBER_PATTERN,
          message: {
            zh: EXPERIMENT_NUMBER_MESSAGE,
            en: 'Up to 12 letters and digits; independent courses end with *',
          },
        },
      ],
      search: 'like',
      sortable: true,
    },
    hiddenField('numberBody', 'string', '编号主体', 'Number body', 12),
    {
      name: 'experimentName',
      type: 'string',
      max: 50,
      label: { zh: '实验名称', en: 'Name' },
      required: { zh: '请输入实验名称', en: 'Please enter the name' },
      search: 'like',
      columnWidth: 200,
    },
    codeField('experimentCategory', { zh: '实验类别', en: 'Category' }, EXPERIMENT_CATEGORY, {
      search: 'equal',
    }),
    codeField('experimentType', { zh: '实验类型', en: 'Type' }, EXPERIMENT_TYPE, { search: 'equal' }),
    {
      name: 'isNetwork',
      type: 'int',
      label: { zh: '网络实验', en: 'Network experiment' },
      control: 'switch',
      options: optionsOf(YES_NO),
      min: 0,
      maxValue: 1,
      default: 0,
      list: false,
    },
    subjectCodeField(),
    codeField('requirement', { zh: '实验要求', en: 'Requirement' }, EXPERIMENT_REQUIREMENT),
    codeField('experimenterType', { zh: '实验者类别', en: 'Experimenters' }, EXPERIMENTER_TYPE, {
      default: 3,
      list: false,
    }),
    {
      name: 'experimenterCount',
      type: 'int',
      label: { zh: '实验者人数', en: 'Experimenter count' },
      control: 'number',
      min: 0,
      maxValue: 999999,
      list: false,
    },
    {
      name: 'groupSize',
      type: 'int',
      label: { zh: '每组人数', en: 'Group size' },
      required: { zh: '请输入每组人数', en: 'Please enter the group size' },
      control: 'number',
      min: 1,
      maxValue: 99,
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
      name: 'labId',
      type: 'id',
      label: { zh: '所属实验室', en: 'Lab' },
      required: { zh: '请选择所属实验室', en: 'Please select the lab' },
      control: 'select',
      // the teaching area's own list: teachers may not read the labs area's
      remote: { url: '/api/teach/teachproject/labs', label: 'name', value: 'id' },
      search: 'equal',
      columnWidth: 160,
    },
    {
      name: 'independentCourse',
      type: 'int',
      label: { zh: '独立设课', en: 'Independent course' },
      control: 'switch',
      options: optionsOf(YES_NO),
      min: 0,
      maxValue: 1,
      default: 0,
    },
    deptSerialField(),
    {
      name: 'teacherId',
      type: 'id',
      label: { zh: '负责教师', en: 'Teacher' },
      control: 'select',
      remote: { url: '/api/teach/teachproject/teachers', label: 'teacherName', value: 'id' },
      list: false,
    },
    {
      name: 'purpose',
      type: 'text',
      max: 2000,
      label: { zh: '实验目的', en: 'Purpose' },
      control: 'textarea',
      span: 24,
    },
    {
      name: 'content',
      type: 'text',
      max: 4000,
      label: { zh: '实验内容', en: 'Content' },
      control: 'textarea',
      span: 24,
    },
    {
      name: 'equipment',
      type: 'text',
      max: 2000,
      label: { zh: '主要仪器设备', en: 'Main equipment' },
      control: 'textarea',
      span: 24,
    },
    statusField(),
  ],
})
