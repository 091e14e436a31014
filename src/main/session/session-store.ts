import type { SessionUser } from '@shared/ipc/contract'
import type { HostStore } from '../host/electron-host'

/** The lock of one server's session: locked or not, and the lock password as a salted scrypt hash. */
export interface LockRecord {
  locked: boolean
  salt: string
  hash: string
}

/**
 * The session's non-secret state kept across restarts (the `session` store in the user-data
 * folder), per server URL: the user shown while the first refresh is under way, and the lock.
 */
export interface SessionPersisted extends Record<string, unknown> {
  profiles: Record<string, SessionUser>
  locks: Record<string, LockRecord>
  /** Minutes without input before the screen locks by itself; 0 = never. */
  idleLockMinutes: number
}

export const SESSION_STORE_DEFAULTS: SessionPersisted = { profiles: {}, locks: {}, idleLockMinutes: 0 }

export type SessionStore = HostStore<SessionPersisted>

export function readEntry<K extends 'profiles' | 'locks'>(
  store: SessionStore,
  key: K,
  serverUrl: string,
): SessionPersisted[K][string] | null {
  const all = (store.get(key) ?? {}) as Record<string, SessionPersisted[K][string]>
  return all[serverUrl] ?? null
}

export function writeEntry<K extends 'profiles' | 'locks'>(
  store: SessionStore,
  key: K,
  serverUrl: string,
  value: SessionPersisted[K][string] | null,
): void {
  const all = { ...(store.get(key) ?? {}) } as Record<string, unknown>
  if (value === null) delete all[serverUrl]
  else all[serverUrl] = value
  store.set(key, all as SessionPersisted[K])
}
