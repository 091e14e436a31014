import { describe, expect, it } from 'vitest'
import { TEST_ADMIN_PASSWORD } from '../support/constants'
import { useLabApp } from './fixture'
import { pageApi } from './page-api'
import { openTab, row, toast } from './screens'

const t = useLabApp('guest')

describe('guest registration through the UI', () => {
  it('registers on the sign-in page, waits for approval in 用户管理, then signs in', async () => {
    const { app } = t
    const page = app.page
    await app.waitForCaptcha()

    // 账号注册 with the spec 5 checks: account, password and its confirmation, both the same.
    await page.getByRole('button', { name: '账号注册' }).click()
    const dialog = page.getByRole('dialog', { name: '账号注册' })
    await dialog.getByRole('button', { name: '注册' }).click()
    await dialog.getByText('请输入账号名称').waitFor()
    await dialog.getByText('请先输入密码').waitFor()
    await dialog.getByText('请再次输入密码').waitFor()
    await dialog.getByLabel('姓名').fill('访客小李')
    await dialog.getByLabel(/^账号/).fill('guest_li')
    await dialog.getByLabel(/^密码/).fill('Guest-Pass-1')
    await dialog.getByLabel(/^确认密码/).fill('Guest-Pass-2')
    await dialog.getByRole('button', { name: '注册' }).click()
    await dialog.getByText('两次输入的密码不一致').waitFor()
    await app.screenshot('registration mismatch')
    await dialog.getByLabel(/^确认密码/).fill('Guest-Pass-1')
    await dialog.getByRole('button', { name: '注册' }).click()
    await dialog.getByText('注册申请已提交，请等待管理员审核通过后再登录。').waitFor()
    await app.screenshot('registration awaiting approval')
    await dialog.getByRole('button', { name: '确定' }).click()
    await dialog.waitFor({ state: 'detached' })

    // Not approved yet: the server says so and nothing is signed in.
    await app.signIn('guest_li', 'Guest-Pass-1')
    await page.getByText('账号待管理员审核通过后方可登录').waitFor()
    expect((await pageApi(page, (api) => api.session.state())).signedIn).toBe(false)

    // The administrator approves the account in 用户管理.
    const before = app.ipc.findLastIndex((r) => r.channel === 'session:login')
    await app.waitForCaptcha(before + 1)
    await app.signIn('admin', TEST_ADMIN_PASSWORD)
    await page.getByRole('tab', { name: '首页' }).first().waitFor()
    await openTab(app, '/system/user', '用户管理')
    const screen = page.getByRole('region', { name: '用户管理' }).first()
    const grid = screen.getByRole('grid', { name: '用户管理' })
    await screen.getByRole('search').getByRole('textbox', { name: '登录账号' }).fill('guest_li')
    await screen.getByRole('button', { name: '搜索', exact: true }).click()
    await screen.getByText('共 1 条').waitFor()
    await row(grid, 'guest_li').getByRole('button', { name: '更多' }).click()
    await page.getByRole('menuitem', { name: '审核通过' }).click()
    await toast(page, '操作成功')
    await app.screenshot('guest approved')
    // Approved accounts offer no second approval.
    await row(grid, 'guest_li').getByRole('button', { name: '更多' }).click()
    await page.getByRole('menuitem', { name: '审核通过' }).waitFor({ state: 'detached' })
    await page.keyboard.press('Escape')

    await page.getByRole('button', { name: /管理员/ }).click()
    await page.getByRole('menuitem', { name: '退出登录' }).click()
    await page.getByRole('button', { name: '确定' }).click()
    await page.getByRole('button', { name: '登录' }).waitFor()

    // The guest signs in.
    await app.waitForCaptcha(app.ipc.findLastIndex((r) => r.channel === 'session:logout') + 1)
    await app.signIn('guest_li', 'Guest-Pass-1')
    await page.getByRole('tab', { name: '首页' }).first().waitFor()
    expect(await pageApi(page, (api) => api.session.state())).toMatchObject({
      signedIn: true,
      user: { account: 'guest_li' },
    })
    await page.getByText('角色：访客').waitFor()
    expect(app.pageErrors).toEqual([])
  })
})
