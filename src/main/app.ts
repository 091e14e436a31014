import { join } from 'node:path'
import type { EventName, EventPayload } from '@shared/ipc/contract'
import type { ElectronHost, HostWindow } from './host/electron-host'
import { HttpClient } from './http/client'
import { registerHandlers } from './ipc/handlers'
import { IpcRouter } from './ipc/router'
import { createSenderCheck } from './ipc/sender'
import { startEmbeddedServer, showFirstRunPassword, type EmbeddedServer } from './embedded/embedded-server'
import { systemClock, type Clock } from './session/clock'
import { DEFAULT_TENANT_ID, Session } from './session/session'
import { loadKeytar, openVault, type Keychain } from './session/vault'
import { ErrorLog } from './settings/error-log'
import { SettingsStore } from './settings/settings'
import { Updater, type AutoUpdaterLike } from './updater'
import { applyUpdatePlan, scheduleUpdateChecks, updatePlan } from './update/update-policy'
import { createMainWindow } from './window/main-window'
import { createSsoWindow } from './window/sso-window'
import { SingleSignOn } from './session/sso'
import { openExternalAfterConfirm } from './window/security'
import type { Policy } from './policy/keys'
import { EMBEDDED_SERVER_DISABLED, readMachinePolicy } from './policy/policy'
import { networkPolicy } from './network/network-policy'

export interface MainOptions {
  /** The renderer entry: `file:///…/out/renderer/index.html`, or the dev server's URL. */
  appUrl: string
  /** The built preload (`out/preload/index.cjs`). */
  preloadPath: string
  /** The window icon (`resources/icon.png`); macOS takes the bundle's icon instead. */
  iconPath?: string
  /** The built embedded server (`out/main/server.js`), started when no server URL is configured. */
  serverModulePath: string
  clock?: Clock
  keychain?: () => Promise<Keychain>
  /** electron-updater's autoUpdater in packaged builds; null otherwise. */
  autoUpdater?: AutoUpdaterLike | null
  /** Statuses rejected without a message (spec §8's configured whitelist; empty by default). */
  statusWhiteList?: number[]
}

export interface MainProcess {
  readonly window: HostWindow
  readonly session: Session
  readonly settings: SettingsStore
  readonly router: IpcRouter
  readonly http: HttpClient
  readonly serverUrl: string
  /** The machine policy read at start. */
  readonly policy: Policy
  stop(): Promise<void>
}

/**
 * Starts the main process's work on a host: settings, the server (configured or embedded), the
 * vault and session, the IPC router with every channel, and the window.
 */
export async function startMain(host: ElectronHost, options: MainOptions): Promise<MainProcess> {
  const clock = options.clock ?? systemClock
  const policy = await readMachinePolicy(host.policySource)
  const settings = new SettingsStore(host, policy)
  await host.applyNetworkPolicy?.(await networkPolicy(policy, (line) => console.warn(line)))
  const windows: HostWindow[] = []
  const emit = <E extends EventName>(event: E, payload: EventPayload<E>) => {
    for (const w of windows) if (!w.isDestroyed()) w.webContents.send(event, payload)
  }

  let embedded: EmbeddedServer | null = null
  let serverUrl = settings.get('serverUrl').replace(/\/+$/, '')
  if (!serverUrl && policy.AllowEmbeddedServer === false) throw new Error(EMBEDDED_SERVER_DISABLED)
  if (!serverUrl) {
    embedded = await startEmbeddedServer(host, options.serverModulePath)
    serverUrl = embedded.url.replace(/\/+$/, '')
    if (embedded.adminPassword) void showFirstRunPassword(host, embedded.adminPassword)
  }

  const vault = await openVault({
    keychain: options.keychain ?? loadKeytar,
    safeStorage: host.safeStorage,
    dir: join(host.userDataDir, 'vault'),
  })

  let session: Session | null = null
  const http = new HttpClient({
    baseUrl: () => serverUrl,
    tenantId: () => session?.tenantId() ?? DEFAULT_TENANT_ID,
    accessToken: () => session?.accessToken() ?? null,
    onUnauthorized: (message) => void session?.expire(message),
    statusWhiteList: options.statusWhiteList ?? [],
    fetch: host.fetch,
  })
  session = new Session({ http, vault, clock, serverUrl, embedded: embedded !== null, emit })
  await session.restore()

  const openExternal = (url: string) =>
    openExternalAfterConfirm(url, { dialog: host.dialog, openExternal: host.shell.openExternal })
  const plan = updatePlan(policy)
  const autoUpdater = applyUpdatePlan(options.autoUpdater ?? null, plan)
  const updater = new Updater(autoUpdater, (status) => emit('updater:status', status))
  const errorLog = new ErrorLog(settings, http, clock)

  const router = new IpcRouter(
    host.ipc,
    createSenderCheck(options.appUrl, (id) =>
      windows.some((w) => !w.isDestroyed() && w.webContents.id === id),
    ),
  )
  const sso = new SingleSignOn({
    http,
    session,
    serverUrl,
    openWindow: () => createSsoWindow(host, serverUrl),
  })
  registerHandlers(router, {
    session,
    sso,
    http,
    settings,
    errorLog,
    updater,
    dialog: host.dialog,
    openExternal,
    emit,
  })

  const window = createMainWindow(host, {
    appUrl: options.appUrl,
    preloadPath: options.preloadPath,
    iconPath: options.iconPath,
    settings,
    openExternal,
  })
  windows.push(window)
  await window.loadURL(options.appUrl)
  const stopUpdateChecks = autoUpdater ? scheduleUpdateChecks(() => updater.check(), plan, clock) : null

  const running = session
  return {
    window,
    session: running,
    settings,
    router,
    http,
    serverUrl,
    policy,
    async stop() {
      running.dispose()
      router.dispose()
      stopUpdateChecks?.()
      await embedded?.stop()
    },
  }
}
