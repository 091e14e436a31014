import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto'
import { readEntry, writeEntry, type LockRecord, type SessionStore } from './session-store'

const KEY_LENGTH = 32

/**
 * The screen lock of one server's session, persisted so a restart comes back locked. The lock
 * password is kept only as a salted scrypt hash; it stays set after unlocking so the idle timer can
 * lock again, until the user signs out or in.
 */
export class ScreenLock {
  constructor(
    private readonly store: SessionStore,
    private readonly serverUrl: string,
  ) {}

  get locked(): boolean {
    return this.record()?.locked === true
  }

  get hasPassword(): boolean {
    return !!this.record()?.hash
  }

  lock(password?: string): void {
    const current = this.record()
    if (password) {
      const salt = randomBytes(16)
      const hash = scryptSync(password, salt, KEY_LENGTH)
      this.save({ locked: true, salt: salt.toString('hex'), hash: hash.toString('hex') })
    } else if (current?.hash) {
      this.save({ ...current, locked: true })
    } else {
      throw new Error('no lock password set')
    }
  }

  /** True when the password matches (or nothing is locked). */
  unlock(password: string): boolean {
    const current = this.record()
    if (!current?.locked) return true
    const expected = Buffer.from(current.hash, 'hex')
    const given = scryptSync(password, Buffer.from(current.salt, 'hex'), KEY_LENGTH)
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false
    this.save({ ...current, locked: false })
    return true
  }

  /** Sign-in or sign-out: no lock, no lock password. */
  forget(): void {
    writeEntry(this.store, 'locks', this.serverUrl, null)
  }

  private record(): LockRecord | null {
    return readEntry(this.store, 'locks', this.serverUrl)
  }

  private save(record: LockRecord): void {
    writeEntry(this.store, 'locks', this.serverUrl, record)
  }
}
