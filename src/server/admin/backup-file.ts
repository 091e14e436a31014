/**
 * The embedded database's backup file (`.labbak`): a gzip'd tar holding `manifest.json`, `db.tar` (the
 * PGlite data dir as `dumpDataDir` writes it) and `files/` (the uploaded files). It restores on any PC:
 * the dump is PGlite's own portable format, not the folder's raw pages.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync } from 'node:fs'
import { rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import * as tar from 'tar'
import { sql } from 'drizzle-orm'
import { migrationsFolder, openDatabase, type DatabaseHandle } from '../db/client'
import pkg from '../../../package.json'

export const BACKUP_EXTENSION = '.labbak'
const FORMAT = 1

export interface BackupManifest {
  format: number
  appVersion: string
  /** The tag of the last migration the database had. */
  schemaVersion: string
  createdAt: string
  tenants: { tenantId: string; tenantName: string }[]
  rowCounts: Record<string, number>
  fileCount: number
}

export interface WrittenBackup {
  file: string
  bytes: number
  manifest: BackupManifest
}

/** A backup that cannot be used; the message is for the person who picked it. */
export class BackupError extends Error {}

export function currentSchemaVersion(): string {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[]
  }
  return journal.entries.at(-1)!.tag
}

export async function tableNames(database: DatabaseHandle): Promise<string[]> {
  const rows = (await database.db.execute(
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' order by c.relname`,
  )) as unknown as { rows: { name: string }[] }
  return rows.rows.map((r) => r.name)
}

export async function countRows(database: DatabaseHandle): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const table of await tableNames(database)) {
    const r = (await database.db.execute(
      sql.raw(`select count(*)::int as n from "${table}"`),
    )) as unknown as { rows: { n: number }[] }
    counts[table] = Number(r.rows[0].n)
  }
  return counts
}

async function describe(database: DatabaseHandle, fileCount: number): Promise<BackupManifest> {
  const tenants = (await database.db.execute(
    sql`select tenant_id as "tenantId", tenant_name as "tenantName" from blade_tenant order by tenant_id`,
  )) as unknown as { rows: { tenantId: string; tenantName: string }[] }
  return {
    format: FORMAT,
    appVersion: pkg.version,
    schemaVersion: currentSchemaVersion(),
    createdAt: new Date().toISOString(),
    tenants: tenants.rows,
    rowCounts: await countRows(database),
    fileCount,
  }
}

function countFiles(dir: string): number {
  return readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile()).length
}

/**
 * Writes a backup of an open embedded database and its files folder to `out` (through a temporary
 * file beside it, so a failed backup never leaves a half-written file under the final name).
 */
export async function writeBackup(
  database: DatabaseHandle,
  fileDir: string | undefined,
  out: string,
): Promise<WrittenBackup> {
  if (!database.dump) throw new BackupError('只有内置数据库可以备份 (PostgreSQL 请用 pg_dump)')
  const stage = mkdtempSync(join(tmpdir(), 'lab-backup-'))
  try {
    const dump = await database.dump()
    writeFileSync(join(stage, 'db.tar'), Buffer.from(await dump.arrayBuffer()))
    const hasFiles = !!fileDir && existsSync(fileDir)
    // A junction (Windows) or symlink the packer follows: the files are read in place, not copied.
    if (hasFiles) symlinkSync(fileDir, join(stage, 'files'), 'junction')
    const manifest = await describe(database, hasFiles ? countFiles(fileDir) : 0)
    writeFileSync(join(stage, 'manifest.json'), JSON.stringify(manifest, null, 2))
    mkdirSync(dirname(out), { recursive: true })
    const partial = `${out}.partial`
    await tar.c({ gzip: true, file: partial, cwd: stage, follow: true, portable: true }, [
      'manifest.json',
      'db.tar',
      ...(hasFiles ? ['files'] : []),
    ])
    renameSync(partial, out)
    return { file: out, bytes: statSync(out).size, manifest }
  } finally {
    rmSync(stage, { recursive: true, force: true })
  }
}

/** The manifest of a backup file, read without unpacking the rest. */
export async function readBackupManifest(file: string): Promise<BackupManifest> {
  if (!existsSync(file)) throw new BackupError(`备份文件不存在: ${file}`)
  let text: string | undefined
  try {
    await tar.t({
      file,
      filter: (path) => path === 'manifest.json',
      onReadEntry: (entry) => {
        const chunks: Buffer[] = []
        entry.on('data', (c: Buffer) => chunks.push(c))
        entry.on('end', () => (text = Buffer.concat(chunks).toString('utf8')))
      },
    })
  } catch {
    throw new BackupError('不是有效的备份文件')
  }
  if (!text) throw new BackupError('不是有效的备份文件 (缺少 manifest.json)')
  const manifest = JSON.parse(text) as BackupManifest
  if (manifest.format !== FORMAT) throw new BackupError(`不支持的备份格式 ${manifest.format}`)
  return manifest
}

/** Refuses a backup from a newer schema than this program knows. */
function checkCompatible(manifest: BackupManifest) {
  if (manifest.schemaVersion > currentSchemaVersion())
    throw new BackupError(
      `该备份来自较新的版本 (${manifest.appVersion}),请先把本程序更新到该版本或更高版本再恢复`,
    )
}

/**
 * Unpacks a backup into `into` (db/ as a PGlite data dir, files/), checking it on the way. The caller
 * swaps the folders into place, so an unusable backup changes nothing.
 */
export async function unpackBackup(file: string, into: string): Promise<BackupManifest> {
  const manifest = await readBackupManifest(file)
  checkCompatible(manifest)
  mkdirSync(into, { recursive: true })
  await tar.x({ file, cwd: into, strict: true })
  const dumpFile = join(into, 'db.tar')
  if (!existsSync(dumpFile)) throw new BackupError('不是有效的备份文件 (缺少数据库)')
  // Loading the dump into a data dir is PGlite's own restore; opening it once writes the folder.
  const database = await openDatabase({
    dataDir: join(into, 'db'),
    loadDataDir: new Blob([readFileSync(dumpFile)]),
  })
  await database.close()
  rmSync(dumpFile)
  if (!existsSync(join(into, 'files'))) mkdirSync(join(into, 'files'))
  return manifest
}

/**
 * Replaces the embedded data in `dataDir` (db/ and files/) with a backup's. The database must not be
 * open. The previous data stays in `<dataDir>/replaced-<time>/` until the swap has completed.
 */
export async function restoreBackup(file: string, dataDir: string): Promise<BackupManifest> {
  await readBackupManifest(file)
  mkdirSync(dataDir, { recursive: true })
  const incoming = mkdtempSync(join(dataDir, 'restoring-'))
  try {
    const manifest = await unpackBackup(file, incoming)
    const old = join(dataDir, `replaced-${Date.now()}`)
    mkdirSync(old)
    for (const part of ['db', 'files']) {
      if (existsSync(join(dataDir, part))) renameSync(join(dataDir, part), join(old, part))
      renameSync(join(incoming, part), join(dataDir, part))
    }
    rmSync(old, { recursive: true, force: true })
    return manifest
  } finally {
    rmSync(incoming, { recursive: true, force: true })
  }
}

/** A backup of a stopped embedded data folder (`<dataDir>/db`, `<dataDir>/files`): the CLI's. */
export async function backupDataDir(dataDir: string, out: string): Promise<WrittenBackup> {
  const dbDir = join(dataDir, 'db')
  if (!existsSync(join(dbDir, 'PG_VERSION'))) throw new BackupError(`${dataDir} 中没有内置数据库 (db/)`)
  const database = await openDatabase({ dataDir: dbDir })
  try {
    return await writeBackup(database, join(dataDir, 'files'), out)
  } finally {
    await database.close()
  }
}
