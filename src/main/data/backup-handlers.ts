import { randomUUID } from 'node:crypto'
import { basename } from 'node:path'
import type { BackupInfo, SessionState } from '@shared/ipc/contract'
import { CallFailure } from '../errors/call-failure'
import type { HostDialog } from '../host/electron-host'
import type { IpcRouter } from '../ipc/router'
import { messageText, type Language } from '../i18n/message-text'
import { log } from '../log'
import { mayManageBackups } from '@shared/backup-access'
import { BackupError, type BackupEntry, type Backups } from './backups'

export const BACKUP_REFUSED = '只有使用本机内置服务器时，平台管理员才能备份和恢复数据'
/** Why the user is back on the sign-in screen after a restore: the accounts are the backup's now. */
export const RESTORED_SIGN_IN_AGAIN = '已从备份恢复，请重新登录'

export interface BackupHandlerDeps {
  /** null when the app uses a configured (remote) server: nothing local to back up. */
  backups: Backups | null
  session: {
    state(): SessionState
    expire(reason: string): Promise<void>
  }
  dialog: HostDialog
  openPath(path: string): Promise<string>
  language(): Language
}

const info = (b: BackupEntry): BackupInfo => ({ name: b.name, time: b.time, bytes: b.bytes })

/** The backup channels of the contract (always registered; refused unless mayManageBackups). */
export function registerBackupHandlers(router: IpcRouter, d: BackupHandlerDeps): void {
  const allowed = (): Backups => {
    if (!d.backups || !mayManageBackups(d.session.state())) throw new CallFailure(BACKUP_REFUSED, 403)
    return d.backups
  }
  const asCallFailure = (e: unknown): never => {
    if (e instanceof BackupError) throw new CallFailure(e.message, 400)
    throw e
  }
  // Files picked in the open dialog, by the id the renderer restores them with (no paths from it).
  const picked = new Map<string, string>()

  router.handle('backup:list', async () => {
    const backups = allowed()
    return { folder: backups.dir, backups: backups.list().map(info) }
  })
  router.handle('backup:now', async () => {
    const backups = allowed()
    const started = Date.now()
    const entry = await backups.backupNow().catch(asCallFailure)
    log.info(`backup ${entry.name} (${entry.bytes} bytes) in ${Date.now() - started} ms`)
    return info(entry)
  })
  router.handle('backup:pick-file', async () => {
    const backups = allowed()
    const text = messageText(d.language())
    const chosen = await d.dialog.showOpenDialog({
      title: text.dialogTitles.restoreBackup,
      filters: [{ name: text.backupFiles, extensions: ['labbak'] }],
      properties: ['openFile'],
    })
    const file = chosen.canceled ? undefined : chosen.filePaths[0]
    if (!file) return null
    const time = await backups.takenAt(file).catch(asCallFailure)
    const id = randomUUID()
    picked.clear()
    picked.set(id, file)
    return { id, fileName: basename(file), time }
  })
  router.handle('backup:restore', async (req) => {
    const backups = allowed()
    const file = req.from === 'list' ? backups.find(req.name)?.file : picked.get(req.id)
    if (!file) throw new CallFailure('找不到该备份文件', 400)
    const started = Date.now()
    log.info(`restoring ${file}`)
    await backups.restore(file).catch(asCallFailure)
    log.info(`restored ${file} in ${Date.now() - started} ms`)
    picked.clear()
    await d.session.expire(RESTORED_SIGN_IN_AGAIN)
  })
  router.handle('backup:open-folder', async () => {
    const backups = allowed()
    const failed = await d.openPath(backups.ensureDir())
    if (failed) throw new CallFailure(failed, 500)
  })
}
