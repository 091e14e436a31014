import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Conf from 'conf'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ScreenLock } from './screen-lock'
import { SESSION_STORE_DEFAULTS, type SessionPersisted, type SessionStore } from './session-store'

const SERVER = 'https://lab.example.edu.cn'
let dir: string

// The same file-backed store electron-store keeps in the user-data folder, opened afresh per "start".
const openStore = () =>
  new Conf<SessionPersisted>({
    cwd: dir,
    configName: 'session',
    defaults: SESSION_STORE_DEFAULTS,
  }) as unknown as SessionStore

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'screen-lock-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('ScreenLock', () => {
  it('stays locked across a restart and opens only with the right password', () => {
    new ScreenLock(openStore(), SERVER).lock('lock-pass-9')

    const afterRestart = new ScreenLock(openStore(), SERVER)
    expect(afterRestart.locked).toBe(true)
    expect(afterRestart.unlock('lock-pass-8')).toBe(false)
    expect(afterRestart.locked).toBe(true)
    expect(afterRestart.unlock('lock-pass-9')).toBe(true)
    expect(new ScreenLock(openStore(), SERVER).locked).toBe(false)
  })

  it('keeps only a salted hash of the password on disk', () => {
    new ScreenLock(openStore(), SERVER).lock('lock-pass-9')
    new ScreenLock(openStore(), 'https://other.example.edu.cn').lock('lock-pass-9')
    const file = readFileSync(join(dir, 'session.json'), 'utf8')
    expect(file).not.toContain('lock-pass-9')
    const locks = Object.values((JSON.parse(file) as SessionPersisted).locks)
    expect(locks).toHaveLength(2)
    expect(locks[0]!.salt).not.toBe(locks[1]!.salt)
    expect(locks[0]!.hash).not.toBe(locks[1]!.hash)
  })

  it('locks again with the password set before (the idle lock), until sign-out forgets it', () => {
    const lock = new ScreenLock(openStore(), SERVER)
    expect(() => lock.lock()).toThrow()
    lock.lock('lock-pass-9')
    lock.unlock('lock-pass-9')
    expect(lock.hasPassword).toBe(true)

    lock.lock()
    expect(lock.locked).toBe(true)
    expect(lock.unlock('lock-pass-9')).toBe(true)

    lock.forget()
    expect(lock.hasPassword).toBe(false)
    expect(() => lock.lock()).toThrow()
  })

  it('holds one lock per server: another server is not locked', () => {
    new ScreenLock(openStore(), SERVER).lock('lock-pass-9')
    expect(new ScreenLock(openStore(), 'https://other.example.edu.cn').locked).toBe(false)
  })
})
