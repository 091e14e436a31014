import type { Db } from '../db/client'
import { client, dept, param, role, tenant, user } from '../db/schema'
import { nextId } from '../core/ids'
import { ADMIN_TENANT_ID } from '../core/context'
import { hashPassword, md5Hex, randomPassword } from '../auth/passwords'
import {
  PARAM_CLIENT_MIN_VERSION,
  PARAM_FAIL_COUNT,
  PARAM_INIT_PASSWORD,
  PARAM_REGISTER_USER,
} from '../auth/params'

export const ROLES = [
  ['administrator', '超级管理员'],
  ['staff', '学校管理人员'],
  ['teacher', '教师'],
  ['student', '学生'],
  ['guest', '访客'],
] as const

const GRANT_TYPES = 'refresh_token,password,captcha,social'

/**
 * Client identifiers, not user secrets. `saber_secret` is the public BladeX default every Saber client
 * sends; it is accepted for compatibility. Both are stored hashed like passwords.
 */
const CLIENTS = [
  ['lab_desktop', 'lab_desktop_secret'],
  ['saber', 'saber_secret'],
] as const

export interface IdentitySeed {
  tenantId: string
  adminUserId: string
  rootDeptId: string
  roleIds: Record<string, string>
  adminPassword: string
  initPassword: string
}

/** Tenant 000000, the clients, the five roles, the root dept, the `admin` user and the account params. */
export async function seedIdentity(db: Db, adminPassword: string | undefined): Promise<IdentitySeed> {
  const tenantId = ADMIN_TENANT_ID
  await db
    .insert(tenant)
    .values({ id: nextId(), tenantId, tenantName: '管理组', linkman: 'admin', accountNumber: -1 })
  for (const [clientId, secret] of CLIENTS) {
    await db.insert(client).values({
      id: nextId(),
      clientId,
      clientSecret: await hashPassword(secret),
      scope: 'all',
      authorizedGrantTypes: GRANT_TYPES,
      accessTokenValidity: 3600,
      refreshTokenValidity: 604800,
    })
  }
  const roleIds: Record<string, string> = {}
  for (const [index, [alias, name]] of ROLES.entries()) {
    roleIds[alias] = nextId()
    await db.insert(role).values({
      id: roleIds[alias],
      tenantId,
      parentId: '0',
      roleName: name,
      roleAlias: alias,
      sort: index + 1,
    })
  }
  const rootDeptId = nextId()
  await db.insert(dept).values({
    id: rootDeptId,
    tenantId,
    parentId: '0',
    ancestors: '0',
    deptCategory: 1,
    deptName: '管理组',
    fullName: '管理组',
    sort: 1,
  })
  const password = adminPassword || randomPassword(16)
  const adminUserId = nextId()
  await db.insert(user).values({
    id: adminUserId,
    tenantId,
    account: 'admin',
    password: await hashPassword(md5Hex(password)),
    name: '管理员',
    realName: '管理员',
    userType: 1,
    roleId: roleIds.administrator,
    deptId: rootDeptId,
    status: 1,
  })
  // No default password ships: the reset-to value is random per installation and printed once.
  const initPassword = randomPassword(10)
  const params: [string, string, string][] = [
    [PARAM_INIT_PASSWORD, '账号初始密码', initPassword],
    [PARAM_FAIL_COUNT, '账号错误锁定次数', '5'],
    [PARAM_REGISTER_USER, '账号注册功能是否开启', 'true'],
    // Empty: no minimum (docs/it/updates.md).
    [PARAM_CLIENT_MIN_VERSION, '客户端最低版本', ''],
  ]
  for (const [paramKey, paramName, paramValue] of params) {
    await db.insert(param).values({ id: nextId(), paramKey, paramName, paramValue })
  }
  return { tenantId, adminUserId, rootDeptId, roleIds, adminPassword: password, initPassword }
}
