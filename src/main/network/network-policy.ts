import { readFile } from 'node:fs/promises'
import { X509Certificate } from 'node:crypto'
import { isIP } from 'node:net'
import type { Policy } from '../policy/keys'

/** What machine policy says about the network, as a host applies it to its fetch. */
export interface NetworkPolicy {
  /** Chromium proxy rules (`http://proxy:8080`); null: the system's proxy settings. */
  proxyRules: string | null
  pacUrl: string | null
  /** Extra trusted CAs, PEM. */
  extraCAs: string[]
}

/** The policy's network keys, with ExtraCACertificates read (PEM text as is, else a file path). */
export async function networkPolicy(policy: Policy, log: (line: string) => void): Promise<NetworkPolicy> {
  const extraCAs: string[] = []
  for (const entry of policy.ExtraCACertificates ?? []) {
    const pem = entry.includes('-----BEGIN') ? entry : await readFile(entry, 'utf8').catch(() => null)
    const certs = pem ? splitPem(pem) : []
    if (certs.length === 0) log(`policy: ExtraCACertificates: no certificate in ${entry.slice(0, 80)}`)
    extraCAs.push(...certs)
  }
  return { proxyRules: policy.ProxyServer ?? null, pacUrl: policy.ProxyPacUrl ?? null, extraCAs }
}

function splitPem(text: string): string[] {
  return (text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []).filter((pem) => {
    try {
      return new X509Certificate(pem).ca
    } catch {
      return false
    }
  })
}

/**
 * Whether a server's chain (leaf first, PEM) that the system refused is trusted by one of the policy's
 * CAs: every link is signed by the next, one link is signed by (or is) a policy CA, each certificate is
 * within its dates and the leaf names the host.
 */
export function chainTrustedBy(chain: string[], hostname: string, cas: string[], now = new Date()): boolean {
  if (chain.length === 0 || cas.length === 0) return false
  const certs = chain.map((pem) => new X509Certificate(pem))
  const anchors = cas.map((pem) => new X509Certificate(pem))
  const inDates = (c: X509Certificate) => new Date(c.validFrom) <= now && now <= new Date(c.validTo)
  if (!(isIP(hostname) ? certs[0].checkIP(hostname) : certs[0].checkHost(hostname))) return false
  for (let i = 0; i < certs.length; i++) {
    const cert = certs[i]
    if (!inDates(cert)) return false
    const anchor = anchors.find(
      (ca) =>
        ca.fingerprint256 === cert.fingerprint256 || (cert.checkIssued(ca) && cert.verify(ca.publicKey)),
    )
    if (anchor && inDates(anchor)) return true
    const issuer = certs[i + 1]
    if (!issuer || !cert.checkIssued(issuer) || !cert.verify(issuer.publicKey)) return false
  }
  return false
}
