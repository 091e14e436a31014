import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startMain } from '../../src/main/app'
import { EMBEDDED_SERVER_DISABLED } from '../../src/main/policy/policy'
import { LOCKED_BY_POLICY } from '../../src/main/settings/settings'
import { TestHost } from '../host/test-host'
import { TEST_ADMIN_PASSWORD } from '../support/constants'
import { useLabApp } from './fixture'
import { pageApi } from './page-api'

const t = useLabApp('policy', null)

/** A user-data folder whose settings name a server nobody listens on, and a policy file next to it. */
function folderWithPolicy(policy: Record<string, unknown>, userServerUrl: string) {
  const userDataDir = mkdtempSync(join(tmpdir(), 'lab-e2e-policy-'))
  mkdirSync(userDataDir, { recursive: true })
  writeFileSync(join(userDataDir, 'settings.json'), JSON.stringify({ serverUrl: userServerUrl }))
  const policyFile = join(userDataDir, 'policy.json')
  writeFileSync(policyFile, JSON.stringify(policy))
  return { userDataDir, policyFile }
}

describe('machine policy', () => {
  it('pins the server: the sign-in screen shows it read-only, settings cannot change it, sign-in uses it', async () => {
    const { userDataDir, policyFile } = folderWithPolicy({ ServerUrl: t.server.url }, 'http://127.0.0.1:9')
    // `embedded` only stops the harness writing its own settings; the pinned server wins over the user's.
    const app = await t.launch({ userDataDir, policyFile, embedded: true })
    const page = app.page
    expect(app.main.serverUrl).toBe(t.server.url)
    expect(Object.keys(app.main.policy)).toEqual(['ServerUrl'])

    const pinned = page.getByRole('form', { name: '登录' }).getByLabel('服务器地址')
    await pinned.waitFor()
    await expect.poll(() => pinned.inputValue()).toBe(t.server.url)
    expect(await pinned.getAttribute('readonly')).not.toBeNull()
    await page.getByText('由管理员通过策略设置，不能修改').first().waitFor()
    await app.screenshot('pinned server on the sign-in screen')

    const settings = await pageApi(page, (api) => api.settings.get())
    expect(settings).toMatchObject({ serverUrl: t.server.url, locked: ['serverUrl'] })
    const refused = await page.evaluate(
      `window.api.settings.set({ serverUrl: 'https://elsewhere.example.cn' }).catch((e) => e)`,
    )
    expect(refused).toMatchObject({ status: 403, message: LOCKED_BY_POLICY })
    expect(app.main.settings.get('serverUrl')).toBe(t.server.url)

    await page.getByRole('button', { name: '服务器设置' }).click()
    const dialog = page.getByRole('dialog', { name: '服务器设置' })
    expect(await dialog.getByLabel('服务器地址').getAttribute('readonly')).not.toBeNull()
    expect(await dialog.getByRole('button', { name: '保存' }).isDisabled()).toBe(true)
    await dialog.getByRole('button', { name: '取消' }).click()

    await app.signIn('admin', TEST_ADMIN_PASSWORD)
    await page.getByRole('tab', { name: '首页' }).first().waitFor()
  })

  it('AllowEmbeddedServer off and no server address: a clear message instead of the embedded server', async () => {
    const { userDataDir, policyFile } = folderWithPolicy({ AllowEmbeddedServer: false }, '')
    const host = new TestHost({
      userDataDir,
      policyFile,
      forkUtility: () => {
        throw new Error('the embedded server must not start')
      },
    })
    await expect(
      startMain(host, { appUrl: 'file:///nowhere/index.html', preloadPath: '', serverModulePath: '' }),
    ).rejects.toThrow(EMBEDDED_SERVER_DISABLED)
  })
})
