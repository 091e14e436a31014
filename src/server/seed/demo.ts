import type { SeedContext } from './context'
import { user } from '../db/schema'
import { nextId } from '../core/ids'
import { hashPassword, md5Hex, randomPassword } from '../auth/passwords'

const DEMO_USERS = [
  ['staff1', '实验室管理处', 'staff'],
  ['teacher1', '张老师', 'teacher'],
  ['student1', '李同学', 'student'],
  ['guest1', '王访客', 'guest'],
] as const

/** LAB_DEMO=1: one signed-in user per role, each with a random password printed once. */
export async function seedDemoUsers(ctx: SeedContext): Promise<void> {
  for (const [account, realName, alias] of DEMO_USERS) {
    const password = randomPassword(12)
    await ctx.db.insert(user).values({
      id: nextId(),
      tenantId: ctx.tenantId,
      account,
      password: await hashPassword(md5Hex(password)),
      name: realName,
      realName,
      roleId: ctx.roleIds[alias],
      deptId: ctx.rootDeptId,
      status: 1,
    })
    ctx.generatedPasswords[account] = password
  }
}
