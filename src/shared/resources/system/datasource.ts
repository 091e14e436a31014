import { defineResource } from '../../resource/types'
import { remarkField } from '../../resource/fields'

/** Data sources for code generation and tenant databases. Platform-wide; the password never leaves. */
export const datasourceResource = defineResource({
  name: 'datasource',
  table: 'blade_datasource',
  basePath: '/api/blade-develop/datasource',
  label: { zh: '数据源管理', en: 'Data sources' },
  tenant: false,
  permission: 'datasource',
  fields: [
    {
      name: 'name',
      type: 'string',
      max: 100,
      label: { zh: '名称', en: 'Name' },
      required: { zh: '请输入数据源名称', en: 'Please enter the name' },
      search: 'like',
    },
    {
      name: 'driverClass',
      type: 'string',
      max: 100,
      label: { zh: '驱动类', en: 'Driver' },
      required: { zh: '请选择驱动类', en: 'Please select the driver' },
      control: 'select',
      options: [
        { label: { zh: 'PostgreSQL', en: 'PostgreSQL' }, value: 'org.postgresql.Driver' },
        { label: { zh: 'MySQL', en: 'MySQL' }, value: 'com.mysql.cj.jdbc.Driver' },
        { label: { zh: 'Oracle', en: 'Oracle' }, value: 'oracle.jdbc.OracleDriver' },
        {
          label: { zh: 'SQL Server', en: 'SQL Server' },
          value: 'com.microsoft.sqlserver.jdbc.SQLServerDriver',
        },
      ],
    },
    {
      name: 'url',
      type: 'string',
      max: 500,
      label: { zh: '连接地址', en: 'URL' },
      required: { zh: '请输入连接地址', en: 'Please enter the URL' },
      span: 24,
    },
    {
      name: 'username',
      type: 'string',
      max: 45,
      label: { zh: '用户名', en: 'User' },
      required: { zh: '请输入用户名', en: 'Please enter the user name' },
    },
    {
      name: 'password',
      type: 'string',
      max: 100,
      label: { zh: '密码', en: 'Password' },
      control: 'password',
      list: false,
    },
    remarkField(),
  ],
})
