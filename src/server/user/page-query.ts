import { count, getTableColumns, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { user } from '../db/schema'
import type { UserRow } from './present'

/** Up to this many matches, the page is found with its count in one statement (see pageOfUsers). */
const FEW_MATCHES = 500
/** Up to this many matches, sorting all the matches beats walking the page-order index. */
const FILTER_FIRST_MAX = 2000

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

/** Sorted matches of `where`: the page, and how many there are when no more than `cap - 1`. */
async function sortedMatches(db: Db, where: SQL, order: SQL[], cap: number, limit: number, offset: number) {
  const result = (await db.execute(
    sql`select *, count(*) over () as total
      from (select ${LISTED_COLUMNS} from blade_user where ${where} limit ${cap}) "blade_user"
      order by ${sql.join(order, sql`, `)} limit ${limit} offset ${offset}`,
  )) as unknown as { rows: Record<string, unknown>[] }
  return { counted: Number(result.rows[0]?.total ?? 0), rows: result.rows.map(listedUserOf) }
}

/**
 * One page of the users matching `where` (conditions on `blade_user`) in `order`, and how many match.
 *
 * A name or account search usually matches a few users: the first statement collects up to
 * FEW_MATCHES + 1 of them (the trigram index finds them), counts and sorts them, and returns the page
 * with the count: one round trip. More matches (or a page past the end): count them first, then sort
 * the matches if there are up to FILTER_FIRST_MAX (the planner cannot tell from LIKE '%x%' how few
 * there are and might otherwise walk the whole tenant in page order), else walk the page-order index,
 * which stops after the page. The subquery is named "blade_user" so that `order` applies unchanged.
 */
export async function pageOfUsers(
  db: Db,
  where: SQL,
  order: SQL[],
  paging: { limit: number; offset: number },
): Promise<{ total: number; rows: ListedUser[] }> {
  const { limit, offset } = paging
  const few = await sortedMatches(db, where, order, FEW_MATCHES + 1, limit, offset)
  if (few.rows.length && few.counted <= FEW_MATCHES) return { total: few.counted, rows: few.rows }
  if (!few.rows.length && offset === 0) return { total: 0, rows: [] }
  const total = Number((await db.select({ total: count() }).from(user).where(where))[0].total)
  if (total <= FILTER_FIRST_MAX)
    return { total, rows: (await sortedMatches(db, where, order, total + 1, limit, offset)).rows }
  const rows = await db
    .select(LISTED_FIELDS)
    .from(user)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset)
  return { total, rows }
}
