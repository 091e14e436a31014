import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { TEST_ADMIN_PASSWORD } from '../support/constants'
import { AppHarness, launchBrowser, startLabServer, type LabServer } from './harness'

let browser: Browser
let server: LabServer
let app: AppHarness

beforeAll(async () => {
  browser = await launchBrowser()
  server = await startLabServer()
})
afterAll(async () => {
  await browser?.close()
  await server?.close()
})
beforeEach(async (ctx) => {
  app = await AppHarness.launch({ server, browser, name: slugOf(ctx.task.name) })
})
afterEach(async (ctx) => {
  if (ctx.task.result?.state === 'fail') {
    await app?.screenshot('failure')
    for (const r of app?.ipc ?? [])
      console.log(
        r.channel,
        JSON.stringify(r.request)?.slice(0, 300),
        JSON.stringify(r.response).slice(0, 300),
      )
  }
  await app?.close()
})

function slugOf(name: string) {
  return `login-${name}`
}

describe('sign-in', () => {
  it('opens on the Chinese login page, signs the admin in and shows the home tab', async () => {
    const page = app.page
    await expect.poll(() => page.title()).toBe('登录')
    await page.getByRole('button', { name: '登录' }).waitFor()
    await app.screenshot('login page')

    await app.signIn('admin', TEST_ADMIN_PASSWORD)
    await page.getByRole('tab', { name: '首页' }).first().waitFor()
    await app.screenshot('home')

    const state = await page.evaluate(() =>
      (globalThis as unknown as { api: { session: { state(): Promise<unknown> } } }).api.session.state(),
    )
    expect(state).toMatchObject({
      signedIn: true,
      user: { account: 'admin', tenantId: '000000' },
      locked: false,
    })
    expect((state as { vault: string }).vault).toBe(inject('labKeyring') ? 'keychain' : 'safeStorage')
  })
})
