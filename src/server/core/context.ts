/** Who is calling, resolved from the Blade-Auth token by the auth plugin. */
export interface AuthUser {
  userId: string
  tenantId: string
  account: string
  userName: string
  realName: string
  /** Comma-joined in tokens; arrays here. */
  roleIds: string[]
  roleAliases: string[]
  deptIds: string[]
  postIds: string[]
  clientId: string
  /** Session (refresh family) id, so logout can revoke it. */
  sessionId: string
}

export const ADMIN_TENANT_ID = '000000'
export const ADMIN_ROLE_ALIAS = 'administrator'

export const isAdministrator = (u: AuthUser) => u.roleAliases.includes(ADMIN_ROLE_ALIAS)
/** Only the administrator of tenant 000000 may work across tenants. */
export const isPlatformAdmin = (u: AuthUser) => u.tenantId === ADMIN_TENANT_ID && isAdministrator(u)
