import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { app, dialog } from 'electron'
import electronUpdater from 'electron-updater'
import { startMain, type MainProcess } from './app'
import { createElectronHost, hardenElectron } from './host/electron'

// One instance per user: a second launch focuses the first.
if (!app.requestSingleInstanceLock()) app.quit()
hardenElectron()

let main: MainProcess | null = null

app.whenReady().then(async () => {
  const host = createElectronHost()
  const rendererDevUrl = process.env.ELECTRON_RENDERER_URL
  try {
    main = await startMain(host, {
      appUrl:
        !app.isPackaged && rendererDevUrl
          ? rendererDevUrl
          : pathToFileURL(join(import.meta.dirname, '../renderer/index.html')).href,
      preloadPath: join(import.meta.dirname, '../preload/index.cjs'),
      // resources/ ships beside out/ (electron-builder `files`); the window icon of Windows and Linux.
      iconPath: join(app.getAppPath(), 'resources', 'icon.png'),
      serverModulePath: join(import.meta.dirname, 'server.js'),
      autoUpdater: app.isPackaged ? electronUpdater.autoUpdater : null,
    })
  } catch (e) {
    dialog.showErrorBox('启动失败', e instanceof Error ? e.message : String(e))
    app.quit()
  }
})

app.on('second-instance', () => {
  // The window restores itself when focused by the OS; nothing else to do.
})

app.on('window-all-closed', () => {
  void main?.stop().finally(() => app.quit())
})
