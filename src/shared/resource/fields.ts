import type { FieldDef, Text } from './types'

/**
 * Field shapes many definitions share: the four fields of a tree table, required texts limited to a
 * character set, the data-source picker and the remark.
 */

/** 备注: a 255-character text area across the form. */
export const remarkField = (
  overrides: Partial<FieldDef> = {},
): FieldDef & { name: 'remark'; type: 'string' } => ({
  max: 255,
  label: { zh: '备注', en: 'Remark' },
  control: 'textarea',
  span: 24,
  ...overrides,
  name: 'remark',
  type: 'string',
})

export interface TreeFieldsOptions {
  /** The node in labels: 上级<noun>, <noun>名称, 请输入<noun>名称 ('' gives 上级, 名称). */
  noun: Text
  /** The tree endpoint the parent picker reads (answers `title` and `id`, or `value` with `parent.value`). */
  treeUrl: string
  /** The title field's name (default `name`) and length. */
  title: { name?: string; max: number }
  /** The parent field when it is not the `parentId` id with root "0" (e.g. regions by code). */
  parent?: { name: string; type: 'string'; max: number; root: string; value: string }
  /** Overrides of 排序 (0..100000, optional, default 0). */
  sort?: Partial<FieldDef>
  /** Overrides of 备注 (hidden from the list by default). */
  remark?: Partial<FieldDef>
}

/**
 * The fields of a tree table, each placed where the definition wants it: the parent picker (a tree
 * select of the same resource, hidden from the list), the title (required, searched), 排序 and 备注.
 */
export function treeFields(o: TreeFieldsOptions): {
  parent: FieldDef
  title: FieldDef
  sort: FieldDef
  remark: FieldDef
} {
  const { zh, en } = o.noun
  return {
    parent: {
      name: o.parent?.name ?? 'parentId',
      type: o.parent?.type ?? 'id',
      ...(o.parent ? { max: o.parent.max } : {}),
      label: { zh: `上级${zh}`, en: 'Parent' },
      control: 'tree',
      remote: { url: o.treeUrl, label: 'title', value: o.parent?.value ?? 'id', tree: true },
      default: o.parent?.root ?? '0',
      list: false,
    },
    title: {
      name: o.title.name ?? 'name',
      type: 'string',
      max: o.title.max,
      label: { zh: `${zh}名称`, en: 'Name' },
      required: { zh: `请输入${zh}名称`, en: `Please enter the ${en ? `${en} ` : ''}name` },
      search: 'like',
    },
    sort: {
      name: 'sort',
      type: 'int',
      min: 0,
      maxValue: 100000,
      label: { zh: '排序', en: 'Sort' },
      control: 'number',
      default: 0,
      ...o.sort,
    },
    remark: remarkField({ list: false, ...o.remark }),
  }
}

/** Character sets of names and codes, with what the message says they may contain. */
const CHARSETS = {
  code: {
    pattern: '^[A-Za-z0-9_\\-]+$',
    zh: '字母、数字、下划线和短横线',
    en: 'Letters, digits, _ and - only',
  },
  kebab: {
    pattern: '^[a-z][a-z0-9\\-]*$',
    zh: '小写字母、数字和短横线',
    en: 'Lowercase letters, digits and - only',
  },
  snake: {
    pattern: '^[a-z_][a-z0-9_]*$',
    zh: '小写字母、数字和下划线',
    en: 'Lowercase letters, digits and _ only',
  },
  word: { pattern: '^[A-Za-z][A-Za-z0-9]*$', zh: '字母和数字', en: 'Letters and digits only' },
} as const

/** A required text field (请输入<label>); with `chars`, limited to a character set (<label>只能包含…). */
export function requiredText<N extends string>(
  name: N,
  label: Text,
  max: number,
  extra: Partial<FieldDef> & { chars?: keyof typeof CHARSETS } = {},
): FieldDef & { name: N; type: 'string' } {
  const { chars, ...rest } = extra
  const set = chars ? CHARSETS[chars] : undefined
  return {
    max,
    label,
    required: { zh: `请输入${label.zh}`, en: `Please enter the ${label.en.toLowerCase()}` },
    ...(set
      ? { rules: [{ pattern: set.pattern, message: { zh: `${label.zh}只能包含${set.zh}`, en: set.en } }] }
      : {}),
    ...rest,
    name,
    type: 'string',
  }
}

/** The data source a definition reads (代码生成, SQL定义). */
export const datasourceField: FieldDef = {
  name: 'datasourceId',
  type: 'id',
  label: { zh: '数据源', en: 'Data source' },
  control: 'select',
  remote: { url: '/api/blade-develop/datasource/list', label: 'name', value: 'id' },
}
