import { describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { TEST_ADMIN_PASSWORD } from '../support/constants'
import { param } from '../../src/server/db/schema'
import { useLabApp } from './fixture'
import { pageApi } from './page-api'

const t = useLabApp('min-version')

/**
 * 最低客户端版本 (docs/it/updates.md): the administrator sets client.minVersion above this client's
 * version (the test host is 0.0.0-test); the kept session is not resumed and signing in is refused
 * with the update notice; once the minimum is cleared, sign-in works again.
 */
describe('minimum client version', () => {
  it('refuses an older client at sign-in and on restart, and lets it in once the minimum is cleared', async () => {
    let app = t.app
    await app.signInToHome('admin', TEST_ADMIN_PASSWORD)

    // The administrator raises the minimum through 参数管理's API, as the screen would.
    await pageApi(app.page, async (api) => {
      const page = await api.api.call<{ records: Array<{ id: string; paramName: string }> }>({
        method: 'GET',
        path: '/api/blade-system/param/list',
        query: { paramKey: 'client.minVersion' },
      })
      const row = page.records[0]
      await api.api.call({
        method: 'POST',
        path: '/api/blade-system/param/submit',
        body: { id: row.id, paramName: row.paramName, paramKey: 'client.minVersion', paramValue: '99.0.0' },
      })
    })

    // A restart does not resume the kept session: the sign-in screen says why and what to do.
    app = t.app = await app.restart()
    const notice = app.page.getByRole('alert').filter({ hasText: '客户端需要更新' })
    await notice.getByText('当前客户端版本 0.0.0-test 过旧，请更新到 99.0.0 后再登录').waitFor()
    // The test host has no updater, as when policy turns updates off.
    await notice.getByText('请联系管理员更新客户端').waitFor()
    expect(await pageApi(app.page, (api) => api.session.state())).toMatchObject({
      signedIn: false,
      clientOutdated: { version: '0.0.0-test', minVersion: '99.0.0' },
    })
    await app.screenshot('outdated on restart')

    // Signing in again is refused, with the same notice.
    const logins = () => app.ipc.filter((r) => r.channel === 'session:login').length
    await app.signIn('admin', TEST_ADMIN_PASSWORD)
    await expect.poll(logins).toBe(1)
    expect(app.ipc.find((r) => r.channel === 'session:login')?.response).toMatchObject({
      ok: false,
      error: { status: 426, outdated: { version: '0.0.0-test', minVersion: '99.0.0' } },
    })
    await notice.getByText(/请更新到 99\.0\.0/).waitFor()
    expect((await pageApi(app.page, (api) => api.session.state())).signedIn).toBe(false)
    await app.screenshot('outdated at sign-in')

    // IT clears the minimum (straight in the database here): the same client signs in.
    await t.server.server.database.db
      .update(param)
      .set({ paramValue: '' })
      .where(eq(param.paramKey, 'client.minVersion'))
    const before = app.ipc.findLastIndex((r) => r.channel === 'session:login')
    await app.waitForCaptcha(before + 1)
    await app.signInToHome('admin', TEST_ADMIN_PASSWORD)
    expect(await pageApi(app.page, (api) => api.session.state())).not.toHaveProperty('clientOutdated')
  })
})
