import type { UpdaterStatus } from '@shared/ipc/contract'
import { CallFailure } from './errors/call-failure'

/** The parts of electron-updater's `autoUpdater` we use (the real one is passed in by index.ts). */
export interface AutoUpdaterLike {
  autoDownload: boolean
  autoInstallOnAppQuit: boolean
  /** Feed, channel and prereleases as machine policy sets them (update/update-policy.ts). */
  channel: string | null
  allowPrerelease: boolean
  setFeedURL(options: { provider: 'generic'; url: string; channel?: string }): void
  on(event: 'checking-for-update', listener: () => void): unknown
  on(
    event: 'update-available' | 'update-not-available' | 'update-downloaded',
    listener: (info: { version: string }) => void,
  ): unknown
  on(event: 'download-progress', listener: (progress: { percent: number }) => void): unknown
  on(event: 'error', listener: (error: Error) => void): unknown
  checkForUpdates(): Promise<unknown>
  quitAndInstall(): void
}

export interface UpdaterOptions {
  /** Runs before the app quits into the installer (e.g. stopping the embedded server cleanly). */
  beforeInstall?: () => Promise<void>
}

/**
 * Update status for the renderer. Packaged builds check the feed on start and download in the
 * background; a downloaded update installs when the app quits. The feed is electron-builder's
 * `publish` (electron-builder.yml: generic provider at `LAB_UPDATE_URL`, written into the app as
 * app-update.yml at build time): IT copies `latest.yml` / `latest-mac.yml` and the installers there.
 * Development builds and tests have no updater: state 'disabled'.
 */
export class Updater {
  private status: UpdaterStatus = { state: 'disabled', version: null, percent: null, message: null }

  constructor(
    private readonly updater: AutoUpdaterLike | null,
    private readonly onStatus: (status: UpdaterStatus) => void,
    private readonly options: UpdaterOptions = {},
  ) {
    if (!updater) return
    this.status = { state: 'idle', version: null, percent: null, message: null }
    updater.autoDownload = true
    updater.autoInstallOnAppQuit = true
    updater.on('checking-for-update', () => this.set({ state: 'checking' }))
    updater.on('update-available', (info) => this.set({ state: 'available', version: info.version }))
    updater.on('update-not-available', (info) => this.set({ state: 'not-available', version: info.version }))
    updater.on('download-progress', (p) => this.set({ state: 'downloading', percent: p.percent }))
    updater.on('update-downloaded', (info) =>
      this.set({ state: 'downloaded', version: info.version, percent: 100 }),
    )
    updater.on('error', (e) => this.set({ state: 'error', message: e.message }))
  }

  current(): UpdaterStatus {
    return { ...this.status }
  }

  async check(): Promise<UpdaterStatus> {
    if (this.updater)
      await this.updater
        .checkForUpdates()
        .catch((e: Error) => this.set({ state: 'error', message: e.message }))
    return this.current()
  }

  /** 立即重启安装: only once an update was downloaded. */
  async install(): Promise<void> {
    if (!this.updater || this.status.state !== 'downloaded')
      throw new CallFailure('没有已下载的更新可安装', 409)
    await this.options.beforeInstall?.()
    this.updater.quitAndInstall()
  }

  private set(patch: Partial<UpdaterStatus>): void {
    this.status = { ...this.status, message: null, ...patch }
    this.onStatus(this.current())
  }
}
