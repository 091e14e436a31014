import { join } from 'node:path'
import { app, dialog, Menu, shell } from 'electron'
import electronUpdater from 'electron-updater'
import type { EventName } from '@shared/ipc/contract'
import { startMain, type MainProcess } from './app'
import { registerAppSchemePrivileges, serveAppScheme } from './host/app-protocol'
import { createElectronHost, hardenElectron } from './host/electron'
import type { ElectronHost } from './host/electron-host'
import { SettingsStore } from './settings/settings'
import { buildMenuTemplate } from './window/app-menu'
import { APP_ENTRY_URL } from './window/app-scheme'

// One instance per user: a second launch focuses the first.
if (!app.requestSingleInstanceLock()) app.quit()
hardenElectron()
registerAppSchemePrivileges()

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
  try {
    main = await startMain(host, {
      appUrl: !app.isPackaged && rendererDevUrl ? rendererDevUrl : APP_ENTRY_URL,
      preloadPath: join(import.meta.dirname, '../preload/index.cjs'),
      // resources/ ships beside out/ (electron-builder `files`); the window icon of Windows and Linux.
      iconPath: join(app.getAppPath(), 'resources', 'icon.png'),
      serverModulePath: join(import.meta.dirname, 'server.js'),
      autoUpdater: app.isPackaged ? electronUpdater.autoUpdater : null,
    })
  } catch (e) {
    dialog.showErrorBox('启动失败', e instanceof Error ? e.message : String(e))
    app.quit()
    return
  }
  main.settings.onApplied((settings) => applyMenu(host, settings.language))
})

app.on('second-instance', () => {
  // The window restores itself when focused by the OS; nothing else to do.
})

app.on('window-all-closed', () => {
  void main?.stop().finally(() => app.quit())
})
