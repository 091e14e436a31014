/**
 * The embedded server's backups, kept in <dataDir>/backups: a daily one while the app runs (the
 * newest N kept), one on demand, and restores. The embedded server takes the backup (it has the
 * database open) and applies a restore at its next start; this side names files, keeps the count and
 * restarts the server.
 */
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** What the main process needs of the embedded server for backups (the supervisor provides it). */
export interface EmbeddedControl {
  request(message: unknown): Promise<unknown>
  restart(): Promise<void>
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

function reply(value: unknown, expected: string): Record<string, unknown> {
  const r = (value ?? {}) as Record<string, unknown>
  if (r.type === expected) return r
  throw new BackupError(typeof r.message === 'string' ? r.message : '内置服务器没有完成该操作')
}

export class Backups {
  readonly dir: string

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

  async backupNow(): Promise<BackupEntry> {
    mkdirSync(this.dir, { recursive: true })
    const at = this.now()
    const file = join(this.dir, backupName(at))
    const done = reply(await this.control.request({ type: 'backup', file }), 'backup-done')
    this.prune()
    return { name: backupName(at), file, time: at.toISOString(), bytes: Number(done.bytes) }
  }

  /** The daily backup, when the newest is a day old or there is none. Returns the new one, if any. */
  async backupIfDue(): Promise<BackupEntry | undefined> {
    const newest = this.list()[0]
    if (newest && this.now().getTime() - Date.parse(newest.time) < DAY_MS) return undefined
    return this.backupNow()
  }

  /** Replaces all data of the embedded server with the backup's, then restarts the server. */
  async restore(file: string): Promise<void> {
    reply(await this.control.request({ type: 'restore', file }), 'restore-ready')
    await this.control.restart()
  }

  private prune() {
    for (const old of this.list().slice(this.keep)) rmSync(old.file, { force: true })
  }
}
