import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../db/client'
import { role, user } from '../db/schema'
import { dataOfTenant, liveRows } from '../core/data'

export type UserRow = typeof user.$inferSelect
export interface RoleRef {
  id: string
  alias: string
  name: string
}

export const splitIds = (value: string | null | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

/** The live roles a user holds in their own tenant, in the order of the user's role list. */
export async function rolesOf(db: Db, row: Pick<UserRow, 'roleId' | 'tenantId'>): Promise<RoleRef[]> {
  const ids = splitIds(row.roleId).filter((id) => /^\d{1,19}$/.test(id))
  if (!ids.length) return []
  const rows = await db
    .select({ id: role.id, alias: role.roleAlias, name: role.roleName })
    .from(role)
    .where(dataOfTenant(db, row.tenantId).rows(role, inArray(role.id, ids)))
  return ids.map((id) => rows.find((r) => r.id === id)).filter((r): r is RoleRef => !!r)
}

/**
 * The dept and roles a token is issued for. A `Dept-Id` / `Role-Id` header naming one of the user's
 * own ids narrows the token to it (switch mode, contract 1.3 step 6); anything else is ignored.
 */
export function narrow(roles: RoleRef[], deptIds: string[], roleHeader?: string, deptHeader?: string) {
  const chosenRoles =
    roleHeader && roles.some((r) => r.id === roleHeader) ? roles.filter((r) => r.id === roleHeader) : roles
  const chosenDepts = deptHeader && deptIds.includes(deptHeader) ? [deptHeader] : deptIds
  return { roles: chosenRoles, deptIds: chosenDepts }
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const rows = await db
    .select()
    .from(user)
    .where(and(eq(user.id, id), liveRows(user)))
    .limit(1)
  return rows[0]
}

export async function findUserByAccount(
  db: Db,
  tenantId: string,
  account: string,
): Promise<UserRow | undefined> {
  return (await dataOfTenant(db, tenantId).repo(user).first(eq(user.account, account))) ?? undefined
}
