import type { FieldDef, Text } from '../../resource/types'

/**
 * Fields the assets and repairs definitions share. Equipment links to its college by 院系号
 * (`deptSerial`, SJ1 单位编号) and to its lab by 实验室编号 (`labSerial`, the SJ6 key), as the MOE
 * reports identify them; docs/domain/assets.md records every code list.
 */

/** Dictionary codes of the area (seeded by `src/server/assets/dictionaries.ts`). */
export const ASSET_DICTS = {
  source: 'equipment_source',
  country: 'country_code',
  status: 'equipment_status',
  direction: 'equipment_direction',
  fundSource: 'equipment_fund_source',
  changeType: 'equipment_change_type',
  donorType: 'donor_type',
  worklogType: 'worklog_type',
  cooperation: 'enterprise_cooperation',
  enterpriseStatus: 'enterprise_status',
} as const

export const dictField = <N extends string>(
  name: N,
  label: Text,
  code: string,
  extra: Partial<FieldDef> = {},
): FieldDef & { name: N; type: 'int' } => ({
  label,
  control: 'select',
  dict: { code },
  search: 'equal',
  ...extra,
  name,
  type: 'int',
})

/** 实验室 by its SJ6 实验室编号 (`lab_info.serial`). */
export function labSerialField(
  required = false,
  extra: Partial<FieldDef> = {},
): FieldDef & { name: 'labSerial'; type: 'string' } {
  return {
    max: 10,
    label: { zh: '实验室', en: 'Lab' },
    ...(required ? { required: { zh: '请选择实验室', en: 'Please select the lab' } } : {}),
    control: 'select',
    remote: { url: '/api/lab/labinfo/all-list', label: 'labName', value: 'serial' },
    search: 'equal',
    ...extra,
    name: 'labSerial',
    type: 'string',
  }
}

/** 院系号 of the unit holding the item (SJ1 单位编号; 单位名称 is the dept's name). */
export function unitField(required = true): FieldDef & { name: 'deptSerial'; type: 'string' } {
  return {
    name: 'deptSerial',
    type: 'string',
    max: 20,
    label: { zh: '使用单位', en: 'Unit' },
    ...(required ? { required: { zh: '请选择使用单位', en: 'Please select the unit' } } : {}),
    control: 'tree',
    remote: { url: '/api/blade-system/dept/category-tree', label: 'title', value: 'serial', tree: true },
    search: 'equal',
  }
}

export const textField = <N extends string>(
  name: N,
  label: Text,
  max: number,
  extra: Partial<FieldDef> = {},
): FieldDef & { name: N; type: 'string' } => ({
  max,
  label,
  ...extra,
  name,
  type: 'string',
})

export const requiredText = (label: Text): Pick<FieldDef, 'required'> => ({
  required: { zh: `请输入${label.zh}`, en: `Please enter the ${label.en.toLowerCase()}` },
})

/** 备注 (a 255-character text area across the form, hidden from the list). */
export const remarkText = () =>
  textField('remark', { zh: '备注', en: 'Remark' }, 255, { control: 'textarea', span: 24, list: false })
