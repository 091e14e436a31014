import { Readable } from 'node:stream'
import type { SaveImageRequest, SaveImageResult } from '@shared/ipc/contract'
import type { HostDialog } from '../host/electron-host'
import type { Language } from '../i18n/message-text'
import { datedFileName, dialogTitle } from './dialog-text'
import { safeFileName } from './export'
import { writeFileSafely } from './safe-write'

/**
 * `files:save-image`: PNG bytes the renderer drew (a chart's 导出图片) written to a file the user
 * picks in a native save dialog, through a temporary file beside it like an export. The contract
 * already refused anything but a PNG of at most 10 MB.
 */
export async function saveImage(
  req: SaveImageRequest,
  dialog: HostDialog,
  language: Language = 'zh',
): Promise<SaveImageResult> {
  const choice = await dialog.showSaveDialog({
    title: dialogTitle('saveImage', language),
    defaultPath: safeFileName(datedFileName(req.suggestedName)),
    filters: [{ name: 'PNG', extensions: ['png'] }],
  })
  if (choice.canceled || !choice.filePath) return { saved: false, filePath: null }
  await writeFileSafely(choice.filePath, Readable.from([Buffer.from(req.bytes)]))
  return { saved: true, filePath: choice.filePath }
}
