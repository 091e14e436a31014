import type { Db } from '../db/client'

/** What the identity seed created, for the seeders that run after it. */
export interface SeedContext {
  db: Db
  /** LAB_DEMO=1: also seed a plausible demo school. */
  demo: boolean
  tenantId: string
  adminUserId: string
  rootDeptId: string
  /** Role ids by alias: administrator, staff, teacher, student, guest. */
  roleIds: Record<string, string>
  /** Menu ids by menu code (screens.tsv). */
  menuIds: Record<string, string>
  /** Passwords generated while seeding, printed once by the caller (account → password). */
  generatedPasswords: Record<string, string>
}

/** One area's first-start data (dictionaries, demo rows, ...). Runs inside the seed transaction. */
export type Seeder = (ctx: SeedContext) => Promise<void>
