import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { app, crashReporter, dialog, powerMonitor } from 'electron'
import electronUpdater from 'electron-updater'
import { startMain, type MainProcess } from './app'
import { createElectronHost, hardenElectron } from './host/electron'
import { log } from './log'
import { stopBeforeQuit } from './quit'
import { offerReload } from './window/gone'

// One instance per user: a second launch focuses the first.
if (!app.requestSingleInstanceLock()) app.quit()
hardenElectron()
// Crash dumps stay on this machine (app.getPath('crashDumps')); nothing is uploaded.
crashReporter.start({ uploadToServer: false })

let main: MainProcess | null = null

app.whenReady().then(async () => {
  const host = createElectronHost()
  const rendererDevUrl = process.env.ELECTRON_RENDERER_URL
  const appUrl =
    !app.isPackaged && rendererDevUrl
      ? rendererDevUrl
      : pathToFileURL(join(import.meta.dirname, '../renderer/index.html')).href
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
  }
  main?.window.on('session-end', () => void stopBeforeQuit())
  app.on('child-process-gone', (_event, details) => {
    // The embedded server (a Utility process) is the supervisor's; the others serve the window.
    if (details.type === 'Utility' || !main) return log.warn('child process gone', details)
    void offerReload(details.type, details, main.window, host.dialog, appUrl)
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
