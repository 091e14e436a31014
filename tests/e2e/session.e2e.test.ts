import { describe, expect, it } from 'vitest'
import { useLabApp } from './fixture'
import type { AppHarness } from './harness'
import { pageApi } from './page-api'

const t = useLabApp('session')

/** Everything the renderer could ever have read, as one string. */
async function everythingTheRendererSaw(app: AppHarness): Promise<string> {
  const page = app.page
  const dom = await page.content()
  // A string, so this Node-typed file needs no DOM types.
  const storage = await page.evaluate(`(() => {
    const dump = (s) => Object.keys(s).map((k) => k + '=' + s.getItem(k))
    return JSON.stringify({ local: dump(localStorage), session: dump(sessionStorage), cookie: document.cookie })
  })()`)
  return [dom, storage, JSON.stringify(app.ipc), JSON.stringify(app.events)].join('\n')
}

describe('session', () => {
  it('never lets the access or refresh token reach the renderer', async () => {
    const { app } = t
    await app.signInToHome()
    // Make the renderer exercise a good part of the bridge after sign-in.
    await pageApi(app.page, async (api) => {
      await api.session.state()
      await api.settings.get()
      await api.api.call({ method: 'GET', path: '/api/blade-system/menu/routes' })
    })
    const record = await app.vaultRecord()
    const accessToken = app.main.session.accessToken()!
    expect(accessToken.length).toBeGreaterThan(20)
    expect(record?.refreshToken.length).toBeGreaterThan(20)
    // The vault keeps what resuming needs, never the access token.
    expect(JSON.stringify(record)).not.toContain(accessToken)
    const seen = await everythingTheRendererSaw(app)
    expect(app.ipc.length).toBeGreaterThan(5)
    expect(seen).not.toContain(accessToken)
    expect(seen).not.toContain(record!.refreshToken)
    // Not even a recognisable piece of a JWT signature.
    expect(seen).not.toContain(accessToken.split('.')[2])
    expect(seen).not.toContain(record!.refreshToken.split('.')[2])
  })

  it('locks the screen with a password and unlocks only with that password', async () => {
    const { app } = t
    const page = app.page
    await app.signInToHome()
    await page.getByRole('button', { name: '锁屏' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.locator('input[type=password]').fill('my-lock-1')
    await dialog.getByRole('button', { name: '锁屏' }).click()
    await page.getByText('屏幕已锁定').waitFor()
    await app.screenshot('locked')
    expect(await pageApi(page, (api) => api.session.state())).toMatchObject({ signedIn: true, locked: true })

    await page.getByPlaceholder('请输入锁屏密码').fill('wrong')
    await page.getByRole('button', { name: '解锁' }).click()
    await page.getByText('锁屏密码错误').waitFor()
    expect((await pageApi(page, (api) => api.session.state())).locked).toBe(true)

    await page.getByPlaceholder('请输入锁屏密码').fill('my-lock-1')
    await page.getByRole('button', { name: '解锁' }).click()
    await page.getByRole('tab', { name: '首页' }).first().waitFor()
    expect((await pageApi(page, (api) => api.session.state())).locked).toBe(false)
  })

  it('signs out, saying why, when a 401 gets a refresh the server refuses (session revoked)', async () => {
    const { app, server } = t
    const page = app.page
    await app.signInToHome()
    expect(await app.vaultRecord()).not.toBeNull()

    await server.revokeAllSessions()
    // The server reads session state through a short cache: call until the revocation shows.
    const call = () =>
      pageApi(page, (api) =>
        api.api.call({ method: 'GET', path: '/api/blade-system/menu/routes' }).then(
          () => null,
          (e: unknown) => e,
        ),
      )
    await expect.poll(call, { timeout: 15_000, interval: 300 }).toMatchObject({ status: 401, silent: false })
    await page.getByRole('button', { name: '登录' }).waitFor()
    // The 401 got one refresh, which the server refused: the sign-in screen says why.
    await page
      .getByRole('status', { name: '登录已过期，请重新登录' })
      .getByText('刷新令牌无效或已过期')
      .waitFor()
    await app.screenshot('signed out by 401')
    expect(app.events.map((e) => e.channel)).toContain('session:expired')
    expect(await pageApi(page, (api) => api.session.state())).toMatchObject({ signedIn: false, user: null })
    expect(await app.vaultRecord()).toBeNull()
  })
})
