/**
 * Fixtures for the base-data server tests: colleges with 院系号 in a tenant, and a second tenant with
 * its own administrator (to prove nothing crosses tenants). Test support only; not used by the server.
 */
import type { Db } from '../db/client'
import { dept, role, tenant, user } from '../db/schema'
import { nextId } from '../core/ids'
import { hashPassword, md5Hex } from '../auth/passwords'

export async function addColleges(db: Db, tenantId: string, colleges: [string, string][]): Promise<void> {
  for (const [serial, name] of colleges) {
    await db.insert(dept).values({
      id: nextId(),
      tenantId,
      parentId: '0',
      ancestors: '0',
      deptCategory: 2,
      deptName: name,
      serial,
    })
  }
}

/** A tenant with the five roles, a root dept and an `admin` user of the given password. */
export async function addTenant(
  db: Db,
  tenantId: string,
  password: string,
): Promise<{ roleIds: Record<string, string> }> {
  await db
    .insert(tenant)
    .values({ id: nextId(), tenantId, tenantName: `测试学校${tenantId}`, accountNumber: -1 })
  const roleIds: Record<string, string> = {}
  for (const alias of ['administrator', 'staff', 'teacher', 'student', 'guest']) {
    roleIds[alias] = nextId()
    await db
      .insert(role)
      .values({ id: roleIds[alias], tenantId, parentId: '0', roleName: alias, roleAlias: alias })
  }
  const deptId = nextId()
  await db.insert(dept).values({ id: deptId, tenantId, parentId: '0', ancestors: '0', deptName: '学校' })
  await db.insert(user).values({
    id: nextId(),
    tenantId,
    account: 'admin',
    password: await hashPassword(md5Hex(password)),
    name: '管理员',
    realName: '管理员',
    roleId: roleIds.administrator,
    deptId,
    status: 1,
  })
  return { roleIds }
}
