import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  net,
  powerMonitor,
  safeStorage,
  screen,
  shell,
  utilityProcess,
} from 'electron'
import { session } from 'electron'
import { applyNetworkPolicy } from '../network/electron-session'
import ElectronStore from 'electron-store'
import { isPermissionAllowed } from '../window/permissions'
import { resolveDataDir } from '../data/data-dir'
import type { ElectronHost, HostNetwork, HostStore } from './electron-host'

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
      showMessageBox: (options, parent) => {
        const window = (parent as BrowserWindow | undefined) ?? dialogParent()
        return window ? dialog.showMessageBox(window, options) : dialog.showMessageBox(options)
      },
    },
    safeStorage,
    shell,
    userDataDir: app.getPath('userData'),
    localDataDir: resolveDataDir({
      platform: process.platform,
      env: process.env,
      userDataDir: app.getPath('userData'),
      homeDir: app.getPath('home'),
    }),
    logDir: app.getPath('logs'),
    isPackaged: app.isPackaged,
    appVersion: app.getVersion(),
    screen,
    createWindow: (options) => new BrowserWindow(options),
    // `env` is the child's whole environment (the supervisor adds the OS essentials); output is piped to the log.
    forkUtility: (modulePath, env) =>
      utilityProcess.fork(modulePath, [], { env, stdio: 'pipe', serviceName: 'lab-server' }),
    createStore: <T extends Record<string, unknown>>(options: { name: string; defaults: T }) =>
      new ElectronStore<T>(options) as unknown as HostStore<T>,
    powerMonitor,
    network: electronNetwork(),
    fetch: (input, init) => net.fetch(input instanceof URL ? input.href : input, init),
    async applyNetworkPolicy(policy) {
      // Every session alike: the app's, and the partitions of single sign-on windows made later.
      app.on('session-created', (created) => void applyNetworkPolicy(created, policy))
      await applyNetworkPolicy(session.defaultSession, policy)
    },
  }
}

/** Main has no online/offline event: `net.isOnline()` is polled every few seconds for changes. */
function electronNetwork(): HostNetwork {
  return {
    isOnline: () => net.isOnline(),
    onChange(listener) {
      let online = net.isOnline()
      setInterval(() => {
        const now = net.isOnline()
        if (now !== online) listener((online = now))
      }, 5_000).unref()
    },
  }
}

/**
 * App-wide rules that only the real Electron has: no <webview>, and no permissions but the few the
 * app uses (isPermissionAllowed: 全屏), for requests and for checks, in every session.
 */
export function hardenElectron(): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-attach-webview', (e) => e.preventDefault())
    contents.session.setPermissionRequestHandler((_wc, permission, callback) =>
      callback(isPermissionAllowed(permission)),
    )
    contents.session.setPermissionCheckHandler((_wc, permission) => isPermissionAllowed(permission))
  })
}

/** The focused window, else the first one still open (the main window). */
function dialogParent(): BrowserWindow | undefined {
  return BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows().find((w) => !w.isDestroyed())
}
