import { roleScope, scopeData } from '../db/schema'
import { nextId } from '../core/ids'
import type { Seeder } from '../seed/context'
import { seedDictionaries } from '../base/seed'
import { DATA_SCOPE } from '../auth/data-scope'
import { REPORT_DICTIONARIES } from '../../shared/resources/report/codes'
import { seedAssetClasses } from './asset-class'
import { REPORT_SCOPE } from './scope'

/**
 * First-start data of the report area: its code tables as dictionaries, the 16 asset classes, and
 * the data scopes of the reports (resource `report`): 本机构及以下 granted to staff, so a college's
 * staff see their college and the school office (at the root dept) every college; 全部 is defined for
 * a role whose staff sit outside the college tree (granted in 角色管理 › 权限配置).
 */
export const reportSeeder: Seeder = async (ctx) => {
  await seedDictionaries(ctx.db, REPORT_DICTIONARIES)
  await seedAssetClasses(ctx.db)
  const menuId = ctx.menuIds.report ?? null
  const below = nextId()
  await ctx.db.insert(scopeData).values([
    {
      id: below,
      menuId,
      resourceCode: REPORT_SCOPE.permission,
      scopeName: '统计报表·本机构及以下',
      scopeColumn: 'create_dept',
      scopeType: DATA_SCOPE.ownDeptAndBelow,
      remark: '学院只看本学院的填报',
    },
    {
      id: nextId(),
      menuId,
      resourceCode: REPORT_SCOPE.permission,
      scopeName: '统计报表·全部',
      scopeType: DATA_SCOPE.all,
      remark: '学校统计人员看全部学院',
    },
  ])
  if (ctx.roleIds.staff)
    await ctx.db
      .insert(roleScope)
      .values({ id: nextId(), scopeCategory: 1, scopeId: below, roleId: ctx.roleIds.staff })
}
