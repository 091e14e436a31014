import { afterAll, describe, expect, it } from 'vitest'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { inject } from 'vitest'
import { eq } from 'drizzle-orm'
import { openDatabase, type DatabaseHandle } from '../db/client'
import { startServer } from '../bootstrap'
import { param } from '../db/schema'
import { SNAPSHOT_KEY } from '../../../tests/support/constants'
import { basicAuth, passwordGrant } from '../../../tests/support/server'
import {
  BackupError,
  backupDataDir,
  countRows,
  readBackupManifest,
  restoreBackup,
  writeBackup,
} from './backup-file'

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'lab-bak-'))
  dirs.push(dir)
  return dir
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

/** An embedded data folder (db/ + files/) holding the seeded test database, as the app keeps it. */
async function seededDataDir(): Promise<string> {
  const dataDir = tempDir()
  const snapshot = inject(SNAPSHOT_KEY)
  if (snapshot.kind !== 'pglite') throw new Error('the PGlite snapshot is needed')
  const database = await openDatabase({
    dataDir: join(dataDir, 'db'),
    loadDataDir: new Blob([readFileSync(snapshot.file)]),
  })
  await database.close()
  mkdirSync(join(dataDir, 'files', 'upload'), { recursive: true })
  writeFileSync(join(dataDir, 'files', 'upload', 'plan.txt'), '实验计划')
  return dataDir
}

async function start(dataDir: string) {
  const database = await openDatabase({ dataDir: join(dataDir, 'db') })
  const config = { fileDir: join(dataDir, 'files'), demo: false, logger: false }
  const { app } = await startServer({ database, config })
  return { app, database }
}

const paramsNamed = (database: DatabaseHandle, key: string) =>
  database.db.select().from(param).where(eq(param.paramKey, key))

// Each test opens PGlite data folders several times: a minute or more on a busy machine.
const SLOW = { timeout: 600_000 }
const pglite = inject(SNAPSHOT_KEY).kind === 'pglite'

describe.runIf(pglite)('embedded backup file', () => {
  it('backup, change data, restore: the data and files are back', SLOW, async () => {
    const dataDir = await seededDataDir()
    let server = await start(dataDir)
    const out = join(dataDir, 'backups', 'one.labbak')
    const written = await writeBackup(server.database, join(dataDir, 'files'), out)
    expect(written.bytes).toBeGreaterThan(0)
    expect(written.manifest.tenants.map((t) => t.tenantId)).toContain('000000')
    expect(written.manifest.fileCount).toBe(1)
    expect(written.manifest.rowCounts.blade_user).toBe(1)
    const before = await countRows(server.database)

    const token = (await passwordGrant(server.app)).json().access_token as string
    const add = await server.app.inject({
      method: 'POST',
      url: '/api/blade-system/param/submit',
      headers: {
        authorization: basicAuth('saber', 'saber_secret'),
        'blade-auth': `bearer ${token}`,
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ paramName: '备份后添加', paramKey: 'after.backup', paramValue: '1' }),
    })
    expect(add.statusCode).toBe(200)
    expect(await paramsNamed(server.database, 'after.backup')).toHaveLength(1)
    rmSync(join(dataDir, 'files', 'upload', 'plan.txt'))
    await server.app.close()
    await server.database.close()

    const manifest = await restoreBackup(out, dataDir)
    expect(manifest.createdAt).toBe(written.manifest.createdAt)
    server = await start(dataDir)
    expect(await paramsNamed(server.database, 'after.backup')).toHaveLength(0)
    expect(await countRows(server.database)).toEqual(before)
    expect(readFileSync(join(dataDir, 'files', 'upload', 'plan.txt'), 'utf8')).toBe('实验计划')
    expect((await passwordGrant(server.app)).statusCode).toBe(200)
    await server.app.close()
    await server.database.close()
  })

  it('a backup of a stopped data folder restores into a second, fresh data folder', SLOW, async () => {
    const source = await seededDataDir()
    const out = join(tempDir(), 'copy.labbak')
    const written = await backupDataDir(source, out)
    expect(await readBackupManifest(out)).toEqual(written.manifest)

    const fresh = join(tempDir(), 'other-pc')
    await restoreBackup(out, fresh)
    const server = await start(fresh)
    expect(await countRows(server.database)).toEqual(written.manifest.rowCounts)
    expect(existsSync(join(fresh, 'files', 'upload', 'plan.txt'))).toBe(true)
    expect((await passwordGrant(server.app)).statusCode).toBe(200)
    await server.app.close()
    await server.database.close()
  })

  it('refuses a file that is not a backup and leaves the data as it was', SLOW, async () => {
    const dataDir = await seededDataDir()
    const bogus = join(dataDir, 'bogus.labbak')
    writeFileSync(bogus, 'not a backup')
    await expect(restoreBackup(bogus, dataDir)).rejects.toBeInstanceOf(BackupError)
    await expect(restoreBackup(join(dataDir, 'missing.labbak'), dataDir)).rejects.toThrow('备份文件不存在')
    const server = await start(dataDir)
    expect((await passwordGrant(server.app)).statusCode).toBe(200)
    expect(existsSync(join(dataDir, 'files', 'upload', 'plan.txt'))).toBe(true)
    await server.app.close()
    await server.database.close()
  })
})
