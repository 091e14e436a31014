import { remarkField } from '../../resource/fields'
import type { FieldDef, FieldType, Text } from '../../resource/types'

/**
 * Fields the safety resources share (domain notes B). Helpers keep each field's literal name and
 * type, so `RowOf<def>` types rows field by field.
 */

export type Named<N extends string, T extends FieldType> = FieldDef & { name: N; type: T }

/** A field with its literal name and type kept. */
export const field = <const F extends FieldDef>(f: F): F => f

export const SAFETY_BASE = '/api/safetyexam'

/** A field bound to one of the area's dictionaries (seeded by `src/server/safety/seed.ts`). */
export function dictField<const N extends string>(
  name: N,
  label: Text,
  code: string,
  extra: Partial<FieldDef> = {},
): Named<N, 'int'> {
  return { label, control: 'select', dict: { code }, search: 'equal', ...extra, name, type: 'int' }
}

export const titleField = (
  max: number,
  label: Text = { zh: '标题', en: 'Title' },
): Named<'title', 'string'> => ({
  name: 'title',
  type: 'string',
  max,
  label,
  required: { zh: `请输入${label.zh}`, en: `Please enter the ${label.en.toLowerCase()}` },
  search: 'like',
  span: 24,
})

export const sortField = field({
  name: 'sort',
  type: 'int',
  label: { zh: '排序', en: 'Sort' },
  control: 'number',
  min: 0,
  maxValue: 100000,
  default: 0,
  sortable: true,
})

/** 状态 of learning resources: 0 草稿 1 已发布; readers see 1 only. */
export const publishStatusField = dictField('status', { zh: '状态', en: 'Status' }, 'safety_publish_status', {
  default: 0,
  min: 0,
  maxValue: 1,
})

/** 状态 of labels, questions, papers, home blocks: 1 启用 0 停用. */
export const enableStatusField = dictField('status', { zh: '状态', en: 'Status' }, 'safety_enable_status', {
  default: 1,
  min: 0,
  maxValue: 1,
})

/** 标签 (≤ 5) from 标签管理. */
export const labelIdsField = field({
  name: 'labelIds',
  type: 'ids',
  label: { zh: '标签', en: 'Labels' },
  control: 'multiselect',
  remote: { url: `${SAFETY_BASE}/safetyexamlabel/getDictionaryLabel`, label: 'dictValue', value: 'dictKey' },
  search: 'like',
})

/** Rich text of a resource (sanitised on the server). */
export const contentField = (label: Text = { zh: '内容', en: 'Content' }): Named<'content', 'text'> => ({
  name: 'content',
  type: 'text',
  max: 200000,
  label,
  control: 'textarea',
  span: 24,
  list: false,
})

/** Attachments (ids of uploaded files), at most `max`. */
export const attachIdsField = (
  label: Text = { zh: '附件', en: 'Attachments' },
): Named<'attachIds', 'ids'> => ({
  name: 'attachIds',
  type: 'ids',
  label,
  list: false,
  span: 24,
})

export const viewCountField = field({
  name: 'viewCount',
  type: 'int',
  label: { zh: '浏览次数', en: 'Views' },
  form: false,
  default: 0,
})

export const yesNo = [
  { label: { zh: '否', en: 'No' }, value: 0 },
  { label: { zh: '是', en: 'Yes' }, value: 1 },
]

/** 备注 (the shared remark field, its name kept literal). */
export const remark = remarkField({ list: false }) as Named<'remark', 'string'>
