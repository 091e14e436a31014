import { describe, expect, it } from 'vitest'
import { CONTENT_SECURITY_POLICY } from '../../src/main/window/security'
import { useLabApp } from './fixture'
import { APP_URL } from './harness'
import { pageApi } from './page-api'

const t = useLabApp('security')

describe('the bridge and the window rules', () => {
  it('exposes exactly the typed API and nothing of Node or Electron', async () => {
    const { app } = t
    await app.waitForCaptcha()
    const shape = await app.page.evaluate(`(() => ({
      keys: Object.keys(window.api).sort(),
      session: Object.keys(window.api.session).sort(),
      frozen: Object.isFrozen(window.api),
      require: typeof window.require,
      process: typeof window.process,
      ipcRenderer: typeof window.ipcRenderer,
    }))()`)
    expect(shape).toEqual({
      keys: [
        'api',
        'app',
        'backup',
        'errorLog',
        'files',
        'on',
        'server',
        'session',
        'settings',
        'shell',
        'updater',
      ],
      session: [
        'captcha',
        'lock',
        'login',
        'logout',
        'registerGuest',
        'setIdleLock',
        'ssoConfig',
        'ssoLogin',
        'state',
        'switch',
        'unlock',
      ],
      frozen: true,
      require: 'undefined',
      process: 'undefined',
      ipcRenderer: 'undefined',
    })
    const web = app.host.windows[0]!.options.webPreferences
    expect(web).toMatchObject({
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      webSecurity: true,
    })
  })

  it('refuses calls from an iframe inside our page', async () => {
    const { app } = t
    await app.waitForCaptcha()
    await app.page.evaluate(`new Promise((resolve) => {
      const f = document.createElement('iframe')
      f.srcdoc = '<p>embedded</p>'
      f.onload = resolve
      document.body.appendChild(f)
    })`)
    const frame = app.page.frames().find((f) => f !== app.page.mainFrame())!
    const answer = await frame.evaluate(`window.api.session.state().then(() => 'answered', (e) => e)`)
    expect(answer).toEqual({ message: '拒绝来自未知页面的请求', status: 403, silent: false })
  })

  it.each([
    ['an absolute URL', { method: 'GET', path: 'https://evil.example/api/x' }],
    ['a path with ..', { method: 'GET', path: '/api/blade-system/../../x' }],
    ['a path outside /api', { method: 'GET', path: '/oauth/token' }],
    ['a method outside the contract', { method: 'PATCH', path: '/api/blade-system/param/list' }],
    [
      'the token endpoint (its reply carries tokens)',
      { method: 'POST', path: '/api/blade-auth/oauth/token' },
    ],
  ])('rejects %s from the page before any HTTP call', async (_what, request) => {
    const { app } = t
    await app.waitForCaptcha()
    const answer = await app.page.evaluate(
      `window.api.api.call(${JSON.stringify(request)}).then(() => 'called', (e) => e)`,
    )
    expect(answer).toMatchObject({ status: 400, silent: false })
    expect((answer as { message: string }).message).toMatch(/^请求参数不正确/)
  })

  it('keeps navigation inside the app and sends http(s) links to the browser only after confirmation', async () => {
    const { app } = t
    const contents = app.host.windows[0]!.webContents
    expect(contents.willNavigate('https://evil.example/')).toBe(true)
    expect(contents.willNavigate('file:///etc/passwd')).toBe(true)
    expect(contents.willNavigate(`${APP_URL}#/wel/index`)).toBe(false)

    app.host.dialog.messageBoxResponses.push(1) // 取消
    expect(contents.windowOpenHandler!({ url: 'https://example.com/a' })).toEqual({ action: 'deny' })
    app.host.dialog.messageBoxResponses.push(0) // 打开
    expect(await pageApi(app.page, (api) => api.shell.openExternal('https://example.com/b'))).toBe(true)
    expect(await pageApi(app.page, (api) => api.shell.openExternal('javascript:alert(1)'))).toBe(false)
    expect(await pageApi(app.page, (api) => api.shell.openExternal('file:///etc/passwd'))).toBe(false)
    expect(app.host.openedExternally).toEqual(['https://example.com/b'])
    expect(app.host.dialog.shown.map((m) => m.detail)).toEqual([
      'https://example.com/a',
      'https://example.com/b',
    ])
    expect(app.host.dialog.parented).toEqual([true, true])
    // A page of the configured server's host goes to the browser without asking.
    const serverPage = `${app.main.serverUrl}/doc.html`
    expect(await app.page.evaluate(`window.api.shell.openExternal(${JSON.stringify(serverPage)})`)).toBe(true)
    expect(app.host.openedExternally).toEqual(['https://example.com/b', serverPage])
    expect(app.host.dialog.shown).toHaveLength(2)

    // The main frame stays in the app; iframes (/myiframe, readers) may show web pages and blobs only.
    expect(contents.willFrameNavigate('https://evil.example/', true)).toBe(true)
    expect(contents.willFrameNavigate(`${APP_URL}#/wel/index`, true)).toBe(false)
    expect(contents.willFrameNavigate('https://example.com/', false)).toBe(false)
    expect(contents.willFrameNavigate('file:///etc/passwd', false)).toBe(true)

    let headers: Record<string, string[]> | undefined
    contents.headersListener!({ url: APP_URL, responseHeaders: {} }, (r) => (headers = r.responseHeaders))
    expect(headers?.['Content-Security-Policy']).toEqual([CONTENT_SECURITY_POLICY])
    // An external page shown in /myiframe keeps its own headers (our CSP would blank it).
    let external: Record<string, string[]> | undefined = {}
    contents.headersListener!({ url: 'https://example.com/page', responseHeaders: { a: ['b'] } }, (r) => {
      external = r.responseHeaders
    })
    expect(external).toBeUndefined()
    expect(CONTENT_SECURITY_POLICY).toContain("connect-src 'none'")
  })
})
