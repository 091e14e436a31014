/**
 * 备份与恢复 on the embedded server: back up, change data, restore, sign in again and the change is
 * gone; a teacher and a client of a configured server see no screen and are refused by main.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright'
import type { ApiCallRequest, LabApi } from '../../src/shared/ipc/api'
import { md5 } from '../../src/main/session/session'
import { loadKeytar, openVault } from '../../src/main/session/vault'
import { encodeVaultRecord } from '../../src/main/session/vault-record'
import { BACKUP_REFUSED, RESTORED_SIGN_IN_AGAIN } from '../../src/main/data/backup-handlers'
import { TEST_ADMIN_PASSWORD } from '../support/constants'
import { useLabApp } from './fixture'
import type { AppHarness } from './harness'
import { pageApi } from './page-api'
import { openTab, toast } from './screens'

// A first start (migrations, seeding) takes minutes on a busy two-core machine; main's 120 s is for a PC.
const SLOW_START_MS = 300_000
const TENANT = '000000'

const t = useLabApp('backup', null)

/**
 * Signs `account` in on the embedded server and shows the shell. The sign-in form needs the answer of
 * a captcha kept in the embedded server's own database, which the test cannot read while the server
 * has it open; so the test takes tokens with the password grant and main resumes them as a saved
 * session, the path a restart takes (vault record, refresh, the page loading the state).
 */
async function signInSaved(app: AppHarness, account: string, password: string): Promise<void> {
  const tokens = await app.main.http.request<{ refresh_token: string }>({
    method: 'POST',
    path: '/api/blade-auth/oauth/token',
    withoutToken: true,
    query: {
      tenantId: TENANT,
      username: account,
      password: md5(password),
      grant_type: 'password',
      scope: 'all',
    },
  })
  // Where main keeps it: the keychain, or the safeStorage file when main found no keychain at its start.
  const usesKeychain = app.main.session.state().vault === 'keychain'
  const vault = await openVault({
    keychain: usesKeychain ? loadKeytar : () => Promise.reject(new Error('main keeps no keychain')),
    safeStorage: app.host.safeStorage,
    dir: join(app.userDataDir, 'vault'),
  })
  await vault.save(
    app.main.serverUrl,
    encodeVaultRecord({
      refreshToken: tokens.refresh_token,
      tenantId: TENANT,
      deptId: '',
      roleId: '',
      account,
    }),
  )
  await app.main.session.restore()
  await app.page.reload()
  await app.page.getByRole('tab', { name: '首页' }).first().waitFor()
}

/** The user menu (the top bar's button named after the signed-in user). */
async function openUserMenu(app: AppHarness): Promise<void> {
  const state = await pageApi(app.page, (api) => api.session.state())
  const name = state.user!.realName || state.user!.nickName || state.user!.account
  await app.page.getByRole('button', { name, exact: true }).click()
}

/** One API call through the page's bridge, as a screen makes it. */
const apiCall = <T = unknown>(page: Page, req: ApiCallRequest) =>
  page.evaluate((r) => (globalThis as unknown as { api: LabApi }).api.api.call(r), req) as Promise<T>

const refusal = (app: AppHarness) =>
  pageApi(app.page, (api) =>
    api.backup.list().then(
      () => null,
      (e: { message: string; status: number }) => e,
    ),
  )

describe('备份与恢复', () => {
  it('backs up, and a restore brings the data back as it was; then everyone signs in again', async () => {
    const app = await t.launch({ embedded: true, serverStartTimeoutMs: SLOW_START_MS })
    await app.main.whenStarted()
    const adminPassword = /初始密码: (\S+)/.exec(app.host.dialog.shown[0]?.detail ?? '')?.[1]
    expect(adminPassword).toBeTruthy()
    // The data folder is not the user-data folder (roaming on Windows); the 关于 dialog names it.
    expect(app.main.dataDir).toBe(app.host.localDataDir)
    expect((await pageApi(app.page, (api) => api.app.about())).dataDir).toBe(app.host.localDataDir)

    await signInSaved(app, 'admin', adminPassword!)
    const { page } = app
    await openUserMenu(app)
    await page.getByRole('menuitem', { name: '备份与恢复' }).click()
    await page.getByRole('tab', { name: '备份与恢复' }).first().waitFor()
    await page.getByText(join(app.host.localDataDir, 'backups')).waitFor()

    // 立即备份: a new row at the top of the list.
    const table = page.getByRole('table', { name: '备份与恢复' })
    const started = Date.now()
    await page.getByRole('button', { name: '立即备份' }).click()
    await toast(page, '备份完成')
    console.log(`立即备份 on the new embedded database: ${Date.now() - started} ms`)
    const { backups } = await pageApi(page, (api) => api.backup.list())
    const backup = backups[0]!
    await table.getByRole('row').filter({ hasText: backup.name }).waitFor()
    await app.screenshot('backups')
    await page.getByRole('button', { name: '打开备份文件夹' }).click()
    await expect.poll(() => app.host.openedPaths).toEqual([join(app.host.localDataDir, 'backups')])

    // A file that is not a backup: a clear message, no confirmation, nothing restored.
    const notABackup = join(app.userDataDir, 'notes.labbak')
    writeFileSync(notABackup, 'not a backup')
    app.host.dialog.openPaths.push(notABackup)
    await page.getByRole('button', { name: '从文件恢复…' }).click()
    await toast(page, '不是有效的备份文件')
    expect(await page.getByRole('dialog').count()).toBe(0)

    // Changes after the backup: the administrator's name (个人信息) and a new teacher account.
    await openTab(app, '/info/index', '个人信息')
    const realName = page.getByLabel('姓名')
    await expect.poll(() => realName.inputValue()).not.toBe('')
    const originalName = await realName.inputValue()
    await realName.fill('改名之后')
    await page.getByLabel('手机号').fill('13800138000')
    await page.getByRole('button', { name: '提交' }).click()
    await toast(page, '保存成功')
    const roles = await apiCall<Array<{ id: string; roleAlias: string }>>(page, {
      method: 'GET',
      path: '/api/blade-system/role/list',
    })
    await apiCall(page, {
      method: 'POST',
      path: '/api/blade-user/submit',
      body: {
        account: 'backup_teacher',
        password: md5('Teacher-Pass-1'),
        realName: '备份老师',
        name: '备份老师',
        roleId: roles.find((r) => r.roleAlias === 'teacher')!.id,
        deptId: (await pageApi(page, (api) => api.session.state())).user!.deptId,
      },
    })

    // A teacher on the same embedded server: no 备份与恢复, and main refuses the calls.
    await signInSaved(app, 'backup_teacher', 'Teacher-Pass-1')
    await openUserMenu(app)
    await page.getByRole('menuitem', { name: '关于' }).waitFor()
    expect(await page.getByRole('menuitem', { name: '备份与恢复' }).count()).toBe(0)
    await page.keyboard.press('Escape')
    expect(await refusal(app)).toMatchObject({ status: 403, message: BACKUP_REFUSED })
    await page.evaluate(`location.hash = '#/backup/index'`)
    await page.getByText('403').first().waitFor()

    // 恢复 the backup: the confirmation says what is replaced and when the backup was taken.
    await signInSaved(app, 'admin', adminPassword!)
    await openTab(app, '/backup/index', '备份与恢复')
    await table
      .getByRole('row')
      .filter({ hasText: backup.name })
      .getByRole('button', { name: '恢复' })
      .click()
    const confirmation = page.getByRole('dialog', { name: '从备份恢复' })
    const text = await confirmation.innerText()
    expect(text).toContain('本机内置服务器的全部数据')
    expect(text).toContain('重新连接')
    expect(text).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d 的备份/)
    await app.screenshot('restore confirmation')
    const restoring = Date.now()
    await confirmation.getByRole('button', { name: '确定' }).click()

    // Signed out, with the reason, once the server is back on the restored data.
    await page.getByText(RESTORED_SIGN_IN_AGAIN).waitFor({ timeout: SLOW_START_MS })
    console.log(`恢复 (restore and restart of the embedded server): ${Date.now() - restoring} ms`)
    await page.getByRole('button', { name: '登录' }).waitFor()
    expect(await pageApi(page, (api) => api.session.state())).toMatchObject({ signedIn: false })
    await app.screenshot('signed out after restore')

    // The changes are gone: the old name is back, and the teacher account made later does not exist.
    await signInSaved(app, 'admin', adminPassword!)
    await openTab(app, '/info/index', '个人信息')
    await expect.poll(() => page.getByLabel('姓名').inputValue()).toBe(originalName)
    await expect(signInSaved(app, 'backup_teacher', 'Teacher-Pass-1')).rejects.toThrow()
    // The backups are kept through the restore.
    expect((await pageApi(page, (api) => api.backup.list())).backups.map((b) => b.name)).toContain(
      backup.name,
    )
  }, 1_200_000)

  it('is not offered with a configured server, and main refuses it', async () => {
    const app = await t.launch()
    await app.signInToHome('admin', TEST_ADMIN_PASSWORD)
    await openUserMenu(app)
    await app.page.getByRole('menuitem', { name: '关于' }).waitFor()
    expect(await app.page.getByRole('menuitem', { name: '备份与恢复' }).count()).toBe(0)
    await app.page.keyboard.press('Escape')
    expect(await refusal(app)).toMatchObject({ status: 403, message: BACKUP_REFUSED })
    expect(
      await pageApi(app.page, (api) =>
        api.backup.restore({ from: 'list', name: 'lab-20260101T000000Z.labbak' }).then(
          () => null,
          (e: { status: number }) => e.status,
        ),
      ),
    ).toBe(403)
  })
})
