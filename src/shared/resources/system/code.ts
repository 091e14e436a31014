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
    {
      name: 'datasourceId',
      type: 'id',
      label: { zh: '数据源', en: 'Data source' },
      control: 'select',
      remote: { url: '/api/blade-develop/datasource/list', label: 'name', value: 'id' },
    },
    {
      name: 'codeName',
      type: 'string',
      max: 64,
      label: { zh: '模块名', en: 'Module' },
      required: { zh: '请输入模块名', en: 'Please enter the module name' },
      search: 'like',
    },
    {
      name: 'serviceName',
      type: 'string',
      max: 64,
      label: { zh: '服务名', en: 'Service' },
      required: { zh: '请输入服务名', en: 'Please enter the service name' },
      rules: [
        {
          pattern: '^[a-z][a-z0-9\\-]*$',
          message: { zh: '服务名只能包含小写字母、数字和短横线', en: 'Lowercase letters, digits and - only' },
        },
      ],
    },
    {
      name: 'tableName',
      type: 'string',
      max: 64,
      label: { zh: '表名', en: 'Table' },
      required: { zh: '请输入表名', en: 'Please enter the table name' },
      rules: [
        {
          pattern: '^[a-z_][a-z0-9_]*$',
          message: { zh: '表名只能包含小写字母、数字和下划线', en: 'Lowercase letters, digits and _ only' },
        },
      ],
      search: 'like',
    },
    { name: 'tablePrefix', type: 'string', max: 32, label: { zh: '表前缀', en: 'Table prefix' } },
    {
      name: 'modelName',
      type: 'string',
      max: 64,
      label: { zh: '实体名', en: 'Model' },
      required: { zh: '请输入实体名', en: 'Please enter the model name' },
      rules: [
        {
          pattern: '^[A-Za-z][A-Za-z0-9]*$',
          message: { zh: '实体名只能包含字母和数字', en: 'Letters and digits only' },
        },
      ],
    },
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
