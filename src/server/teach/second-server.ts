/**
 * A second server on the same database as a test server, as a second process behind a load balancer
 * would be: on PostgreSQL with its own connection pool, on the embedded database on the one connection
 * there is. Test support only.
 */
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { openDatabase, type DatabaseHandle } from '../db/client'
import { startServer } from '../bootstrap'
import type { TestServer } from '../../../tests/support/server'
import { databaseUrlFor } from '../../../tests/support/postgres'

export async function secondServer(
  t: TestServer,
): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  let database: DatabaseHandle = t.database
  let own = false
  if (t.database.kind === 'postgres' && process.env.DATABASE_URL) {
    const { rows } = (await t.database.db.execute(sql`select current_database() as name`)) as unknown as {
      rows: { name: string }[]
    }
    database = await openDatabase({ url: databaseUrlFor(process.env.DATABASE_URL, rows[0].name) })
    own = true
  }
  const { app } = await startServer({ database, config: { fileDir: '', demo: false, logger: false } })
  return {
    app,
    close: async () => {
      await app.close()
      if (own) await database.close()
    },
  }
}
