import { afterAll, describe, expect, it } from 'vitest'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inject } from 'vitest'
import pg from 'pg'
import { sql } from 'drizzle-orm'
import { openDatabase, type DatabaseHandle } from '../db/client'
import { startServer } from '../bootstrap'
import { SNAPSHOT_KEY } from '../../../tests/support/constants'
import { passwordGrant } from '../../../tests/support/server'
import { databaseUrlFor } from '../../../tests/support/postgres'
import { backupDataDir, countRows } from './backup-file'
import { migrateToPostgres } from './migrate-to-postgres'

const ADMIN_URL = process.env.LAB_TEST_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres'

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 })
  try {
    await client.connect()
    await client.end()
    return true
  } catch {
    return false
  }
}

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'lab-move-'))
  dirs.push(dir)
  return dir
}
const databases: string[] = []
const admin = async (sql: string) => {
  const client = new pg.Client({ connectionString: ADMIN_URL })
  await client.connect()
  try {
    await client.query(sql)
  } finally {
    await client.end()
  }
}
afterAll(async () => {
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }))
  for (const name of databases) await admin(`drop database if exists ${name} with (force)`)
})

async function scratchDatabase(): Promise<string> {
  const name = `lab_move_test_${process.pid}_${databases.length}`
  databases.push(name)
  await admin(`drop database if exists ${name} with (force)`)
  await admin(`create database ${name}`)
  return databaseUrlFor(ADMIN_URL, name)
}

const rowsOf = async (database: DatabaseHandle, table: string) => {
  const r = (await database.db.execute(
    sql.raw(`select row_to_json(t)::text as row from "${table}" t order by 1`),
  )) as unknown as { rows: { row: string }[] }
  return r.rows.map((x) => JSON.parse(x.row) as unknown)
}

const SLOW = { timeout: 600_000 }
const runs = inject(SNAPSHOT_KEY).kind === 'pglite' && (await postgresAnswers())

describe.runIf(runs)('migrate-to-postgres', () => {
  // Several PGlite opens, two migrations and three copies: minutes on a busy machine.
  it(
    'copies a standalone lab into PostgreSQL: same rows, same records, the same accounts sign in',
    SLOW,
    async () => {
      const dataDir = tempDir()
      const snapshot = inject(SNAPSHOT_KEY) as { file: string }
      const embedded = await openDatabase({
        dataDir: join(dataDir, 'db'),
        loadDataDir: new Blob([readFileSync(snapshot.file)]),
      })
      const sourceCounts = await countRows(embedded)
      const sampled = ['blade_user', 'blade_tenant', 'blade_role', 'blade_dept', 'lab_setting']
      const sourceRows = Object.fromEntries(
        await Promise.all(sampled.map(async (t) => [t, await rowsOf(embedded, t)] as const)),
      )
      await embedded.close()
      mkdirSync(join(dataDir, 'files', 'upload'), { recursive: true })
      writeFileSync(join(dataDir, 'files', 'upload', 'plan.txt'), '实验计划')
      const backup = join(dataDir, 'lab.labbak')
      await backupDataDir(dataDir, backup)

      const url = await scratchDatabase()
      const schoolFiles = join(tempDir(), 'files')
      const lines: string[] = []
      const moved = await migrateToPostgres({
        from: backup,
        to: url,
        targetFileDir: schoolFiles,
        log: (l) => lines.push(l),
      })
      expect(moved.tenants).toEqual(['000000'])
      expect(moved.replacedTenants).toEqual([])
      expect(lines).toContain(`blade_user: ${sourceCounts.blade_user}`)
      expect(readFileSync(join(schoolFiles, 'upload', 'plan.txt'), 'utf8')).toBe('实验计划')

      const school = await openDatabase({ url })
      expect(await countRows(school)).toEqual(sourceCounts)
      for (const table of sampled) expect(await rowsOf(school, table)).toEqual(sourceRows[table])
      const { app } = await startServer({
        database: school,
        config: { fileDir: schoolFiles, demo: false, logger: false },
      })
      expect((await passwordGrant(app)).statusCode).toBe(200)
      await app.close()
      const signedIn = await countRows(school)
      await school.close()

      // Again: tenant 000000 has data there now, so it is refused and nothing changes ...
      await expect(migrateToPostgres({ from: dataDir, to: url })).rejects.toThrow(
        '目标数据库中租户 000000 已有数据',
      )
      const after = await openDatabase({ url })
      expect(await countRows(after)).toEqual(signedIn)
      await after.close()
      // ... unless told to overwrite.
      const again = await migrateToPostgres({ from: dataDir, to: url, overwrite: true })
      expect(again.replacedTenants).toEqual(['000000'])
      const replaced = await openDatabase({ url })
      // The school server's own request log of the sign-in above is not the standalone lab's data.
      const withoutLogs = (counts: Record<string, number>) =>
        Object.entries(counts).filter(([table]) => !table.startsWith('blade_log_'))
      expect(withoutLogs(await countRows(replaced))).toEqual(withoutLogs(sourceCounts))
      for (const table of sampled) expect(await rowsOf(replaced, table)).toEqual(sourceRows[table])
      await replaced.close()
    },
  )

  it('refuses a source that is neither a backup nor a data folder', async () => {
    const dir = tempDir()
    await expect(migrateToPostgres({ from: dir, to: ADMIN_URL })).rejects.toThrow('既不是备份文件')
    expect(existsSync(join(dir, 'db'))).toBe(false)
  })
})
