import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { client } from '../../src/server/db/schema'
import { ManualClock } from '../host/manual-clock'
import { useLabApp } from './fixture'
import type { AppHarness, LabServer } from './harness'
import { pageApi } from './page-api'

const t = useLabApp('session-survives', null)

const HOURS = 3_600_000

/** The server's lifetime for the desktop client's access tokens (its clock cannot be moved). */
async function setAccessTokenSeconds(server: LabServer, seconds: number): Promise<void> {
  await server.server.database.db
    .update(client)
    .set({ accessTokenValidity: seconds })
    .where(eq(client.clientId, 'lab_desktop'))
}

/** What the server says to a call made with this access token. */
async function statusWith(server: LabServer, token: string): Promise<number> {
  const reply = await fetch(`${server.url}/api/blade-system/menu/routes`, {
    headers: {
      'Blade-Auth': `bearer ${token}`,
      Authorization: `Basic ${Buffer.from('lab_desktop:lab_desktop_secret').toString('base64')}`,
    },
  })
  const body = (await reply.json().catch(() => ({}))) as { code?: number }
  return body.code && body.code !== 0 ? body.code : reply.status
}

const firstCall = (app: AppHarness) =>
  app.ipc.find((r) => r.channel === 'api:call')?.response as { ok: boolean } | undefined

describe('a session that survives', () => {
  it('stays signed in across a two-hour sleep and a restart with a stale access token', async () => {
    const { server } = t
    const clock = new ManualClock(Date.now())
    // A one-second access token is stale by the time the machine "wakes": the server judges expiry by
    // its own real clock, so the token's lifetime is shortened for the sign-in instead.
    await setAccessTokenSeconds(server, 1)
    let app = await t.launch({ clock })
    try {
      await app.signInToHome()
    } finally {
      await setAccessTokenSeconds(server, 3600)
    }
    const stale = app.main.session.accessToken()!
    await expect.poll(() => statusWith(server, stale), { timeout: 15_000, interval: 250 }).toBe(401)

    app.host.suspendAndResume(clock, 2 * HOURS)
    // The wake-up refreshed: main holds a token the server accepts, and nobody signed in again.
    await expect
      .poll(() => statusWith(server, app.main.session.accessToken() ?? stale), {
        timeout: 15_000,
        interval: 250,
      })
      .toBe(200)
    // Nothing a restart could reuse holds an access token: the vault keeps the refresh token only.
    expect(JSON.stringify(await app.vaultRecord())).not.toContain(stale)

    clock.sleep(2 * HOURS)
    app = t.app = await app.restart()
    await app.page.getByRole('tab', { name: '首页' }).first().waitFor()
    expect(await pageApi(app.page, (api) => api.session.state())).toMatchObject({
      signedIn: true,
      locked: false,
      offline: false,
    })
    expect(firstCall(app)).toMatchObject({ ok: true })
    const routes = await pageApi(app.page, (api) =>
      api.api.call<unknown[]>({ method: 'GET', path: '/api/blade-system/menu/routes' }),
    )
    expect(routes.length).toBeGreaterThan(0)
    expect(app.events.map((e) => e.channel)).not.toContain('session:expired')
    expect((await app.vaultRecord())!.storedBytes).toBeLessThan(2560)
  })

  it('shows an offline banner while the server is down and carries on when it is back', async () => {
    const { server } = t
    const app = await t.launch()
    await app.signInToHome()
    const page = app.page

    const banner = page.getByRole('status', { name: '离线' })
    await server.server.app.close()
    try {
      const failed = await pageApi(page, (api) =>
        api.api.call({ method: 'GET', path: '/api/blade-system/menu/routes' }).then(
          () => null,
          (e: unknown) => e,
        ),
      )
      expect(failed).toMatchObject({ status: 0 })
      await banner.waitFor()
      await app.screenshot('offline banner')
      expect(await pageApi(page, (api) => api.session.state())).toMatchObject({
        signedIn: true,
        offline: true,
      })
    } finally {
      await server.restart!()
    }
    // The network coming back (or the periodic probe) finds the server again.
    app.host.network.set(false)
    app.host.network.set(true)
    await banner.waitFor({ state: 'detached' })
    const routes = await pageApi(page, (api) =>
      api.api.call<unknown[]>({ method: 'GET', path: '/api/blade-system/menu/routes' }),
    )
    expect(routes.length).toBeGreaterThan(0)
    expect(await pageApi(page, (api) => api.session.state())).toMatchObject({
      signedIn: true,
      offline: false,
    })
    expect(app.events.map((e) => e.channel)).not.toContain('session:expired')
  })

  it('comes back to the lock screen after a restart and refuses api:call while locked', async () => {
    let app = await t.launch()
    await app.signInToHome()
    const page = app.page
    await page.getByRole('button', { name: '锁屏' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.locator('input[type=password]').fill('lock-pass-9')
    await dialog.getByRole('button', { name: '锁屏' }).click()
    await page.getByText('屏幕已锁定').waitFor()

    app = t.app = await app.restart()
    await app.page.getByPlaceholder('请输入锁屏密码').waitFor()
    await app.screenshot('locked after restart')
    expect(await pageApi(app.page, (api) => api.session.state())).toMatchObject({
      signedIn: true,
      locked: true,
    })
    const refused = await pageApi(app.page, (api) =>
      api.api.call({ method: 'GET', path: '/api/blade-system/menu/routes' }).then(
        () => null,
        (e: unknown) => e,
      ),
    )
    expect(refused).toMatchObject({ status: 423, message: '屏幕已锁定' })
    const settingsWrite = await pageApi(app.page, (api) =>
      api.settings.set({ theme: 'dark' }).then(
        () => null,
        (e: unknown) => e,
      ),
    )
    expect(settingsWrite).toMatchObject({ status: 423 })

    await app.page.getByPlaceholder('请输入锁屏密码').fill('lock-pass-9')
    await app.page.getByRole('button', { name: '解锁' }).click()
    await app.page.getByRole('tab', { name: '首页' }).first().waitFor()
    const routes = await pageApi(app.page, (api) =>
      api.api.call<unknown[]>({ method: 'GET', path: '/api/blade-system/menu/routes' }),
    )
    expect(routes.length).toBeGreaterThan(0)
  })
  it('locks by itself after the idle minutes the user set, and keeps the lock password for the next time', async () => {
    const clock = new ManualClock(Date.now())
    const app = await t.launch({ clock })
    await app.signInToHome()
    const page = app.page
    await page.getByRole('button', { name: '锁屏' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.locator('input[type=password]').fill('idle-pass-7')
    await dialog.getByRole('spinbutton').fill('5')
    await dialog.getByRole('button', { name: '锁屏' }).click()
    await page.getByPlaceholder('请输入锁屏密码').fill('idle-pass-7')
    await page.getByRole('button', { name: '解锁' }).click()
    await page.getByRole('tab', { name: '首页' }).first().waitFor()

    // Four minutes without input: nothing happens yet.
    app.host.powerMonitor.idleSeconds = 4 * 60
    clock.advance(60_000)
    expect(await pageApi(page, (api) => api.session.state())).toMatchObject({ locked: false })

    app.host.powerMonitor.idleSeconds = 5 * 60
    clock.advance(60_000)
    await page.getByPlaceholder('请输入锁屏密码').waitFor()
    expect(await pageApi(page, (api) => api.session.state())).toMatchObject({
      signedIn: true,
      locked: true,
      idleLockMinutes: 5,
    })
    const refused = await pageApi(page, (api) =>
      api.api.call({ method: 'GET', path: '/api/blade-system/menu/routes' }).then(
        () => null,
        (e: unknown) => e,
      ),
    )
    expect(refused).toMatchObject({ status: 423 })
    await page.getByPlaceholder('请输入锁屏密码').fill('wrong-pass')
    await page.getByRole('button', { name: '解锁' }).click()
    await page.getByText('锁屏密码错误').waitFor()
    await page.getByPlaceholder('请输入锁屏密码').fill('idle-pass-7')
    await page.getByRole('button', { name: '解锁' }).click()
    await page.getByRole('tab', { name: '首页' }).first().waitFor()
  })
})
