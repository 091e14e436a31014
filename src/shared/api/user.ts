import { z } from 'zod'
import { answer, GET, POST } from './endpoint'
import { BladeQuery, Id } from './common'

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

const UserIds = z.string({ error: '请选择用户' }).min(1, '请选择用户')
const Md5 = (label: string) =>
  z.string({ error: `请输入${label}` }).regex(/^[0-9a-f]{32}$/i, `${label}格式不正确`)

/** 个人信息 and 修改密码 of the signed-in user. */
export const ownAccountApi = {
  info: GET('/api/blade-user/info', { answer: answer<OwnInfo>() }),
  updateInfo: POST('/api/blade-user/update-info', {
    body: z.object({
      id: z.string().optional(),
      avatar: z.string(),
      realName: z.string(),
      name: z.string(),
      phone: z.string(),
      email: z.string(),
    }),
  }),
  /** The passwords as md5 hex, as sign-in sends them; 原密码 is checked before the change. */
  updatePassword: POST('/api/blade-user/update-password', {
    query: z.object({
      oldPassword: Md5('原密码'),
      newPassword: Md5('新密码'),
      newPassword1: Md5('确认密码'),
    }),
  }),
}

/** The row actions of 用户管理 beyond list-and-edit. */
export const userActionsApi = {
  grant: POST('/api/blade-user/grant', {
    query: z.object({ userIds: UserIds, roleIds: z.string({ error: '请选择角色' }).min(1, '请选择角色') }),
  }),
  resetPassword: POST('/api/blade-user/reset-password', { query: z.object({ userIds: UserIds }) }),
  unlock: POST('/api/blade-user/unlock', { query: z.object({ userIds: UserIds }) }),
  auditPass: POST('/api/blade-user/audit-pass', { query: z.object({ ids: UserIds }) }),
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
