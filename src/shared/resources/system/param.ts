import { defineResource } from '../../resource/types'
import { remarkField } from '../../resource/fields'

/** System parameters (spec 2.3 parameter editor, 5 validation). Platform-wide: no tenant column. */
export const paramResource = defineResource({
  name: 'param',
  table: 'blade_param',
  basePath: '/api/blade-system/param',
  label: { zh: '参数管理', en: 'Parameters' },
  tenant: false,
  permission: 'param',
  routes: ['list', 'page', 'detail', 'submit', 'remove'],
  fields: [
    {
      name: 'paramName',
      type: 'string',
      max: 255,
      label: { zh: '参数名称', en: 'Name' },
      required: { zh: '请输入参数名称', en: 'Please enter the parameter name' },
      search: 'like',
    },
    {
      name: 'paramKey',
      type: 'string',
      max: 255,
      label: { zh: '参数键名', en: 'Key' },
      required: { zh: '请输入参数键名', en: 'Please enter the parameter key' },
      unique: { zh: '参数键名已存在', en: 'The parameter key already exists' },
      search: 'like',
    },
    {
      name: 'paramValue',
      type: 'text',
      label: { zh: '参数键值', en: 'Value' },
      required: { zh: '请输入参数键值', en: 'Please enter the parameter value' },
      control: 'textarea',
      list: true,
      span: 24,
    },
    remarkField(),
  ],
})
