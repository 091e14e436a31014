import { eq, inArray, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client'
import { dept, role, user } from '../db/schema'
import { bad } from '../core/errors'
import { dataOfTenant } from '../core/data'
import { nextId } from '../core/ids'
import { hashPassword, md5Hex } from '../auth/passwords'
import { PARAM_INIT_PASSWORD, readParam } from '../auth/params'
import { checkAccountLimit } from '../user/access'
import type { AccountResult } from '../../shared/api/base'

/** A teacher or student about to get a sign-in account. */
export interface Person {
  id: string
  account: string
  name: string
  sex?: number | null
  phone?: string | null
  email?: string | null
  deptSerial?: string | null
  userId?: string | null
}

export type { AccountResult }

const ROLE_NAMES = { teacher: '教师', student: '学生' } as const
const BATCH = 500

/**
 * Gives each person a `blade_user` of `roleAlias` in the tenant: links the user whose account equals the
 * person's number (adding the role if missing), or creates one with the initial password of the
 * parameter `account.initPassword`. Writes the user id back to the person's row. Call inside a
 * transaction: any refusal leaves nothing half done.
 */
export async function giveAccounts(
  db: Db,
  tenantId: string,
  actorId: string,
  people: Person[],
  roleAlias: keyof typeof ROLE_NAMES,
  personTable: PgTable,
): Promise<AccountResult> {
  const result: AccountResult = { created: 0, linked: 0, unchanged: 0 }
  if (!people.length) return result
  const [roleRow] = await db
    .select({ id: role.id })
    .from(role)
    .where(dataOfTenant(db, tenantId).rows(role, eq(role.roleAlias, roleAlias)))
    .limit(1)
  if (!roleRow) bad(`当前租户没有“${ROLE_NAMES[roleAlias]}”角色（${roleAlias}），无法生成账号`)
  const roleId = roleRow!.id

  const accounts = [...new Set(people.map((p) => p.account))]
  const existing = new Map<string, { id: string; roleId: string | null }>()
  for (let i = 0; i < accounts.length; i += 1000) {
    const rows = await db
      .select({ id: user.id, account: user.account, roleId: user.roleId })
      .from(user)
      .where(dataOfTenant(db, tenantId).rows(user, inArray(user.account, accounts.slice(i, i + 1000))))
    for (const r of rows) existing.set(r.account, { id: r.id, roleId: r.roleId })
  }

  const toCreate = people.filter((p) => !existing.has(p.account))
  let passwordHash = ''
  if (toCreate.length) {
    const initPassword = await readParam(db, PARAM_INIT_PASSWORD)
    if (!initPassword) bad('请先在参数管理中设置账号初始密码（account.initPassword）')
    await checkAccountLimit(db, tenantId, new Set(toCreate.map((p) => p.account)).size)
    // One hash for the batch: every new account starts from the same initial password anyway.
    passwordHash = await hashPassword(md5Hex(initPassword!))
  }

  const depts = await db
    .select({ id: dept.id, serial: dept.serial, parentId: dept.parentId })
    .from(dept)
    .where(dataOfTenant(db, tenantId).rows(dept))
  const deptBySerial = new Map(depts.filter((d) => d.serial).map((d) => [String(d.serial), d.id]))
  const rootDept = depts.find((d) => d.parentId === '0')?.id ?? null

  const newUsers: (typeof user.$inferInsert)[] = []
  const links: [string, string][] = []
  const now = new Date()
  for (const p of people) {
    let userId: string
    const found = existing.get(p.account)
    if (found) {
      userId = found.id
      const roles = (found.roleId ?? '').split(',').filter(Boolean)
      if (!roles.includes(roleId)) {
        const joined = [...roles, roleId].join(',')
        await db
          .update(user)
          .set({ roleId: joined, updateUser: actorId, updateTime: now })
          .where(eq(user.id, userId))
        found.roleId = joined
      }
      if (p.userId === userId) {
        result.unchanged++
        continue
      }
      result.linked++
    } else {
      userId = nextId()
      newUsers.push({
        id: userId,
        tenantId,
        code: p.account,
        userType: 1,
        account: p.account,
        password: passwordHash,
        name: p.name,
        realName: p.name,
        sex: p.sex ?? null,
        phone: p.phone ?? null,
        email: p.email ?? null,
        roleId,
        deptId: (p.deptSerial && deptBySerial.get(p.deptSerial)) || rootDept,
        createUser: actorId,
        createTime: now,
        updateUser: actorId,
        updateTime: now,
        status: 1,
        isDeleted: 0,
      })
      existing.set(p.account, { id: userId, roleId })
      result.created++
    }
    links.push([p.id, userId])
  }
  for (let i = 0; i < newUsers.length; i += BATCH) await db.insert(user).values(newUsers.slice(i, i + BATCH))
  await linkUsers(db, personTable, actorId, links)
  return result
}

/** Writes each person's user id in a few statements (`update ... from (values ...)`). */
async function linkUsers(db: Db, personTable: PgTable, actorId: string, links: [string, string][]) {
  const now = new Date()
  for (let i = 0; i < links.length; i += BATCH) {
    const values = sql.join(
      links.slice(i, i + BATCH).map(([personId, userId]) => sql`(${personId}::bigint, ${userId}::bigint)`),
      sql`, `,
    )
    await db.execute(sql`update ${personTable} set user_id = v.user_id, update_user = ${actorId}, update_time = ${now.toISOString()}
      from (values ${values}) as v(id, user_id) where ${personTable}.id = v.id`)
  }
}
