/**
 * Standalone to school server: copies an embedded database (a backup file, a data folder or its db/
 * folder) into a PostgreSQL database, in one transaction. Each row travels as JSON made by the source
 * (`row_to_json`) and read back by the target (`json_populate_recordset`), so every column type keeps
 * PostgreSQL's own text form and no driver converts dates or numbers on the way.
 */
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { openDatabase, runMigrations } from '../db/client'
import { BackupError, unpackBackup } from './backup-file'

export interface MigrateOptions {
  /** A `.labbak` backup, an embedded data folder (db/, files/) or a PGlite data dir. */
  from: string
  /** The target PostgreSQL connection string. */
  to: string
  /** Replace the rows of tenants that already have data in the target. */
  overwrite?: boolean
  /** Where the target server keeps uploaded files (its LAB_DATA_DIR/files); absent: not copied. */
  targetFileDir?: string
  log?: (line: string) => void
}

export interface MigrateResult {
  tenants: string[]
  /** Rows copied per table (tables with rows only). */
  rowCounts: Record<string, number>
  replacedTenants: string[]
  filesCopied: boolean
}

const BATCH = 2000
/** Copied first: the version triggers of other tables add to its rows as those tables are filled. */
const FIRST = 'lab_data_version'

interface Source {
  dbDir: string
  fileDir?: string
  cleanup(): void
}

async function locateSource(from: string): Promise<Source> {
  if (!existsSync(from)) throw new BackupError(`找不到 ${from}`)
  if (from.endsWith('.labbak')) {
    const dir = mkdtempSync(join(tmpdir(), 'lab-migrate-'))
    try {
      await unpackBackup(from, dir)
    } catch (error) {
      rmSync(dir, { recursive: true, force: true })
      throw error
    }
    const cleanup = () => rmSync(dir, { recursive: true, force: true })
    return { dbDir: join(dir, 'db'), fileDir: join(dir, 'files'), cleanup }
  }
  if (existsSync(join(from, 'db', 'PG_VERSION')))
    return { dbDir: join(from, 'db'), fileDir: join(from, 'files'), cleanup: () => {} }
  if (existsSync(join(from, 'PG_VERSION'))) return { dbDir: from, cleanup: () => {} }
  throw new BackupError(`${from} 既不是备份文件 (.labbak),也不是内置数据库的数据目录`)
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

export async function migrateToPostgres(options: MigrateOptions): Promise<MigrateResult> {
  const log = options.log ?? (() => {})
  const source = await locateSource(options.from)
  try {
    // The target's schema first, through the same migrations the server runs at start.
    const target = await openDatabase({ url: options.to })
    try {
      await runMigrations(target)
    } finally {
      await target.close()
    }
    const db = new PGlite({ dataDir: source.dbDir, extensions: { pg_trgm } })
    await db.waitReady
    const client = new pg.Client({ connectionString: options.to })
    await client.connect()
    try {
      const result = await copyAll(db, client, !!options.overwrite, log)
      let filesCopied = false
      if (options.targetFileDir && source.fileDir && existsSync(source.fileDir)) {
        cpSync(source.fileDir, options.targetFileDir, { recursive: true })
        filesCopied = true
        log(`上传文件已复制到 ${options.targetFileDir}`)
      }
      return { ...result, filesCopied }
    } finally {
      await client.end()
      await db.close()
    }
  } finally {
    source.cleanup()
  }
}

async function columnsOf(
  query: (sql: string) => Promise<{ table: string; column: string }[]>,
): Promise<Map<string, Set<string>>> {
  const rows = await query(
    `select table_name as "table", column_name as "column" from information_schema.columns
     where table_schema = 'public'`,
  )
  const tables = new Map<string, Set<string>>()
  for (const { table, column } of rows) {
    if (!tables.has(table)) tables.set(table, new Set())
    tables.get(table)!.add(column)
  }
  return tables
}

async function copyAll(
  source: PGlite,
  target: pg.Client,
  overwrite: boolean,
  log: (line: string) => void,
): Promise<Omit<MigrateResult, 'filesCopied'>> {
  const sourceTables = await columnsOf(async (sql) => (await source.query<never>(sql)).rows)
  const targetTables = await columnsOf(async (sql) => (await target.query(sql)).rows)
  for (const table of sourceTables.keys())
    if (!targetTables.has(table))
      throw new BackupError(`目标数据库缺少表 ${table}:请先把学校服务器更新到与本机相同或更高的版本`)
  const tables = [...sourceTables.keys()].sort((a, b) =>
    a === FIRST ? -1 : b === FIRST ? 1 : a.localeCompare(b),
  )
  const tenantTables = tables.filter((t) => sourceTables.get(t)!.has('tenant_id'))

  const tenants = new Set<string>()
  for (const table of tenantTables) {
    const r = await source.query<{ tenant_id: string }>(
      `select distinct tenant_id from ${quote(table)} where tenant_id is not null`,
    )
    for (const row of r.rows) tenants.add(row.tenant_id)
  }
  const tenantList = [...tenants].sort()

  await target.query('begin')
  try {
    const taken = new Set<string>()
    for (const table of tenantTables) {
      const r = await target.query<{ tenant_id: string }>(
        `select distinct tenant_id from ${quote(table)} where tenant_id = any($1)`,
        [tenantList],
      )
      for (const row of r.rows) taken.add(row.tenant_id)
    }
    const replaced = [...taken].sort()
    if (replaced.length > 0 && !overwrite)
      throw new BackupError(
        `目标数据库中租户 ${replaced.join(', ')} 已有数据,未做任何更改。确认要用本机数据替换它们时加 --overwrite`,
      )
    if (replaced.length > 0) {
      log(`替换目标数据库中租户 ${replaced.join(', ')} 的数据`)
      for (const table of tenantTables)
        await target.query(`delete from ${quote(table)} where tenant_id = any($1)`, [replaced])
    }

    const rowCounts: Record<string, number> = {}
    await source.exec('begin')
    try {
      for (const table of tables) {
        const platformWide = !tenantTables.includes(table)
        // Platform-wide rows (menus, dictionaries, clients, settings) the target already has stay its own.
        const insert = `insert into ${quote(table)} select * from json_populate_recordset(null::${quote(table)}, $1::json)${platformWide ? ' on conflict do nothing' : ''}`
        await source.exec(
          `declare copy_rows no scroll cursor for select row_to_json(t)::text as row from ${quote(table)} t`,
        )
        let copied = 0
        for (;;) {
          const batch = await source.query<{ row: string }>(`fetch ${BATCH} from copy_rows`)
          if (batch.rows.length === 0) break
          await target.query(insert, [`[${batch.rows.map((r) => r.row).join(',')}]`])
          copied += batch.rows.length
        }
        await source.exec('close copy_rows')
        if (copied > 0) rowCounts[table] = copied
      }
    } finally {
      await source.exec('rollback')
    }
    await resetSequences(target)
    await target.query('commit')
    for (const [table, n] of Object.entries(rowCounts)) log(`${table}: ${n}`)
    return { tenants: tenantList, rowCounts, replacedTenants: replaced }
  } catch (error) {
    await target.query('rollback')
    throw error
  }
}

/** Sequences owned by a column continue after the copied rows' largest value. */
async function resetSequences(target: pg.Client) {
  const owned = await target.query<{ seq: string; tbl: string; col: string }>(
    `select s.relname as seq, t.relname as tbl, a.attname as col
     from pg_class s
     join pg_namespace n on n.oid = s.relnamespace and n.nspname = 'public'
     join pg_depend d on d.objid = s.oid and d.deptype in ('a', 'i')
     join pg_class t on t.oid = d.refobjid
     join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
     where s.relkind = 'S'`,
  )
  for (const { seq, tbl, col } of owned.rows)
    await target.query(
      `select setval('${quote(seq)}', coalesce((select max(${quote(col)}) from ${quote(tbl)}), 0) + 1, false)`,
    )
}
