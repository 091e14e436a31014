import { deflateRawSync, inflateRawSync } from 'node:zlib'
import { z } from 'zod'

/**
 * What the vault keeps per server: only what resuming needs. The access token is never stored (a
 * start refreshes), and display data (name, avatar) lives in the session store, not the keychain.
 */
export const VaultRecord = z.object({
  refreshToken: z.string().min(1),
  tenantId: z.string(),
  deptId: z.string(),
  roleId: z.string(),
  account: z.string(),
})
export type VaultRecord = z.infer<typeof VaultRecord>

/** Windows Credential Manager's limit for one secret (CRED_MAX_CREDENTIAL_BLOB_SIZE). */
export const KEYCHAIN_LIMIT_BYTES = 2560

const PREFIX = 'z2:'

/**
 * The stored text: the record with the refresh token's JWT payload as plain JSON (base64 hides its
 * repetition from the compressor), deflated, base64. A JWT whose payload would not re-encode to
 * exactly the same text is kept whole.
 */
export function encodeVaultRecord(record: VaultRecord): string {
  const parts = record.refreshToken.split('.')
  let token: string | [string, string, string] = record.refreshToken
  if (parts.length === 3) {
    const payload = Buffer.from(parts[1]!, 'base64url').toString('utf8')
    if (Buffer.from(payload, 'utf8').toString('base64url') === parts[1])
      token = [parts[0]!, payload, parts[2]!]
  }
  const json = JSON.stringify({ ...record, refreshToken: token })
  return PREFIX + deflateRawSync(Buffer.from(json, 'utf8'), { level: 9 }).toString('base64')
}

/** The record from the stored text; also reads the old whole-session JSON so users stay signed in. */
export function decodeVaultRecord(text: string): VaultRecord | null {
  try {
    if (text.startsWith(PREFIX)) {
      const raw = JSON.parse(
        inflateRawSync(Buffer.from(text.slice(PREFIX.length), 'base64')).toString('utf8'),
      )
      const token = raw.refreshToken as unknown
      const refreshToken = Array.isArray(token)
        ? `${token[0]}.${Buffer.from(String(token[1]), 'utf8').toString('base64url')}.${token[2]}`
        : token
      const parsed = VaultRecord.safeParse({ ...raw, refreshToken })
      return parsed.success ? parsed.data : null
    }
    const legacy = JSON.parse(text) as Record<string, unknown>
    const parsed = VaultRecord.safeParse({
      ...legacy,
      account: (legacy.user as { account?: unknown } | undefined)?.account ?? '',
    })
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}
