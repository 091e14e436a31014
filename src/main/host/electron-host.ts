/**
 * The only door from main-process code to Electron. Every module receives the pieces it needs from
 * an `ElectronHost`; `./electron.ts` implements it with the real Electron APIs and `tests/host`
 * with a test host, so everything else (HTTP, session, vault, files, router) runs unchanged in Node.
 * The shapes are structural subsets of Electron's own types, so the real objects fit as they are.
 */

/** The frame that sent an IPC message (Electron's `WebFrameMain`, reduced). */
export interface SenderFrame {
  readonly url: string
  /** null for a main frame. */
  readonly parent: unknown
}

/** Electron's `IpcMainInvokeEvent`, reduced to what the router checks. */
export interface InvokeEvent {
  readonly sender: { readonly id: number }
  readonly senderFrame: SenderFrame | null
}

export interface HostIpc {
  handle(channel: string, listener: (event: InvokeEvent, payload: unknown) => Promise<unknown>): void
  removeHandler(channel: string): void
}

export interface FileFilter {
  name: string
  extensions: string[]
}

export interface HostDialog {
  showSaveDialog(options: {
    title?: string
    defaultPath?: string
    filters?: FileFilter[]
  }): Promise<{ canceled: boolean; filePath?: string }>
  showOpenDialog(options: {
    title?: string
    filters?: FileFilter[]
    properties?: Array<'openFile'>
  }): Promise<{ canceled: boolean; filePaths: string[] }>
  /** `parent`: the window the box is modal to (on Windows an unparented box can open behind it). */
  showMessageBox(
    options: {
      type?: 'none' | 'info' | 'error' | 'question' | 'warning'
      title?: string
      message: string
      detail?: string
      buttons?: string[]
      defaultId?: number
      cancelId?: number
    },
    parent?: HostWindow,
  ): Promise<{ response: number }>
}

export interface HostSafeStorage {
  isEncryptionAvailable(): boolean
  encryptString(plainText: string): Buffer
  decryptString(encrypted: Buffer): string
}

/** The event sources of a window's webContents that the security rules hook. */
export interface HostWebContents {
  readonly id: number
  send(channel: string, payload: unknown): void
  /** `will-redirect`: a server redirect while loading (the single sign-on page's answer). */
  on(
    event: 'will-navigate' | 'will-redirect',
    listener: (event: { url: string; preventDefault(): void }) => void,
  ): unknown
  /** Any frame about to navigate (iframes included). */
  on(
    event: 'will-frame-navigate',
    listener: (event: { url: string; isMainFrame: boolean; preventDefault(): void }) => void,
  ): unknown
  /** The renderer process died (crashed, killed, out of memory). */
  on(
    event: 'render-process-gone',
    listener: (event: unknown, details: { reason: string; exitCode: number }) => void,
  ): unknown
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' | 'allow' }): void
  readonly session: {
    readonly webRequest: {
      onHeadersReceived(
        listener: (
          details: { url: string; responseHeaders?: Record<string, string[]> },
          callback: (response: { responseHeaders?: Record<string, string[]> }) => void,
        ) => void,
      ): void
    }
  }
}

export interface HostWindow {
  readonly webContents: HostWebContents
  loadURL(url: string): Promise<void>
  getBounds(): { x: number; y: number; width: number; height: number }
  /** The bounds the window returns to when un-maximized. */
  getNormalBounds(): Rectangle
  isMaximized(): boolean
  maximize(): void
  isMinimized(): boolean
  restore(): void
  focus(): void
  isDestroyed(): boolean
  /** 'session-end': Windows is logging off or shutting down (Windows only). */
  on(event: 'close' | 'closed' | 'session-end', listener: () => void): unknown
  close(): void
}

export interface WindowOptions {
  width: number
  height: number
  x?: number
  y?: number
  minWidth?: number
  minHeight?: number
  title?: string
  /** A PNG path: the window and taskbar icon on Windows and Linux. */
  icon?: string
  show?: boolean
  webPreferences: {
    /** Absent for windows that show a server's page (single sign-on): no bridge to main. */
    preload?: string
    /** A separate in-memory session (no cookies or rules shared with the app window). */
    partition?: string
    sandbox: true
    contextIsolation: true
    nodeIntegration: false
    webSecurity: true
    spellcheck?: boolean
  }
}

/** A child process speaking Electron's `utilityProcess` message API. */
export interface HostChildProcess {
  on(event: 'message', listener: (message: unknown) => void): unknown
  on(event: 'exit', listener: (code: number) => void): unknown
  postMessage(message: unknown): void
  kill(): boolean
  /** The child's output when forked with `stdio: 'pipe'` (main writes it to the log). */
  readonly stdout?: NodeJS.ReadableStream | null
  readonly stderr?: NodeJS.ReadableStream | null
  /** The OS process id (undefined before it started or after it exited). */
  readonly pid?: number
}

export interface Rectangle {
  x: number
  y: number
  width: number
  height: number
}

/** Electron's `screen`, reduced to where windows may go. */
export interface HostScreen {
  getAllDisplays(): Array<{ workArea: Rectangle }>
  getPrimaryDisplay(): { workArea: Rectangle }
}

import type { PolicySource } from '../policy/policy'
import type { NetworkPolicy } from '../network/network-policy'
import type { HostFetch } from '../network/transport'

/** The subset of `electron-store` / `conf` the settings need. */
export interface HostStore<T extends Record<string, unknown>> {
  get<K extends keyof T>(key: K): T[K]
  set<K extends keyof T>(key: K, value: T[K]): void
}

/** Electron's `powerMonitor`, reduced: sleep and wake, screen lock, and how long the user has been idle. */
export interface HostPowerMonitor {
  on(event: 'suspend' | 'resume' | 'lock-screen' | 'unlock-screen', listener: () => void): unknown
  /** Seconds since the last keyboard or mouse input. */
  getSystemIdleTime(): number
}

/** Electron's `net.isOnline()`, with a signal when it changes. */
export interface HostNetwork {
  isOnline(): boolean
  onChange(listener: (online: boolean) => void): void
}

export interface ElectronHost {
  readonly ipc: HostIpc
  readonly dialog: HostDialog
  readonly safeStorage: HostSafeStorage
  /** `openPath` resolves to an error message ('' when the folder opened). */
  readonly shell: { openExternal(url: string): Promise<void>; openPath(path: string): Promise<string> }
  /** `app.getPath('userData')` (roaming on Windows): settings and the vault fallback. */
  readonly userDataDir: string
  /**
   * Where the embedded server keeps its data unless machine policy names a folder: a non-roaming
   * per-user folder (src/main/data/data-dir.ts). Older versions kept it in userDataDir.
   */
  readonly localDataDir: string
  /** `app.getPath('logs')`: where the log files are (the 帮助 menu's 打开日志文件夹, the 关于 dialog). */
  readonly logDir: string
  readonly isPackaged: boolean
  readonly appVersion: string
  readonly screen: HostScreen
  createWindow(options: WindowOptions): HostWindow
  /** `utilityProcess.fork`. */
  forkUtility(modulePath: string, env: Record<string, string>): HostChildProcess
  createStore<T extends Record<string, unknown>>(options: { name: string; defaults: T }): HostStore<T>
  readonly powerMonitor: HostPowerMonitor
  readonly network: HostNetwork
  /** Where machine policy is read from; absent: the platform's own place (registry, managed preferences, /etc). */
  readonly policySource?: PolicySource
  /** Main's HTTP: Electron's `net.fetch` (system proxy, PAC, OS trust store); Node's fetch in tests. */
  readonly fetch?: HostFetch
  /** Machine policy's proxy and extra CAs, applied to that fetch's network. */
  applyNetworkPolicy?(policy: NetworkPolicy): Promise<void>
}
