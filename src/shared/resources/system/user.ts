import { z } from 'zod'
import { defineResource, type FieldDef, type ResourceDef } from '../../resource/types'

/**
 * 用户管理 (`/api/blade-user/*`): the engine serves list, page, detail, submit, update and remove from
 * this definition; grants, passwords, platforms, imports and exports are the area's own routes. The
 * import reads the columns the export writes.
 */

/**
 * The user rules every consumer shares (the form, the server's request shapes, the personal-info
 * page): they live here once.
 */

/** 手机号 (spec 5): 11 digits starting with 1; the messages in the order the rules are checked. */
export const PHONE_MESSAGES = {
  empty: { zh: '手机号不能为空', en: 'Phone number cannot be empty' },
  length: { zh: '手机号长度不是11位', en: 'The phone number must have 11 digits' },
  format: { zh: '手机号格式不正确', en: 'Invalid phone number' },
} as const
const PHONE_LENGTH = 11
const PHONE_PATTERN = '^1\\d{10}$'

/** The first phone rule `value` breaks, or null when it is a valid phone number. */
export function phoneProblem(value: string | null | undefined): keyof typeof PHONE_MESSAGES | null {
  const phone = (value ?? '').trim()
  if (phone === '') return 'empty'
  if (phone.length !== PHONE_LENGTH) return 'length'
  if (!new RegExp(PHONE_PATTERN).test(phone)) return 'format'
  return null
}

/** A required phone number as the server reads it (trimmed), with the spec's messages. */
export const phoneSchema = z
  .string({ error: PHONE_MESSAGES.empty.zh })
  .trim()
  .superRefine((value, ctx) => {
    const problem = phoneProblem(value)
    if (problem) ctx.addIssue({ code: 'custom', message: PHONE_MESSAGES[problem].zh })
  })

/** 手机号 in the admin form: blank allowed, else the length and format rules. */
const phoneRules = [
  { pattern: `^$|^.{${PHONE_LENGTH}}$`, message: PHONE_MESSAGES.length },
  { pattern: `^$|${PHONE_PATTERN}`, message: PHONE_MESSAGES.format },
]

/** 登录账号: at most 45 letters, digits and `_ . @ -`. */
export const ACCOUNT_MAX = 45
const accountRule = {
  pattern: '^[A-Za-z0-9_.@-]+$',
  message: { zh: '账号只能包含字母、数字和 _ . @ -', en: 'Letters, digits, _ . @ - only' },
}

/** An account as the server reads it (trimmed), with the messages of the sign-up and admin forms. */
export const accountSchema = z
  .string({ error: '请输入账号' })
  .trim()
  .min(1, { error: '请输入账号' })
  .max(ACCOUNT_MAX, { error: `账号长度不能超过${ACCOUNT_MAX}个字符` })
  .regex(new RegExp(accountRule.pattern), { error: accountRule.message.zh })

export const userResource = defineResource({
  name: 'user',
  table: 'blade_user',
  basePath: '/api/blade-user',
  label: { zh: '用户管理', en: 'Users' },
  tenant: true,
  permission: 'user',
  routes: ['list', 'page', 'detail', 'submit', 'update', 'remove'],
  dialogWidth: 880,
  exportPath: '/api/blade-user/export-user',
  fields: [
    {
      name: 'account',
      type: 'string',
      max: ACCOUNT_MAX,
      label: { zh: '登录账号', en: 'Account' },
      required: { zh: '请输入登录账号', en: 'Please enter the account' },
      rules: [accountRule],
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
      min: 1,
      maxValue: 3,
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
    // BladeX UserVO fields the form leaves out: clients may still send them.
    {
      name: 'code',
      type: 'string',
      max: 50,
      label: { zh: '用户编号', en: 'Code' },
      form: false,
      list: false,
    },
    {
      name: 'avatar',
      type: 'string',
      max: 1000,
      label: { zh: '头像', en: 'Avatar' },
      form: false,
      list: false,
    },
    {
      name: 'userType',
      type: 'int',
      min: 1,
      maxValue: 3,
      label: { zh: '用户平台', en: 'Platform' },
      form: false,
      list: false,
    },
    {
      name: 'oauthId',
      type: 'string',
      max: 64,
      label: { zh: '第三方账号', en: 'OAuth id' },
      form: false,
      list: false,
    },
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
