import type { HostDialog, HostWindow } from '../host/electron-host'
import { log } from '../log'
import { messageText, type Language } from '../i18n/message-text'

export interface GoneDetails {
  reason: string
  exitCode: number
}

/** Reasons that are not a crash: the process was ended on purpose. */
const NOT_A_CRASH = new Set(['clean-exit', 'killed'])

/**
 * A renderer (or a helper process it needs, e.g. the GPU process) died: logged, and the user is
 * offered a reload of the app's page (the session lives in main, so nothing but unsaved input is lost).
 */
export async function offerReload(
  what: string,
  details: GoneDetails,
  window: HostWindow,
  dialog: HostDialog,
  appUrl: string,
  language?: Language,
): Promise<void> {
  log.error(`${what} gone: ${details.reason} (exit code ${details.exitCode})`)
  if (NOT_A_CRASH.has(details.reason) || window.isDestroyed()) return
  const text = messageText(language)
  const { response } = await dialog.showMessageBox({
    type: 'error',
    title: text.appTitle,
    message: text.pageGone,
    detail: text.pageGoneDetail(details.reason, details.exitCode),
    buttons: [text.reload, text.close],
    defaultId: 0,
    cancelId: 1,
  })
  if (response === 0 && !window.isDestroyed()) await window.loadURL(appUrl)
}

/** Watches the window's renderer process. */
export function watchRendererGone(
  window: HostWindow,
  dialog: HostDialog,
  appUrl: string,
  language: () => Language,
): void {
  window.webContents.on('render-process-gone', (_event: unknown, details: GoneDetails) => {
    void offerReload('renderer', details, window, dialog, appUrl, language())
  })
}
