import type { Seeder } from '../../seed/context'
import { nextId } from '../../core/ids'
import { roleScope, scopeData } from '../../db/schema'
import { DATA_SCOPE } from '../../auth/data-scope'

/**
 * First-start data of scheduling: the teacher role's 本人 data scope over 调课申请 (teaching.md 9.11:
 * resource teach_adjust, column create_user), so a teacher lists only the requests they made.
 */
export const scheduleSeeder: Seeder = async (ctx) => {
  const roleId = ctx.roleIds.teacher
  if (!roleId) return
  const id = nextId()
  await ctx.db.insert(scopeData).values({
    id,
    menuId: ctx.menuIds.teach_adjust ?? null,
    resourceCode: 'teach_adjust',
    scopeName: '本人调课申请',
    scopeColumn: 'create_user',
    scopeType: DATA_SCOPE.self,
    remark: '首次启动时授予教师：只看本人提交的调课申请',
  })
  await ctx.db.insert(roleScope).values({ id: nextId(), scopeCategory: 1, scopeId: id, roleId })
}
