/**
 * What the desktop app and its embedded server (an Electron utilityProcess) say to each other over the
 * parent port, and the data folder's lock they both know about.
 */

/** The lock (a folder, proper-lockfile's) inside LAB_DATA_DIR held by the one server using it. */
export const DATA_DIR_LOCK_NAME = 'server.lock'

/** The exit code of a server that found its data folder held by another process (EX_CANTCREAT). */
export const DATA_DIR_LOCKED_EXIT_CODE = 73

/** Server -> main, once listening. */
export interface ReadyMessage {
  type: 'ready'
  url: string
  adminPassword?: string
  generatedPasswords?: Record<string, string>
  /** Why a restore asked for before this start was not applied (the data is as it was). */
  restoreError?: string
}

/** Main -> server: a generic request (`kind` names it); answered by one `ReplyMessage` of the same id. */
export interface RequestMessage {
  type: 'request'
  id: number
  body: { kind: string } & Record<string, unknown>
}

export type ReplyMessage =
  | { type: 'reply'; id: number; ok: true; value: unknown }
  | { type: 'reply'; id: number; ok: false; error: string }

/** Main -> server: close the database and exit. */
export interface StopMessage {
  type: 'stop'
}

export function isReadyMessage(m: unknown): m is ReadyMessage {
  if (typeof m !== 'object' || m === null) return false
  const r = m as Record<string, unknown>
  return (
    r.type === 'ready' &&
    typeof r.url === 'string' &&
    (r.adminPassword === undefined || typeof r.adminPassword === 'string')
  )
}

export function isReplyMessage(m: unknown): m is ReplyMessage {
  if (typeof m !== 'object' || m === null) return false
  const r = m as Record<string, unknown>
  return r.type === 'reply' && typeof r.id === 'number' && typeof r.ok === 'boolean'
}

export function isRequestMessage(m: unknown): m is RequestMessage {
  if (typeof m !== 'object' || m === null) return false
  const r = m as Record<string, unknown>
  const body = r.body as Record<string, unknown> | null | undefined
  return r.type === 'request' && typeof r.id === 'number' && typeof body?.kind === 'string'
}
