import { describe, expect, it } from 'vitest'
import { md5 } from '../../src/main/session/session'
import { useLabApp } from './fixture'
import { pageApi } from './page-api'

// A first start (migrations, seeding) takes minutes on a busy two-core machine; main's 120 s is for a PC.
const SLOW_START_MS = 300_000

// No app per test: this file launches its own, without a server URL.
const t = useLabApp('embedded', null)

describe('the embedded server', () => {
  it('starts when no server is set, shows the first-run admin password once, and that password signs in', async () => {
    const app = await t.launch({ embedded: true, serverStartTimeoutMs: SLOW_START_MS })
    expect(app.main.serverUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    // The window is up at once; the sign-in form follows the server (a minute on a busy machine).
    await app.main.whenStarted()
    await app.page.getByRole('button', { name: '登录' }).waitFor()
    await app.screenshot('login on the embedded server')
    expect(await pageApi(app.page, (api) => api.session.state())).toMatchObject({
      embedded: true,
      signedIn: false,
    })

    expect(app.host.dialog.shown).toHaveLength(1)
    const detail = app.host.dialog.shown[0]!.detail ?? ''
    const password = /初始密码: (\S+)/.exec(detail)?.[1]
    expect(password).toBeTruthy()

    // The password works against the embedded server (password grant: its captcha lives in its own database).
    const tokens = await app.main.http.request<Record<string, unknown>>({
      method: 'POST',
      path: '/api/blade-auth/oauth/token',
      withoutToken: true,
      query: {
        tenantId: '000000',
        username: 'admin',
        password: md5(password!),
        grant_type: 'password',
        scope: 'all',
      },
    })
    expect(tokens.account).toBe('admin')

    // A second start on the same data folder shows no password again.
    const again = await app.restart()
    t.app = again
    await again.main.whenStarted()
    expect(again.host.dialog.shown).toHaveLength(0)
    await again.page.getByRole('button', { name: '登录' }).waitFor()
  }, 600_000)
})
