import type { FieldDef, FieldType, Text } from '../../resource/types'
import { remarkField as sharedRemark } from '../../resource/fields'
import type { CodeOption } from './codes'

/** Field shapes the teaching definitions share. */

/** A field whose name and type stay literal, so rows of the definition are typed by its fields. */
export type Named<N extends string, T extends FieldType> = FieldDef & { name: N; type: T }

const named = <N extends string, T extends FieldType>(
  name: N,
  type: T,
  rest: Omit<FieldDef, 'name' | 'type'>,
) => ({ ...rest, name, type }) as Named<N, T>

export const optionsOf = (codes: CodeOption[]) => codes.map((c) => ({ label: c.label, value: c.value }))

/** 学年学期: a term row (`sys_academic`), picked from `/api/system/academic/dictionary`. */
export const academicYearField = (overrides: Partial<FieldDef> = {}) =>
  named('academicYearId', 'id', {
    label: { zh: '学年学期', en: 'Term' },
    required: { zh: '请选择学年学期', en: 'Please select the term' },
    control: 'select',
    remote: { url: '/api/system/academic/dictionary', label: 'dictValue', value: 'dictKey' },
    search: 'equal',
    columnWidth: 200,
    ...overrides,
  })

/** A required int select over fixed codes. */
export function codeField<N extends string>(
  name: N,
  label: Text,
  codes: CodeOption[],
  extra: Partial<FieldDef> = {},
) {
  const values = codes.map((c) => c.value)
  return named(name, 'int', {
    label,
    required: { zh: `请选择${label.zh}`, en: `Please select the ${label.en.toLowerCase()}` },
    control: 'select',
    options: optionsOf(codes),
    min: Math.min(...values),
    maxValue: Math.max(...values),
    ...extra,
  })
}

/** 院系号 of the college offering a course or project. */
export const deptSerialField = (label: Text = { zh: '开课院系', en: 'College' }, required = true) =>
  named('deptSerial', 'string', {
    max: 20,
    label,
    ...(required ? { required: { zh: `请选择${label.zh}`, en: 'Please select the college' } } : {}),
    control: 'tree',
    remote: { url: '/api/teach/teachproject/dept-tree', label: 'title', value: 'serial', tree: true },
    search: 'equal',
  })

/** 所属学科: the 4-digit 学科 of the national catalogue. */
export const subjectCodeField = (required = true) =>
  named('subjectCode', 'string', {
    max: 4,
    label: { zh: '所属学科', en: 'Discipline' },
    ...(required ? { required: { zh: '请选择所属学科', en: 'Please select the discipline' } } : {}),
    rules: [
      { pattern: '^\\d{4}$', message: { zh: '所属学科应为4位学科代码', en: 'A 4-digit discipline code' } },
    ],
    control: 'select',
    remote: { url: '/api/system/edumajorinfo/dictionary', label: 'dictValue', value: 'dictKey' },
    list: false,
  })

/** 启用 / 停用. */
export const statusField = (extra: Partial<FieldDef> = {}) =>
  named('status', 'int', {
    label: { zh: '状态', en: 'Status' },
    control: 'select',
    options: [
      { label: { zh: '启用', en: 'Enabled' }, value: 1 },
      { label: { zh: '停用', en: 'Disabled' }, value: 0 },
    ],
    min: 0,
    maxValue: 1,
    default: 1,
    search: 'equal',
    ...extra,
  })

/** A server-set column: kept in the table, never taken from a form or shown as one. */
export const hiddenField = <N extends string, T extends FieldType>(
  name: N,
  type: T,
  zh: string,
  en: string,
  max?: number,
) => named(name, type, { ...(max ? { max } : {}), label: { zh, en }, form: false, list: false })

/** 备注 with a literal name (the shared one is typed loosely). */
export const remarkField = (overrides: Partial<FieldDef> = {}) => {
  const { name: _n, type: _t, ...rest } = sharedRemark(overrides)
  return named('remark', 'string', rest)
}
