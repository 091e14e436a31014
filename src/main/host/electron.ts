import { app, BrowserWindow, dialog, ipcMain, safeStorage, shell, utilityProcess } from 'electron'
import ElectronStore from 'electron-store'
import type { ElectronHost, HostStore } from './electron-host'

/** The real host: Electron's own APIs behind the `ElectronHost` seam. Call after `app.whenReady()`. */
export function createElectronHost(): ElectronHost {
  return {
    ipc: ipcMain,
    dialog: {
      // Parented to the app's window so that on Windows a dialog never opens behind it.
      showSaveDialog: (options) => {
        const parent = dialogParent()
        return parent ? dialog.showSaveDialog(parent, options) : dialog.showSaveDialog(options)
      },
      showOpenDialog: (options) => {
        const parent = dialogParent()
        return parent ? dialog.showOpenDialog(parent, options) : dialog.showOpenDialog(options)
      },
      showMessageBox: (options) => {
        const parent = dialogParent()
        return parent ? dialog.showMessageBox(parent, options) : dialog.showMessageBox(options)
      },
    },
    safeStorage,
    shell,
    userDataDir: app.getPath('userData'),
    isPackaged: app.isPackaged,
    appVersion: app.getVersion(),
    createWindow: (options) => new BrowserWindow(options),
    forkUtility: (modulePath, env) =>
      utilityProcess.fork(modulePath, [], { env: { ...process.env, ...env }, serviceName: 'lab-server' }),
    createStore: <T extends Record<string, unknown>>(options: { name: string; defaults: T }) =>
      new ElectronStore<T>(options) as unknown as HostStore<T>,
  }
}

/**
 * App-wide rules that only the real Electron has: no <webview>, no permission prompts (camera,
 * notifications, ...), no navigation or new windows from any webContents main did not secure itself.
 */
export function hardenElectron(): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (e) => e.preventDefault())
    contents.session.setPermissionRequestHandler((_wc, _permission, callback) => callback(false))
  })
}

/** The focused window, else the first one still open (the main window). */
function dialogParent(): BrowserWindow | undefined {
  return BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows().find((w) => !w.isDestroyed())
}
