import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { TestSafeStorage } from '../../../tests/host/test-host'
import { KEYCHAIN_SERVICE, loadKeytar, openVault, type Keychain } from './vault'

/** A keychain backed by a Map, standing in for the OS keychain (keytar's own API). */
function mapKeychain(): Keychain & { entries: Map<string, string> } {
  const entries = new Map<string, string>()
  const key = (s: string, a: string) => `${s}\u0000${a}`
  return {
    entries,
    getPassword: async (s, a) => entries.get(key(s, a)) ?? null,
    setPassword: async (s, a, p) => void entries.set(key(s, a), p),
    deletePassword: async (s, a) => entries.delete(key(s, a)),
  }
}

const noKeychain = async (): Promise<Keychain> => {
  throw new Error('Cannot autolaunch D-Bus without X11 $DISPLAY')
}

describe('openVault', () => {
  it('uses the OS keychain when it answers, keyed by service and server URL', async () => {
    const keychain = mapKeychain()
    const vault = await openVault({
      keychain: async () => keychain,
      safeStorage: new TestSafeStorage(),
      dir: tmpdir(),
    })
    expect(vault.kind).toBe('keychain')
    await vault.save('http://school.example', 'secret-json')
    expect(keychain.entries.get(`${KEYCHAIN_SERVICE}\u0000http://school.example`)).toBe('secret-json')
    expect(await vault.load('http://school.example')).toBe('secret-json')
    await vault.clear('http://school.example')
    expect(await vault.load('http://school.example')).toBeNull()
  })

  it('falls back to a safeStorage-encrypted file when the keychain throws', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vault-'))
    const vault = await openVault({ keychain: noKeychain, safeStorage: new TestSafeStorage(), dir })
    expect(vault.kind).toBe('safeStorage')
    await vault.save('http://127.0.0.1:1234', 'the-refresh-token')
    const files = readdirSync(dir)
    expect(files).toHaveLength(1)
    expect(readFileSync(join(dir, files[0]!)).toString('latin1')).not.toContain('the-refresh-token')
    expect(await vault.load('http://127.0.0.1:1234')).toBe('the-refresh-token')
    expect(await vault.load('http://other')).toBeNull()
    await vault.clear('http://127.0.0.1:1234')
    expect(readdirSync(dir)).toHaveLength(0)
  })

  it('keeps secrets in memory only when neither exists (nothing written in clear)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vault-'))
    const vault = await openVault({ keychain: noKeychain, safeStorage: new TestSafeStorage(false), dir })
    expect(vault.kind).toBe('memory')
    await vault.save('a', 'b')
    expect(await vault.load('a')).toBe('b')
    expect(readdirSync(dir)).toHaveLength(0)
  })
})

/** Whether this machine has an answering OS keychain (CI runs the suites inside a D-Bus session with one). */
const keychainAnswers = await loadKeytar()
  .then((keytar) => keytar.getPassword(KEYCHAIN_SERVICE, 'vault-test'))
  .then(
    () => true,
    () => false,
  )

describe.skipIf(!keychainAnswers)('openVault with the OS keychain', () => {
  it('opens while another process writes and deletes entries of the same service', async () => {
    // Another app instance or an end-to-end worker signing in and out against its own server.
    const writer = spawn(
      process.execPath,
      [
        '-e',
        `const k = require('keytar')
        ;(async () => { for (let i = 0; ; i++) {
          if (i === 1) console.log('writing')
          await k.setPassword(${JSON.stringify(KEYCHAIN_SERVICE)}, 'http://other-' + (i % 3), 'secret')
          await k.deletePassword(${JSON.stringify(KEYCHAIN_SERVICE)}, 'http://other-' + (i % 3))
        } })()`,
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    )
    try {
      await once(writer.stdout, 'data')
      const kinds = new Set<string>()
      for (let i = 0; i < 200; i++) {
        const vault = await openVault({
          keychain: loadKeytar,
          safeStorage: new TestSafeStorage(),
          dir: tmpdir(),
        })
        kinds.add(vault.kind)
      }
      expect([...kinds]).toEqual(['keychain'])
      const vault = await openVault({
        keychain: loadKeytar,
        safeStorage: new TestSafeStorage(),
        dir: tmpdir(),
      })
      await vault.save('http://vault-test', 'own-secret')
      expect(await vault.load('http://vault-test')).toBe('own-secret')
      await vault.clear('http://vault-test')
      expect(await vault.load('http://vault-test')).toBeNull()
    } finally {
      writer.kill()
    }
  })
})
