import type { Page } from '../envelope'
import { page } from '../envelope'
import { count, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'
import type { Paging } from '../query'

/**
 * One page of any query: the page's rows and the total. The count is skipped when the page itself
 * shows every row there is (a first page shorter than its size), so small lists cost one statement.
 * Every paged answer of the server goes through here (or through `Repo.page`, which calls it).
 */
export async function paginate<T>(
  paging: Paging,
  query: { rows: (limit: number, offset: number) => Promise<T[]>; count: () => Promise<number> },
): Promise<Page<T>> {
  const { current, size } = paging
  const offset = (current - 1) * size
  const records = await query.rows(size, offset)
  const total =
    records.length > 0 && records.length < size
      ? offset + records.length
      : records.length === 0 && current === 1
        ? 0
        : await query.count()
  return page(records, total, current, size)
}

/** A select whose conditions and order are set: what `pageOf` limits to one page. */
interface PageableSelect<T> {
  limit(limit: number): { offset(offset: number): PromiseLike<T[]> }
}

/**
 * One page of a hand-built select (joins, platform tables, a fixed order): `select` with its where and
 * order set, `count` the number of all its rows. The limit and offset are applied here.
 */
export function pageOf<T>(paging: Paging, select: PageableSelect<T>, count: () => Promise<number>): Promise<Page<T>> {
  return paginate(paging, { rows: (limit, offset) => select.limit(limit).offset(offset) as Promise<T[]>, count })
}

/** How many rows of `table` match `where` (the count half of `pageOf`). */
export async function countRows(db: Db, table: PgTable, where: SQL | undefined): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(table).where(where)
  return Number(n)
}
