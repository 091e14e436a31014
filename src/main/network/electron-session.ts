import { chainTrustedBy, type NetworkPolicy } from './network-policy'

/** Electron's `Certificate`, reduced: the PEM and the issuer's certificate up the chain. */
interface SessionCertificate {
  data: string
  fingerprint: string
  issuerCert?: SessionCertificate
}

/** The parts of an Electron `Session` the network policy sets (the real one is passed by electron.ts). */
export interface PolicySession {
  setProxy(config: {
    mode?: 'fixed_servers' | 'pac_script'
    proxyRules?: string
    pacScript?: string
  }): Promise<void>
  setCertificateVerifyProc(
    proc: (
      request: { hostname: string; certificate: SessionCertificate; errorCode: number },
      callback: (verificationResult: number) => void,
    ) => void,
  ): void
}

const ACCEPT = 0
const CHROMIUM_DECIDES = -3

/** Policy's proxy (rules or PAC) and extra CAs on a session; without them the system's settings stand. */
export async function applyNetworkPolicy(session: PolicySession, policy: NetworkPolicy): Promise<void> {
  if (policy.pacUrl) await session.setProxy({ mode: 'pac_script', pacScript: policy.pacUrl })
  else if (policy.proxyRules) await session.setProxy({ mode: 'fixed_servers', proxyRules: policy.proxyRules })
  if (policy.extraCAs.length === 0) return
  session.setCertificateVerifyProc((request, callback) => {
    if (request.errorCode === 0) return callback(CHROMIUM_DECIDES)
    const chain: string[] = []
    for (
      let c: SessionCertificate | undefined = request.certificate;
      c && chain.length < 10;
      c = c.issuerCert
    ) {
      chain.push(c.data)
      if (c.issuerCert?.fingerprint === c.fingerprint) break
    }
    let trusted = false
    try {
      trusted = chainTrustedBy(chain, request.hostname, policy.extraCAs)
    } catch {
      trusted = false
    }
    callback(trusted ? ACCEPT : CHROMIUM_DECIDES)
  })
}
