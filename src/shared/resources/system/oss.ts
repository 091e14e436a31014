import { defineResource } from '../../resource/types'

/** Object storage configurations; one is enabled per tenant (status 2), local disk when none. */
export const ossResource = defineResource({
  name: 'oss',
  table: 'blade_oss',
  basePath: '/api/blade-resource/oss',
  label: { zh: '对象存储', en: 'Object storage' },
  tenant: true,
  permission: 'oss',
  fields: [
    {
      name: 'category',
      type: 'int',
      label: { zh: '分类', en: 'Category' },
      required: { zh: '请选择分类', en: 'Please select the category' },
      control: 'select',
      dict: { code: 'oss' },
      search: 'equal',
    },
    {
      name: 'ossCode',
      type: 'string',
      max: 32,
      label: { zh: '资源编号', en: 'Code' },
      required: { zh: '请输入资源编号', en: 'Please enter the code' },
      unique: { zh: '资源编号已存在', en: 'The code already exists' },
      search: 'like',
    },
    {
      name: 'endpoint',
      type: 'string',
      max: 255,
      label: { zh: '资源地址', en: 'Endpoint' },
      required: { zh: '请输入资源地址', en: 'Please enter the endpoint' },
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
    { name: 'bucketName', type: 'string', max: 255, label: { zh: '空间名', en: 'Bucket' } },
    { name: 'appId', type: 'string', max: 255, label: { zh: '应用ID', en: 'App id' }, list: false },
    { name: 'region', type: 'string', max: 255, label: { zh: '地域简称', en: 'Region' }, list: false },
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
