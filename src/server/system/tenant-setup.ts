import { desc, like } from 'drizzle-orm'
import type { Db } from '../db/client'
import { dept, menu, role, roleMenu, tenant, user } from '../db/schema'
import { liveRows } from '../core/data'
import { bad } from '../core/errors'
import { nextId } from '../core/ids'
import { ADMIN_ROLE_ALIAS } from '../core/context'
import { descendantIds } from '../core/tree'
import { readParam } from '../auth/params'
import { hashPassword, md5Hex, randomPassword } from '../auth/passwords'
import { packageMenuIds } from './package-menus'

/** Params that shape a new tenant (BladeX `tenant.default.*`). */
export const PARAM_TENANT_PASSWORD = 'tenant.default.password'
export const PARAM_TENANT_ACCOUNTS = 'tenant.default.accountNumber'
export const PARAM_TENANT_MENUS = 'tenant.default.menuCode'

/** The next free six-digit tenant id. */
export async function nextTenantId(db: Db): Promise<string> {
  const rows = await db
    .select({ t: tenant.tenantId })
    .from(tenant)
    .where(like(tenant.tenantId, '______'))
    .orderBy(desc(tenant.tenantId))
    .limit(1)
  const n = rows.length ? Number(rows[0].t) + 1 : 1
  if (!Number.isFinite(n) || n > 999999) bad('租户ID已用尽')
  return String(n).padStart(6, '0')
}

/** A new tenant's account quota: the `tenant.default.accountNumber` param, else unlimited (-1). */
export async function defaultAccountNumber(db: Db): Promise<number> {
  const accounts = Number((await readParam(db, PARAM_TENANT_ACCOUNTS)) ?? -1)
  return Number.isInteger(accounts) ? accounts : -1
}

/**
 * A new tenant's first role, department and administrator: role `administrator` (管理员), a root
 * department named after the tenant, and user `admin` with the `tenant.default.password` param (a
 * random password when the param is absent, returned once to the caller). Menus: the tenant's package,
 * else the menus named by `tenant.default.menuCode` with everything under them.
 */
export async function setUpTenant(
  db: Db,
  t: { tenantId: string; tenantName: string; packageId: string | null },
): Promise<{ adminAccount: string; adminPassword?: string }> {
  const roleId = nextId()
  await db.insert(role).values({
    id: roleId,
    tenantId: t.tenantId,
    parentId: '0',
    roleName: '管理员',
    roleAlias: ADMIN_ROLE_ALIAS,
    sort: 1,
  })
  const deptId = nextId()
  await db.insert(dept).values({
    id: deptId,
    tenantId: t.tenantId,
    parentId: '0',
    ancestors: '0',
    deptCategory: 1,
    deptName: t.tenantName.slice(0, 45),
    fullName: t.tenantName.slice(0, 45),
    sort: 1,
  })
  const configured = await readParam(db, PARAM_TENANT_PASSWORD)
  const password = configured || randomPassword(12)
  await db.insert(user).values({
    id: nextId(),
    tenantId: t.tenantId,
    account: 'admin',
    password: await hashPassword(md5Hex(password)),
    name: '管理员',
    realName: '管理员',
    userType: 1,
    roleId,
    deptId,
    status: 1,
  })
  let menuIds: string[] = []
  const pkg = t.packageId ? await packageMenuIds(db, t.tenantId) : null
  if (pkg) menuIds = [...pkg]
  else {
    const codes =
      (await readParam(db, PARAM_TENANT_MENUS))
        ?.split(',')
        .map((c) => c.trim())
        .filter(Boolean) ?? []
    if (codes.length) {
      const all = await db
        .select({ id: menu.id, parentId: menu.parentId, code: menu.code })
        .from(menu)
        .where(liveRows(menu))
      menuIds = [
        ...descendantIds(
          all,
          all.filter((m) => codes.includes(m.code)).map((m) => m.id),
        ),
      ]
    }
  }
  if (menuIds.length)
    await db.insert(roleMenu).values(menuIds.map((menuId) => ({ id: nextId(), roleId, menuId })))
  return { adminAccount: 'admin', adminPassword: configured ? undefined : password }
}
