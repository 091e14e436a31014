import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import {
  DATA_DIR_LOCK_NAME,
  DATA_DIR_LOCKED_EXIT_CODE,
  isReadyMessage,
  isReplyMessage,
  type ReadyMessage,
  type RequestMessage,
} from '@shared/embedded-server'
import type { ElectronHost, HostChildProcess } from '../host/electron-host'
import { log } from '../log'
import { childEnv } from './child-env'

export type ServerState = 'starting' | 'ready' | 'restarting' | 'failed'

export interface ServerStatus {
  state: ServerState
  /** Why it failed or restarts (Chinese, for the start-up screen). */
  message?: string
  /** Where the server's output went, for a failure. */
  logFile?: string
}

export interface SupervisorOptions {
  host: Pick<ElectronHost, 'forkUtility' | 'dialog'>
  /** The server's data folder (LAB_DATA_DIR: db/, files/, backups/). */
  dataDir: string
  /** The built server (`out/main/server.js`). */
  modulePath: string
  /** The port to ask for first (0 = any); a restart asks for the port the server had. */
  port?: number
  logFile?: string
  onStatus?(status: ServerStatus): void
  /** The server answered ready with a first-run administrator password. */
  onAdminPassword?(password: string): void
  startTimeoutMs?: number
  /** The first restart's delay; each further crash within the window doubles it. */
  backoffMs?: number
  maxCrashes?: number
  crashWindowMs?: number
}

const SERVICE = log.scope('server')

/**
 * The embedded server under supervision: started in a utilityProcess with only the variables the app
 * sets, a start timeout, restarts after a crash with backoff (1 s, 2 s, 4 s ...), and after
 * `maxCrashes` crashes within `crashWindowMs` a failure and a dialog naming the log file. A server that
 * finds its data folder held by another program is not restarted: that gets its own dialog.
 */
export class SupervisedServer {
  private child: HostChildProcess | null = null
  private current: ServerStatus = { state: 'starting' }
  private baseUrl = ''
  private stopping = false
  private crashes: number[] = []
  private restartTimer: ReturnType<typeof setTimeout> | null = null
  private waiters: Array<() => void> = []
  private nextRequestId = 1
  private readonly pending = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>()
  private exited: Promise<void> = Promise.resolve()
  private lastRestoreError: string | undefined

  constructor(private readonly options: SupervisorOptions) {}

  /** The server's base URL, '' until it first answered ready. */
  url(): string {
    return this.baseUrl
  }

  /** The running server's process id (none while it restarts). */
  pid(): number | undefined {
    return this.child?.pid
  }

  status(): ServerStatus {
    return { ...this.current }
  }

  /** Why the restore asked for before the current run's start was not applied (none: applied, or none asked). */
  restoreError(): string | undefined {
    return this.lastRestoreError
  }

  start(): void {
    this.stopping = false
    this.spawn('starting')
  }

  /**
   * Resolves once the server is ready, or after `timeoutMs` (if given), or when it failed: callers then go on and
   * fail as an unreachable server would. Used before every HTTP call, so calls made during a restart wait.
   */
  waitReady(timeoutMs?: number): Promise<void> {
    if (this.current.state === 'ready' || this.current.state === 'failed') return Promise.resolve()
    return new Promise((resolve) => {
      const timer = timeoutMs === undefined ? undefined : setTimeout(done, timeoutMs)
      const waiters = this.waiters
      function done() {
        clearTimeout(timer)
        const i = waiters.indexOf(done)
        if (i >= 0) waiters.splice(i, 1)
        resolve()
      }
      waiters.push(done)
    })
  }

  /** Sends a request to the server (see src/server/embedded-requests.ts) and resolves with its answer. */
  request(body: RequestMessage['body']): Promise<unknown> {
    const child = this.child
    if (!child || this.current.state !== 'ready') return Promise.reject(new Error('内置服务器未就绪'))
    const id = this.nextRequestId++
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject })
      child.postMessage({ type: 'request', id, body } satisfies RequestMessage)
    })
  }

  /** Stops the server and starts it again (same port when free). */
  async restart(): Promise<void> {
    await this.stop()
    this.crashes = []
    this.start()
  }

  /** Asks the server to close its database and exit, and resolves when it has (killed after 10 s). */
  async stop(): Promise<void> {
    this.stopping = true
    if (this.restartTimer) clearTimeout(this.restartTimer)
    this.restartTimer = null
    const child = this.child
    if (!child) return
    child.postMessage({ type: 'stop' })
    const killer = setTimeout(() => child.kill(), 10_000)
    await this.exited
    clearTimeout(killer)
  }

  private spawn(state: 'starting' | 'restarting'): void {
    this.setStatus({ state })
    const env = childEnv({
      LAB_DATA_DIR: this.options.dataDir,
      PORT: String(this.options.port ?? 0),
    })
    const child = this.options.host.forkUtility(this.options.modulePath, env)
    this.child = child
    pipeToLog(child)
    let ready = false
    const timeout = setTimeout(() => {
      if (ready) return
      log.error(`embedded server not ready after ${this.startTimeoutMs} ms`)
      this.fail(`内置服务器在 ${Math.round(this.startTimeoutMs / 1000)} 秒内未能启动`)
      child.kill()
    }, this.startTimeoutMs)
    this.exited = new Promise((resolve) =>
      child.on('exit', (code: number) => {
        clearTimeout(timeout)
        if (this.child === child) this.child = null
        this.rejectPending()
        this.onExit(code)
        resolve()
      }),
    )
    child.on('message', (message: unknown) => {
      if (isReplyMessage(message)) {
        const waiting = this.pending.get(message.id)
        this.pending.delete(message.id)
        if (message.ok) waiting?.resolve(message.value)
        else waiting?.reject(new Error(message.error))
      } else if (!ready && isReadyMessage(message)) {
        ready = true
        clearTimeout(timeout)
        this.onReady(message)
      }
    })
  }

  private onReady(message: ReadyMessage): void {
    this.baseUrl = message.url.replace(/\/+$/, '')
    this.options.port = Number(new URL(this.baseUrl).port)
    log.info(`embedded server ready on ${this.baseUrl}`)
    this.lastRestoreError = message.restoreError
    if (message.restoreError) log.error(`restore not applied: ${message.restoreError}`)
    this.setStatus({ state: 'ready' })
    if (message.adminPassword) this.options.onAdminPassword?.(message.adminPassword)
  }

  private onExit(code: number): void {
    if (this.stopping) {
      log.info(`embedded server stopped (exit code ${code})`)
      return
    }
    if (this.current.state === 'failed') return
    if (code === DATA_DIR_LOCKED_EXIT_CODE) {
      log.error(`data folder ${this.options.dataDir} is held by another program`)
      this.fail('该数据目录正被另一个程序使用', 'locked')
      return
    }
    log.error(`embedded server exited unexpectedly (exit code ${code})`)
    // It held the data folder's lock; nobody else can have it, and a fresh lock is not stale for 10 s.
    rmSync(join(this.options.dataDir, DATA_DIR_LOCK_NAME), { recursive: true, force: true })
    const now = Date.now()
    this.crashes = [...this.crashes.filter((t) => now - t < this.crashWindowMs), now]
    if (this.crashes.length >= this.maxCrashes) {
      this.fail(
        `内置服务器在 ${Math.round(this.crashWindowMs / 60_000)} 分钟内崩溃了 ${this.crashes.length} 次`,
      )
      return
    }
    const delay = (this.options.backoffMs ?? 1_000) * 2 ** (this.crashes.length - 1)
    this.setStatus({ state: 'restarting', message: `内置服务器意外退出,${delay / 1000} 秒后重新启动…` })
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null
      if (!this.stopping) this.spawn('restarting')
    }, delay)
  }

  private fail(message: string, reason: 'locked' | 'crashed' = 'crashed'): void {
    this.setStatus({ state: 'failed', message, logFile: this.options.logFile })
    const detail =
      reason === 'locked'
        ? `数据目录: ${this.options.dataDir}\n\n该数据目录正被另一个程序使用(可能是本程序的另一个窗口或其他用户)。请关闭它后重新启动本程序。`
        : `请将日志文件发送给管理员:\n${this.options.logFile ?? '(无日志文件)'}`
    void this.options.host.dialog.showMessageBox({
      type: 'error',
      title: '内置服务器',
      message,
      detail,
      buttons: ['确定'],
    })
  }

  private setStatus(status: ServerStatus): void {
    this.current = status
    if (status.state === 'ready' || status.state === 'failed') for (const done of [...this.waiters]) done()
    this.options.onStatus?.(this.status())
  }

  private rejectPending(): void {
    for (const waiting of this.pending.values()) waiting.reject(new Error('内置服务器已退出'))
    this.pending.clear()
  }

  private get startTimeoutMs() {
    return this.options.startTimeoutMs ?? 120_000
  }

  private get maxCrashes() {
    return this.options.maxCrashes ?? 3
  }

  private get crashWindowMs() {
    return this.options.crashWindowMs ?? 5 * 60_000
  }
}

/** The server's stdout and stderr, line by line, into main's log. */
function pipeToLog(child: HostChildProcess): void {
  if (child.stdout) createInterface({ input: child.stdout }).on('line', (line) => SERVICE.info(line))
  if (child.stderr) createInterface({ input: child.stderr }).on('line', (line) => SERVICE.warn(line))
}
