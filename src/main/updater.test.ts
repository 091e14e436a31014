import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import type { UpdaterStatus } from '@shared/ipc/contract'
import { Updater, type AutoUpdaterLike } from './updater'

/** electron-updater's autoUpdater only works in a packaged app: a stand-in with its events. */
class PackagedAutoUpdater extends EventEmitter implements AutoUpdaterLike {
  autoDownload = false
  autoInstallOnAppQuit = false
  channel: string | null = null
  allowPrerelease = false
  installed = 0
  setFeedURL(): void {}
  async checkForUpdates(): Promise<unknown> {
    return null
  }
  quitAndInstall(): void {
    this.installed++
  }
}

describe('Updater', () => {
  it('refuses to install with no updater or before a download', async () => {
    await expect(new Updater(null, () => undefined).install()).rejects.toMatchObject({ status: 409 })
    const auto = new PackagedAutoUpdater()
    const updater = new Updater(auto, () => undefined)
    auto.emit('download-progress', { percent: 40 })
    await expect(updater.install()).rejects.toThrow('没有已下载的更新可安装')
    expect(auto.installed).toBe(0)
  })

  it('reports progress and installs a downloaded update after beforeInstall', async () => {
    const auto = new PackagedAutoUpdater()
    const seen: UpdaterStatus[] = []
    const steps: string[] = []
    const updater = new Updater(auto, (s) => seen.push(s), {
      beforeInstall: async () => void steps.push('stopped server'),
    })
    auto.emit('checking-for-update')
    auto.emit('download-progress', { percent: 42.5 })
    auto.emit('update-downloaded', { version: '0.2.0' })
    expect(seen.map((s) => s.state)).toEqual(['checking', 'downloading', 'downloaded'])
    expect(seen[1]!.percent).toBe(42.5)
    await updater.install()
    expect(steps).toEqual(['stopped server'])
    expect(auto.installed).toBe(1)
  })
})
