import { describe, expect, it } from 'vitest'
import { TEST_ADMIN_PASSWORD } from '../support/constants'
import { useLabApp } from './fixture'
import { pageApi } from './page-api'

const t = useLabApp('persistence')

describe('settings across a restart of the main process', () => {
  it('keeps the open tabs, the theme, the window bounds and the session', async () => {
    let app = t.app
    await app.signIn('admin', TEST_ADMIN_PASSWORD)
    const page = app.page
    await page.getByRole('tab', { name: '首页' }).first().waitFor()

    await page.getByRole('navigation').getByText('通知公告').first().click()
    await page.getByRole('tab', { name: '通知公告' }).waitFor()
    await page.getByRole('button', { name: '主题', exact: true }).click()
    await page.getByRole('radio', { name: '黑色主题' }).click()
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click()
    await app.screenshot('dark theme with two tabs')
    await expect.poll(async () => (await pageApi(page, (api) => api.settings.get())).theme).toBe('dark')

    app.host.windows[0]!.setBounds({ x: 40, y: 30, width: 1300, height: 820 })

    app = t.app = await app.restart()
    expect(app.host.windows[0]!.options).toMatchObject({ x: 40, y: 30, width: 1300, height: 820 })
    const again = app.page
    // Signed in straight away (tokens from the vault), with both tabs and the dark theme.
    await again.getByRole('tab', { name: '通知公告' }).waitFor()
    await again.getByRole('tab', { name: '首页' }).first().waitFor()
    await app.screenshot('after restart')
    expect(await pageApi(again, (api) => api.session.state())).toMatchObject({
      signedIn: true,
      locked: false,
    })
    await again.getByRole('button', { name: '主题', exact: true }).click()
    expect(await again.getByRole('radio', { name: '黑色主题' }).getAttribute('aria-checked')).toBe('true')
  })

  it('switches the language to English and keeps it after a restart', async () => {
    let app = t.app
    await app.page.getByRole('button', { name: '登录' }).waitFor()
    await app.page.getByRole('button', { name: 'English' }).click()
    await app.page.getByRole('button', { name: 'Sign in' }).waitFor()
    await app.screenshot('login in English')

    app = t.app = await app.restart()
    await app.page.getByRole('button', { name: 'Sign in' }).waitFor()
    expect((await pageApi(app.page, (api) => api.settings.get())).language).toBe('en')
    await app.signIn('admin', TEST_ADMIN_PASSWORD)
    await app.page.getByRole('tab', { name: 'Home' }).first().waitFor()
    await app.screenshot('home in English')
  })
})
