import type { Seeder } from '../seed/context'
import { grantOwnScope } from '../teach/seed'

/** The teacher's 本人 scope over booking projects (domain 9.11). */
export const experimentSeeder: Seeder = async (ctx) => {
  await grantOwnScope(ctx, 'teacher', {
    resourceCode: 'experiment_project',
    column: 'create_user',
    menuCode: 'experiment_project',
    name: '本人预约项目',
  })
}
