/**
 * The embedded server's backups, kept in <dataDir>/backups: a daily one while the app runs (the
 * newest N kept), one on demand, and restores. The embedded server takes the backup (it has the
 * database open) and applies a restore at its next start; this side names files, keeps the count and
 * restarts the server.
 */
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Clock } from '../session/clock'

/** What the main process needs of the embedded server for backups (the supervisor provides it). */
export interface EmbeddedControl {
  /** A request by kind (src/server/embedded-requests.ts); rejects with the server's message. */
  request(body: { kind: string } & Record<string, unknown>): Promise<unknown>
  /** Restarts the server; resolves once it is ready, with why a pending restore was not applied. */
  restart(): Promise<{ restoreError?: string }>
  dataDir: string
}

export interface BackupEntry {
  name: string
  file: string
  /** ISO time the backup was taken. */
  time: string
  bytes: number
}

export const DEFAULT_KEEP = 7
const DAY_MS = 24 * 60 * 60 * 1000
const NAME = /^lab-(\d{8}T\d{6}Z)\.labbak$/

export class BackupError extends Error {}

/** `lab-20261207T203000Z.labbak`: sortable, and safe in every file system. */
export const backupName = (at: Date) =>
  `lab-${at.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}.labbak`

const timeOfName = (stamp: string) =>
  `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}Z`

const DAILY_CHECK_MS = 60 * 60 * 1000

export class Backups {
  readonly dir: string
  /** One operation at a time: a daily backup never runs into a restore. */
  private queue: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly control: EmbeddedControl,
    private readonly now: () => Date = () => new Date(),
    private readonly keep = DEFAULT_KEEP,
  ) {
    this.dir = join(control.dataDir, 'backups')
  }

  /** Newest first. */
  list(): BackupEntry[] {
    let names: string[]
    try {
      names = readdirSync(this.dir)
    } catch {
      return []
    }
    return names
      .map((name) => ({ name, match: NAME.exec(name) }))
      .filter((e) => e.match)
      .map(({ name, match }) => {
        const file = join(this.dir, name)
        return { name, file, time: timeOfName(match![1]), bytes: statSync(file).size }
      })
      .sort((a, b) => b.name.localeCompare(a.name))
  }

  /** The backups folder, made if missing. */
  ensureDir(): string {
    mkdirSync(this.dir, { recursive: true })
    return this.dir
  }

  /** A listed backup by its file name (nothing outside the backups folder). */
  find(name: string): BackupEntry | undefined {
    return this.list().find((b) => b.name === name)
  }

  backupNow(): Promise<BackupEntry> {
    return this.exclusive(() => this.takeBackup())
  }

  /** The daily backup, when the newest is a day old or there is none. Returns the new one, if any. */
  backupIfDue(): Promise<BackupEntry | undefined> {
    return this.exclusive(async () => {
      const newest = this.list()[0]
      if (newest && this.now().getTime() - Date.parse(newest.time) < DAY_MS) return undefined
      return this.takeBackup()
    })
  }

  /** When a backup file was taken (ISO time), from its manifest; refuses a file that is not a backup. */
  async takenAt(file: string): Promise<string> {
    const manifest = (await this.call({ kind: 'backup-manifest', file })) as { createdAt?: unknown }
    if (typeof manifest?.createdAt !== 'string') throw new BackupError('不是有效的备份文件')
    return manifest.createdAt
  }

  /** Replaces all data of the embedded server with the backup's, then restarts the server. */
  restore(file: string): Promise<void> {
    return this.exclusive(async () => {
      await this.call({ kind: 'restore', file })
      const { restoreError } = await this.control.restart()
      if (restoreError) throw new BackupError(restoreError)
    })
  }

  /**
   * The daily backup at once and then hourly checks (a backup when the newest is a day old); a
   * failure is reported, never thrown. Returns the stop function.
   */
  scheduleDaily(clock: Pick<Clock, 'setInterval' | 'clearInterval'>, failed: (e: unknown) => void) {
    const run = () => void this.backupIfDue().catch(failed)
    run()
    const handle = clock.setInterval(run, DAILY_CHECK_MS)
    return () => clock.clearInterval(handle)
  }

  private async takeBackup(): Promise<BackupEntry> {
    this.ensureDir()
    const at = this.now()
    const file = join(this.dir, backupName(at))
    const done = (await this.call({ kind: 'backup', file })) as { bytes?: unknown }
    this.prune()
    return { name: backupName(at), file, time: timeOfName(NAME.exec(backupName(at))![1]), bytes: Number(done?.bytes) }
  }

  private async call(body: { kind: string; file: string }): Promise<unknown> {
    try {
      return await this.control.request(body)
    } catch (error) {
      throw new BackupError((error as Error).message || '内置服务器没有完成该操作')
    }
  }

  /** Resolves when no backup or restore is under way. */
  settled(): Promise<void> {
    return this.queue.then(() => undefined)
  }

  private exclusive<T>(run: () => Promise<T>): Promise<T> {
    const next = this.queue.then(run, run)
    this.queue = next.catch(() => undefined)
    return next
  }

  private prune() {
    for (const old of this.list().slice(this.keep)) rmSync(old.file, { force: true })
  }
}
