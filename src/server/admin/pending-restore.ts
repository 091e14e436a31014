/**
 * A restore asked for while the embedded server runs. An open database cannot be replaced: the
 * request checks the backup and records it as pending, and the next start applies it before opening
 * the database (the app restarts the embedded server after asking).
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { BackupError, readBackupManifest, restoreBackup, type BackupManifest } from './backup-file'

const PENDING = 'restore-pending.json'

/** Checks that `file` is a backup this program can read, and records it for the next start. */
export async function requestRestore(file: string, dataDir: string): Promise<BackupManifest> {
  const manifest = await readBackupManifest(file)
  writeFileSync(join(dataDir, PENDING), JSON.stringify({ file }))
  return manifest
}

/** A backup operation's failure as the Chinese message the app shows. */
export const backupFailureMessage = (error: unknown) =>
  error instanceof BackupError ? error.message : `备份操作失败: ${(error as Error).message}`

/**
 * Applies a pending restore before the database opens. A restore that fails leaves the data as it
 * was; the message says why (the ready message carries it to the app).
 */
export async function applyPendingRestore(dataDir: string): Promise<string | undefined> {
  const marker = join(dataDir, PENDING)
  if (!existsSync(marker)) return undefined
  const { file } = JSON.parse(readFileSync(marker, 'utf8')) as { file: string }
  rmSync(marker)
  try {
    await restoreBackup(file, dataDir)
    return undefined
  } catch (error) {
    return backupFailureMessage(error)
  }
}
