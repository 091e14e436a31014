import { z } from 'zod'
import { answer, GET, POST } from './endpoint'
import { BladeQuery, Id, ID_PATTERN } from './common'
import { accountSchema, phoneSchema } from '../resources/system/user'

/**
 * Request shapes of the user routes beyond list-and-edit (the form's rules are the definition's,
 * src/shared/resources/system/user.ts), with the messages the server answers.
 */
const blank = (v: unknown) => (v === '' || v === null ? undefined : v)
const text = (max: number, tooLong: string) =>
  z.preprocess(blank, z.string({ error: tooLong }).trim().max(max, { error: tooLong }).optional())
const TenantId = z.string().regex(/^\d{6}$/, { error: '租户ID格式不正确' })

/** Comma-joined ids (`userIds=1,2`), deduplicated; `what` names them in the messages. */
export const idsParam = (what = '用户') =>
  z
    .string({ error: `请选择${what}` })
    .trim()
    .min(1, { error: `请选择${what}` })
    .max(20000, { error: `${what}过多` })
    .refine((v) => v.split(',').every((p) => ID_PATTERN.test(p.trim())), { error: `${what}格式不正确` })
    .transform((v) => [...new Set(v.split(',').map((p) => p.trim()))])

/** A password as sign-in sends it: md5 hex (lower-cased here). */
const md5 = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing })
    .regex(/^[0-9a-fA-F]{32}$/, { error: '密码格式不正确' })
    .transform((v) => v.toLowerCase())

/** 个人信息: the caller's own name, phone (required, the spec's three messages), email and avatar. */
export const infoForm = z
  .object({
    name: text(50, '昵称长度不能超过50个字符'),
    realName: text(50, '姓名长度不能超过50个字符'),
    phone: phoneSchema,
    email: z.preprocess(
      blank,
      z.email({ error: '邮箱格式不正确' }).max(100, { error: '邮箱过长' }).optional(),
    ),
    avatar: text(1000, '头像地址过长'),
  })
  .strip()

export const passwordForm = z.object({
  oldPassword: md5('请输入原密码'),
  newPassword: md5('请输入新密码'),
  newPassword1: md5('请输入确认密码'),
})

/** 账号注册 on the sign-in page: the tenant is named, the guest role is given by the server. */
export const registerForm = z.object({
  tenantId: z
    .string({ error: '请先输入租户ID' })
    .trim()
    .regex(/^\d{6}$/, { error: '请先输入租户ID' }),
  name: text(50, '姓名长度不能超过50个字符'),
  account: accountSchema,
  password: md5('请先输入密码'),
  oauthId: text(64, '第三方账号过长'),
})

/** Whether an account is taken in the tenant (`id`: the user being edited, who may keep theirs). */
export const repetitionQuery = z
  .object({
    account: accountSchema,
    id: Id().optional().or(z.literal('')),
    tenantId: TenantId.optional().or(z.literal('')),
  })
  .loose()

const userType = z.coerce
  .number({ error: '用户平台不正确' })
  .int()
  .min(1, { error: '用户平台不正确' })
  .max(3, { error: '用户平台不正确' })

/** 平台配置: the user's extension JSON for one platform (user_type 1 WEB, 2 APP, 3 OTHER). */
export const platformInput = z.object({
  userId: z.string({ error: '请选择用户' }).regex(ID_PATTERN, { error: '主键格式不正确' }),
  userType,
  userExt: z.string().max(10000, { error: '扩展信息过长' }).optional(),
})
export const platformQuery = z
  .object({
    id: z.string({ error: '缺少参数 id' }).regex(ID_PATTERN, { error: '主键格式不正确' }),
    userType: userType.optional(),
  })
  .loose()

/** A user on the wire (BladeX UserVO): never the password; role, dept, post and tenant names joined. */
export interface UserView {
  id: string
  tenantId: string
  tenantName: string
  account: string
  name: string | null
  realName: string | null
  roleId: string
  deptId: string
  postId: string
  roleName: string
  deptName: string
  postName: string
  [key: string]: unknown
}

export const userApi = {
  /** Users matching BladeX filters, unpaged (at most 10,000), within the caller's tenant and data scope. */
  userList: GET('/api/blade-user/user-list', { query: BladeQuery, answer: answer<UserView[]>() }),
}

/** The signed-in user's own record (个人信息): open to every signed-in user. */
export interface OwnInfo {
  id?: string
  avatar?: string
  realName?: string
  name?: string
  phone?: string
  email?: string
  roleId?: string
  roleName?: string
  [key: string]: unknown
}

/** 个人信息 and 修改密码 of the signed-in user. */
export const ownAccountApi = {
  info: GET('/api/blade-user/info', { answer: answer<OwnInfo>() }),
  updateInfo: POST('/api/blade-user/update-info', { body: infoForm }),
  /** The passwords as md5 hex, as sign-in sends them; 原密码 is checked before the change. */
  updatePassword: POST('/api/blade-user/update-password', { query: passwordForm }),
}

/** The row actions of 用户管理 beyond list-and-edit. */
export const userActionsApi = {
  grant: POST('/api/blade-user/grant', {
    query: z.object({ userIds: idsParam(), roleIds: idsParam('角色') }),
  }),
  resetPassword: POST('/api/blade-user/reset-password', { query: z.object({ userIds: idsParam() }) }),
  unlock: POST('/api/blade-user/unlock', { query: z.object({ userIds: idsParam() }) }),
  auditPass: POST('/api/blade-user/audit-pass', { query: z.object({ ids: idsParam() }) }),
  /** The user's extension JSON for one platform (user_type). */
  platformDetail: GET('/api/blade-user/platform-detail', {
    query: z.object({ id: Id(), userType: z.string() }),
    answer: answer<{ userExt?: string | null } | null>(),
  }),
  updatePlatform: POST('/api/blade-user/update-platform', {
    body: z.object({ userId: Id(), userType: z.string(), userExt: z.string() }),
  }),
  /** 扩展信息: free-form name/value pairs of a user. */
  userOther: GET('/api/blade-user/user-other', {
    query: z.object({ userId: Id() }),
    answer: answer<Record<string, unknown> | null>(),
  }),
  saveUserOther: POST('/api/blade-user/saveUserOther', {
    body: z.object({ userId: Id() }).catchall(z.unknown()),
  }),
}
