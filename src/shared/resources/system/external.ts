import { datasourceField, remarkField, requiredText } from '../../resource/fields'
import { defineResource, type FieldDef } from '../../resource/types'

/** Data exchange with outside systems: SQL, interface and resource definitions, and the tasks using them. */

const name = (zh: string): FieldDef =>
  requiredText('name', { zh: `${zh}名称`, en: 'Name' }, 100, { search: 'like' })
const code = (zh: string): FieldDef =>
  requiredText('code', { zh: `${zh}编号`, en: 'Code' }, 64, {
    chars: 'code',
    unique: { zh: '编号已存在', en: 'The code already exists' },
    search: 'like',
  })
const remark = remarkField()

export const externalSqlResource = defineResource({
  name: 'externalSql',
  table: 'lab_external_sql',
  basePath: '/api/external/sql',
  label: { zh: 'SQL定义', en: 'SQL definitions' },
  tenant: true,
  permission: 'external_sql',
  fields: [
    name('SQL'),
    code('SQL'),
    datasourceField,
    {
      name: 'sqlText',
      type: 'text',
      max: 20000,
      label: { zh: 'SQL语句', en: 'SQL' },
      required: { zh: '请输入SQL语句', en: 'Please enter the SQL' },
      control: 'textarea',
      span: 24,
    },
    remark,
  ],
})

export const externalInterfaceResource = defineResource({
  name: 'externalInterface',
  table: 'lab_external_interface',
  basePath: '/api/external/interface',
  label: { zh: '接口定义', en: 'Interface definitions' },
  tenant: true,
  permission: 'external_interface',
  fields: [
    name('接口'),
    code('接口'),
    {
      name: 'method',
      type: 'string',
      max: 10,
      label: { zh: '请求方式', en: 'Method' },
      required: { zh: '请选择请求方式', en: 'Please select the method' },
      control: 'select',
      options: [
        { label: { zh: 'GET', en: 'GET' }, value: 'GET' },
        { label: { zh: 'POST', en: 'POST' }, value: 'POST' },
      ],
      rules: [
        { pattern: '^(GET|POST)$', message: { zh: '请求方式只能是 GET 或 POST', en: 'GET or POST only' } },
      ],
    },
    {
      name: 'url',
      type: 'string',
      max: 500,
      label: { zh: '接口地址', en: 'URL' },
      required: { zh: '请输入接口地址', en: 'Please enter the URL' },
      rules: [
        {
          pattern: '^https?://',
          message: {
            zh: '接口地址必须以 http:// 或 https:// 开头',
            en: 'The URL must start with http(s)://',
          },
        },
      ],
      span: 24,
    },
    {
      name: 'headers',
      type: 'text',
      max: 4000,
      label: { zh: '请求头(JSON)', en: 'Headers (JSON)' },
      control: 'textarea',
      list: false,
      span: 24,
    },
    {
      name: 'params',
      type: 'text',
      max: 4000,
      label: { zh: '请求参数(JSON)', en: 'Parameters (JSON)' },
      control: 'textarea',
      list: false,
      span: 24,
    },
    remark,
  ],
})

export const externalResourceResource = defineResource({
  name: 'externalResource',
  table: 'lab_external_resource',
  basePath: '/api/external/resource',
  label: { zh: '外部资源', en: 'External resources' },
  tenant: true,
  permission: 'external_resource',
  fields: [
    name('资源'),
    code('资源'),
    {
      name: 'resourceType',
      type: 'int',
      label: { zh: '资源类型', en: 'Type' },
      required: { zh: '请选择资源类型', en: 'Please select the type' },
      control: 'select',
      dict: { code: 'external_resource_type' },
      search: 'equal',
    },
    {
      name: 'url',
      type: 'string',
      max: 500,
      label: { zh: '资源地址', en: 'Address' },
      required: { zh: '请输入资源地址', en: 'Please enter the address' },
      span: 24,
    },
    { name: 'username', type: 'string', max: 100, label: { zh: '账号', en: 'Account' } },
    {
      name: 'password',
      type: 'string',
      max: 255,
      label: { zh: '密码', en: 'Password' },
      control: 'password',
      list: false,
    },
    remark,
  ],
})

export const externalTaskResource = defineResource({
  name: 'externalTask',
  table: 'lab_external_task',
  basePath: '/api/external/externaltask',
  label: { zh: '对接任务', en: 'Exchange tasks' },
  tenant: true,
  permission: 'external_task',
  fields: [
    name('任务'),
    code('任务'),
    {
      name: 'sqlId',
      type: 'id',
      label: { zh: 'SQL定义', en: 'SQL' },
      control: 'select',
      remote: { url: '/api/external/sql/list', label: 'name', value: 'id' },
    },
    {
      name: 'interfaceId',
      type: 'id',
      label: { zh: '接口定义', en: 'Interface' },
      control: 'select',
      remote: { url: '/api/external/interface/list', label: 'name', value: 'id' },
    },
    {
      name: 'cron',
      type: 'string',
      max: 64,
      label: { zh: '执行周期(cron)', en: 'Schedule (cron)' },
      rules: [
        {
          pattern: '^[0-9*/,?LW#\\- ]*$',
          message: { zh: 'cron 表达式格式不正确', en: 'Invalid cron expression' },
        },
      ],
    },
    {
      name: 'enabled',
      type: 'int',
      label: { zh: '是否启用', en: 'Enabled' },
      control: 'switch',
      dict: { code: 'yes_no' },
      default: 0,
      min: 0,
      maxValue: 1,
    },
    { name: 'lastRunTime', type: 'datetime', label: { zh: '最近执行时间', en: 'Last run' }, form: false },
    {
      name: 'lastRunResult',
      type: 'string',
      max: 500,
      label: { zh: '最近执行结果', en: 'Last result' },
      form: false,
    },
    remark,
  ],
})
