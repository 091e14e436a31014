import { datasourceField, requiredText } from '../../resource/fields'
import { defineResource } from '../../resource/types'

/** Code generation records: a table to turn into a resource definition (`gen-code`). */
export const codeResource = defineResource({
  name: 'code',
  table: 'blade_code',
  basePath: '/api/blade-develop/code',
  label: { zh: '代码生成', en: 'Code generation' },
  tenant: false,
  permission: 'code',
  fields: [
    datasourceField,
    requiredText('codeName', { zh: '模块名', en: 'Module name' }, 64, { search: 'like' }),
    requiredText('serviceName', { zh: '服务名', en: 'Service name' }, 64, { chars: 'kebab' }),
    requiredText('tableName', { zh: '表名', en: 'Table name' }, 64, { chars: 'snake', search: 'like' }),
    { name: 'tablePrefix', type: 'string', max: 32, label: { zh: '表前缀', en: 'Table prefix' } },
    requiredText('modelName', { zh: '实体名', en: 'Model name' }, 64, { chars: 'word' }),
    { name: 'packageName', type: 'string', max: 255, label: { zh: '包名', en: 'Package' }, list: false },
    {
      name: 'tenantMode',
      type: 'int',
      label: { zh: '多租户', en: 'Tenant-owned' },
      control: 'switch',
      dict: { code: 'yes_no' },
      default: 1,
      min: 0,
      maxValue: 1,
    },
  ],
})
