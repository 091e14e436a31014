/**
 * The end-to-end harness: the real server (in process, on a copy of the seeded test database), the
 * real main-process modules on the test host, and the built renderer in Debian's Chromium with the
 * built preload bridged into main's IPC handlers.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { eq } from 'drizzle-orm'
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright'
import { startMain, type MainProcess } from '../../src/main/app'
import type { Clock } from '../../src/main/session/clock'
import { KEYCHAIN_SERVICE, loadKeytar, openVault, type Keychain } from '../../src/main/session/vault'
import { decodeVaultRecord, type VaultRecord } from '../../src/main/session/vault-record'
import { authSession, captcha } from '../../src/server/db/schema'
import { TEST_ADMIN_PASSWORD } from '../support/constants'
import { startTestServer, type TestServer } from '../support/server'
import { TestHost, type PageBinding, type TestHostOptions, type TestWindow } from '../host/test-host'
import { forkUtilityInNode } from '../host/utility-process'
import { decodePayload, encodeReply, preloadInitScript } from './preload-shim'

export const ROOT = resolve(import.meta.dirname, '../..')
export const APP_URL = pathToFileURL(join(ROOT, 'out/renderer/index.html')).href
const PRELOAD = join(ROOT, 'out/preload/index.cjs')
const SCREENSHOTS = join(ROOT, 'test-artifacts/screenshots')

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  // Electron loads the renderer's module scripts from file:// as a privileged scheme; Chromium needs this.
  '--allow-file-access-from-files',
]

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS })
}

/** The real server listening on 127.0.0.1 with a fresh copy of the seeded database. */
export interface LabServer {
  readonly url: string
  readonly server: TestServer
  /** The expected answer of a captcha the page was shown (read from the server's database). */
  captchaCode(key: string): Promise<string>
  /** Revokes every sign-in session server-side (the next call with a token gets 401). */
  revokeAllSessions(): Promise<void>
  /** Stops the server and starts it again on the same database and address (sessions survive). */
  restart?(): Promise<void>
  close(): Promise<void>
}

export async function startLabServer(): Promise<LabServer> {
  const server = await startTestServer()
  const url = await server.app.listen({ host: '127.0.0.1', port: 0 })
  const db = server.database.db
  return {
    url,
    server,
    async captchaCode(key) {
      const rows = await db.select().from(captcha).where(eq(captcha.key, key))
      if (!rows[0]) throw new Error(`no captcha ${key} in the database`)
      return rows[0].code
    },
    async revokeAllSessions() {
      await db.update(authSession).set({ revoked: true })
    },
    async restart() {
      await server.restart()
      await server.app.listen({ host: '127.0.0.1', port: Number(new URL(url).port) })
    },
    close: () => server.close(),
  }
}

export interface IpcRecord {
  channel: string
  request: unknown
  response: unknown
}

export interface LaunchOptions {
  server: LabServer
  browser: Browser
  /** Reuse a user-data folder (a restart); a new temp folder otherwise. */
  userDataDir?: string
  /** Reuse the browser context (a restart keeps Chromium's own storage, as Electron's profile would). */
  context?: BrowserContext
  clock?: Clock
  keychain?: () => Promise<Keychain>
  /** Name used for screenshot files. */
  name: string
  /** Leave the server URL unset: main starts the built embedded server (`out/main/server.js`). */
  embedded?: boolean
  /** The embedded server's start timeout (main's default: 120 s). */
  serverStartTimeoutMs?: number
  /** A machine-policy JSON file main reads at start (as /etc/lab-training/policy.json). */
  policyFile?: string
  /** The embedded server's data folder (default: `local-data` inside the user-data folder). */
  localDataDir?: string
}

/** One running app: main on the test host, the renderer in a Chromium page. */
export class AppHarness {
  private shots = 0

  private constructor(
    /** Every IPC exchange the page made, with what it got back. */
    readonly ipc: IpcRecord[],
    /** Every event main sent to the page. */
    readonly events: Array<{ channel: string; payload: unknown }>,
    /** Uncaught errors and console errors of the page. */
    readonly pageErrors: string[],
    /** The pages of the windows main opened without the preload (single sign-on), newest last. */
    readonly popups: Page[],
    readonly options: LaunchOptions,
    readonly host: TestHost,
    readonly context: BrowserContext,
    readonly page: Page,
    readonly main: MainProcess,
    readonly userDataDir: string,
  ) {}

  static async launch(options: LaunchOptions): Promise<AppHarness> {
    const userDataDir = options.userDataDir ?? mkdtempSync(join(tmpdir(), 'lab-e2e-'))
    // A fresh install starts signed out: the OS keychain outlives user-data folders.
    if (!options.userDataDir) await forgetKeychainEntry(options.server.url)
    // The server URL is a setting: with it set, main does not start the embedded server.
    if (!options.embedded) writeSettings(userDataDir, options.server.url)
    const context =
      options.context ??
      (await options.browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN' }))
    const page = await context.newPage()
    const pageErrors: string[] = []
    page.on('pageerror', (e) => pageErrors.push(e.message))
    page.on('console', (m) => {
      if (m.type() === 'error') pageErrors.push(m.text())
    })
    const ipc: IpcRecord[] = []
    const events: Array<{ channel: string; payload: unknown }> = []
    const popups: Page[] = []
    let host: TestHost | null = null

    await page.exposeBinding('__labIpcInvoke', async (source, channel: string, payload: unknown) => {
      if (!host) throw new Error('main is not running')
      const frame = source.frame
      const window = host.windows.find((w) => !w.isDestroyed())
      const request = decodePayload(payload)
      const response = await host.ipc.invoke(channel, request, {
        sender: { id: window?.webContents.id ?? -1 },
        senderFrame: { url: frame.url(), parent: frame.parentFrame() },
      })
      ipc.push({ channel, request, response })
      return encodeReply(response)
    })

    const hostOptions: TestHostOptions = {
      userDataDir,
      policyFile: options.policyFile,
      localDataDir: options.localDataDir,
      forkUtility: forkUtilityInNode,
      page: {
        async load(url, preloadPath) {
          if (!preloadPath) throw new Error('the app window needs its preload')
          await page.addInitScript({ content: preloadInitScript(readFileSync(preloadPath, 'utf8')) })
          await page.goto(url)
        },
        send(channel, payload) {
          events.push({ channel, payload })
          void page
            .evaluate(
              ([c, p]) =>
                (globalThis as unknown as { __labIpcEmit(c: string, p: unknown): void }).__labIpcEmit(c, p),
              [channel, payload] as const,
            )
            .catch(() => undefined)
        },
      },
    }
    host = new TestHost({
      ...hostOptions,
      popupPage: (window) => popupBinding(options.browser, window, popups),
    })
    const main = await startMain(host, {
      appUrl: APP_URL,
      preloadPath: PRELOAD,
      serverModulePath: join(ROOT, 'out/main/server.js'),
      clock: options.clock,
      keychain: options.keychain,
      serverStartTimeoutMs: options.serverStartTimeoutMs,
    })
    return new AppHarness(ipc, events, pageErrors, popups, options, host, context, page, main, userDataDir)
  }

  /** The page of the single sign-on window main opened last (waits for it). */
  async ssoPage(opened = 0, timeoutMs = 30_000): Promise<Page> {
    const deadline = Date.now() + timeoutMs
    while (this.popups.length <= opened || this.popups[this.popups.length - 1].url() === 'about:blank') {
      if (Date.now() > deadline) throw new Error('main opened no single sign-on window')
      await new Promise((r) => setTimeout(r, 50))
    }
    return this.popups[this.popups.length - 1]
  }

  /** The key of the captcha the page shows now (the last one main fetched for it). */
  lastCaptchaKey(): string {
    const record = [...this.ipc].reverse().find((r) => r.channel === 'session:captcha')
    const value = (record?.response as { ok: boolean; value?: { key: string } } | undefined)?.value
    if (!value) throw new Error('the page has not fetched a captcha')
    return value.key
  }

  async captchaAnswer(): Promise<string> {
    return this.options.server.captchaCode(this.lastCaptchaKey())
  }

  /** The record main keeps in its vault for this server (null when signed out), with its stored size. */
  async vaultRecord(): Promise<(VaultRecord & { storedBytes: number }) | null> {
    const vault = await openVault({
      keychain: this.options.keychain ?? loadKeytar,
      safeStorage: this.host.safeStorage,
      dir: join(this.userDataDir, 'vault'),
    })
    const saved = await vault.load(this.main.serverUrl)
    const record = saved ? decodeVaultRecord(saved) : null
    return record && saved ? { ...record, storedBytes: Buffer.byteLength(saved, 'utf8') } : null
  }

  /** Waits until the page has received a new captcha after the IPC exchange number `after`. */
  async waitForCaptcha(after = 0, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs
    while (
      !this.ipc
        .slice(after)
        .some((r) => r.channel === 'session:captcha' && (r.response as { ok: boolean }).ok)
    ) {
      if (Date.now() > deadline) throw new Error('the page fetched no captcha')
      await new Promise((r) => setTimeout(r, 50))
    }
  }

  /** Fills the login form by its labels and presses 登录 (or Sign in). */
  async signIn(account: string, password: string, options: { submitLabel?: RegExp } = {}): Promise<void> {
    await this.waitForCaptcha()
    const page = this.page
    await page.getByLabel(/^(账号|Account)$/).fill(account)
    await page.getByLabel(/^(密码|Password)$/).fill(password)
    await page.getByLabel(/^(验证码|Captcha)$/).fill(await this.captchaAnswer())
    await page.getByRole('button', { name: options.submitLabel ?? /^(登录|Sign in)$/ }).click()
  }

  /** Signs in (the test administrator unless told) and waits for the 首页 tab of the shell. */
  async signInToHome(account = 'admin', password = TEST_ADMIN_PASSWORD): Promise<void> {
    await this.signIn(account, password)
    await this.page.getByRole('tab', { name: '首页' }).first().waitFor()
  }

  async screenshot(label: string): Promise<string> {
    mkdirSync(SCREENSHOTS, { recursive: true })
    const file = join(
      SCREENSHOTS,
      `${this.options.name}-${String(++this.shots).padStart(2, '0')}-${slug(label)}.png`,
    )
    await this.page.screenshot({ path: file }).catch(() => undefined)
    return file
  }

  /** Stops main and closes the window's page, keeping the user-data folder and browser context. */
  async stop(): Promise<void> {
    for (const w of this.host.windows) if (!w.isDestroyed()) w.close()
    await this.main.stop()
    await this.page.close().catch(() => undefined)
  }

  /** A restart of the app: main starts again on the same user-data folder, with a new window. */
  async restart(): Promise<AppHarness> {
    await this.stop()
    return AppHarness.launch({ ...this.options, userDataDir: this.userDataDir, context: this.context })
  }

  async close(): Promise<void> {
    await this.stop()
    await forgetKeychainEntry(this.main.serverUrl)
    await this.context.close().catch(() => undefined)
    rmSync(this.userDataDir, { recursive: true, force: true })
  }
}

/**
 * A window without the preload (single sign-on) as a real Chromium page of its own (in its own
 * context, as its own partition in Electron). Its navigations reach the window's listeners as
 * Electron's will-navigate / will-redirect; main stops the one it wants by closing the window.
 */
function popupBinding(browser: Browser, window: TestWindow, popups: Page[]): PageBinding {
  let popup: Page | null = null
  return {
    async load(url) {
      const context = await browser.newContext({ viewport: { width: 520, height: 640 }, locale: 'zh-CN' })
      popup = await context.newPage()
      popups.push(popup)
      const mainFrame = popup.mainFrame()
      popup.on('request', (request) => {
        if (!request.isNavigationRequest() || request.frame() !== mainFrame) return
        if (request.redirectedFrom()) window.webContents.willRedirect(request.url())
        else if (request.url() !== url) window.webContents.willNavigate(request.url())
      })
      await popup.goto(url)
    },
    send() {
      // no bridge: main sends nothing to this window
    },
    close() {
      void popup
        ?.context()
        .close()
        .catch(() => undefined)
    },
  }
}

async function forgetKeychainEntry(serverUrl: string): Promise<void> {
  try {
    await (await loadKeytar()).deletePassword(KEYCHAIN_SERVICE, serverUrl)
  } catch {
    // no keychain here: the vault used the user-data folder
  }
}

function writeSettings(userDataDir: string, serverUrl: string): void {
  const file = join(userDataDir, 'settings.json')
  let current: Record<string, unknown> = {}
  try {
    current = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>
  } catch {
    // first start
  }
  mkdirSync(userDataDir, { recursive: true })
  writeFileSync(file, JSON.stringify({ ...current, serverUrl }, null, 2))
}

function slug(s: string): string {
  return s
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60)
}
