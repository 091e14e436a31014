import { treeFields } from '../../resource/fields'
import { defineResource, type FieldDef, type ResourceDef } from '../../resource/types'

const tree = treeFields({
  noun: { zh: '区划', en: 'region' },
  treeUrl: '/api/blade-system/region/lazy-tree',
  title: { max: 64 },
  parent: { name: 'parentCode', type: 'string', max: 12, root: '00', value: 'value' },
  remark: { list: true },
})

/** Administrative regions (GB/T 2260), keyed by code; a lazy tree by parentCode. Platform-wide. */
export const regionResource = defineResource({
  name: 'region',
  table: 'blade_region',
  basePath: '/api/blade-system/region',
  label: { zh: '行政区划', en: 'Regions' },
  tenant: false,
  key: 'code',
  permission: 'region',
  tree: {
    parentField: 'parentCode',
    titleField: 'name',
    lazy: true,
    lazyLevels: { route: 'lazy-tree', param: 'parentCode', root: '00' },
  },
  routes: ['list', 'detail', 'submit', 'remove'],
  listIsPage: true,
  defaultSort: { field: 'sort', desc: false, ties: 'asc' },
  fields: [
    tree.parent,
    tree.title,
    {
      name: 'code',
      type: 'string',
      max: 12,
      label: { zh: '区划编号', en: 'Code' },
      required: { zh: '请输入区划编号', en: 'Please enter the region code' },
      rules: [{ pattern: '^\\d{2,12}$', message: { zh: '区划编号必须是2到12位数字', en: '2 to 12 digits' } }],
      search: 'like',
    },
    {
      name: 'regionLevel',
      type: 'int',
      min: 1,
      maxValue: 5,
      label: { zh: '区划层级', en: 'Level' },
      required: { zh: '请选择区划层级', en: 'Please select the level' },
      control: 'select',
      dict: { code: 'region' },
      search: 'equal',
    },
    tree.sort,
    tree.remark,
  ],
})

/**
 * 行政区划 is the lazy tree of `lazy-tree?parentCode=`, whose rows carry every field (no detail
 * call: the server's detail is by `code`); no search bar, as the lazy levels take no filters. The
 * parent is typed as a code: a picker would list only the provinces (the tree is lazy).
 */
export const regionTree: ResourceDef = {
  ...regionResource,
  routes: ['submit', 'remove'],
  fields: (regionResource.fields as readonly FieldDef[]).map(({ search: _search, ...f }) =>
    f.name === 'parentCode'
      ? {
          ...f,
          control: 'input',
          remote: undefined,
          label: { zh: '上级区划编号', en: 'Parent code' },
          rules: [
            {
              pattern: '^\\d{2,12}$',
              message: { zh: '上级区划编号必须是2到12位数字', en: '2 to 12 digits' },
            },
          ],
        }
      : f,
  ),
}
