/**
 * Backup and restore of the demo school's embedded database (issue 29 figures): the time the embedded
 * server takes to write a `.labbak` of its open database, the file's size, and the time to restore it
 * into a fresh data folder (unpack, load the dump, swap in).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../src/server/db/client'
import { startServer } from '../src/server/bootstrap'
import { restoreBackup, writeBackup } from '../src/server/admin/backup-file'
import type { Suite } from './types'

export const backupSuite: Suite = async () => {
  const root = mkdtempSync(join(tmpdir(), 'lab-bench-backup-'))
  try {
    const dataDir = join(root, 'lab')
    const database = await openDatabase({ dataDir: join(dataDir, 'db') })
    const config = {
      fileDir: join(dataDir, 'files'),
      demo: true,
      adminPassword: 'Bench-admin-1',
      logger: false,
    }
    const { app } = await startServer({ database, config })
    const out = join(root, 'demo.labbak')
    let started = performance.now()
    const written = await writeBackup(database, config.fileDir, out)
    const backupSeconds = (performance.now() - started) / 1000
    await app.close()
    await database.close()

    started = performance.now()
    await restoreBackup(out, join(root, 'other-pc'))
    const restoreSeconds = (performance.now() - started) / 1000
    const rows = Object.values(written.manifest.rowCounts).reduce((a, b) => a + b, 0)
    return [
      {
        name: 'backup of the demo school (open database)',
        value: backupSeconds.toFixed(2),
        unit: 's',
        note: `${rows} rows`,
      },
      { name: 'backup file size', value: (written.bytes / 1024 / 1024).toFixed(2), unit: 'MiB' },
      { name: 'restore into a fresh data folder', value: restoreSeconds.toFixed(2), unit: 's' },
    ]
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
}
