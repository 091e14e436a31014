import type { HostDialog, HostWebContents, HostWindow } from '../host/electron-host'
import { messageText, type Language } from '../i18n/message-text'
import { sameOrigin } from './app-scheme'

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
    return sameOrigin(target, app)
  } catch {
    return false
  }
}

/** Where a frame may go: the main frame stays in the app; iframes show web pages and blob: readers. */
export function isFrameNavigationAllowed(url: string, isMainFrame: boolean, appUrl: string): boolean {
  if (isMainFrame) return isAppUrl(url, appUrl)
  if (url === 'about:blank') return true
  try {
    return ['http:', 'https:', 'blob:'].includes(new URL(url).protocol)
  } catch {
    return false
  }
}

/**
 * Opens an http(s) link in the system browser: pages of the configured server's hosts at once,
 * any other after a confirmation parented to the app window. Resolves to whether it was opened.
 */
export async function openExternalLink(
  url: string,
  deps: {
    dialog: HostDialog
    openExternal(url: string): Promise<void>
    /** Host names (no port) of the server the app talks to. */
    trustedHosts: readonly string[]
    parent?: () => HostWindow | undefined
    language?: () => Language
  },
): Promise<boolean> {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false
  if (!deps.trustedHosts.includes(parsed.hostname)) {
    const parent = deps.parent?.()
    const text = messageText(deps.language?.())
    const { response } = await deps.dialog.showMessageBox(
      {
        type: 'question',
        title: text.externalTitle,
        message: text.externalMessage,
        detail: parsed.href,
        buttons: [text.open, text.cancel],
        defaultId: 1,
        cancelId: 1,
      },
      parent && !parent.isDestroyed() ? parent : undefined,
    )
    if (response !== 0) return false
  }
  await deps.openExternal(parsed.href)
  return true
}

/**
 * Applies the window rules: the CSP header on the app's own documents (not on the external pages of
 * /myiframe, which carry their own), navigation of the main frame only within the app, iframes only
 * to web pages, no new windows (http(s) links go to the system browser, see openExternalLink).
 */
export function secureWebContents(
  webContents: HostWebContents,
  appUrl: string,
  openExternal: (url: string) => Promise<boolean>,
): void {
  webContents.session.webRequest.onHeadersReceived((details, callback) => {
    if (!isAppUrl(details.url, appUrl)) return callback({})
    callback({
      responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [CONTENT_SECURITY_POLICY] },
    })
  })
  webContents.on('will-navigate', (event) => {
    if (!isAppUrl(event.url, appUrl)) event.preventDefault()
  })
  webContents.on('will-frame-navigate', (event) => {
    if (!isFrameNavigationAllowed(event.url, event.isMainFrame, appUrl)) event.preventDefault()
  })
  webContents.setWindowOpenHandler(({ url }) => {
    void openExternal(url)
    return { action: 'deny' }
  })
}
