/**
 * Backup and restore for the desktop app, over the embedded server's parent port. The backup is taken
 * here, by the process that has the database open. A restore cannot replace an open database: it is
 * recorded as pending, and the next start applies it before opening the database (the app restarts
 * the embedded server after `restore-ready`).
 *
 *   {type:'backup', file, id?}   -> {type:'backup-done', id, file, bytes, manifest} | {type:'failed', id, message}
 *   {type:'restore', file, id?}  -> {type:'restore-ready', id, manifest} | {type:'failed', id, message}
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { DatabaseHandle } from '../db/client'
import { BackupError, readBackupManifest, restoreBackup, writeBackup } from './backup-file'

const PENDING = 'restore-pending.json'

export interface BackupMessage {
  type: 'backup' | 'restore'
  file: string
  id?: unknown
}

export function isBackupMessage(m: unknown): m is BackupMessage {
  if (typeof m !== 'object' || m === null) return false
  const r = m as Record<string, unknown>
  return (r.type === 'backup' || r.type === 'restore') && typeof r.file === 'string'
}

const messageOf = (error: unknown) =>
  error instanceof BackupError ? error.message : `备份操作失败: ${(error as Error).message}`

export async function answerBackupMessage(
  message: BackupMessage,
  database: DatabaseHandle,
  dataDir: string,
  fileDir: string,
): Promise<Record<string, unknown>> {
  const id = message.id
  try {
    if (message.type === 'backup') {
      const done = await writeBackup(database, fileDir, message.file)
      return { type: 'backup-done', id, ...done }
    }
    const manifest = await readBackupManifest(message.file)
    writeFileSync(join(dataDir, PENDING), JSON.stringify({ file: message.file }))
    return { type: 'restore-ready', id, manifest }
  } catch (error) {
    return { type: 'failed', id, message: messageOf(error) }
  }
}

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
    return messageOf(error)
  }
}
