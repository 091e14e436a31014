import type { Seeder, SeedContext } from '../seed/context'
import { seedDictionaries } from '../base/seed'
import { nextId } from '../core/ids'
import { roleScope, scopeData } from '../db/schema'
import { COURSE_CATEGORY, COURSE_CATEGORY_DICT } from '../../shared/resources/teach/codes'
import { DATA_SCOPE } from '../auth/data-scope'

/**
 * 本人 data scopes a role gets on first start (domain 9.11): the resource code, the column that names
 * the owner, and the menu the scope sits under.
 */
export async function grantOwnScope(
  ctx: SeedContext,
  roleAlias: string,
  scope: { resourceCode: string; column: string; menuCode: string; name: string },
) {
  const roleId = ctx.roleIds[roleAlias]
  if (!roleId) return
  const id = nextId()
  await ctx.db.insert(scopeData).values({
    id,
    menuId: ctx.menuIds[scope.menuCode] ?? null,
    resourceCode: scope.resourceCode,
    scopeName: scope.name,
    scopeColumn: scope.column,
    scopeType: DATA_SCOPE.self,
    remark: '首次启动时授予教师：只看本人维护的数据',
  })
  await ctx.db.insert(roleScope).values({ id: nextId(), scopeCategory: 1, scopeId: id, roleId })
}

/** 课程类别 and the teacher's 本人 scopes over projects and course plans. */
export const teachSeeder: Seeder = async (ctx) => {
  await seedDictionaries(ctx.db, [
    {
      code: COURSE_CATEGORY_DICT,
      name: '课程类别',
      items: COURSE_CATEGORY.map((c) => [String(c.value), c.label.zh]),
    },
  ])
  await grantOwnScope(ctx, 'teacher', {
    resourceCode: 'teach_project',
    column: 'create_user',
    menuCode: 'teach_project',
    name: '本人实验项目',
  })
  await grantOwnScope(ctx, 'teacher', {
    resourceCode: 'teach_courseplan',
    column: 'teacher_user_id',
    menuCode: 'teach_courseplan',
    name: '本人课程计划',
  })
}
