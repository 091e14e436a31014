import { describe, expect, inject, it } from 'vitest'
import { TEST_ADMIN_PASSWORD } from '../support/constants'
import { useLabApp } from './fixture'
import { pageApi } from './page-api'

const t = useLabApp('login')

describe('sign-in', () => {
  it('opens on the Chinese login page, signs the admin in and shows the home tab', async () => {
    const { app } = t
    const page = app.page
    await expect.poll(() => page.title()).toBe('登录')
    await page.getByRole('button', { name: '登录' }).waitFor()
    await app.screenshot('login page')

    await app.signIn('admin', TEST_ADMIN_PASSWORD)
    await page.getByRole('tab', { name: '首页' }).first().waitFor()
    await page.locator('[aria-label="最新公告"][data-state="ready"]').waitFor()
    await app.screenshot('home')
    // 首页 is mounted once after sign-in (it was mounted, left and mounted again, every call made twice)
    const calls = (path: string) =>
      app.ipc.filter((r) => r.channel === 'api:call' && (r.request as { path?: string }).path === path)
    expect(calls('/api/cms/article/bannerList')).toHaveLength(1)

    const state = await pageApi(page, (api) => api.session.state())
    expect(state).toMatchObject({
      signedIn: true,
      user: { account: 'admin', tenantId: '000000' },
      locked: false,
    })
    expect(state.vault).toBe(inject('labKeyring') ? 'keychain' : 'safeStorage')
    expect(app.pageErrors).toEqual([])
  })

  it('shows the server message for a wrong password, then signs in with the right one', async () => {
    const { app } = t
    const page = app.page
    await app.signIn('admin', 'not-the-password')
    await page.getByText('用户名或密码错误').waitFor()
    await app.screenshot('wrong password')
    expect((await pageApi(page, (api) => api.session.state())).signedIn).toBe(false)

    // The failed attempt fetched a new captcha; the form keeps the account.
    const before = app.ipc.findLastIndex((r) => r.channel === 'session:login')
    await app.waitForCaptcha(before + 1)
    await app.signIn('admin', TEST_ADMIN_PASSWORD)
    await page.getByRole('tab', { name: '首页' }).first().waitFor()
    await app.screenshot('signed in')
  })
})
