import { roleScope, scopeData } from '../db/schema'
import { nextId } from '../core/ids'
import { DATA_SCOPE } from '../auth/data-scope'
import type { SeedContext } from './context'

/**
 * A 本人 data scope (rows the user created, or whose `column` holds the user's id) on one resource,
 * granted to a role on first start: the teacher sees their own bookings, applications, projects.
 * `resourceCode` is the definition's permission code (or name), as the data layer looks it up.
 */
export async function grantSelfScope(
  ctx: SeedContext,
  options: { menuCode: string; resourceCode: string; role: string; column?: string; name?: string },
): Promise<void> {
  const id = nextId()
  await ctx.db.insert(scopeData).values({
    id,
    menuId: ctx.menuIds[options.menuCode] ?? null,
    resourceCode: options.resourceCode,
    scopeName: options.name ?? '本人数据',
    scopeColumn: options.column ?? 'create_user',
    scopeType: DATA_SCOPE.self,
  } as never)
  const roleId = ctx.roleIds[options.role]
  if (roleId) await ctx.db.insert(roleScope).values({ id: nextId(), scopeCategory: 1, scopeId: id, roleId })
}
