import { z } from 'zod'
import { ID_PATTERN as ID } from '../../shared/api/common'
import { accountSchema, phoneSchema } from '../../shared/resources/system/user'

/**
 * Request shapes of /api/blade-user/*, with the messages the forms show. The account and phone rules
 * are the user definition's (src/shared/resources/system/user.ts).
 */
const blank = (v: unknown) => (v === '' || v === null ? undefined : v)

const idsText = (what: string) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v.join(',') : blank(v)),
    z
      .string()
      .max(2000, { error: `${what}过多` })
      .refine((v) => v.split(',').every((p) => ID.test(p.trim())), { error: `${what}格式不正确` })
      .transform((v) => [...new Set(v.split(',').map((p) => p.trim()))].join(','))
      .optional(),
  )

const text = (max: number, tooLong: string) =>
  z.preprocess(blank, z.string({ error: tooLong }).trim().max(max, { error: tooLong }).optional())

const optionalPhone = z.preprocess(blank, phoneSchema.optional())
const email = z.preprocess(
  blank,
  z.email({ error: '邮箱格式不正确' }).max(100, { error: '邮箱过长' }).optional(),
)
const avatar = text(1000, '头像地址过长')

/** The admin form (submit/update). Unknown keys are dropped: no tenant, audit or password columns by accident. */
export const userForm = z
  .object({
    id: z.preprocess(blank, z.coerce.string().regex(ID, { error: '主键格式不正确' }).optional()),
    tenantId: z.preprocess(
      blank,
      z
        .string()
        .regex(/^\d{6}$/, { error: '租户ID格式不正确' })
        .optional(),
    ),
    account: z.preprocess(blank, accountSchema.optional()),
    password: z.preprocess(blank, z.string().max(128, { error: '密码过长' }).optional()),
    password2: z.preprocess(blank, z.string().max(128).optional()),
    name: text(50, '昵称长度不能超过50个字符'),
    realName: text(50, '姓名长度不能超过50个字符'),
    code: text(50, '编号长度不能超过50个字符'),
    email,
    phone: optionalPhone,
    avatar,
    birthday: z.preprocess(
      blank,
      z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, { error: '生日格式不正确' })
        .optional(),
    ),
    sex: z.preprocess(
      blank,
      z.coerce
        .number({ error: '性别不正确' })
        .int()
        .min(1, { error: '性别不正确' })
        .max(3, { error: '性别不正确' })
        .optional(),
    ),
    userType: z.preprocess(
      blank,
      z.coerce
        .number({ error: '用户平台不正确' })
        .int()
        .min(1, { error: '用户平台不正确' })
        .max(3, { error: '用户平台不正确' })
        .optional(),
    ),
    roleId: idsText('角色'),
    deptId: idsText('部门'),
    postId: idsText('岗位'),
    oauthId: text(64, '第三方账号过长'),
    status: z.preprocess(blank, z.coerce.number().int().min(0).max(1, { error: '状态不正确' }).optional()),
  })
  .strip()
export type UserForm = z.infer<typeof userForm>

export const infoForm = z
  .object({
    name: text(50, '昵称长度不能超过50个字符'),
    realName: text(50, '姓名长度不能超过50个字符'),
    phone: phoneSchema,
    email,
    avatar,
  })
  .strip()

const md5 = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, { error: missing })
    .regex(/^[0-9a-fA-F]{32}$/, { error: '密码格式不正确' })
    .transform((v) => v.toLowerCase())

export const passwordForm = z.object({
  oldPassword: md5('请输入原密码'),
  newPassword: md5('请输入新密码'),
  newPassword1: md5('请输入确认密码'),
})

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

export const idsParam = (what = '用户') =>
  z
    .string({ error: `请选择${what}` })
    .trim()
    .min(1, { error: `请选择${what}` })
    .max(20000, { error: `${what}过多` })
    .refine((v) => v.split(',').every((p) => ID.test(p.trim())), { error: `${what}格式不正确` })
    .transform((v) => [...new Set(v.split(',').map((p) => p.trim()))])
