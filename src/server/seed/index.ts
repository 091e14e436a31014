import type { Db } from '../db/client'
import { tenant } from '../db/schema'
import { ADMIN_TENANT_ID } from '../core/context'
import { dataOfTenant } from '../core/data'
import type { SeedContext } from './context'
import { seedIdentity } from './identity'
import { seedMenus } from './menus'
import { seedDemoUsers } from './demo'
import { seeders } from './registry'

export type { SeedContext, Seeder } from './context'

export interface SeedResult {
  /** Passwords generated on this first start (account → password, plus `account.initPassword`). */
  generatedPasswords: Record<string, string>
  adminPassword: string
}

export async function isSeeded(db: Db): Promise<boolean> {
  const rows = await db
    .select({ id: tenant.id })
    .from(tenant)
    .where(dataOfTenant(db, ADMIN_TENANT_ID).everRows(tenant))
    .limit(1)
  return rows.length > 0
}

/**
 * First start of an empty database: identity (tenant, clients, roles, admin, params), the menu tree,
 * then every registered area seeder, then demo data when asked. All or nothing.
 */
export async function seedDatabase(
  db: Db,
  options: { adminPassword?: string; demo: boolean },
): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    const t = tx
    const identity = await seedIdentity(t, options.adminPassword)
    const menuIds = await seedMenus(t, identity.tenantId, identity.roleIds)
    const ctx: SeedContext = {
      db: t,
      demo: options.demo,
      tenantId: identity.tenantId,
      adminUserId: identity.adminUserId,
      rootDeptId: identity.rootDeptId,
      roleIds: identity.roleIds,
      menuIds,
      generatedPasswords: { 'account.initPassword': identity.initPassword },
    }
    if (!options.adminPassword) ctx.generatedPasswords.admin = identity.adminPassword
    for (const seeder of seeders) await seeder(ctx)
    if (options.demo) await seedDemoUsers(ctx)
    return { generatedPasswords: ctx.generatedPasswords, adminPassword: identity.adminPassword }
  })
}
