import { sql, type SQL } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { isAdministrator, type AuthUser } from '../core/context'

const ID = /^\d{1,19}$/

/**
 * Whether the caller's roles hold a menu of the design, as a SQL condition (for the engine's
 * synchronous `readScope`; async code asks `holdsMenu` of auth/permissions).
 */
export function holdsSql(user: AuthUser | null, code: string): SQL {
  if (!user) return sql`false`
  if (isAdministrator(user)) return sql`true`
  const roleIds = user.roleIds.filter((r) => ID.test(r))
  if (!roleIds.length) return sql`false`
  return sql`exists (select 1 from blade_role_menu rm join blade_menu m on m.id = rm.menu_id where m.code = ${code} and m.is_deleted = 0 and rm.role_id in (${sql.join(
    roleIds.map((r) => sql`${r}`),
    sql`, `,
  )}))`
}

/** Readers (not holders of `code`) see published rows only (`status = 1`). */
export const publishedUnlessHolder =
  (code: string) =>
  (request: FastifyRequest): SQL[] => [sql`(${holdsSql(request.user, code)} or status = 1)`]
