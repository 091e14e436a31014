import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import type { Browser } from 'playwright'
import { AppHarness, launchBrowser, startLabServer, type LabServer, type LaunchOptions } from './harness'

/**
 * One server and one browser per test file; a fresh app (new user-data folder) per test unless the
 * test launches its own. Failures leave a screenshot and the page's errors.
 */
export function useLabApp(
  file: string,
  launch: Partial<Omit<LaunchOptions, 'server' | 'browser' | 'name'>> | null = {},
) {
  const ctx = {
    browser: null as unknown as Browser,
    server: null as unknown as LabServer,
    app: null as unknown as AppHarness,
    /** Launches another app (e.g. with a controlled clock); closed after the test. */
    async launch(options: Partial<Omit<LaunchOptions, 'server' | 'browser'>> = {}) {
      ctx.app = await AppHarness.launch({
        server: ctx.server,
        browser: ctx.browser,
        name: currentName,
        ...options,
      })
      return ctx.app
    },
  }
  let currentName = file
  beforeAll(async () => {
    ctx.browser = await launchBrowser()
    ctx.server = await startLabServer()
  })
  afterAll(async () => {
    await ctx.browser?.close()
    await ctx.server?.close()
  })
  beforeEach(async (test) => {
    currentName = `${file}-${test.task.name}`
    ctx.app = null as unknown as AppHarness
    if (launch) await ctx.launch(launch)
  })
  afterEach(async (test) => {
    // The screen each test ends on, pass or fail.
    if (test.task.result?.state !== 'fail') await ctx.app?.screenshot('end')
    if (test.task.result?.state === 'fail' && ctx.app) {
      await ctx.app.screenshot('failure')
      console.log('page errors:', ctx.app.pageErrors)
      for (const r of ctx.app.ipc.slice(-8))
        console.log('ipc', r.channel, JSON.stringify(r.response).slice(0, 300))
    }
    await ctx.app?.close()
  })
  return ctx
}
