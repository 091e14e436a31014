import type { Query, SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { Db } from '../../db/client'

/**
 * Statement texts built once and kept, by key: for the hot statements of a write whose text costs
 * drizzle about as much to build as the embedded database takes to run it (a batch edit's reads:
 * ~0.9 ms of building each). What changes between runs is a drizzle placeholder
 * (`sql.placeholder(name)`), given as a value on each run; the key names everything else the text
 * holds (Data.kept adds the tenant).
 */
const texts = new Map<string, Query>()

/**
 * Keys are tenants × a handful of shapes; the bound only guards against a caller putting values into
 * a key by mistake (the texts are then rebuilt, never wrong).
 */
const MAX_TEXTS = 2000

/** Stateless: the text of a statement does not depend on the database it is sent to. */
const dialect = new PgDialect()

export async function runKept<R>(
  db: Db,
  key: string,
  build: () => SQL | { getSQL(): SQL },
  values: Record<string, unknown>,
): Promise<R[]> {
  let query = texts.get(key)
  if (!query) {
    const statement = build()
    query = dialect.sqlToQuery('getSQL' in statement ? statement.getSQL() : statement)
    if (texts.size >= MAX_TEXTS) texts.clear()
    texts.set(key, query)
  }
  // The session of `db`: inside a transaction, the transaction's. Unnamed, like every other statement:
  // node-postgres would otherwise prepare it once per pooled connection under that name.
  const result = await db._.session.prepareQuery(query, undefined, undefined, false).execute(values)
  return (result as { rows: R[] }).rows
}
