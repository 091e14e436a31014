import { and, eq } from 'drizzle-orm'
import { role } from '../db/schema'
import { nextId } from '../core/ids'
import type { Seeder } from '../seed/context'
import { ensureBuiltinFlows } from './builtins'
import { DEPT_HEAD_ROLE_ALIAS } from './candidates'
import { tenantRows } from '../core/data'

/**
 * First start: the built-in approval flows of the seeded tenant, and the 部门负责人 role that
 * `${deptLeader}` looks for (granted to a user together with their ordinary role).
 */
export const flowSeeder: Seeder = async (ctx) => {
  await ensureBuiltinFlows(ctx.db, ctx.tenantId)
  const existing = await ctx.db
    .select({ id: role.id })
    .from(role)
    .where(and(tenantRows(role, ctx.tenantId), eq(role.roleAlias, DEPT_HEAD_ROLE_ALIAS)))
  if (!existing.length) {
    const id = nextId()
    await ctx.db.insert(role).values({
      id,
      tenantId: ctx.tenantId,
      roleName: '部门负责人',
      roleAlias: DEPT_HEAD_ROLE_ALIAS,
      sort: 6,
    })
    ctx.roleIds[DEPT_HEAD_ROLE_ALIAS] = id
  }
}
