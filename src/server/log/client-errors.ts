import type { Db } from '../db/client'
import type { AuthUser } from '../core/context'
import { errorLog } from '../db/schema'
import { nextId } from '../core/ids'
import { SERVER } from './writer'

/** One entry of the client's error-log dialog (spec 3: url, time, type, message, stack, info). */
export interface ClientLogEntry {
  url?: unknown
  time?: unknown
  type?: unknown
  message?: unknown
  stack?: unknown
  info?: unknown
}

const text = (v: unknown, n: number) =>
  (v === undefined || v === null ? '' : typeof v === 'string' ? v : JSON.stringify(v)).slice(0, n)

/**
 * Stores the client error logs posted at logout in the error log (blade_log_error), one row each,
 * at most 200 per call. Returns how many were stored. For the identity engineer's POST logout.
 */
export async function recordClientErrors(db: Db, user: AuthUser | null, logs: unknown): Promise<number> {
  const entries = (Array.isArray(logs) ? logs : [logs])
    .filter((e): e is ClientLogEntry => !!e && typeof e === 'object')
    .slice(0, 200)
  if (!entries.length) return 0
  await db.insert(errorLog).values(
    entries.map((e) => ({
      id: nextId(),
      ...SERVER,
      serviceId: 'lab-client',
      tenantId: user?.tenantId ?? null,
      createBy: user?.account ?? null,
      method: 'CLIENT',
      requestUri: text(e.url, 1000),
      exceptionName: text(e.type, 255) || 'error',
      message: text(e.message, 4000),
      stackTrace: text(e.stack, 20000),
      params: text(e.info, 4000),
      methodName: text(e.time, 255),
    })),
  )
  return entries.length
}
