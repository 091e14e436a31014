import type { HostDialog, HostWebContents } from '../host/electron-host'

/** The renderer makes no network calls: everything goes through main. Also set as a meta tag in index.html. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "img-src 'self' data: blob:",
  // Documents and videos main read for a reader (files:read) play from blob: URLs.
  "media-src 'self' blob:",
  "style-src 'self' 'unsafe-inline'",
  "font-src 'self' data:",
  "script-src 'self'",
  "connect-src 'none'",
  // External-link menu items open in /myiframe/:routerPath.
  'frame-src http: https: blob:',
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'none'",
].join('; ')

/** True when `url` is our own renderer document (any hash route). */
export function isAppUrl(url: string, appUrl: string): boolean {
  try {
    const target = new URL(url)
    const app = new URL(appUrl)
    if (target.protocol === 'file:' || app.protocol === 'file:')
      return target.protocol === app.protocol && target.pathname === app.pathname
    return target.origin === app.origin
  } catch {
    return false
  }
}

/**
 * Asks before opening a link in the system browser; only http(s) links are ever opened.
 * Resolves to whether the link was opened.
 */
export async function openExternalAfterConfirm(
  url: string,
  deps: { dialog: HostDialog; openExternal(url: string): Promise<void> },
): Promise<boolean> {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false
  const { response } = await deps.dialog.showMessageBox({
    type: 'question',
    title: '打开外部链接',
    message: '是否在浏览器中打开以下链接?',
    detail: parsed.href,
    buttons: ['打开', '取消'],
    defaultId: 1,
    cancelId: 1,
  })
  if (response !== 0) return false
  await deps.openExternal(parsed.href)
  return true
}

/**
 * Applies the window rules: CSP on every response, navigation only within the app, no new windows
 * (http(s) links go to the system browser after a confirmation).
 */
export function secureWebContents(
  webContents: HostWebContents,
  appUrl: string,
  openExternal: (url: string) => Promise<boolean>,
): void {
  webContents.session.webRequest.onHeadersReceived((details, callback) => {
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    })
  })
  webContents.on('will-navigate', (event) => {
    if (!isAppUrl(event.url, appUrl)) event.preventDefault()
  })
  webContents.setWindowOpenHandler(({ url }) => {
    void openExternal(url)
    return { action: 'deny' }
  })
}
