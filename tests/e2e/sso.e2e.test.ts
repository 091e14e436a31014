import { describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { client } from '../../src/server/db/schema'
import { createUser } from '../support/fixtures'
import { useLabApp } from './fixture'
import { pageApi } from './page-api'
import { ROOT } from './harness'

const t = useLabApp('sso', null)
/** What 客户端管理 registers for the desktop client; main stops the navigation there. */
const REDIRECT = 'http://127.0.0.1:9/lab-sso/callback'

describe('single sign-on', () => {
  it('signs in through the sign-on window, and returns to it after signing out', async () => {
    const db = t.server.server.database.db
    await db
      .update(client)
      .set({
        authorizedGrantTypes: 'refresh_token,password,captcha,authorization_code',
        webServerRedirectUri: REDIRECT,
      })
      .where(eq(client.clientId, 'lab_desktop'))
    const teacher = await createUser(t.server.server.database, {
      account: 'sso_teacher',
      roleAlias: 'teacher',
    })
    const app = await t.launch()
    const page = app.page

    await page.getByRole('button', { name: '单点登录' }).click()
    const sso = await app.ssoPage()
    await sso.getByRole('heading', { name: '单点登录' }).waitFor()
    expect(await sso.title()).toBe('单点登录')
    await sso.screenshot({ path: join(ROOT, 'test-artifacts/screenshots/sso-window.png') })
    // A wrong password stays on the page with the server's message.
    await sso.getByLabel('账号').fill(teacher.account)
    await sso.getByLabel('密码').fill('wrong-password')
    await sso.getByRole('button', { name: '登录' }).click()
    await sso.getByRole('alert').filter({ hasText: '用户名或密码错误' }).waitFor()
    await sso.getByLabel('密码').fill(teacher.password)
    await sso.getByRole('button', { name: '登录' }).click()

    await page.getByRole('tab', { name: '首页' }).first().waitFor()
    await app.screenshot('signed in by sso')
    const state = await pageApi(page, (api) => api.session.state())
    expect(state).toMatchObject({ signedIn: true, user: { account: 'sso_teacher', tenantId: '000000' } })
    // The window is gone, the tokens are in main's vault and nowhere in what the renderer received.
    const ssoWindows = app.host.windows.filter((w) => !w.options.webPreferences.preload)
    expect(ssoWindows.map((w) => w.isDestroyed())).toEqual([true])
    const tokens = (await app.vaultRecord())!
    const seen = JSON.stringify([app.ipc, app.events])
    expect(seen).not.toContain(app.main.session.accessToken())
    expect(seen).not.toContain(tokens.refreshToken)
    expect(seen).not.toContain('code=')

    // 退出登录 asks first, then the sign-on window opens again.
    await page.getByRole('button', { name: /sso_teacher/ }).click()
    await page.getByRole('menuitem', { name: '退出登录' }).click()
    await page.getByRole('button', { name: '确定' }).click()
    const again = await app.ssoPage(1)
    await again.getByRole('heading', { name: '单点登录' }).waitFor()
    expect(await app.vaultRecord()).toBeNull()
    await page.getByRole('button', { name: '请在单点登录窗口中完成登录…' }).waitFor()

    // Closing the window cancels quietly: the sign-in page is usable, without an error.
    app.host.windows
      .filter((w) => !w.options.webPreferences.preload && !w.isDestroyed())
      .forEach((w) => w.close())
    await page.getByRole('button', { name: '单点登录' }).waitFor()
    expect(await page.getByRole('alert').count()).toBe(0)
    expect((await pageApi(page, (api) => api.session.state())).signedIn).toBe(false)
    expect(app.pageErrors).toEqual([])
  })
})
