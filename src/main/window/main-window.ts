import type { ElectronHost, HostWindow } from '../host/electron-host'
import type { SettingsStore, WindowBounds } from '../settings/settings'
import { placeWindow } from './placement'
import { secureWebContents } from './security'

/**
 * The one application window: sandboxed, isolated, no Node, restored to its last bounds when they are
 * still on a display (else centred on the primary one), maximized again when it was.
 */
export function createMainWindow(
  host: Pick<ElectronHost, 'createWindow' | 'screen'>,
  options: {
    appUrl: string
    preloadPath: string
    iconPath?: string
    settings: SettingsStore
    openExternal(url: string): Promise<boolean>
  },
): HostWindow {
  const saved: WindowBounds | null = options.settings.get('windowBounds')
  const bounds = placeWindow(saved, host.screen)
  const window = host.createWindow({
    ...bounds,
    minWidth: 1024,
    minHeight: 640,
    title: '实验实训管理系统',
    ...(options.iconPath ? { icon: options.iconPath } : {}),
    webPreferences: {
      preload: options.preloadPath,
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  })
  secureWebContents(window.webContents, options.appUrl, options.openExternal)
  if (saved?.maximized) window.maximize()
  window.on('close', () => {
    if (window.isDestroyed()) return
    const maximized = window.isMaximized()
    options.settings.set('windowBounds', {
      ...(maximized ? window.getNormalBounds() : window.getBounds()),
      maximized,
    })
  })
  return window
}
