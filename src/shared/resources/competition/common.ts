import type { FieldDef, FieldType, Text } from '../../resource/types'
import { SCHOOL_YEAR_PATTERN } from '../base/school-year'

/**
 * Field builders of the competition definitions (domain notes A): every code field is bound to its
 * platform dictionary, so every screen and export shows the same labels.
 */

export const COMPETITION_BASE = '/api/competition'

/** The dictionaries of the area, seeded on first start (`src/server/competition/dictionaries.ts`). */
export const COMPETITION_DICTS = {
  level: 'competition_level',
  category: 'competition_category',
  entryMode: 'competition_entry_mode',
  applyStatus: 'competition_apply_status',
  grade: 'competition_grade',
  roundStatus: 'competition_round_status',
  award: 'competition_award',
} as const

const required = (label: Text, verb = '请输入'): Text => ({
  zh: `${verb}${label.zh}`,
  en: `Please ${verb === '请选择' ? 'select' : 'enter'} the ${label.en.toLowerCase()}`,
})

/** A field whose name and type stay literal, so tables and wire rows are typed by them. */
export type Typed<N extends string, T extends FieldType> = FieldDef & { name: N; type: T }

type Extra = Omit<Partial<FieldDef>, 'name' | 'type'>

export function str<N extends string>(
  name: N,
  label: Text,
  max: number,
  extra: Extra = {},
): Typed<N, 'string'> {
  return { name, type: 'string', max, label, ...extra }
}

export function requiredStr<N extends string>(name: N, label: Text, max: number, extra: Extra = {}) {
  return str(name, label, max, { required: required(label), ...extra })
}

export function int<N extends string>(
  name: N,
  label: Text,
  min: number,
  maxValue: number,
  extra: Extra = {},
): Typed<N, 'int'> {
  return { name, type: 'int', label, min, maxValue, control: 'number', ...extra }
}

export function dictInt<N extends string>(
  name: N,
  label: Text,
  code: string,
  extra: Extra = {},
): Typed<N, 'int'> {
  return { name, type: 'int', label, control: 'select', dict: { code }, ...extra }
}

export function requiredDict<N extends string>(name: N, label: Text, code: string, extra: Extra = {}) {
  return dictInt(name, label, code, { required: required(label, '请选择'), ...extra })
}

export function datetime<N extends string>(name: N, label: Text, extra: Extra = {}): Typed<N, 'datetime'> {
  return { name, type: 'datetime', label, control: 'datetime', ...extra }
}

export function decimal<N extends string>(name: N, label: Text, extra: Extra = {}): Typed<N, 'decimal'> {
  return { name, type: 'decimal', label, control: 'number', ...extra }
}

export function idField<N extends string>(name: N, label: Text, extra: Extra = {}): Typed<N, 'id'> {
  return { name, type: 'id', label, list: false, ...extra }
}

/** Server-kept columns: shown, never taken from a form. */
export function kept<const F extends FieldDef>(field: F): F {
  return { ...field, form: false }
}

export const academicYearField: Typed<'academicYear', 'string'> = {
  name: 'academicYear',
  type: 'string',
  max: 9,
  label: { zh: '学年', en: 'School year' },
  required: { zh: '请选择学年', en: 'Please select the school year' },
  rules: [{ pattern: SCHOOL_YEAR_PATTERN, message: { zh: '学年格式应为 2025-2026', en: 'Like 2025-2026' } }],
  search: 'equal',
}

export const deptSerialField = (
  label: Text = { zh: '院系', en: 'College' },
): Typed<'deptSerial', 'string'> => ({
  name: 'deptSerial',
  type: 'string',
  max: 20,
  label,
  search: 'equal',
  list: false,
})

export const attachField = (label: Text): Typed<'attachIds', 'ids'> => ({
  name: 'attachIds',
  type: 'ids',
  label,
  list: false,
})

/** 0/1 switch. */
export function flag<N extends string>(name: N, label: Text, extra: Extra = {}): Typed<N, 'int'> {
  return { name, type: 'int', label, control: 'switch', min: 0, maxValue: 1, ...extra }
}
