import type { ElectronHost, HostWindow } from '../host/electron-host'
import type { SettingsStore, WindowBounds } from '../settings/settings'
import { secureWebContents } from './security'

/** The one application window: sandboxed, isolated, no Node, restored to its last bounds. */
export function createMainWindow(
  host: Pick<ElectronHost, 'createWindow'>,
  options: {
    appUrl: string
    preloadPath: string
    iconPath?: string
    settings: SettingsStore
    openExternal(url: string): Promise<boolean>
  },
): HostWindow {
  const bounds: Partial<WindowBounds> = options.settings.get('windowBounds') ?? {}
  const window = host.createWindow({
    width: bounds.width ?? 1440,
    height: bounds.height ?? 900,
    x: bounds.x,
    y: bounds.y,
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
  window.on('close', () => {
    if (!window.isDestroyed()) options.settings.set('windowBounds', window.getBounds())
  })
  return window
}
