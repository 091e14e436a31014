import { and, inArray, sql } from 'drizzle-orm'
import { unionAll } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client'
import { dept, role, post, tenant, user } from '../db/schema'
import { splitIds } from '../auth/identity'
import { liveRows } from '../core/data'

export type UserRow = typeof user.$inferSelect
/** A user as listed: every column but the password hash, which never goes on the wire. */
export type ListedUser = Omit<UserRow, 'password'>

const SEX = { 1: '男', 2: '女', 3: '未知' } as Record<number, string>
const USER_TYPE = { 1: 'WEB', 2: 'APP', 3: 'OTHER' } as Record<number, string>
const STATUS = { 0: '待审核', 1: '正常' } as Record<number, string>

const pad = (n: number) => String(n).padStart(2, '0')
const formatDate = (d: Date | null) =>
  d
    ? `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
    : ''

type NameKind = 'role' | 'dept' | 'post' | 'tenant'

/** Role, dept, post and tenant names of the given ids, in one round trip (a UNION ALL of the lookups needed). */
async function namesByIds(db: Db, ids: Record<NameKind, string[]>) {
  const lookups = [
    ids.role.length &&
      db
        .select({
          kind: sql<NameKind>`'role'`,
          id: sql<string>`cast(${role.id} as text)`,
          name: sql<string>`${role.roleName}`,
        })
        .from(role)
        .where(inArray(role.id, ids.role)),
    ids.dept.length &&
      db
        .select({
          kind: sql<NameKind>`'dept'`,
          id: sql<string>`cast(${dept.id} as text)`,
          name: sql<string>`${dept.deptName}`,
        })
        .from(dept)
        .where(inArray(dept.id, ids.dept)),
    ids.post.length &&
      db
        .select({
          kind: sql<NameKind>`'post'`,
          id: sql<string>`cast(${post.id} as text)`,
          name: sql<string>`${post.postName}`,
        })
        .from(post)
        .where(and(inArray(post.id, ids.post), liveRows(post))),
    ids.tenant.length &&
      db
        .select({
          kind: sql<NameKind>`'tenant'`,
          id: sql<string>`${tenant.tenantId}`,
          name: sql<string>`${tenant.tenantName}`,
        })
        .from(tenant)
        .where(inArray(tenant.tenantId, ids.tenant)),
  ].filter((q) => !!q)
  const maps: Record<NameKind, Map<string, string>> = {
    role: new Map(),
    dept: new Map(),
    post: new Map(),
    tenant: new Map(),
  }
  if (!lookups.length) return maps
  const [first, ...rest] = lookups
  // The selects differ only in the table they read (a type unionAll cannot unify); rows are alike.
  const rows = (
    rest.length ? await unionAll(first as never, ...(rest as unknown as [never])) : await first
  ) as {
    kind: NameKind
    id: string
    name: string
  }[]
  for (const r of rows) maps[r.kind].set(String(r.id), String(r.name ?? ''))
  return maps
}

/**
 * Users on the wire (BladeX UserVO): never the password (full rows will do, the hash is left off); role,
 * dept and post names joined in.
 */
export async function presentUsers(db: Db, rows: ListedUser[]) {
  const all = (pick: (r: ListedUser) => string | null) => [...new Set(rows.flatMap((r) => splitIds(pick(r))))]
  const {
    role: roles,
    dept: depts,
    post: posts,
    tenant: tenants,
  } = await namesByIds(db, {
    role: all((r) => r.roleId),
    dept: all((r) => r.deptId),
    post: all((r) => r.postId),
    tenant: [...new Set(rows.map((r) => r.tenantId))],
  })
  const names = (ids: string | null, map: Map<string, string>) =>
    splitIds(ids)
      .map((id) => map.get(id))
      .filter(Boolean)
      .join(',')
  // Every field spelled out: a column added to blade_user is a type error here until it is placed
  // on the wire (or left off), and V8 builds these objects from one shape, several times faster to
  // build and to serialise than a spread with added keys.
  return rows.map(
    (r) =>
      ({
        id: r.id,
        tenantId: r.tenantId,
        code: r.code,
        userType: r.userType,
        account: r.account,
        name: r.name,
        realName: r.realName,
        avatar: r.avatar,
        email: r.email,
        phone: r.phone,
        birthday: formatDate(r.birthday),
        sex: r.sex,
        roleId: r.roleId ?? '',
        deptId: r.deptId ?? '',
        postId: r.postId ?? '',
        oauthId: r.oauthId,
        createUser: r.createUser,
        createDept: r.createDept,
        createTime: formatDate(r.createTime),
        updateUser: r.updateUser,
        updateTime: formatDate(r.updateTime),
        status: r.status,
        isDeleted: r.isDeleted,
        tenantName: tenants.get(r.tenantId) ?? '',
        roleName: names(r.roleId, roles),
        deptName: names(r.deptId, depts),
        postName: names(r.postId, posts),
        sexName: SEX[r.sex ?? 0] ?? '',
        userTypeName: USER_TYPE[r.userType] ?? '',
        statusName: STATUS[r.status] ?? '',
      }) satisfies Record<keyof ListedUser, unknown> & Record<string, unknown>,
  )
}
