import { writeFile } from 'node:fs/promises'
import type { SaveImageRequest, SaveImageResult } from '@shared/ipc/contract'
import type { HostDialog } from '../host/electron-host'
import { safeFileName } from './export'

/**
 * `files:save-image`: PNG bytes the renderer drew (a chart's 导出图片) written to a file the user
 * picks in a native save dialog. The contract already refused anything but a PNG of at most 10 MB.
 */
export async function saveImage(req: SaveImageRequest, dialog: HostDialog): Promise<SaveImageResult> {
  const choice = await dialog.showSaveDialog({
    title: '导出图片',
    defaultPath: safeFileName(req.suggestedName),
    filters: [{ name: 'PNG', extensions: ['png'] }],
  })
  if (choice.canceled || !choice.filePath) return { saved: false, filePath: null }
  await writeFile(choice.filePath, req.bytes)
  return { saved: true, filePath: choice.filePath }
}
