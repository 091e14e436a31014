import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { EventName, EventPayload, ServerStatus } from '@shared/ipc/contract'
import type { ElectronHost, HostWindow } from './host/electron-host'
import { HttpClient } from './http/client'
import { registerHandlers } from './ipc/handlers'
import { IpcRouter } from './ipc/router'
import { createSenderCheck } from './ipc/sender'
import { showFirstRunPassword } from './embedded/embedded-server'
import { freePort } from './embedded/free-port'
import { SupervisedServer } from './embedded/supervisor'
import { configureLog, log, setLogLevel } from './log'
import { LoggedErrorLog } from './logged-error-log'
import { setStopBeforeQuit } from './quit'
import { systemClock, type Clock } from './session/clock'
import { DEFAULT_TENANT_ID, Session } from './session/session'
import { Connectivity } from './session/connectivity'
import { lockGatedIpc } from './session/lock-gate'
import { SESSION_STORE_DEFAULTS, type SessionPersisted } from './session/session-store'
import { loadKeytar, openVault, type Keychain } from './session/vault'
import { SettingsStore } from './settings/settings'
import { Updater, type AutoUpdaterLike } from './updater'
import { watchRendererGone } from './window/gone'
import { createMainWindow } from './window/main-window'
import { createSsoWindow } from './window/sso-window'
import { SingleSignOn } from './session/sso'
import { openExternalLink } from './window/security'
import { applyUpdatePlan, scheduleUpdateChecks, updatePlan } from './update/update-policy'
import type { Policy } from './policy/keys'
import { EMBEDDED_SERVER_DISABLED, readMachinePolicy } from './policy/policy'
import { networkPolicy } from './network/network-policy'
import { moveLegacyData } from './data/data-dir'
import { Backups } from './data/backups'
import { registerBackupHandlers } from './data/backup-handlers'

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
  /** The embedded server's start timeout (120 s). */
  serverStartTimeoutMs?: number
}

export interface MainProcess {
  readonly window: HostWindow
  readonly session: Session
  readonly settings: SettingsStore
  readonly router: IpcRouter
  readonly http: HttpClient
  /** The server's base URL (the embedded server's may change after a restart). */
  readonly serverUrl: string
  /** The supervised embedded server; null when a server URL is configured. */
  readonly server: SupervisedServer | null
  /** The embedded server's backups; null when a server URL is configured. */
  readonly backups: Backups | null
  /** The embedded server's data folder (db/, files/, backups/); '' when a server URL is configured. */
  readonly dataDir: string
  /** What the start-up screen shows: 'ready' once the server answers and the saved session is back. */
  serverStatus(): ServerStatus
  /** Resolves when serverStatus() is 'ready' or 'failed'. */
  whenStarted(): Promise<void>
  /** main.log in the host's log folder. */
  readonly logFile: string
  readonly connectivity: Connectivity | null
  /** The machine policy read at start. */
  readonly policy: Policy
  stop(): Promise<void>
}

/** The embedded server's start timeout; also how long a call made while it (re)starts waits for it. */
const SERVER_START_TIMEOUT_MS = 120_000

/**
 * Starts the main process's work on a host: the log, settings, the server (configured, or embedded
 * and supervised), the vault and session, the IPC router with every channel, and the window. The
 * window does not wait for the embedded server: it shows the start-up state until the server is ready
 * and the saved session restored.
 */
export async function startMain(host: ElectronHost, options: MainOptions): Promise<MainProcess> {
  const logFile = configureLog(host.logDir)
  log.info(`starting ${host.appVersion}`)
  const clock = options.clock ?? systemClock
  const policy = await readMachinePolicy(host.policySource)
  if (policy.LogLevel) setLogLevel(policy.LogLevel)
  const settings = new SettingsStore(host, policy)
  await host.applyNetworkPolicy?.(await networkPolicy(policy, (line) => log.warn(line)))
  const windows: HostWindow[] = []
  const emit = <E extends EventName>(event: E, payload: EventPayload<E>) => {
    for (const w of windows) if (!w.isDestroyed()) w.webContents.send(event, payload)
  }

  let server: SupervisedServer | null = null
  let serverUrl = settings.get('serverUrl').replace(/\/+$/, '')
  if (!serverUrl && policy.AllowEmbeddedServer === false) throw new Error(EMBEDDED_SERVER_DISABLED)
  // The session is restored once the server first answers; until then the start-up screen shows.
  let restored = false
  const started: Array<() => void> = []
  const serverStatus = (): ServerStatus => {
    const status = server?.status() ?? { state: 'ready' }
    return status.state === 'ready' && !restored ? { state: 'starting' } : status
  }
  const publishStatus = () => {
    const status = serverStatus()
    if (status.state === 'ready' || status.state === 'failed') for (const done of started.splice(0)) done()
    emit('server:status', status)
  }
  let dataDir = ''
  if (!serverUrl) {
    dataDir = embeddedDataDir(host, policy)
    const port = await freePort()
    serverUrl = `http://127.0.0.1:${port}`
    server = new SupervisedServer({
      host,
      dataDir,
      modulePath: options.serverModulePath,
      port,
      logFile,
      startTimeoutMs: options.serverStartTimeoutMs ?? SERVER_START_TIMEOUT_MS,
      onStatus: publishStatus,
      onAdminPassword: (password) => void showFirstRunPassword(host, password, settings.get('language')),
    })
  }

  const vault = await openVault({
    keychain: options.keychain ?? loadKeytar,
    safeStorage: host.safeStorage,
    dir: join(host.userDataDir, 'vault'),
  })

  let session: Session | null = null
  const supervised = server
  let stopping: Promise<void> | null = null
  let connectivity: Connectivity | null = null
  const http = new HttpClient({
    baseUrl: () => supervised?.url() || serverUrl,
    ...(supervised
      ? { ready: () => supervised.waitReady(options.serverStartTimeoutMs ?? SERVER_START_TIMEOUT_MS) }
      : {}),
    tenantId: () => session?.tenantId() ?? DEFAULT_TENANT_ID,
    accessToken: () => session?.accessToken() ?? null,
    onUnauthorized: async () => (await session?.renew()) ?? false,
    onReachable: (reachable) => connectivity?.reachable(reachable),
    statusWhiteList: options.statusWhiteList ?? [],
    fetch: host.fetch,
  })
  const sessionStore = host.createStore<SessionPersisted>({
    name: 'session',
    defaults: SESSION_STORE_DEFAULTS,
  })
  session = new Session({
    http,
    vault,
    store: sessionStore,
    clock,
    serverUrl,
    embedded: server !== null,
    appVersion: host.appVersion,
    emit,
  })
  const live = session
  connectivity = new Connectivity({
    clock,
    session: live,
    probe: () => http.request({ method: 'GET', path: '/', withoutToken: true, timeoutMs: 10_000 }),
    power: host.powerMonitor,
    network: host.network,
  })
  const restoreSession = async () => {
    await live.restore().catch((e) => log.error('session restore failed', e))
    connectivity?.start()
  }
  const backups = supervised
    ? new Backups(
        {
          dataDir,
          request: (body) => supervised.request(body),
          restart: async () => {
            await supervised.restart()
            await supervised.waitReady()
            const status = supervised.status()
            if (status.state !== 'ready') throw new Error(status.message ?? '内置服务器未能重新启动')
            return { restoreError: supervised.restoreError() }
          },
        },
        () => new Date(clock.now()),
      )
    : null
  let stopDailyBackups: (() => void) | null = null
  if (supervised) {
    supervised.start()
    void supervised.waitReady().then(async () => {
      const ready = supervised.status().state === 'ready'
      if (ready) await restoreSession()
      restored = true
      publishStatus()
      if (ready && backups && !stopping)
        stopDailyBackups = backups.scheduleDaily(clock, (e) => log.error('daily backup failed', e))
    })
  } else {
    await restoreSession()
    restored = true
  }

  const openExternal = (url: string) =>
    openExternalLink(url, {
      dialog: host.dialog,
      openExternal: host.shell.openExternal,
      trustedHosts: [new URL(serverUrl).hostname],
      parent: () => windows[0],
      language: () => settings.get('language'),
    })
  const plan = updatePlan(policy)
  const autoUpdater = applyUpdatePlan(options.autoUpdater ?? null, plan)
  const updater = new Updater(autoUpdater, (status) => emit('updater:status', status))
  const errorLog = new LoggedErrorLog(settings, http, clock)

  const router = new IpcRouter(
    lockGatedIpc(host.ipc, () => live.locked),
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
    about: () => ({
      version: host.appVersion,
      serverUrl,
      embedded: supervised !== null,
      dataDir: dataDir || host.userDataDir,
      logDir: host.logDir,
      policyKeys: Object.keys(policy),
    }),
  })
  router.handle('server:status', async () => serverStatus())
  registerBackupHandlers(router, {
    backups,
    session,
    dialog: host.dialog,
    openPath: (path) => host.shell.openPath(path),
    language: () => settings.get('language'),
  })

  const window = createMainWindow(host, {
    appUrl: options.appUrl,
    preloadPath: options.preloadPath,
    iconPath: options.iconPath,
    settings,
    openExternal,
  })
  windows.push(window)
  watchRendererGone(window, host.dialog, options.appUrl, () => settings.get('language'))
  await window.loadURL(options.appUrl)
  const stopUpdateChecks = autoUpdater ? scheduleUpdateChecks(() => updater.check(), plan, clock) : null

  const running = session
  const stop = () =>
    (stopping ??= (async () => {
      connectivity?.stop()
      stopUpdateChecks?.()
      stopDailyBackups?.()
      // A backup under way finishes first: the server is stopped after it.
      await backups?.settled()
      running.dispose()
      router.dispose()
      await supervised?.stop()
      log.info('stopped')
    })())
  setStopBeforeQuit(stop)
  return {
    window,
    session: running,
    settings,
    router,
    http,
    get serverUrl() {
      return supervised?.url() || serverUrl
    },
    policy,
    connectivity,
    server: supervised,
    backups,
    dataDir,
    serverStatus,
    whenStarted: () =>
      ['ready', 'failed'].includes(serverStatus().state)
        ? Promise.resolve()
        : new Promise<void>((resolve) => started.push(resolve)),
    logFile,
    stop,
  }
}

/**
 * The embedded server's data folder: machine policy's DataDirectory, else the host's non-roaming
 * per-user folder. On the first start with it, the data an older version kept in userData moves there.
 */
function embeddedDataDir(host: ElectronHost, policy: Policy): string {
  const dataDir = policy.DataDirectory ?? host.localDataDir
  try {
    mkdirSync(dataDir, { recursive: true })
    if (moveLegacyData(host.userDataDir, dataDir)) log.info(`moved the embedded data to ${dataDir}`)
  } catch (e) {
    log.error(`cannot use the data folder ${dataDir}`, e)
    throw new Error(`无法使用数据文件夹 ${dataDir}: ${(e as Error).message}`, { cause: e })
  }
  log.info(`embedded data folder ${dataDir}`)
  return dataDir
}
