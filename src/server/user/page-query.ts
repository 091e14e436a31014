import { count, getTableColumns, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { user } from '../db/schema'
import type { UserRow } from './present'

/** Up to this many matches, the page collects and sorts the matches (see pageOfUsers). */
export const FILTER_FIRST_MAX = 2000

/** A user as listed: every column but the password hash, which never leaves the database here. */
export type ListedUser = Omit<UserRow, 'password'>

const { password: _password, ...LISTED_FIELDS } = getTableColumns(user)
const LISTED_COLUMNS = sql.raw(
  Object.values(LISTED_FIELDS)
    .map((c) => `"${c.name}"`)
    .join(', '),
)

const LISTED_ENTRIES = Object.entries(LISTED_FIELDS)

/** A row of raw SQL (column names, driver values) as drizzle would have read it. */
function listedUserOf(raw: Record<string, unknown>): ListedUser {
  const row: Record<string, unknown> = {}
  for (const [key, column] of LISTED_ENTRIES) {
    const value = raw[column.name]
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value)
  }
  return row as ListedUser
}

/**
 * One page of the users matching `where` (conditions on `blade_user`) in `order`, and how many match.
 *
 * A name or account search matches few users: the first statement collects up to FILTER_FIRST_MAX + 1
 * matches (the trigram index finds them; the planner cannot tell from LIKE '%x%' how few there are and
 * might otherwise walk the whole tenant in page order), counts and sorts them, and returns the page
 * with the count: one round trip. Only when there are more matches (or the page lies past the end)
 * are they counted and the page read by walking the page-order index, which stops after the page.
 * The subquery is named "blade_user" so that `order` applies to it unchanged.
 */
export async function pageOfUsers(
  db: Db,
  where: SQL,
  order: SQL[],
  paging: { limit: number; offset: number },
): Promise<{ total: number; rows: ListedUser[] }> {
  const { limit, offset } = paging
  const few = (await db.execute(
    sql`select *, count(*) over () as total
      from (select ${LISTED_COLUMNS} from blade_user where ${where} limit ${FILTER_FIRST_MAX + 1}) "blade_user"
      order by ${sql.join(order, sql`, `)} limit ${limit} offset ${offset}`,
  )) as unknown as { rows: Record<string, unknown>[] }
  const counted = Number(few.rows[0]?.total ?? 0)
  if (few.rows.length && counted <= FILTER_FIRST_MAX)
    return { total: counted, rows: few.rows.map(listedUserOf) }
  if (!few.rows.length && offset === 0) return { total: 0, rows: [] }
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(user).where(where),
    db
      .select(LISTED_FIELDS)
      .from(user)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
  ])
  return { total: Number(total), rows }
}
