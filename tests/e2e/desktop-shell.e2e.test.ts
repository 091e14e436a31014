/**
 * The desktop shell's extras (issue 28 items 7–8): the update status in the top bar as main reports
 * it, the 关于 dialog from the user menu and from the 帮助 menu's event, and the keyboard tabs.
 */
import { describe, expect, it } from 'vitest'
import type { UpdaterStatus } from '../../src/shared/ipc/contract'
import { useLabApp } from './fixture'
import { openTab } from './screens'

const t = useLabApp('desktop-shell')

const status = (patch: Partial<UpdaterStatus>): UpdaterStatus => ({
  state: 'idle',
  version: null,
  percent: null,
  message: null,
  ...patch,
})

describe('the desktop shell', () => {
  it('shows the update status main reports, and nothing when updates are off', async () => {
    const { app } = t
    await app.signInToHome()
    const { page } = app
    const bar = page.locator('header')
    // The test host has no updater: state 'disabled', nothing shown.
    await expect.poll(() => bar.getByRole('status').count()).toBe(0)

    // What main's Updater sends when electron-updater reports (the test host forwards it to the page).
    const send = (s: UpdaterStatus) => app.host.windows[0]!.webContents.send('updater:status', s)
    send(status({ state: 'checking' }))
    await bar.getByRole('status').filter({ hasText: '正在检查更新' }).waitFor()
    send(status({ state: 'downloading', version: '0.2.0', percent: 42.7 }))
    await bar.getByRole('status').filter({ hasText: '正在下载更新 42%' }).waitFor()
    await app.screenshot('update downloading')
    send(status({ state: 'downloaded', version: '0.2.0', percent: 100 }))
    await bar.getByRole('button', { name: /立即重启安装/ }).waitFor()
    await app.screenshot('update ready')
    // Installing is refused by main while no update was downloaded (the test host has no updater).
    await bar.getByRole('button', { name: /立即重启安装/ }).click()
    await page.getByText('没有已下载的更新可安装').first().waitFor()

    send(status({ state: 'error', message: 'net::ERR_NAME_NOT_RESOLVED' }))
    await bar.getByRole('status').filter({ hasText: '更新失败' }).hover()
    await page
      .locator('[role=tooltip]')
      .filter({ hasText: 'net::ERR_NAME_NOT_RESOLVED' })
      .waitFor({ state: 'attached' })
    send(status({ state: 'not-available', version: '0.1.0' }))
    await expect.poll(() => bar.getByRole('status').count()).toBe(0)
  })

  it('shows 关于 from the user menu and from the 帮助 menu', async () => {
    const { app } = t
    await app.signInToHome()
    const { page } = app
    await page.getByRole('button', { name: /管理员/ }).click()
    await page.getByRole('menuitem', { name: '关于' }).click()
    const about = page.getByRole('dialog', { name: '关于' })
    await about.getByText(app.host.logDir).waitFor()
    const text = await about.innerText()
    expect(text).toContain('0.0.0-test')
    expect(text).toContain(app.main.serverUrl)
    expect(text).toContain(app.host.userDataDir)
    await app.screenshot('about')
    await about.getByRole('button', { name: '关闭' }).click()
    await about.waitFor({ state: 'hidden' })

    app.host.windows[0]!.webContents.send('app:show-about', null)
    await about.getByText(app.host.logDir).waitFor()
  })

  it('works the tabs from the keyboard', async () => {
    const { app } = t
    await app.signInToHome()
    const { page } = app
    await openTab(app, '/flow/deploy', '流程部署')
    const tabs = page.getByRole('tablist', { name: '已打开的页面' }).getByRole('tab')
    await expect
      .poll(() => tabs.evaluateAll((els) => els.map((e) => (e as { tabIndex: number }).tabIndex)))
      .toEqual([-1, 0])
    expect(await tabs.nth(1).getAttribute('aria-selected')).toBe('true')

    await tabs.nth(1).focus()
    await page.keyboard.press('ArrowLeft')
    await page.keyboard.press('Enter')
    await expect.poll(() => page.evaluate('location.hash')).toBe('#/wel/index')
    // Chromium keeps Ctrl+Tab and Ctrl+W for its own tab strip (Electron has none and its menu binds
    // neither), so the window gets these two as the keydown events Electron would deliver.
    const ctrl = (key: string) =>
      page.evaluate(
        `window.dispatchEvent(new KeyboardEvent('keydown', { key: '${key}', ctrlKey: true, bubbles: true }))`,
      )
    await ctrl('Tab')
    await expect.poll(() => page.evaluate('location.hash')).toBe('#/flow/deploy')
    await ctrl('w')
    await expect.poll(() => tabs.count()).toBe(1)
    await expect.poll(() => page.evaluate('location.hash')).toBe('#/wel/index')
  })
})
