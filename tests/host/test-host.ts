/**
 * The test host: Electron's own APIs replaced by small stand-ins, so the real main-process modules run
 * in Node. Only what Electron would provide is faked: ipcMain (dispatches to the registered handlers
 * with the sender frame the caller gives), dialogs (answers queued by the test), app paths (a temp
 * folder), safeStorage (AES-GCM with a per-host key), BrowserWindow/webContents (events forwarded to
 * the page the harness attaches) and the store (`conf`, which electron-store wraps).
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { join } from 'node:path'
import Conf from 'conf'
import { Agent, ProxyAgent, type Dispatcher } from 'undici'
import type {
  ElectronHost,
  HostChildProcess,
  HostDialog,
  HostIpc,
  HostNetwork,
  HostPowerMonitor,
  HostStore,
  HostScreen,
  HostWebContents,
  HostWindow,
  Rectangle,
  InvokeEvent,
  WindowOptions,
} from '../../src/main/host/electron-host'
import type { PolicySource } from '../../src/main/policy/policy'
import type { NetworkPolicy } from '../../src/main/network/network-policy'

type Listener = (event: InvokeEvent, payload: unknown) => Promise<unknown>

export class TestIpcMain implements HostIpc {
  private readonly handlers = new Map<string, Listener>()

  handle(channel: string, listener: Listener): void {
    if (this.handlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`)
    this.handlers.set(channel, listener)
  }

  removeHandler(channel: string): void {
    this.handlers.delete(channel)
  }

  /** What `ipcRenderer.invoke` does in Electron: the registered handler, or an error like Electron's. */
  async invoke(channel: string, payload: unknown, event: InvokeEvent): Promise<unknown> {
    const handler = this.handlers.get(channel)
    if (!handler) throw new Error(`No handler registered for '${channel}'`)
    return handler(event, payload)
  }
}

export interface ShownMessage {
  type?: string
  title?: string
  message: string
  detail?: string
}

/** Native dialogs: the test queues the answers; every message box shown is recorded. */
export class TestDialog implements HostDialog {
  readonly savePaths: Array<string | null> = []
  readonly openPaths: Array<string | null> = []
  readonly messageBoxResponses: number[] = []
  readonly shown: ShownMessage[] = []
  /** For each message box shown: whether it was parented to a window. */
  readonly parented: boolean[] = []
  /** Every save and open dialog shown: its title and proposed name. */
  readonly asked: Array<{ kind: 'save' | 'open'; title?: string; defaultPath?: string }> = []

  async showSaveDialog(options?: { title?: string; defaultPath?: string }): Promise<{
    canceled: boolean
    filePath?: string
  }> {
    this.asked.push({ kind: 'save', title: options?.title, defaultPath: options?.defaultPath })
    const next = this.savePaths.shift()
    return next ? { canceled: false, filePath: next } : { canceled: true }
  }

  async showOpenDialog(options?: { title?: string }): Promise<{ canceled: boolean; filePaths: string[] }> {
    this.asked.push({ kind: 'open', title: options?.title })
    const next = this.openPaths.shift()
    return next ? { canceled: false, filePaths: [next] } : { canceled: true, filePaths: [] }
  }

  async showMessageBox(options: ShownMessage, parent?: HostWindow): Promise<{ response: number }> {
    this.parented.push(parent !== undefined)
    this.shown.push({
      type: options.type,
      title: options.title,
      message: options.message,
      detail: options.detail,
    })
    return { response: this.messageBoxResponses.shift() ?? 0 }
  }
}

export class TestSafeStorage {
  /**
   * Electron's key belongs to the OS user and survives a restart; a host keyed by its user-data
   * folder does the same (a random key by default).
   */
  constructor(
    private readonly available = true,
    private readonly key: Buffer = randomBytes(32),
  ) {}

  isEncryptionAvailable(): boolean {
    return this.available
  }

  encryptString(plainText: string): Buffer {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', this.key, iv)
    const body = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()])
    return Buffer.concat([iv, cipher.getAuthTag(), body])
  }

  decryptString(encrypted: Buffer): string {
    const decipher = createDecipheriv('aes-256-gcm', this.key, encrypted.subarray(0, 12))
    decipher.setAuthTag(encrypted.subarray(12, 28))
    return Buffer.concat([decipher.update(encrypted.subarray(28)), decipher.final()]).toString('utf8')
  }
}

/** Where a test window's webContents sends its events and how it loads a URL (the harness's page). */
export interface PageBinding {
  /** `preloadPath` is absent for windows without the bridge (the single sign-on window). */
  load(url: string, preloadPath: string | undefined): Promise<void>
  send(channel: string, payload: unknown): void
  /** The window closed (a page of its own closes with it). */
  close?(): void
}

type NavigationListener = (event: { url: string; preventDefault(): void }) => void
type FrameNavigationListener = (event: { url: string; isMainFrame: boolean; preventDefault(): void }) => void
type GoneListener = (event: unknown, details: { reason: string; exitCode: number }) => void

let nextWebContentsId = 1

export class TestWebContents implements HostWebContents {
  readonly id = nextWebContentsId++
  readonly sent: Array<{ channel: string; payload: unknown }> = []
  readonly navigateListeners: NavigationListener[] = []
  readonly redirectListeners: NavigationListener[] = []
  readonly frameNavigateListeners: FrameNavigationListener[] = []
  readonly goneListeners: GoneListener[] = []
  windowOpenHandler: ((details: { url: string }) => { action: 'deny' | 'allow' }) | null = null
  headersListener:
    | ((
        details: { url: string; responseHeaders?: Record<string, string[]> },
        callback: (response: { responseHeaders?: Record<string, string[]> }) => void,
      ) => void)
    | null = null
  page: PageBinding | null = null

  readonly session = {
    webRequest: {
      onHeadersReceived: (listener: NonNullable<TestWebContents['headersListener']>) => {
        this.headersListener = listener
      },
    },
  }

  send(channel: string, payload: unknown): void {
    this.sent.push({ channel, payload })
    this.page?.send(channel, payload)
  }

  on(event: 'will-navigate' | 'will-redirect', listener: NavigationListener): this
  on(event: 'will-frame-navigate', listener: FrameNavigationListener): this
  on(event: 'render-process-gone', listener: GoneListener): this
  on(event: string, listener: NavigationListener | FrameNavigationListener | GoneListener): this {
    if (event === 'will-frame-navigate') this.frameNavigateListeners.push(listener as FrameNavigationListener)
    else if (event === 'render-process-gone') this.goneListeners.push(listener as GoneListener)
    else
      (event === 'will-redirect' ? this.redirectListeners : this.navigateListeners).push(
        listener as NavigationListener,
      )
    return this
  }

  /** What Electron would do before a frame navigates: true when some listener prevented it. */
  willFrameNavigate(url: string, isMainFrame: boolean): boolean {
    let prevented = false
    for (const l of [...this.frameNavigateListeners])
      l({ url, isMainFrame, preventDefault: () => (prevented = true) })
    return prevented
  }

  /** What Electron does when the renderer process dies. */
  renderProcessGone(details: { reason: string; exitCode: number }): void {
    for (const l of [...this.goneListeners]) l({}, details)
  }

  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' | 'allow' }): void {
    this.windowOpenHandler = handler
  }

  /** What Electron would do before navigating: true when some listener prevented it. */
  willNavigate(url: string): boolean {
    return this.emitNavigation(this.navigateListeners, url)
  }

  /** What Electron would do before following a server redirect: true when some listener prevented it. */
  willRedirect(url: string): boolean {
    return this.emitNavigation(this.redirectListeners, url)
  }

  private emitNavigation(listeners: NavigationListener[], url: string): boolean {
    let prevented = false
    for (const l of [...listeners]) l({ url, preventDefault: () => (prevented = true) })
    return prevented
  }
}

export class TestWindow implements HostWindow {
  readonly webContents = new TestWebContents()
  private destroyed = false
  private readonly closeListeners: Array<() => void> = []
  private readonly closedListeners: Array<() => void> = []
  readonly sessionEndListeners: Array<() => void> = []
  private bounds: { x: number; y: number; width: number; height: number }
  private maximized = false
  private minimized = false
  /** How often the window was brought to the front. */
  focused = 0

  constructor(readonly options: WindowOptions) {
    this.bounds = { x: options.x ?? 0, y: options.y ?? 0, width: options.width, height: options.height }
  }

  async loadURL(url: string): Promise<void> {
    await this.webContents.page?.load(url, this.options.webPreferences.preload)
  }

  getBounds() {
    return { ...this.bounds }
  }

  setBounds(bounds: { x: number; y: number; width: number; height: number }): void {
    this.bounds = { ...bounds }
  }

  getNormalBounds(): Rectangle {
    return { ...this.bounds }
  }

  isMaximized(): boolean {
    return this.maximized
  }

  maximize(): void {
    this.maximized = true
  }

  isMinimized(): boolean {
    return this.minimized
  }

  minimize(): void {
    this.minimized = true
  }

  restore(): void {
    this.minimized = false
    this.maximized = false
  }

  focus(): void {
    this.focused++
  }

  isDestroyed(): boolean {
    return this.destroyed
  }

  on(event: 'close' | 'closed' | 'session-end', listener: () => void): this {
    if (event === 'session-end') this.sessionEndListeners.push(listener)
    else (event === 'close' ? this.closeListeners : this.closedListeners).push(listener)
    return this
  }

  close(): void {
    if (this.destroyed) return
    for (const l of this.closeListeners) l()
    this.destroyed = true
    this.webContents.page?.close?.()
    for (const l of this.closedListeners) l()
  }
}

type PowerEvent = 'suspend' | 'resume' | 'lock-screen' | 'unlock-screen'

/** powerMonitor: the test emits sleep/wake and sets how long the user has been idle. */
export class TestPowerMonitor implements HostPowerMonitor {
  idleSeconds = 0
  private readonly listeners: Array<{ event: PowerEvent; listener: () => void }> = []

  on(event: PowerEvent, listener: () => void): this {
    this.listeners.push({ event, listener })
    return this
  }

  getSystemIdleTime(): number {
    return this.idleSeconds
  }

  emit(event: PowerEvent): void {
    for (const l of this.listeners) if (l.event === event) l.listener()
  }
}

/** The network as `net.isOnline()` sees it: the test takes it down and brings it back. */
export class TestNetwork implements HostNetwork {
  private online = true
  private readonly listeners: Array<(online: boolean) => void> = []

  isOnline(): boolean {
    return this.online
  }

  onChange(listener: (online: boolean) => void): void {
    this.listeners.push(listener)
  }

  set(online: boolean): void {
    if (online === this.online) return
    this.online = online
    for (const l of this.listeners) l(online)
  }
}

export interface TestHostOptions {
  userDataDir: string
  /** Attached to every app window (one with the preload) the main process creates. */
  page?: PageBinding
  /** A page of its own for each window without the preload (the single sign-on window). */
  popupPage?: (window: TestWindow) => PageBinding
  safeStorageAvailable?: boolean
  isPackaged?: boolean
  forkUtility?: ElectronHost['forkUtility']
  /** The displays' work areas, primary first (one 1920×1040 display unless told). */
  displays?: Rectangle[]
  /** A JSON machine-policy file (as /etc/lab-training/policy.json); absent: no policy at all. */
  policyFile?: string
  /** The embedded server's default data folder (the real host's is per user, outside userData). */
  localDataDir?: string
}

/** Electron's `screen` over a fixed list of work areas, the first one primary. */
export class TestScreen implements HostScreen {
  constructor(readonly workAreas: Rectangle[] = [{ x: 0, y: 0, width: 1920, height: 1040 }]) {}

  getAllDisplays() {
    return this.workAreas.map((workArea) => ({ workArea }))
  }

  getPrimaryDisplay() {
    return { workArea: this.workAreas[0]! }
  }
}

export class TestHost implements ElectronHost {
  readonly ipc = new TestIpcMain()
  readonly dialog = new TestDialog()
  readonly safeStorage: TestSafeStorage
  readonly openedExternally: string[] = []
  /** Folders main asked the system to open (the 打开备份文件夹 button). */
  readonly openedPaths: string[] = []
  readonly shell = {
    openExternal: async (url: string) => void this.openedExternally.push(url),
    openPath: async (path: string) => {
      this.openedPaths.push(path)
      return ''
    },
  }
  readonly userDataDir: string
  readonly localDataDir: string
  readonly logDir: string
  readonly isPackaged: boolean
  readonly appVersion = '0.0.0-test'
  readonly windows: TestWindow[] = []
  readonly screen: TestScreen
  readonly powerMonitor = new TestPowerMonitor()
  readonly network = new TestNetwork()
  readonly policySource: PolicySource
  /** The network policy main applied (Electron would set it on its sessions). */
  networkPolicy: NetworkPolicy | null = null
  private dispatcher: Dispatcher | null = null

  constructor(private readonly options: TestHostOptions) {
    // Never the machine's own policy: a test sees only the file it names.
    this.policySource = {
      kind: 'file',
      path: options.policyFile ?? join(options.userDataDir, 'no-policy.json'),
    }
    this.userDataDir = options.userDataDir
    this.localDataDir = options.localDataDir ?? join(options.userDataDir, 'local-data')
    this.logDir = join(options.userDataDir, 'logs')
    this.screen = new TestScreen(options.displays)
    this.isPackaged = options.isPackaged ?? false
    this.safeStorage = new TestSafeStorage(
      options.safeStorageAvailable ?? true,
      createHash('sha256').update(options.userDataDir).digest(),
    )
  }

  /** A sleep of the machine: 'suspend', the clock's time passes without timers (if given), 'resume'. */
  suspendAndResume(clock?: { sleep(ms: number): void }, ms = 0): void {
    this.powerMonitor.emit('suspend')
    clock?.sleep(ms)
    this.powerMonitor.emit('resume')
  }

  createWindow(options: WindowOptions): TestWindow {
    const window = new TestWindow(options)
    window.webContents.page = options.webPreferences.preload
      ? (this.options.page ?? null)
      : (this.options.popupPage?.(window) ?? null)
    this.windows.push(window)
    return window
  }

  forkUtility(modulePath: string, env: Record<string, string>): HostChildProcess {
    if (!this.options.forkUtility) throw new Error('this test host starts no utility process')
    return this.options.forkUtility(modulePath, env)
  }

  /** Node's fetch, through the policy's proxy (every request sent to it, not tunnelled) and CAs. */
  readonly fetch = (input: string | URL | Request, init?: RequestInit): Promise<Response> =>
    fetch(
      input,
      this.dispatcher ? ({ ...init, dispatcher: this.dispatcher } as unknown as RequestInit) : init,
    )

  async applyNetworkPolicy(policy: NetworkPolicy): Promise<void> {
    this.networkPolicy = policy
    const ca = policy.extraCAs.length > 0 ? policy.extraCAs : undefined
    if (policy.proxyRules) {
      const uri = policy.proxyRules.includes('://') ? policy.proxyRules : `http://${policy.proxyRules}`
      this.dispatcher = new ProxyAgent({ uri, proxyTunnel: false, requestTls: ca && { ca } })
    } else if (ca) this.dispatcher = new Agent({ connect: { ca } })
  }

  createStore<T extends Record<string, unknown>>(options: { name: string; defaults: T }): HostStore<T> {
    return new Conf<T>({
      cwd: this.userDataDir,
      configName: options.name,
      defaults: options.defaults,
    }) as unknown as HostStore<T>
  }
}
