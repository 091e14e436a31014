import { join } from 'node:path'
import { app, crashReporter, dialog, Menu, powerMonitor, shell } from 'electron'
import electronUpdater from 'electron-updater'
import type { EventName } from '@shared/ipc/contract'
import { startMain, type MainProcess } from './app'
import { registerAppSchemePrivileges, serveAppScheme } from './host/app-protocol'
import { createElectronHost, hardenElectron } from './host/electron'
import type { ElectronHost } from './host/electron-host'
import { log } from './log'
import { stopBeforeQuit } from './quit'
import { SettingsStore } from './settings/settings'
import { buildMenuTemplate } from './window/app-menu'
import { APP_ENTRY_URL } from './window/app-scheme'
import { offerReload } from './window/gone'

// One instance per user: a second launch focuses the first.
if (!app.requestSingleInstanceLock()) app.quit()
hardenElectron()
registerAppSchemePrivileges()
// Crash dumps stay on this machine (app.getPath('crashDumps')); nothing is uploaded.
crashReporter.start({ uploadToServer: false })

let main: MainProcess | null = null

const SHOW_ABOUT: EventName = 'app:show-about'

/** The localized application menu (app-menu.ts), in the language of the settings. */
function applyMenu(host: ElectronHost, language: 'zh' | 'en'): void {
  const template = buildMenuTemplate({
    language,
    isPackaged: app.isPackaged,
    platform: process.platform,
    appName: app.getName(),
    openLogFolder: () => void shell.openPath(host.logDir),
    showAbout: () => main?.window.webContents.send(SHOW_ABOUT, null),
  })
  Menu.setApplicationMenu(Menu.buildFromTemplate(template))
}

app.whenReady().then(async () => {
  const host = createElectronHost()
  serveAppScheme(join(import.meta.dirname, '../renderer'))
  // Before the (embedded) server is up: the default menu, with DevTools and Reload, never shows.
  applyMenu(host, new SettingsStore(host).get('language'))
  const rendererDevUrl = process.env.ELECTRON_RENDERER_URL
  const appUrl = !app.isPackaged && rendererDevUrl ? rendererDevUrl : APP_ENTRY_URL
  try {
    main = await startMain(host, {
      appUrl,
      preloadPath: join(import.meta.dirname, '../preload/index.cjs'),
      // resources/ ships beside out/ (electron-builder `files`); the window icon of Windows and Linux.
      iconPath: join(app.getAppPath(), 'resources', 'icon.png'),
      serverModulePath: join(import.meta.dirname, 'server.js'),
      autoUpdater: app.isPackaged ? electronUpdater.autoUpdater : null,
    })
  } catch (e) {
    log.error('start failed', e)
    dialog.showErrorBox('启动失败', e instanceof Error ? e.message : String(e))
    app.quit()
    return
  }
  main.settings.onApplied((settings) => applyMenu(host, settings.language))
  main.window.on('session-end', () => void stopBeforeQuit())
  app.on('child-process-gone', (_event, details) => {
    // The embedded server (a Utility process) is the supervisor's; the others serve the window.
    if (details.type === 'Utility' || !main) return log.warn('child process gone', details)
    void offerReload(details.type, details, main.window, host.dialog, appUrl, main.settings.get('language'))
  })
})

app.on('second-instance', () => {
  const window = main?.window
  if (!window || window.isDestroyed()) return
  if (window.isMinimized()) window.restore()
  window.focus()
})

// Every quit path (menu, Cmd+Q, the updater, closing the last window) stops the server first.
let quitting = false
app.on('before-quit', (event) => {
  if (quitting) return
  event.preventDefault()
  quitting = true
  void stopBeforeQuit().finally(() => app.quit())
})
// Windows log-off and shutdown (the window's session-end) and Linux/macOS shutdown: no before-quit, and
// little time; stop the server's database cleanly.
powerMonitor.on('shutdown', () => void stopBeforeQuit())

app.on('window-all-closed', () => app.quit())

process.on('uncaughtException', (e) => log.error('uncaught exception', e))
process.on('unhandledRejection', (e) => log.error('unhandled rejection', e))
