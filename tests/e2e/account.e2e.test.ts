import { describe, expect, it } from 'vitest'
import { TEST_ADMIN_PASSWORD } from '../support/constants'
import { useLabApp } from './fixture'
import type { AppHarness } from './harness'
import { pageApi } from './page-api'

const t = useLabApp('account')

async function signedIn(app: AppHarness) {
  await app.signIn('admin', TEST_ADMIN_PASSWORD)
  await app.page.getByRole('tab', { name: '首页' }).first().waitFor()
}

describe('account actions', () => {
  it('signs out from the user menu: server session ended, vault and state cleared', async () => {
    const { app, server } = t
    const page = app.page
    await signedIn(app)
    const accessToken = app.main.session.accessToken()!
    await page.getByRole('button', { name: /管理员/ }).click()
    await page.getByRole('menuitem', { name: '退出登录' }).click()
    await page.getByRole('button', { name: '确定' }).click()
    await page.getByRole('button', { name: '登录' }).waitFor()
    await app.screenshot('signed out')
    expect(await app.vaultRecord()).toBeNull()
    expect(await pageApi(page, (api) => api.session.state())).toMatchObject({
      signedIn: false,
      locked: false,
    })
    // The old access token no longer works on the server (which reads session state through a short cache).
    const status = async () =>
      (
        await fetch(`${server.url}/api/blade-system/menu/routes`, {
          headers: {
            'Blade-Auth': `bearer ${accessToken}`,
            Authorization: `Basic ${Buffer.from('lab_desktop:lab_desktop_secret').toString('base64')}`,
          },
        })
      ).status
    await expect.poll(status, { timeout: 15_000, interval: 300 }).toBe(401)
  })

  it('switches department and role by refreshing the token with Dept-Id and Role-Id', async () => {
    const { app } = t
    await signedIn(app)
    const before = { ...(await app.vaultRecord())!, accessToken: app.main.session.accessToken() }
    const state = await pageApi(app.page, (api) => api.session.state())
    const deptId = state.user!.deptId.split(',')[0]!
    const roleId = state.user!.roleId.split(',')[0]!
    const switched = await pageApi(app.page, (api) =>
      api.session.state().then((s) =>
        api.session.switch({
          deptId: s.user!.deptId.split(',')[0]!,
          roleId: s.user!.roleId.split(',')[0]!,
        }),
      ),
    )
    expect(switched.user).toMatchObject({ deptId, roleId })
    expect(app.main.session.accessToken()).not.toBe(before.accessToken)
    expect((await app.vaultRecord())!.refreshToken).not.toBe(before.refreshToken)
    expect(app.events.filter((e) => e.channel === 'session:changed').length).toBeGreaterThan(0)
    const empty = await app.page.evaluate(
      `window.api.session.switch({ deptId: '', roleId: '' }).catch((e) => e)`,
    )
    expect(empty).toMatchObject({ status: 400, message: '请求参数不正确: 请选择部门 (deptId)' })
  })

  it('registers a guest without a token; the same account again gets the server message', async () => {
    const { app } = t
    await app.waitForCaptcha()
    const form = { tenantId: '000000', name: '访客甲', account: 'guest_e2e', password: 'Guest-Pass-1' }
    const answer = await app.page.evaluate(`window.api.session.registerGuest(${JSON.stringify(form)})`)
    expect(answer).toEqual({ success: true, msg: '注册申请已提交,请等待管理员审核' })
    const again = await app.page.evaluate(
      `window.api.session.registerGuest(${JSON.stringify(form)}).catch((e) => e)`,
    )
    expect(again).toEqual({ status: 400, silent: false, message: '当前用户 [guest_e2e] 已存在!' })
    expect(await pageApi(app.page, (api) => api.session.state())).toMatchObject({ signedIn: false })
  })
})
