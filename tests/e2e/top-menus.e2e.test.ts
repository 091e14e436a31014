import { describe, expect, it } from 'vitest'
import { TEST_ADMIN_PASSWORD } from '../support/constants'
import { useLabApp } from './fixture'

const t = useLabApp('top-menus')

describe('top menu bar', () => {
  it('moves the top menus that do not fit into 更多菜单, and choosing one there opens its menus', async () => {
    const { app } = t
    const page = app.page
    await app.signIn('admin', TEST_ADMIN_PASSWORD)
    await page.getByRole('tab', { name: '首页' }).first().waitFor()
    const header = page.locator('header')
    // 14 groups do not fit a 1440 px window beside the tools: the last ones wait behind 更多菜单.
    const more = header.getByRole('button', { name: '更多菜单' })
    await more.waitFor()
    // Most of them still show in the bar itself.
    await header.getByRole('tab', { name: '教学管理', exact: true }).waitFor()
    expect(await header.getByRole('tab', { name: '日志', exact: true }).isVisible()).toBe(false)
    await app.screenshot('top menus with overflow')

    await more.click()
    await page.getByRole('menuitem', { name: '日志', exact: true }).click()
    // The sidebar now holds only that group's menus.
    const sidebar = page.getByRole('navigation')
    await expect.poll(() => sidebar.getByText('基础数据').count()).toBe(0)
    await sidebar.getByText('日志', { exact: true }).first().waitFor()
    // The chosen menu is kept in view, so it shows as the selected tab.
    const chosen = header.getByRole('tab', { name: '日志', exact: true })
    await chosen.waitFor()
    expect(await chosen.getAttribute('aria-selected')).toBe('true')
    await app.screenshot('top menu chosen from 更多菜单')
    expect(app.pageErrors).toEqual([])
    // Measuring the bar raises no entry in the user's error log (the badge stays empty).
    expect(await page.evaluate('window.api.errorLog.list()')).toEqual([])
  })
})
