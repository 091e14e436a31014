import { defineResource } from '../../resource/types'
import { providerConfigFields } from './provider-config'

/** Object storage configurations; one is enabled per tenant (status 2), local disk when none. */
export const ossResource = defineResource({
  name: 'oss',
  table: 'blade_oss',
  basePath: '/api/blade-resource/oss',
  label: { zh: '对象存储', en: 'Object storage' },
  tenant: true,
  permission: 'oss',
  fields: providerConfigFields(
    'oss',
    {
      name: 'endpoint',
      type: 'string',
      max: 255,
      label: { zh: '资源地址', en: 'Endpoint' },
      required: { zh: '请输入资源地址', en: 'Please enter the endpoint' },
    },
    [
      { name: 'bucketName', type: 'string', max: 255, label: { zh: '空间名', en: 'Bucket' } },
      { name: 'appId', type: 'string', max: 255, label: { zh: '应用ID', en: 'App id' }, list: false },
      { name: 'region', type: 'string', max: 255, label: { zh: '地域简称', en: 'Region' }, list: false },
    ],
  ),
})
