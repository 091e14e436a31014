import { createDecipheriv } from 'node:crypto'

const WINDOW_MS = 5 * 60 * 1000

/**
 * autoLogin proof: `aesKey` is base64 of AES-CBC (PKCS#7, key = the client's aes_key as UTF-8,
 * 16/24/32 bytes; IV = its first 16 bytes, as BladeX AesUtil) over `<account>|<epoch ms>`. It must
 * name the account asked for and be at most five minutes old. Returns false on anything else.
 */
export function checkAutoLoginProof(
  clientKey: string,
  proof: string,
  account: string,
  now = Date.now(),
): boolean {
  const key = Buffer.from(clientKey, 'utf8')
  const algorithm = { 16: 'aes-128-cbc', 24: 'aes-192-cbc', 32: 'aes-256-cbc' }[key.length]
  if (!algorithm || !proof || proof.length > 1024) return false
  try {
    const decipher = createDecipheriv(algorithm, key, key.subarray(0, 16))
    const text = Buffer.concat([decipher.update(Buffer.from(proof, 'base64')), decipher.final()]).toString(
      'utf8',
    )
    const bar = text.lastIndexOf('|')
    if (bar < 1) return false
    const ts = Number(text.slice(bar + 1))
    return text.slice(0, bar) === account && Number.isFinite(ts) && Math.abs(now - ts) <= WINDOW_MS
  } catch {
    return false
  }
}
