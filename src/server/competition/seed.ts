import { nextId } from '../core/ids'
import { roleScope, scopeData } from '../db/schema'
import { DATA_SCOPE } from '../auth/data-scope'
import type { Seeder } from '../seed/context'
import { seedCompetitionDictionaries } from './dictionaries'

/**
 * Data scopes of the area's roles on first start (domain C.16): a teacher sees the applications,
 * preliminaries, finals and preliminary results of the projects they lead (本人 on `leader_user_id`);
 * a staff member's 校赛数据 are the colleges at or below their department (本部门及以下), so the school
 * office sees every college and a college's office its own.
 */
const SCOPES: { menu: string; role: string; name: string; column: string; type: number }[] = [
  {
    menu: 'competition_apply',
    role: 'teacher',
    name: '本人负责的竞赛项目',
    column: 'leader_user_id',
    type: DATA_SCOPE.self,
  },
  {
    menu: 'competition_preliminary',
    role: 'teacher',
    name: '本人负责的初赛',
    column: 'leader_user_id',
    type: DATA_SCOPE.self,
  },
  {
    menu: 'competition_preliminaryresult',
    role: 'teacher',
    name: '本人负责的初赛结果',
    column: 'leader_user_id',
    type: DATA_SCOPE.self,
  },
  {
    menu: 'competition_final',
    role: 'teacher',
    name: '本人负责的决赛',
    column: 'leader_user_id',
    type: DATA_SCOPE.self,
  },
  {
    menu: 'competition_campus',
    role: 'staff',
    name: '本院系及下级',
    column: 'dept_id',
    type: DATA_SCOPE.ownDeptAndBelow,
  },
]

export const competitionSeeder: Seeder = async (ctx) => {
  await seedCompetitionDictionaries(ctx.db)
  for (const s of SCOPES) {
    const roleId = ctx.roleIds[s.role]
    if (!roleId) continue
    const id = nextId()
    await ctx.db.insert(scopeData).values({
      id,
      menuId: ctx.menuIds[s.menu] ?? null,
      resourceCode: s.menu,
      scopeName: s.name,
      scopeField: '*',
      scopeColumn: s.column,
      scopeType: s.type,
      remark: '竞赛管理首次启动时设置',
    })
    await ctx.db.insert(roleScope).values({ id: nextId(), scopeCategory: 1, scopeId: id, roleId })
  }
}
