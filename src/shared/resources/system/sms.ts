import { defineResource } from '../../resource/types'

/** SMS configurations; one is enabled per tenant (status 2); the default provider records messages. */
export const smsResource = defineResource({
  name: 'sms',
  table: 'blade_sms',
  basePath: '/api/blade-resource/sms',
  label: { zh: '短信配置', en: 'SMS' },
  tenant: true,
  permission: 'sms',
  fields: [
    {
      name: 'category',
      type: 'int',
      label: { zh: '分类', en: 'Category' },
      required: { zh: '请选择分类', en: 'Please select the category' },
      control: 'select',
      dict: { code: 'sms' },
      search: 'equal',
    },
    {
      name: 'smsCode',
      type: 'string',
      max: 32,
      label: { zh: '资源编号', en: 'Code' },
      required: { zh: '请输入资源编号', en: 'Please enter the code' },
      unique: { zh: '资源编号已存在', en: 'The code already exists' },
      search: 'like',
    },
    {
      name: 'templateId',
      type: 'string',
      max: 64,
      label: { zh: '模板ID', en: 'Template id' },
      required: { zh: '请输入模板ID', en: 'Please enter the template id' },
    },
    { name: 'accessKey', type: 'string', max: 255, label: { zh: 'accessKey', en: 'Access key' } },
    {
      name: 'secretKey',
      type: 'string',
      max: 255,
      label: { zh: 'secretKey', en: 'Secret key' },
      control: 'password',
      list: false,
    },
    { name: 'regionId', type: 'string', max: 255, label: { zh: 'regionId', en: 'Region' }, list: false },
    { name: 'signName', type: 'string', max: 64, label: { zh: '短信签名', en: 'Signature' } },
    {
      name: 'remark',
      type: 'string',
      max: 255,
      label: { zh: '备注', en: 'Remark' },
      control: 'textarea',
      span: 24,
    },
  ],
})
