import { eq, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { AuthUser } from '../core/context'

/** The lab office (administrators and staff) sees every row of its data scope; others their own. */
export const isOffice = (u: AuthUser | null): boolean =>
  !!u && (u.roleAliases.includes('administrator') || u.roleAliases.includes('staff'))

/** The condition limiting a non-office caller to the rows they created. */
export const ownRows = (u: AuthUser | null, createUser: PgColumn): SQL | undefined =>
  isOffice(u) ? undefined : eq(createUser, u?.userId ?? '0')
