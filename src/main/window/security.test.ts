import { describe, expect, it } from 'vitest'
import { TestDialog, TestWindow } from '../../../tests/host/test-host'
import { APP_ENTRY_URL } from './app-scheme'
import { isPermissionAllowed } from './permissions'
import { isAppUrl, isFrameNavigationAllowed, openExternalLink } from './security'

const FILE_APP = 'file:///opt/lab/out/renderer/index.html'

describe('window rules', () => {
  it('knows the app page under app:// and file://', () => {
    expect(isAppUrl('app://lab/index.html#/wel/index', APP_ENTRY_URL)).toBe(true)
    expect(isAppUrl('app://lab/assets/x.js', APP_ENTRY_URL)).toBe(true)
    expect(isAppUrl('app://evil/index.html', APP_ENTRY_URL)).toBe(false)
    expect(isAppUrl('https://lab/index.html', APP_ENTRY_URL)).toBe(false)
    expect(isAppUrl(`${FILE_APP}#/login`, FILE_APP)).toBe(true)
    expect(isAppUrl('file:///etc/passwd', FILE_APP)).toBe(false)
  })

  it('keeps the main frame in the app and lets iframes show web pages and blob: readers only', () => {
    expect(isFrameNavigationAllowed('app://lab/index.html#/x', true, APP_ENTRY_URL)).toBe(true)
    expect(isFrameNavigationAllowed('https://example.com/', true, APP_ENTRY_URL)).toBe(false)
    expect(isFrameNavigationAllowed('https://example.com/', false, APP_ENTRY_URL)).toBe(true)
    expect(isFrameNavigationAllowed('http://intranet/x', false, APP_ENTRY_URL)).toBe(true)
    expect(isFrameNavigationAllowed('blob:app://lab/1234', false, APP_ENTRY_URL)).toBe(true)
    expect(isFrameNavigationAllowed('about:blank', false, APP_ENTRY_URL)).toBe(true)
    expect(isFrameNavigationAllowed('file:///etc/passwd', false, APP_ENTRY_URL)).toBe(false)
    expect(isFrameNavigationAllowed('javascript:alert(1)', false, APP_ENTRY_URL)).toBe(false)
    expect(isFrameNavigationAllowed('app://lab/index.html', false, APP_ENTRY_URL)).toBe(false)
  })

  it('allows fullscreen and refuses every other permission', () => {
    expect(isPermissionAllowed('fullscreen')).toBe(true)
    for (const p of ['media', 'notifications', 'geolocation', 'clipboard-read', 'openExternal', 'hid'])
      expect(isPermissionAllowed(p)).toBe(false)
  })

  it("opens the server's pages at once and asks, parented to the window, for others", async () => {
    const dialog = new TestDialog()
    const opened: string[] = []
    const window = new TestWindow({ width: 1, height: 1, webPreferences: {} as never })
    const deps = {
      dialog,
      openExternal: async (url: string) => void opened.push(url),
      trustedHosts: ['lab.school.edu'],
      parent: () => window,
    }
    expect(await openExternalLink('https://lab.school.edu:8443/doc', deps)).toBe(true)
    expect(dialog.shown).toEqual([])
    dialog.messageBoxResponses.push(1)
    expect(await openExternalLink('https://example.com/a', deps)).toBe(false)
    dialog.messageBoxResponses.push(0)
    expect(await openExternalLink('https://example.com/b', deps)).toBe(true)
    expect(await openExternalLink('file:///etc/passwd', deps)).toBe(false)
    expect(await openExternalLink('javascript:alert(1)', deps)).toBe(false)
    expect(opened).toEqual(['https://lab.school.edu:8443/doc', 'https://example.com/b'])
    expect(dialog.shown.map((m) => m.detail)).toEqual(['https://example.com/a', 'https://example.com/b'])
    expect(dialog.parented).toEqual([true, true])
  })

  it('asks in the language the user chose', async () => {
    const dialog = new TestDialog()
    let language: 'zh' | 'en' = 'en'
    const deps = {
      dialog,
      openExternal: async () => undefined,
      trustedHosts: [],
      language: () => language,
    }
    dialog.messageBoxResponses.push(1, 1)
    await openExternalLink('https://example.com/a', deps)
    language = 'zh'
    await openExternalLink('https://example.com/a', deps)
    expect(dialog.shown.map((m) => [m.title, m.message])).toEqual([
      ['Open external link', 'Open this link in your browser?'],
      ['打开外部链接', '是否在浏览器中打开以下链接?'],
    ])
  })
})
