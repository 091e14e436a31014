import { defineResource, type FieldDef, type ResourceDef } from '../../shared/resource/types'
import { dictBizResource, dictResource } from '../../shared/resources/system/dict'
import { regionResource } from '../../shared/resources/system/region'

/**
 * Definitions the system screens need beyond the shared ones: users (custom server routes, a page
 * answered by `list`), the three log viewers (read-only pages), and list shapes of the dictionaries
 * and regions whose servers answer other routes than the generic page expects.
 */

/** 手机号 with the three messages of the spec (blank allowed in the admin form). */
const phoneRules = [
  {
    pattern: '^$|^.{11}$',
    message: { zh: '手机号长度不是11位', en: 'The phone number must have 11 digits' },
  },
  { pattern: '^$|^1\\d{10}$', message: { zh: '手机号格式不正确', en: 'Invalid phone number' } },
]

export const userResource = defineResource({
  name: 'user',
  table: 'blade_user',
  basePath: '/api/blade-user',
  label: { zh: '用户管理', en: 'Users' },
  tenant: true,
  permission: 'user',
  routes: ['page', 'detail', 'submit', 'remove'],
  dialogWidth: 880,
  exportPath: '/api/blade-user/export-user',
  fields: [
    {
      name: 'account',
      type: 'string',
      max: 45,
      label: { zh: '登录账号', en: 'Account' },
      required: { zh: '请输入登录账号', en: 'Please enter the account' },
      rules: [
        {
          pattern: '^[A-Za-z0-9_.@-]+$',
          message: { zh: '账号只能包含字母、数字和 _ . @ -', en: 'Letters, digits, _ . @ - only' },
        },
      ],
      search: 'like',
    },
    {
      // new users only need it when the tenant has no account.initPassword; blank keeps the password on edit
      name: 'password',
      type: 'string',
      max: 128,
      label: { zh: '密码', en: 'Password' },
      control: 'password',
      list: false,
    },
    { name: 'name', type: 'string', max: 50, label: { zh: '用户昵称', en: 'Nickname' }, list: false },
    {
      name: 'realName',
      type: 'string',
      max: 50,
      label: { zh: '用户姓名', en: 'Real name' },
      required: { zh: '请输入用户姓名', en: 'Please enter the real name' },
      search: 'like',
    },
    {
      name: 'roleId',
      type: 'ids',
      label: { zh: '所属角色', en: 'Roles' },
      required: { zh: '请选择所属角色', en: 'Please select the roles' },
      control: 'multitree',
      remote: { url: '/api/blade-system/role/tree', label: 'title', value: 'id', tree: true },
      list: false,
    },
    {
      name: 'deptId',
      type: 'ids',
      label: { zh: '所属部门', en: 'Departments' },
      required: { zh: '请选择所属部门', en: 'Please select the departments' },
      control: 'multitree',
      remote: { url: '/api/blade-system/dept/tree', label: 'title', value: 'id', tree: true },
      list: false,
    },
    {
      name: 'postId',
      type: 'ids',
      label: { zh: '所属岗位', en: 'Posts' },
      control: 'multiselect',
      remote: { url: '/api/blade-system/post/select', label: 'postName', value: 'id' },
      list: false,
    },
    { name: 'roleName', type: 'string', label: { zh: '所属角色', en: 'Roles' }, form: false },
    { name: 'deptName', type: 'string', label: { zh: '所属部门', en: 'Departments' }, form: false },
    { name: 'phone', type: 'string', max: 11, label: { zh: '手机号码', en: 'Phone' }, rules: phoneRules },
    {
      name: 'email',
      type: 'string',
      max: 100,
      label: { zh: '电子邮箱', en: 'Email' },
      rules: [
        {
          pattern: '^$|^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$',
          message: { zh: '邮箱格式不正确', en: 'Invalid email' },
        },
      ],
      list: false,
    },
    {
      name: 'sex',
      type: 'int',
      label: { zh: '用户性别', en: 'Sex' },
      control: 'select',
      dict: { code: 'sex' },
      list: false,
    },
    {
      name: 'birthday',
      type: 'date',
      label: { zh: '用户生日', en: 'Birthday' },
      control: 'date',
      list: false,
    },
    { name: 'statusName', type: 'string', label: { zh: '状态', en: 'Status' }, form: false },
  ],
})

/**
 * 导入 of 用户管理 reads the columns 导出 writes (the form's labels): roles, departments and posts by
 * name as the export lists them (ids also work), which the server resolves within the tenant; an
 * unknown name refuses the whole batch with its row.
 */
export const userImportResource: ResourceDef = {
  ...userResource,
  importPath: '/api/blade-user/import-user',
  fields: (userResource.fields as readonly FieldDef[])
    .filter((f) => f.form !== false)
    .flatMap((f): FieldDef[] => {
      if (f.remote)
        return [
          {
            name: f.name.replace(/Id$/, 'Name'),
            type: 'string',
            max: 2000,
            label: f.label,
            required: f.required,
          },
        ]
      if (f.name === 'realName')
        return [f, { name: 'code', type: 'string', max: 50, label: { zh: '用户编号', en: 'Code' } }]
      return [f]
    }),
}

const logFields = (extra: FieldDef[]): FieldDef[] => [
  { name: 'serviceId', type: 'string', label: { zh: '服务ID', en: 'Service' }, search: 'like' },
  { name: 'serverHost', type: 'string', label: { zh: '服务host', en: 'Host' }, search: 'like' },
  { name: 'serverIp', type: 'string', label: { zh: '服务ip', en: 'Server IP' }, list: false },
  { name: 'env', type: 'string', label: { zh: '软件环境', en: 'Environment' } },
  ...extra,
  { name: 'method', type: 'string', label: { zh: '请求方法', en: 'Method' } },
  { name: 'requestUri', type: 'string', label: { zh: '请求接口', en: 'Request URI' } },
  { name: 'userAgent', type: 'text', label: { zh: '用户代理', en: 'User agent' }, list: false, span: 24 },
  { name: 'params', type: 'text', label: { zh: '请求数据', en: 'Params' }, list: false, span: 24 },
  { name: 'createBy', type: 'string', label: { zh: '操作人', en: 'Operator' }, list: false },
  { name: 'createTime', type: 'datetime', label: { zh: '日志时间', en: 'Time' } },
]

const logResource = (kind: string, zh: string, en: string, extra: FieldDef[]): ResourceDef =>
  defineResource({
    name: `log${kind}`,
    table: `blade_log_${kind}`,
    basePath: `/api/blade-log/${kind}`,
    label: { zh, en },
    tenant: true,
    permission: `log_${kind}`,
    routes: ['list', 'detail'],
    listIsPage: true,
    actions: { add: false, edit: false, delete: false, view: true },
    fields: logFields(extra),
  })

export const usualLogResource = logResource('usual', '通用日志', 'Service log', [
  { name: 'logLevel', type: 'string', label: { zh: '日志级别', en: 'Level' } },
  { name: 'logId', type: 'string', label: { zh: '日志业务id', en: 'Log id' }, list: false },
  { name: 'logData', type: 'text', label: { zh: '日志数据', en: 'Data' }, list: false, span: 24 },
])
export const apiLogResource = logResource('api', '接口日志', 'Request log', [
  { name: 'title', type: 'string', label: { zh: '日志名', en: 'Title' }, search: 'like' },
  { name: 'time', type: 'string', label: { zh: '执行时间', en: 'Duration' } },
])
export const errorLogResource = logResource('error', '错误日志', 'Error log', [
  { name: 'exceptionName', type: 'string', label: { zh: '异常名', en: 'Exception' } },
  { name: 'message', type: 'text', label: { zh: '异常信息', en: 'Message' }, list: false, span: 24 },
  { name: 'stackTrace', type: 'text', label: { zh: '堆栈', en: 'Stack trace' }, list: false, span: 24 },
])

/** The dictionaries' codes, listed by `parent-list` as a page (not a tree). */
const asPagedList = (def: ResourceDef): ResourceDef => {
  const { tree: _tree, ...rest } = def
  return rest
}
export const dictParent = { sys: asPagedList(dictResource), biz: asPagedList(dictBizResource) }
export const dictChild = { sys: dictResource, biz: dictBizResource }

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
