import type { DatabaseHandle } from './db/client'
import { readBackupManifest, writeBackup } from './admin/backup-file'
import { backupFailureMessage, requestRestore } from './admin/pending-restore'

/** What a request from the desktop app can reach inside the embedded server. */
export interface EmbeddedRequestContext {
  database: DatabaseHandle
  dataDir: string
  /** Where uploaded files are (a backup holds them). */
  fileDir: string
}

type Handler = (body: Record<string, unknown>, ctx: EmbeddedRequestContext) => Promise<unknown>

function fileOf(body: Record<string, unknown>): string {
  if (typeof body.file !== 'string' || !body.file) throw new Error('缺少备份文件路径')
  return body.file
}

/** A backup operation with its failure in the words the app shows. */
const backupOperation =
  (run: (file: string, ctx: EmbeddedRequestContext) => Promise<unknown>): Handler =>
  async (body, ctx) => {
    try {
      return await run(fileOf(body), ctx)
    } catch (error) {
      throw new Error(backupFailureMessage(error), { cause: error })
    }
  }

/**
 * The requests main may send over the parent port (`SupervisedServer.request`), by `kind`. Add one
 * entry per kind; an unknown kind is answered with an error.
 *
 *   ping                    -> 'pong'
 *   backup {file}           -> {file, bytes, manifest}  (taken here: this process has the database open)
 *   backup-manifest {file}  -> the backup's manifest (is it a backup, and of when)
 *   restore {file}          -> the manifest; applied at the next start (main restarts the server)
 */
export const embeddedRequests: Record<string, Handler> = {
  ping: async () => 'pong',
  backup: backupOperation((file, ctx) => writeBackup(ctx.database, ctx.fileDir, file)),
  'backup-manifest': backupOperation((file) => readBackupManifest(file)),
  restore: backupOperation((file, ctx) => requestRestore(file, ctx.dataDir)),
}
