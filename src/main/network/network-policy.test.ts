import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { chainTrustedBy, networkPolicy } from './network-policy'

const path = (name: string) => fileURLToPath(new URL(`./fixtures/${name}`, import.meta.url))
const pem = (name: string) => readFileSync(path(name), 'utf8')

describe('extra CA certificates from policy', () => {
  it('reads CA files and PEM text, and drops what holds no CA certificate', async () => {
    const log: string[] = []
    const policy = await networkPolicy(
      {
        ExtraCACertificates: [path('ca.pem'), pem('other-ca.pem'), path('leaf.pem'), path('missing.pem')],
        ProxyServer: 'proxy:3128',
      },
      (l) => log.push(l),
    )
    expect(policy.extraCAs).toEqual([pem('ca.pem').trim(), pem('other-ca.pem').trim()])
    expect(policy).toMatchObject({ proxyRules: 'proxy:3128', pacUrl: null })
    expect(log).toHaveLength(2)
  })

  it('trusts a chain the policy CA signed, for the host it names, and nothing else', () => {
    const leaf = pem('leaf.pem')
    expect(chainTrustedBy([leaf], 'lab.school.edu.cn', [pem('ca.pem')])).toBe(true)
    expect(chainTrustedBy([leaf, pem('ca.pem')], 'lab.school.edu.cn', [pem('ca.pem')])).toBe(true)
    expect(chainTrustedBy([leaf], 'evil.example.cn', [pem('ca.pem')])).toBe(false)
    expect(chainTrustedBy([leaf], 'lab.school.edu.cn', [pem('other-ca.pem')])).toBe(false)
    expect(chainTrustedBy([leaf], 'lab.school.edu.cn', [])).toBe(false)
    expect(chainTrustedBy([leaf], 'lab.school.edu.cn', [pem('ca.pem')], new Date('2300-01-01'))).toBe(false)
  })
})
