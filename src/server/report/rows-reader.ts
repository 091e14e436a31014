import { asc, eq, sql } from 'drizzle-orm'
import type { TableCode } from '../../shared/resources/report/tables'
import type { Data } from '../core/data'
import { rowTable } from './tables'

export type StoredRow = Record<string, unknown> & { id: string; rowNo: number }

/**
 * A submission's rows in file order (rowNo, id), a page at a time, keyset-paged so no page costs more
 * than the one before it and no transaction needs to span the pages. Check, export and the bench's
 * plain read all read through here.
 */
export async function* scopeRows(data: Data, table: TableCode, submissionId: string, page = 2000) {
  const t = rowTable(table)
  let after: { rowNo: number; id: string } | null = null
  for (;;) {
    const rows = (await data.db
      .select()
      .from(t)
      .where(
        data.rows(
          t,
          eq(t.submissionId, submissionId),
          after ? sql`(${t.rowNo}, ${t.id}) > (${after.rowNo}, ${after.id})` : undefined,
        ),
      )
      .orderBy(asc(t.rowNo), asc(t.id))
      .limit(page)) as StoredRow[]
    if (!rows.length) return
    yield rows
    if (rows.length < page) return
    const last = rows[rows.length - 1]
    after = { rowNo: last.rowNo, id: last.id }
  }
}
