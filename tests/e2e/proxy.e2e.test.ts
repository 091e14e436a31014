import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createProxy } from 'proxy'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_ADMIN_PASSWORD } from '../support/constants'
import { useLabApp } from './fixture'

const t = useLabApp('proxy', null)

/** An HTTP proxy on loopback that records the path of every request it forwards. */
const seen: string[] = []
const proxy = createProxy(createServer())
proxy.on('request', (req) => seen.push(new URL(req.url ?? '/').pathname))
proxy.on('connect', (req) => seen.push(`CONNECT ${req.url}`))
beforeAll(() => new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve)))
afterAll(() => new Promise<void>((resolve) => proxy.close(() => resolve())))

describe('one network stack', () => {
  it('with a policy proxy, every API call of main goes through it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lab-e2e-proxy-'))
    const policyFile = join(dir, 'policy.json')
    const proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
    writeFileSync(policyFile, JSON.stringify({ ProxyServer: proxyUrl }))
    const app = await t.launch({ policyFile })
    expect(app.host.networkPolicy).toMatchObject({ proxyRules: proxyUrl })

    await app.signIn('admin', TEST_ADMIN_PASSWORD)
    await app.page.getByRole('tab', { name: '首页' }).first().waitFor()
    await app.page.locator('[aria-label="最新公告"][data-state="ready"]').waitFor()

    const calls = app.ipc
      .filter((r) => r.channel === 'api:call')
      .map((r) => (r.request as { path: string }).path.split('?')[0])
    expect(calls.length).toBeGreaterThan(3)
    for (const path of new Set(calls)) expect(seen).toContain(path)
    // Sign-in itself (the token endpoint) and the captcha went through it too.
    expect(seen).toContain('/api/blade-auth/oauth/token')
    expect(seen.some((p) => p.startsWith('CONNECT'))).toBe(false)
  })
})
