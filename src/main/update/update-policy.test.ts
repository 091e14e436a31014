import { describe, expect, it } from 'vitest'
import type { Clock } from '../session/clock'
import type { AutoUpdaterLike } from '../updater'
import { applyUpdatePlan, scheduleUpdateChecks, updatePlan } from './update-policy'

/** electron-updater's autoUpdater reduced to the settings policy writes (the real one needs Electron). */
function updaterStandIn(): AutoUpdaterLike & { feeds: unknown[] } {
  const feeds: unknown[] = []
  return {
    feeds,
    autoDownload: false,
    autoInstallOnAppQuit: false,
    channel: null,
    allowPrerelease: false,
    setFeedURL: (options) => void feeds.push(options),
    on: () => undefined,
    checkForUpdates: async () => null,
    quitAndInstall: () => undefined,
  }
}

describe('updates under machine policy', () => {
  it('takes the feed and the beta channel from policy and allows prereleases on beta', () => {
    const updater = updaterStandIn()
    const plan = updatePlan({ UpdateUrl: 'https://updates.school.edu.cn/lab', UpdateChannel: 'beta' })
    expect(applyUpdatePlan(updater, plan)).toBe(updater)
    expect(updater.feeds).toEqual([
      { provider: 'generic', url: 'https://updates.school.edu.cn/lab', channel: 'beta' },
    ])
    expect(updater).toMatchObject({ channel: 'beta', allowPrerelease: true })
  })

  it('keeps the built-in feed and the stable channel without policy; UpdatesEnabled false turns updates off', () => {
    const updater = updaterStandIn()
    applyUpdatePlan(updater, updatePlan({}))
    expect(updater.feeds).toEqual([])
    expect(updater).toMatchObject({ channel: 'latest', allowPrerelease: false })
    expect(applyUpdatePlan(updaterStandIn(), updatePlan({ UpdatesEnabled: false }))).toBeNull()
  })

  it('checks at start and then every UpdateCheckHours', () => {
    const intervals: Array<{ callback: () => void; ms: number }> = []
    const clock: Clock = {
      now: () => 0,
      setInterval: (callback, ms) => intervals.push({ callback, ms }),
      clearInterval: () => intervals.splice(0),
      monotonic: () => 0,
      setTimeout: () => 0,
      clearTimeout: () => undefined,
    }
    let checks = 0
    const stop = scheduleUpdateChecks(() => checks++, updatePlan({ UpdateCheckHours: 12 }), clock)
    expect(checks).toBe(1)
    expect(intervals[0].ms).toBe(12 * 3_600_000)
    intervals[0].callback()
    expect(checks).toBe(2)
    stop()
    expect(intervals).toEqual([])
  })
})
