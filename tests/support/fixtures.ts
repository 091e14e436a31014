/**
 * Rows tests need that the seed does not hold: another tenant with its own administrator, users of a
 * given role. Written straight to the database (the admin screens that make them are tested elsewhere).
 */
import { and, eq } from 'drizzle-orm'
import type { DatabaseHandle } from '../../src/server/db/client'
import { dept, role, roleMenu, tenant, user } from '../../src/server/db/schema'
import { nextId } from '../../src/server/core/ids'
import { hashPassword, md5Hex } from '../../src/server/auth/passwords'

export interface CreatedUser {
  id: string
  account: string
  password: string
  tenantId: string
}

/** The id of the role with `alias` in `tenantId`. */
export async function roleId(database: DatabaseHandle, alias: string, tenantId = '000000'): Promise<string> {
  const rows = await database.db
    .select({ id: role.id })
    .from(role)
    .where(and(eq(role.roleAlias, alias), eq(role.tenantId, tenantId), eq(role.isDeleted, 0)))
  if (!rows.length) throw new Error(`no role ${alias} in ${tenantId}`)
  return rows[0].id
}

/** The root dept of a tenant. */
export async function rootDeptId(database: DatabaseHandle, tenantId = '000000'): Promise<string> {
  const rows = await database.db
    .select({ id: dept.id })
    .from(dept)
    .where(and(eq(dept.tenantId, tenantId), eq(dept.parentId, '0')))
  return rows[0].id
}

/** A signed-in-able user of `roleAlias` (status 1 unless given). */
export async function createUser(
  database: DatabaseHandle,
  options: {
    account: string
    password?: string
    roleAlias?: string
    tenantId?: string
    status?: number
    deptId?: string
  },
): Promise<CreatedUser> {
  const tenantId = options.tenantId ?? '000000'
  const password = options.password ?? `${options.account}-Pass-1`
  const id = nextId()
  await database.db.insert(user).values({
    id,
    tenantId,
    account: options.account,
    password: await hashPassword(md5Hex(password)),
    name: options.account,
    realName: options.account,
    roleId: await roleId(database, options.roleAlias ?? 'student', tenantId),
    deptId: options.deptId ?? (await rootDeptId(database, tenantId)),
    status: options.status ?? 1,
  })
  return { id, account: options.account, password, tenantId }
}

/**
 * Another tenant with the five roles (granted the same menus as in 000000), a root dept and an
 * `admin` user holding its administrator role.
 */
export async function createTenant(
  database: DatabaseHandle,
  tenantId: string,
  options: { accountNumber?: number; expireTime?: Date; adminPassword?: string } = {},
): Promise<CreatedUser> {
  const db = database.db
  await db.insert(tenant).values({
    id: nextId(),
    tenantId,
    tenantName: `租户${tenantId}`,
    accountNumber: options.accountNumber ?? -1,
    expireTime: options.expireTime ?? null,
  })
  const template = await db.select().from(role).where(eq(role.tenantId, '000000'))
  for (const r of template) {
    const id = nextId()
    await db.insert(role).values({ ...r, id, tenantId })
    const grants = await db.select().from(roleMenu).where(eq(roleMenu.roleId, r.id))
    if (grants.length)
      await db.insert(roleMenu).values(grants.map((g) => ({ id: nextId(), menuId: g.menuId, roleId: id })))
  }
  await db
    .insert(dept)
    .values({ id: nextId(), tenantId, parentId: '0', ancestors: '0', deptName: `租户${tenantId}` })
  return createUser(database, {
    account: 'admin',
    password: options.adminPassword ?? 'Tenant-Admin-1',
    roleAlias: 'administrator',
    tenantId,
  })
}
