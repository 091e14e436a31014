import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePglite, type PgliteQueryResultHKT } from 'drizzle-orm/pglite'
import type { PgDatabase } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import { fileURLToPath } from 'node:url'
import * as schema from './schema'
import { statementCounter } from './statement-count'
import { ROUTINES_SQL } from './routines'

export type Schema = typeof schema
/**
 * Both drivers expose the same PostgreSQL query builder; code is written against this one type. It is
 * the base class of a database and of an open transaction, so a function taking a `Db` works inside
 * a caller's transaction too (`db.transaction((tx) => save(tx, ...))`).
 */
export type Db = PgDatabase<PgliteQueryResultHKT, Schema>

export interface DatabaseHandle {
  db: Db
  kind: 'pglite' | 'postgres'
  close(): Promise<void>
  /** Raw SQL for migrations-time tasks and benchmarks. */
  exec(sql: string): Promise<void>
  /** PGlite only: the data dir as a tarball, loadable with `loadDataDir` (test snapshots). */
  dump?: () => Promise<Blob>
  /** Opened with `countStatements`: each reply names its statement count (statement-count.ts). */
  countsStatements?: boolean
}

export interface DatabaseOptions {
  /** A PostgreSQL connection string; when absent the embedded PGlite is used. */
  url?: string
  /** Folder of the embedded database; absent means in memory. */
  dataDir?: string
  /** A PGlite data-dir dump (tar) to start from instead of an empty database (tests). */
  loadDataDir?: Blob
  /** Count the statements each request sends (benches and tests; see statement-count.ts). */
  countStatements?: boolean
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

/**
 * The embedded database's buffer pool. PGlite keeps PostgreSQL's 128 MB default inside the server's
 * own process, where it is most of an idle server's memory (≈ 230 MiB resident for PGlite at 128 MB,
 * ≈ 110 MiB at 32 MB), while the data files it caches are read through the host's file system and
 * its page cache anyway. Scans of tables larger than a quarter of the pool go through a small ring
 * buffer whatever its size, so the big statistics reads do not lose by it.
 */
const PGLITE_SHARED_BUFFERS = '32MB'

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  const counting = options.countStatements ? { logger: statementCounter } : {}
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: 10 })
    // An idle connection the server terminates (restart, failover, admin command) must not crash the
    // process: the pool drops it and the next query opens a new one.
    pool.on('error', (error) => console.error('[db] idle PostgreSQL connection lost:', error.message))
    const db = drizzlePg(pool, { schema, ...counting }) as unknown as Db
    return {
      db,
      kind: 'postgres',
      countsStatements: !!options.countStatements,
      close: () => pool.end(),
      exec: async (sql) => {
        await pool.query(sql)
      },
    }
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true })
  const client = new PGlite({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  })
  await client.waitReady
  const db = drizzlePglite(client, { schema, ...counting })
  return {
    db,
    kind: 'pglite',
    countsStatements: !!options.countStatements,
    close: () => client.close(),
    exec: async (sql) => {
      await client.exec(sql)
    },
    dump: async () => (await client.dumpDataDir('none')) as Blob,
  }
}

/**
 * Extensions the schema's indexes need (pg_trgm: trigram indexes for `LIKE '%x%'` searches). Created
 * here rather than in a migration because the migrations are generated from the schema, which cannot
 * express extensions. pg_trgm is a trusted extension on PostgreSQL 13+, so a database
 * owner without superuser may create it; PGlite ships it (loaded in openDatabase).
 */
const EXTENSIONS_SQL = 'create extension if not exists pg_trgm'

export async function runMigrations(handle: DatabaseHandle, folder = migrationsFolder): Promise<void> {
  await handle.exec(EXTENSIONS_SQL)
  if (handle.kind === 'pglite') await migratePglite(handle.db, { migrationsFolder: folder })
  else await migratePg(handle.db as never, { migrationsFolder: folder })
  for (const statement of ROUTINES_SQL) await handle.exec(statement)
}
