import { remarkField as sharedRemark } from '../../resource/fields'
import type { FieldDef, Text } from '../../resource/types'

/**
 * Fields shared by the base-data resources. Rows link to colleges and majors by their report numbers
 * (院系号 `deptSerial`, 专业号 `majorSerial`), as the MOE reports identify them, not by row ids.
 */

const CODE_PATTERN = '^[A-Za-z0-9_\\-]+$'

/** A school code (工号, 学号, 班级编号 ...): letters, digits, `_` and `-`. */
export function codeField(name: string, label: Text, max: number, what: string): FieldDef {
  return {
    name,
    type: 'string',
    max,
    label,
    required: { zh: `请输入${label.zh}`, en: `Please enter the ${label.en.toLowerCase()}` },
    rules: [
      {
        pattern: CODE_PATTERN,
        message: { zh: `${label.zh}只能包含字母、数字、下划线和短横线`, en: 'Letters, digits, _ and - only' },
      },
    ],
    unique: { zh: `${label.zh}已存在`, en: `The ${what} already exists` },
    search: 'like',
    sortable: true,
  }
}

export function nameField(name: string, label: Text, max = 50): FieldDef {
  return {
    name,
    type: 'string',
    max,
    label,
    required: { zh: `请输入${label.zh}`, en: `Please enter the ${label.en.toLowerCase()}` },
    search: 'like',
  }
}

/** 院系号 of a college (a `blade_dept` row with a serial). */
export function deptSerialField(required = true): FieldDef {
  return {
    name: 'deptSerial',
    type: 'string',
    max: 20,
    label: { zh: '院系', en: 'College' },
    ...(required ? { required: { zh: '请选择院系', en: 'Please select the college' } } : {}),
    control: 'tree',
    remote: { url: '/api/blade-system/dept/category-tree', label: 'title', value: 'serial', tree: true },
    search: 'equal',
  }
}

/** 专业号 of a major (`base_major.major_serial`). */
export function majorSerialField(required = false): FieldDef {
  return {
    name: 'majorSerial',
    type: 'string',
    max: 20,
    label: { zh: '专业', en: 'Major' },
    ...(required ? { required: { zh: '请选择专业', en: 'Please select the major' } } : {}),
    control: 'select',
    remote: {
      url: '/api/basedata/sysmajor/getCptArrangeParameterMajorList',
      label: 'majorName',
      value: 'majorSerial',
    },
    search: 'equal',
  }
}

/** GB/T 2261.1 sex codes, as SJ5 reports them. */
export const sexField: FieldDef = {
  name: 'sex',
  type: 'int',
  label: { zh: '性别', en: 'Sex' },
  control: 'select',
  options: [
    { label: { zh: '男', en: 'Male' }, value: 1 },
    { label: { zh: '女', en: 'Female' }, value: 2 },
  ],
  min: 1,
  maxValue: 2,
  search: 'equal',
}

export const gradeField: FieldDef = {
  name: 'grade',
  type: 'string',
  max: 4,
  label: { zh: '年级', en: 'Grade' },
  rules: [
    { pattern: '^\\d{4}$', message: { zh: '年级应为四位年份，如 2024', en: 'A four-digit year, e.g. 2024' } },
  ],
  search: 'equal',
}

export const phoneField: FieldDef = {
  name: 'phone',
  type: 'string',
  max: 11,
  label: { zh: '手机号码', en: 'Phone' },
  rules: [
    {
      pattern: '^1\\d{10}$',
      message: { zh: '手机号码格式不正确', en: 'The phone number format is incorrect' },
    },
  ],
}

export const emailField: FieldDef = {
  name: 'email',
  type: 'string',
  max: 100,
  label: { zh: '邮箱', en: 'Email' },
  rules: [
    {
      pattern: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
      message: { zh: '邮箱格式不正确', en: 'The email format is incorrect' },
    },
  ],
  list: false,
}

/** The `blade_user` a teacher or student signs in as (set by toUser / syncToUser, not by the form). */
export const userIdField: FieldDef = {
  name: 'userId',
  type: 'id',
  label: { zh: '关联账号', en: 'Account' },
  form: false,
  list: false,
}

export const remarkField: FieldDef = sharedRemark({ list: false })

export const yesNoOptions = [
  { label: { zh: '否', en: 'No' }, value: 0 },
  { label: { zh: '是', en: 'Yes' }, value: 1 },
]
