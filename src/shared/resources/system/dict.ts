import { defineResource, type FieldDef, type ResourceDef } from '../../resource/types'

/**
 * Dictionaries (contract 5.4): `blade_dict` is platform-wide, `blade_dict_biz` belongs to a tenant.
 * Roots (parentId 0) name a code; their children are its items. detail, submit, remove and tree are
 * the engine's (rules in `server/system/dict-routes.ts` hooks); parent-list, child-list, dictionary
 * and dictionary-tree are the dictionary lists beside them.
 */
const fields: FieldDef[] = [
  {
    name: 'parentId',
    type: 'id',
    label: { zh: '上级字典', en: 'Parent' },
    control: 'tree',
    remote: { url: '/api/blade-system/dict/tree', label: 'title', value: 'id', tree: true },
    default: '0',
    list: false,
  },
  {
    name: 'code',
    type: 'string',
    max: 255,
    label: { zh: '字典编号', en: 'Code' },
    required: { zh: '请输入字典编号', en: 'Please enter the dictionary code' },
    rules: [
      {
        pattern: '^[A-Za-z0-9_\\-]+$',
        message: { zh: '字典编号只能包含字母、数字、下划线和短横线', en: 'Letters, digits, _ and - only' },
      },
    ],
    search: 'like',
  },
  {
    name: 'dictValue',
    type: 'string',
    max: 255,
    label: { zh: '字典名称', en: 'Name' },
    required: { zh: '请输入字典名称', en: 'Please enter the dictionary name' },
    search: 'like',
  },
  {
    name: 'sort',
    type: 'int',
    min: 0,
    maxValue: 100000,
    label: { zh: '字典排序', en: 'Sort' },
    required: { zh: '请输入字典排序', en: 'Please enter the dictionary sort' },
    control: 'number',
  },
  {
    name: 'dictKey',
    type: 'string',
    max: 255,
    label: { zh: '字典键值', en: 'Key' },
    required: { zh: '请输入字典键值', en: 'Please enter the dictionary key value' },
  },
  {
    name: 'isSealed',
    type: 'int',
    min: 0,
    maxValue: 1,
    label: { zh: '封存', en: 'Sealed' },
    required: { zh: '请选择封存', en: 'Please select sealed' },
    control: 'switch',
    dict: { code: 'yes_no' },
    default: 0,
  },
  {
    name: 'remark',
    type: 'string',
    max: 255,
    label: { zh: '字典备注', en: 'Remark' },
    control: 'textarea',
    span: 24,
  },
]

export const dictResource = defineResource({
  name: 'dict',
  table: 'blade_dict',
  basePath: '/api/blade-system/dict',
  label: { zh: '系统字典', en: 'System dictionary' },
  tenant: false,
  permission: 'dict',
  dialogWidth: 880,
  tree: { parentField: 'parentId', titleField: 'dictValue' },
  routes: ['detail', 'submit', 'remove', 'tree'],
  defaultSort: { field: 'sort', desc: false, ties: 'asc' },
  fields,
})

export const dictBizResource = defineResource({
  name: 'dictBiz',
  table: 'blade_dict_biz',
  basePath: '/api/blade-system/dict-biz',
  label: { zh: '业务字典', en: 'Business dictionary' },
  tenant: true,
  permission: 'dictbiz',
  dialogWidth: 880,
  tree: { parentField: 'parentId', titleField: 'dictValue' },
  routes: ['detail', 'submit', 'remove', 'tree'],
  defaultSort: { field: 'sort', desc: false, ties: 'asc' },
  fields: fields.map((f) =>
    f.name === 'parentId'
      ? { ...f, remote: { url: '/api/blade-system/dict-biz/tree', label: 'title', value: 'id', tree: true } }
      : f,
  ),
})

/** The dictionaries' codes, listed by `parent-list` as a page (not a tree). */
const asPagedList = (def: ResourceDef): ResourceDef => {
  const { tree: _tree, ...rest } = def
  return rest
}
export const dictParent = { sys: asPagedList(dictResource), biz: asPagedList(dictBizResource) }
export const dictChild = { sys: dictResource, biz: dictBizResource }
