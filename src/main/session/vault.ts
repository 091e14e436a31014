import { createHash } from 'node:crypto'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { HostSafeStorage } from '../host/electron-host'
import { log } from '../log'

export const KEYCHAIN_SERVICE = 'lab-training-management'

/** Where the session's secrets live. One entry per server URL. */
export interface Vault {
  readonly kind: 'keychain' | 'safeStorage' | 'memory'
  load(account: string): Promise<string | null>
  save(account: string, secret: string): Promise<void>
  clear(account: string): Promise<void>
}

/** The keytar functions the vault uses (the module itself in the app). */
export interface Keychain {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
}

/**
 * The account the start-up probe looks up; never written. A lookup of one account is the probe
 * because keytar's findCredentials crashes the process (strdup of a NULL secret) when another
 * process deletes an entry of the service while it reads them.
 */
const PROBE_ACCOUNT = 'keychain-probe'

/**
 * The OS keychain when it answers; otherwise a file encrypted with Electron's safeStorage in the
 * user-data folder; otherwise (no encryption available) memory only, so nothing is written in clear.
 */
export async function openVault(options: {
  keychain: () => Promise<Keychain>
  safeStorage: HostSafeStorage
  dir: string
}): Promise<Vault> {
  try {
    const keychain = await options.keychain()
    await keychain.getPassword(KEYCHAIN_SERVICE, PROBE_ACCOUNT)
    const fallback = options.safeStorage.isEncryptionAvailable()
      ? safeStorageVault(options.safeStorage, options.dir)
      : memoryVault()
    return keychainVault(keychain, fallback)
  } catch {
    // No secret service (a headless Linux, a locked-down machine): fall back below.
  }
  if (options.safeStorage.isEncryptionAvailable()) return safeStorageVault(options.safeStorage, options.dir)
  return memoryVault()
}

/**
 * keytar is an optional dependency (its native build needs libsecret and a compiler): named by a
 * variable so neither the bundler nor the type checker requires it to be installed.
 */
const KEYTAR_MODULE = 'keytar'

/** Loads keytar lazily: a machine without libsecret (or without keytar) must still start. */
export async function loadKeytar(): Promise<Keychain> {
  const mod = (await import(/* @vite-ignore */ KEYTAR_MODULE)) as Keychain & { default?: Keychain }
  return mod.default ?? mod
}

/**
 * The OS keychain; a write it refuses (Windows Credential Manager's 2,560-byte limit, a locked
 * keychain) goes to the fallback instead and is logged, and a load looks there when the keychain
 * has nothing. Only one of the two holds an account's secret at a time.
 */
function keychainVault(keychain: Keychain, fallback: Vault): Vault {
  return {
    kind: 'keychain',
    async load(account) {
      const secret = await keychain.getPassword(KEYCHAIN_SERVICE, account).catch((e: unknown) => {
        log.warn('keychain read failed; trying the fallback vault', e)
        return null
      })
      return secret ?? fallback.load(account)
    },
    async save(account, secret) {
      try {
        await keychain.setPassword(KEYCHAIN_SERVICE, account, secret)
        await fallback.clear(account)
      } catch (e) {
        log.warn(`keychain write failed (${secret.length} chars); saved with ${fallback.kind} instead`, e)
        await fallback.save(account, secret)
        await keychain.deletePassword(KEYCHAIN_SERVICE, account).catch(() => false)
      }
    },
    async clear(account) {
      await keychain.deletePassword(KEYCHAIN_SERVICE, account).catch((e: unknown) => {
        log.warn('keychain delete failed', e)
        return false
      })
      await fallback.clear(account)
    },
  }
}

function safeStorageVault(safeStorage: HostSafeStorage, dir: string): Vault {
  const file = (account: string) =>
    join(dir, `${createHash('sha256').update(account).digest('hex').slice(0, 32)}.bin`)
  return {
    kind: 'safeStorage',
    async load(account) {
      try {
        return safeStorage.decryptString(await readFile(file(account)))
      } catch {
        return null
      }
    },
    async save(account, secret) {
      await mkdir(dir, { recursive: true })
      await writeFile(file(account), safeStorage.encryptString(secret), { mode: 0o600 })
    },
    async clear(account) {
      await rm(file(account), { force: true })
    },
  }
}

function memoryVault(): Vault {
  const entries = new Map<string, string>()
  return {
    kind: 'memory',
    load: async (account) => entries.get(account) ?? null,
    save: async (account, secret) => void entries.set(account, secret),
    clear: async (account) => void entries.delete(account),
  }
}
