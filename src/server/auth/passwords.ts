import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'

/**
 * Passwords arrive as the md5 hex of what the user typed (the BladeX client hashes before sending).
 * We store Argon2id over that md5. Imported BladeX rows hold sha1(md5) hex; they are accepted and
 * replaced by an Argon2id hash on the first successful sign-in.
 */
const MD5_RE = /^[0-9a-f]{32}$/
const SHA1_RE = /^[0-9a-f]{40}$/

export const md5Hex = (text: string) => createHash('md5').update(text, 'utf8').digest('hex')
const sha1Hex = (text: string) => createHash('sha1').update(text, 'utf8').digest('hex')

/** The client's md5, or an md5 we compute for callers (Saber's user form) that send the plain text. */
export function asClientHash(password: string): string {
  const lower = password.toLowerCase()
  return MD5_RE.test(lower) ? lower : md5Hex(password)
}

export const isClientHash = (value: unknown): value is string =>
  typeof value === 'string' && MD5_RE.test(value.toLowerCase())

// @node-rs/argon2 defaults to Argon2id (algorithm 2), 19 MiB, 2 passes: the OWASP baseline.
export const hashPassword = (clientHash: string) => hash(clientHash.toLowerCase())

export interface PasswordCheck {
  ok: boolean
  /** The stored value is a legacy BladeX hash and should be replaced. */
  upgrade: boolean
}

export async function checkPassword(stored: string, clientHash: string): Promise<PasswordCheck> {
  const given = clientHash.toLowerCase()
  if (stored.startsWith('$argon2')) {
    try {
      return { ok: await verify(stored, given), upgrade: false }
    } catch {
      return { ok: false, upgrade: false }
    }
  }
  if (SHA1_RE.test(stored)) {
    const ok = timingSafeEqual(Buffer.from(stored), Buffer.from(sha1Hex(given)))
    return { ok, upgrade: ok }
  }
  return { ok: false, upgrade: false }
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'

/** A random password of `length` characters without look-alike letters. */
export function randomPassword(length = 12): string {
  const bytes = randomBytes(length)
  let out = ''
  for (const b of bytes) out += ALPHABET[b % ALPHABET.length]
  return out
}
