import type { ElectronHost, HostWindow } from '../host/electron-host'

/**
 * The single sign-on window: the server's own page, sandboxed, without the preload (no bridge to main)
 * and in its own in-memory session, so the app window's content rules and storage stay apart.
 * It may only show pages of the server; no new windows.
 */
export function createSsoWindow(host: Pick<ElectronHost, 'createWindow'>, serverUrl: string): HostWindow {
  const window = host.createWindow({
    width: 520,
    height: 640,
    title: '单点登录',
    webPreferences: {
      partition: 'lab-sso',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webSecurity: true,
      spellcheck: false,
    },
  })
  const server = new URL(serverUrl).origin
  window.webContents.on('will-navigate', (event) => {
    if (!sameOrigin(event.url, server)) event.preventDefault()
  })
  window.webContents.setWindowOpenHandler(() => ({ action: 'deny' }))
  return window
}

function sameOrigin(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === origin
  } catch {
    return false
  }
}
