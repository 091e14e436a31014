/**
 * Test-only: departments and users with roles, written straight to the identity tables so flow
 * tests can sign them in through the real token endpoint.
 */
import { and, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { dept, role, user } from '../../db/schema'
import { nextId } from '../../core/ids'
import { hashPassword, md5Hex } from '../../auth/passwords'
import { tenantRows } from '../../core/data'

export const PEOPLE_PASSWORD = 'Flow-Test-Pass-1'

export async function addDept(
  db: Db,
  name: string,
  parent?: { id: string; ancestors: string },
  tenantId = '000000',
) {
  const id = nextId()
  const ancestors = parent ? `${parent.ancestors},${parent.id}` : '0'
  await db.insert(dept).values({
    id,
    tenantId,
    parentId: parent?.id ?? '0',
    ancestors,
    deptName: name,
    fullName: name,
    deptCategory: 2,
  })
  return { id, ancestors }
}

export async function addUser(
  db: Db,
  account: string,
  realName: string,
  roleAliases: string[],
  deptId: string,
  tenantId = '000000',
) {
  const roles = await db
    .select({ id: role.id, alias: role.roleAlias })
    .from(role)
    .where(and(tenantRows(role, tenantId), inArray(role.roleAlias, roleAliases)))
  if (roles.length !== roleAliases.length) throw new Error(`missing roles among ${roleAliases.join(',')}`)
  const id = nextId()
  await db.insert(user).values({
    id,
    tenantId,
    account,
    name: realName,
    realName,
    password: await hashPassword(md5Hex(PEOPLE_PASSWORD)),
    roleId: roles.map((r) => r.id).join(','),
    deptId,
  })
  return { id, account, realName }
}
