import { afterAll, describe, expect, it } from 'vitest'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
// The test stands the embedded server's own backup handler in for its process (main code does not import it).
// eslint-disable-next-line no-restricted-imports
import { openDatabase, runMigrations, type DatabaseHandle } from '../../server/db/client'
// eslint-disable-next-line no-restricted-imports
import { applyPendingRestore } from '../../server/admin/pending-restore'
// eslint-disable-next-line no-restricted-imports
import { embeddedRequests } from '../../server/embedded-requests'
import { ManualClock } from '../../../tests/host/manual-clock'
import { Backups, BackupError, type EmbeddedControl } from './backups'

const dataDir = mkdtempSync(join(tmpdir(), 'lab-backups-'))
let database: DatabaseHandle
afterAll(async () => {
  await database?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

/**
 * The embedded server's requests answered in this process by the server's own handlers, and a
 * restart that closes the database, applies a pending restore and opens it again, as embedded.ts does.
 */
const control: EmbeddedControl = {
  dataDir,
  request: (body) =>
    embeddedRequests[body.kind](body, { database, dataDir, fileDir: join(dataDir, 'files') }),
  restart: async () => {
    await database.close()
    const restoreError = await applyPendingRestore(dataDir)
    database = await openDatabase({ dataDir: join(dataDir, 'db') })
    return { restoreError }
  },
}

const settingCount = async (key: string) => {
  const r = (await database.db.execute(
    `select count(*)::int as n from lab_setting where key = '${key}'` as never,
  )) as unknown as { rows: { n: number }[] }
  return r.rows[0].n
}

let clock = new Date('2026-12-07T08:00:00Z')
const hours = (n: number) => (clock = new Date(clock.getTime() + n * 3600_000))

describe('Backups (main) against the embedded server’s backup handler', () => {
  it('backs up daily, keeps N, restores (data back), refuses what is not a backup', { timeout: 600_000 }, async () => {
    database = await openDatabase({ dataDir: join(dataDir, 'db') })
    await runMigrations(database)
    const backups = new Backups(control, () => clock, 2)

    const first = await backups.backupIfDue()
    expect(first?.name).toBe('lab-20261207T080000Z.labbak')
    hours(1)
    expect(await backups.backupIfDue()).toBeUndefined()

    await database.exec(`insert into lab_setting (key, value) values ('after.first', '1')`)
    hours(24)
    const second = await backups.backupIfDue()
    expect(second).toBeDefined()
    hours(24)
    await backups.backupNow()
    const kept = backups.list()
    expect(kept.map((b) => b.time)).toEqual(['2026-12-09T09:00:00Z', '2026-12-08T09:00:00Z'])
    expect(kept.every((b) => b.bytes > 0)).toBe(true)

    await database.exec(`insert into lab_setting (key, value) values ('after.second', '1')`)
    await backups.restore(second!.file)
    expect(await settingCount('after.first')).toBe(1)
    expect(await settingCount('after.second')).toBe(0)

    await expect(backups.restore(join(dataDir, 'none.labbak'))).rejects.toBeInstanceOf(BackupError)
    const notABackup = join(dataDir, 'notes.labbak')
    writeFileSync(notABackup, 'not a backup')
    await expect(backups.restore(notABackup)).rejects.toThrow('不是有效的备份文件')
    await expect(backups.takenAt(notABackup)).rejects.toThrow('不是有效的备份文件')
    expect(await settingCount('after.first')).toBe(1)

    // The time a backup file was taken comes from its manifest, whatever the file is called.
    expect(Date.parse(await backups.takenAt(kept[0].file))).toBeGreaterThan(0)
    expect(backups.find(kept[1].name)?.file).toBe(kept[1].file)
    expect(backups.find('../notes.labbak')).toBeUndefined()
  })

  it('the daily schedule: a backup at start when due, then one a day, a failure reported', { timeout: 600_000 }, async () => {
    // A day after the newest backup of the test above.
    const manual = new ManualClock(Date.parse('2026-12-10T09:00:00Z'))
    const backups = new Backups(control, () => new Date(manual.now()), 10)
    const failures: unknown[] = []
    const stop = backups.scheduleDaily(manual, (e) => failures.push(e))
    await backups.settled()
    expect(backups.list()[0].time).toBe('2026-12-10T09:00:00Z')
    manual.advance(23 * 3600_000)
    await backups.settled()
    expect(backups.list()[0].time).toBe('2026-12-10T09:00:00Z')
    manual.advance(3600_000)
    await backups.settled()
    expect(backups.list()[0].time).toBe('2026-12-11T09:00:00Z')
    stop()
    expect(manual.pending).toBe(0)
    expect(failures).toEqual([])

    const broken = new Backups(
      { ...control, request: () => Promise.reject(new Error('内置服务器未就绪')) },
      () => new Date(manual.now() + 2 * 24 * 3600_000),
    )
    broken.scheduleDaily(manual, (e) => failures.push(e))()
    await broken.settled()
    expect(failures).toEqual([expect.objectContaining({ message: '内置服务器未就绪' })])
  })
})
