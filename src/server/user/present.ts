import { and, inArray, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { dept, role, post, user } from '../db/schema'
import { splitIds } from '../auth/identity'

export type UserRow = typeof user.$inferSelect

const SEX = { 1: '男', 2: '女', 3: '未知' } as Record<number, string>
const USER_TYPE = { 1: 'WEB', 2: 'APP', 3: 'OTHER' } as Record<number, string>
const STATUS = { 0: '待审核', 1: '正常' } as Record<number, string>

const pad = (n: number) => String(n).padStart(2, '0')
const formatDate = (d: Date | null) =>
  d
    ? `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
    : ''

async function namesById(db: Db, table: 'role' | 'dept' | 'post', ids: string[]) {
  if (!ids.length) return new Map<string, string>()
  const rows =
    table === 'role'
      ? await db.select({ id: role.id, name: role.roleName }).from(role).where(inArray(role.id, ids))
      : table === 'dept'
        ? await db.select({ id: dept.id, name: dept.deptName }).from(dept).where(inArray(dept.id, ids))
        : await db
            .select({ id: post.id, name: post.postName })
            .from(post)
            .where(and(inArray(post.id, ids), eq(post.isDeleted, 0)))
  return new Map<string, string>(rows.map((r) => [String(r.id), String(r.name ?? '')]))
}

/** Users on the wire (BladeX UserVO): never the password; role, dept and post names joined in. */
export async function presentUsers(db: Db, rows: UserRow[]) {
  const all = (pick: (r: UserRow) => string | null) => [...new Set(rows.flatMap((r) => splitIds(pick(r))))]
  const [roles, depts, posts] = await Promise.all([
    namesById(
      db,
      'role',
      all((r) => r.roleId),
    ),
    namesById(
      db,
      'dept',
      all((r) => r.deptId),
    ),
    namesById(
      db,
      'post',
      all((r) => r.postId),
    ),
  ])
  const names = (ids: string | null, map: Map<string, string>) =>
    splitIds(ids)
      .map((id) => map.get(id))
      .filter(Boolean)
      .join(',')
  return rows.map(({ password: _password, ...r }) => ({
    ...r,
    birthday: formatDate(r.birthday),
    createTime: formatDate(r.createTime),
    updateTime: formatDate(r.updateTime),
    roleId: r.roleId ?? '',
    deptId: r.deptId ?? '',
    postId: r.postId ?? '',
    roleName: names(r.roleId, roles),
    deptName: names(r.deptId, depts),
    postName: names(r.postId, posts),
    sexName: SEX[r.sex ?? 0] ?? '',
    userTypeName: USER_TYPE[r.userType] ?? '',
    statusName: STATUS[r.status] ?? '',
  }))
}
