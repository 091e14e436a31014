import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { APP_ENTRY_URL, mimeTypeOf, resolveAppFile } from './app-scheme'
import { appSchemeResponse } from './app-scheme-response'
import { CONTENT_SECURITY_POLICY } from './security'

const parent = mkdtempSync(join(tmpdir(), 'app-scheme-'))
const root = join(parent, 'renderer')
mkdirSync(join(root, 'assets'), { recursive: true })
writeFileSync(join(root, 'index.html'), '<!doctype html>')
writeFileSync(join(root, 'assets', 'index-abc.js'), 'export {}')
writeFileSync(join(parent, 'secret.txt'), 'outside')
afterAll(() => rmSync(parent, { recursive: true, force: true }))

describe('resolveAppFile', () => {
  it('maps the entry and assets into the renderer folder', () => {
    expect(readFileSync(resolveAppFile(root, APP_ENTRY_URL)!, 'utf8')).toBe('<!doctype html>')
    expect(resolveAppFile(root, 'app://lab/')).toBe(join(root, 'index.html'))
    expect(resolveAppFile(root, 'app://lab/index.html#/home?x=1')).toBe(join(root, 'index.html'))
    expect(readFileSync(resolveAppFile(root, 'app://lab/assets/index-abc.js')!, 'utf8')).toBe('export {}')
  })

  // The URL parser folds dot segments (plain or %2e) at the root, so these stay inside the folder.
  it.each([
    'app://lab/../secret.txt',
    'app://lab/%2e%2e/secret.txt',
    'app://lab/assets/%2e%2e/%2e%2e/secret.txt',
  ])('keeps %s inside the folder', (url) => {
    expect(resolveAppFile(root, url)).toBe(join(root, 'secret.txt'))
  })

  it.each([
    'app://lab/..%2fsecret.txt',
    'app://lab/assets/..%2f..%2fsecret.txt',
    'app://lab/..%5csecret.txt',
    'app://lab/%00index.html',
    'app://lab/%E0%A4%A',
    'app://other/index.html',
    'file:///etc/passwd',
    'https://lab/index.html',
    'not a url',
  ])('refuses %s', (url) => {
    expect(resolveAppFile(root, url)).toBeNull()
  })

  it('names the types the renderer build emits', () => {
    expect(mimeTypeOf('/x/index.html')).toBe('text/html; charset=utf-8')
    expect(mimeTypeOf('/x/a.JS')).toBe('text/javascript; charset=utf-8')
    expect(mimeTypeOf('/x/a.css')).toBe('text/css; charset=utf-8')
    expect(mimeTypeOf('/x/a.woff2')).toBe('font/woff2')
    expect(mimeTypeOf('/x/a.svg')).toBe('image/svg+xml')
    expect(mimeTypeOf('/x/a.unknown')).toBe('application/octet-stream')
  })
})

describe('appSchemeResponse', () => {
  it('serves the build with its type, the CSP on documents, and 404 for the rest', async () => {
    const page = await appSchemeResponse(root, APP_ENTRY_URL)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
    expect(await page.text()).toBe('<!doctype html>')

    const script = await appSchemeResponse(root, 'app://lab/assets/index-abc.js')
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(script.headers.get('content-security-policy')).toBeNull()

    for (const url of [
      'app://lab/..%2fsecret.txt',
      'app://lab/missing.js',
      'app://lab/assets/',
      'app://x/index.html',
    ])
      expect((await appSchemeResponse(root, url)).status).toBe(404)
  })
})
