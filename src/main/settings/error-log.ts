import type { ErrorLogEntry } from '@shared/ipc/contract'
import type { HttpClient } from '../http/client'
import type { Clock } from '../session/clock'
import type { SettingsStore } from './settings'

/** Spec §2.3: the badge shows at most 99; keep a little more history than that. */
export const ERROR_LOG_LIMIT = 200

/** The renderer's error log, kept across restarts in the settings store; upload sends it to the server. */
export class ErrorLog {
  constructor(
    private readonly settings: SettingsStore,
    private readonly http: HttpClient,
    private readonly clock: Clock,
  ) {}

  add(entry: ErrorLogEntry): void {
    const withTime = { ...entry, time: entry.time ?? new Date(this.clock.now()).toISOString() }
    this.settings.set('errorLog', [withTime, ...this.list()].slice(0, ERROR_LOG_LIMIT))
  }

  list(): ErrorLogEntry[] {
    return this.settings.get('errorLog')
  }

  /** BladeX's "send logs": POST /api/blade-auth/oauth/logout with the list as the body. */
  async upload(): Promise<void> {
    await this.http.request({ method: 'POST', path: '/api/blade-auth/oauth/logout', body: this.list() })
  }

  clear(): void {
    this.settings.set('errorLog', [])
  }
}
