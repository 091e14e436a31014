import { defineResource } from '../../resource/types'
import { providerConfigFields } from './provider-config'

/** SMS configurations; one is enabled per tenant (status 2); the default provider records messages. */
export const smsResource = defineResource({
  name: 'sms',
  table: 'blade_sms',
  basePath: '/api/blade-resource/sms',
  label: { zh: '短信配置', en: 'SMS' },
  tenant: true,
  permission: 'sms',
  fields: providerConfigFields(
    'sms',
    {
      name: 'templateId',
      type: 'string',
      max: 64,
      label: { zh: '模板ID', en: 'Template id' },
      required: { zh: '请输入模板ID', en: 'Please enter the template id' },
    },
    [
      { name: 'regionId', type: 'string', max: 255, label: { zh: 'regionId', en: 'Region' }, list: false },
      { name: 'signName', type: 'string', max: 64, label: { zh: '短信签名', en: 'Signature' } },
    ],
  ),
})
