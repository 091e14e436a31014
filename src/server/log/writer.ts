import { hostname, networkInterfaces } from 'node:os'
import { getTableColumns, sql } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Db } from '../db/client'
import { apiLog, errorLog, usualLog } from '../db/schema'
import { nextId } from '../core/ids'

type ApiRow = typeof apiLog.$inferInsert
type UsualRow = typeof usualLog.$inferInsert
type ErrorRow = typeof errorLog.$inferInsert

export type LogEntry =
  | { kind: 'api'; row: Omit<ApiRow, 'id'> }
  | { kind: 'usual'; row: Omit<UsualRow, 'id'> }
  | { kind: 'error'; row: Omit<ErrorRow, 'id'> }

const serverIp = () =>
  Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === 'IPv4' && !i.internal)?.address ?? '127.0.0.1'

export const SERVER = {
  serviceId: 'lab-server',
  serverHost: hostname().slice(0, 255),
  serverIp: serverIp(),
  env: process.env.NODE_ENV ?? 'prod',
}

/**
 * A batch of log rows in one statement with one parameter (the rows as a JSON array): a multi-row
 * VALUES list would bind, and build in JS, some twenty parameters per row. Columns a row leaves out
 * are null; create_time keeps its default (the time of the write).
 */
async function insertRows(db: Db, table: PgTable, rows: Record<string, unknown>[]) {
  const columns = Object.entries(getTableColumns(table)).filter(([key]) => key !== 'createTime')
  const names = sql.raw(columns.map(([, column]) => `"${column.name}"`).join(', '))
  const json = JSON.stringify(
    rows.map((row) => Object.fromEntries(columns.map(([key, column]) => [column.name, row[key] ?? null]))),
  )
  await db.execute(
    sql`insert into ${table} (${names}) select ${names} from json_populate_recordset(null::${table}, ${json}::json)`,
  )
}

/**
 * Log rows are queued in memory and written in batches off the request path: every `intervalMs`, or
 * at once when `maxBatch` rows are waiting. A failed write is reported and dropped, never thrown into
 * a request. At most `maxQueue` rows wait; beyond that the oldest are dropped (a log flood must not
 * exhaust memory).
 */
export class LogWriter {
  private queue: LogEntry[] = []
  private timer: NodeJS.Timeout | null = null
  private flushing: Promise<void> = Promise.resolve()
  dropped = 0

  constructor(
    private readonly db: Db,
    private readonly onError: (err: unknown) => void,
    private readonly options = { intervalMs: 1000, maxBatch: 200, maxQueue: 10000 },
  ) {}

  push(entry: LogEntry) {
    this.queue.push(entry)
    if (this.queue.length > this.options.maxQueue) {
      this.queue.shift()
      this.dropped++
    }
    if (this.queue.length >= this.options.maxBatch) void this.flush()
    else if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.options.intervalMs)
      this.timer.unref()
    }
  }

  /** Writes everything queued so far; resolves when it is in the database (or dropped on error). */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer)
      this.timer = null
    }
    const batch = this.queue
    this.queue = []
    this.flushing = this.flushing.then(() => this.write(batch))
    return this.flushing
  }

  private async write(batch: LogEntry[]) {
    if (!batch.length) return
    const pick = <K extends LogEntry['kind']>(kind: K) =>
      batch
        .filter((e): e is Extract<LogEntry, { kind: K }> => e.kind === kind)
        .map((e) => ({ ...SERVER, ...e.row, id: nextId() }))
    try {
      const api = pick('api')
      const usual = pick('usual')
      const error = pick('error')
      if (api.length) await insertRows(this.db, apiLog, api)
      if (usual.length) await insertRows(this.db, usualLog, usual)
      if (error.length) await insertRows(this.db, errorLog, error)
    } catch (err) {
      this.dropped += batch.length
      this.onError(err)
    }
  }
}
