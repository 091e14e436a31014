import { randomBytes } from 'node:crypto'
import type { SessionState } from '@shared/ipc/contract'
import { CallFailure } from '../errors/call-failure'
import type { HostWindow } from '../host/electron-host'
import { DESKTOP_CLIENT, type HttpClient } from '../http/client'
import type { Session } from './session'

const CONFIG_PATH = '/api/blade-auth/oauth/sso'
const AUTHORIZE_PATH = '/api/blade-auth/oauth/authorize'
export const SSO_CANCELLED = '已取消单点登录'

export interface SingleSignOnDeps {
  http: HttpClient
  session: Session
  serverUrl: string
  /** A new single sign-on window (window/sso-window.ts). */
  openWindow(): HostWindow
}

/**
 * Sign-in through the server's single sign-on page (authorization code). The page opens in its own
 * window; when it redirects to the client's registered redirect, main takes the code (checking the
 * state it sent), stops the navigation, closes the window and exchanges the code itself. The code and
 * the tokens never reach the renderer.
 */
export class SingleSignOn {
  private pending: Promise<SessionState> | null = null

  constructor(private readonly deps: SingleSignOnDeps) {}

  /** The redirect the server registered for this app when sign-in is by its sign-on page; else null. */
  async config(): Promise<{ redirectUri: string } | null> {
    const reply = await this.deps.http.call({ method: 'GET', path: CONFIG_PATH }).catch(() => null)
    const value = reply as { enabled?: unknown; redirectUri?: unknown } | null
    return value?.enabled === true && typeof value.redirectUri === 'string' && value.redirectUri
      ? { redirectUri: value.redirectUri }
      : null
  }

  /** One sign-on window at a time: a second call waits for the open one. */
  signIn(): Promise<SessionState> {
    this.pending ??= this.run().finally(() => (this.pending = null))
    return this.pending
  }

  private async run(): Promise<SessionState> {
    await this.deps.session.requireSupportedVersion()
    const config = await this.config()
    if (!config) throw new CallFailure('服务器未开启单点登录', 400)
    const state = randomBytes(16).toString('hex')
    const url = new URL(AUTHORIZE_PATH, this.deps.serverUrl)
    url.search = new URLSearchParams({
      client_id: DESKTOP_CLIENT.id,
      redirect_uri: config.redirectUri,
      response_type: 'code',
      state,
    }).toString()
    const code = await this.waitForCode(url.href, config.redirectUri, state)
    return this.deps.session.loginWithCode(code, config.redirectUri)
  }

  private waitForCode(pageUrl: string, redirectUri: string, state: string): Promise<string> {
    const window = this.deps.openWindow()
    return new Promise<string>((resolve, reject) => {
      const onNavigation = (event: { url: string; preventDefault(): void }) => {
        if (!isRedirect(event.url, redirectUri)) return
        event.preventDefault()
        const params = new URL(event.url).searchParams
        const code = params.get('code')
        if (params.get('state') !== state || !code)
          reject(new CallFailure('单点登录返回的授权信息不正确', 400))
        else resolve(code)
        window.close()
      }
      window.webContents.on('will-redirect', onNavigation)
      window.webContents.on('will-navigate', onNavigation)
      // Closed before a code came back: the user cancelled (nothing to show).
      window.on('closed', () => reject(new CallFailure(SSO_CANCELLED, 0, true)))
      window.loadURL(pageUrl).catch((e: unknown) => {
        // Loading is aborted when the redirect is stopped; only a page that never showed is a failure.
        if (!window.isDestroyed()) {
          reject(new CallFailure(`无法打开单点登录页面 (${e instanceof Error ? e.message : e})`, 0))
          window.close()
        }
      })
    })
  }
}

/** Same origin and path as the registered redirect (the query carries code and state). */
function isRedirect(url: string, redirectUri: string): boolean {
  try {
    const target = new URL(url)
    const expected = new URL(redirectUri)
    return target.origin === expected.origin && target.pathname === expected.pathname
  } catch {
    return false
  }
}
