import { app, BrowserWindow, dialog, ipcMain, safeStorage, shell, utilityProcess } from 'electron'
import { net, session } from 'electron'
import { applyNetworkPolicy } from '../network/electron-session'
import ElectronStore from 'electron-store'
import type { ElectronHost, HostStore } from './electron-host'

/** The real host: Electron's own APIs behind the `ElectronHost` seam. Call after `app.whenReady()`. */
export function createElectronHost(): ElectronHost {
  return {
    ipc: ipcMain,
    dialog: {
      showSaveDialog: (options) => dialog.showSaveDialog(options),
      showOpenDialog: (options) => dialog.showOpenDialog(options),
      showMessageBox: (options) => dialog.showMessageBox(options),
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
    fetch: (input, init) => net.fetch(input instanceof URL ? input.href : input, init),
    async applyNetworkPolicy(policy) {
      // Every session alike: the app's, and the partitions of single sign-on windows made later.
      app.on('session-created', (created) => void applyNetworkPolicy(created, policy))
      await applyNetworkPolicy(session.defaultSession, policy)
    },
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
