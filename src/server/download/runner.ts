import type { FastifyInstance, FastifyRequest } from 'fastify'
import { sql } from 'drizzle-orm'
import { Transform } from 'node:stream'
import { DOWNLOAD_STATUS } from '../../shared/resources/download/task'
import type { AuthUser } from '../core/context'
import { Data } from '../core/data'
import type { Db } from '../db/client'
import { findUserById, rolesOf } from '../auth/identity'
import {
  defaultFileDir,
  DOWNLOAD_OBJECT_NAME,
  LocalFileStore,
  newObjectName,
  type FileStore,
} from '../files/file-store'
import { CancelledError, producerOf } from './producers'
import { KEEP_DAYS } from './tasks'

type Row = Record<string, unknown>

/** A task still running whose progress is older than this was left by a crashed process. */
const STALE_SECONDS = Number(process.env.LAB_DOWNLOAD_STALE_SECONDS) || 120
/** Attempts before a task is given up (pg-boss's retry ×2). */
const MAX_ATTEMPTS = 3
const PROGRESS_EVERY_MS = 1000
const DAY_MS = 24 * 3600 * 1000

/** The statuses as SQL literals (constants, so never parameters of unknown type). */
const S = Object.fromEntries(
  Object.entries(DOWNLOAD_STATUS).map(([k, v]) => [k, sql.raw(String(v))]),
) as Record<keyof typeof DOWNLOAD_STATUS, ReturnType<typeof sql.raw>>

const rowsOf = (result: unknown) => ((result as { rows?: Row[] }).rows ?? []) as Row[]

/** The store of 下载中心 files (`download/...`), beside uploads but never served by the file route. */
export const downloadStore = (app: FastifyInstance): FileStore =>
  new LocalFileStore(defaultFileDir(app.config.fileDir), DOWNLOAD_OBJECT_NAME)

/**
 * Takes the oldest queued task of any tenant, marking it running. `for update skip locked` lets any
 * number of server processes poll the same table without two taking one task.
 */
async function claim(db: Db): Promise<Row | undefined> {
  const result = await db.execute(sql`update biz_download_task
    set status = ${S.running}, attempts = coalesce(attempts, 0) + 1,
        start_time = now(), heartbeat = now(), error_msg = null
    where id = (select id from biz_download_task
                where status = ${S.queued} and is_deleted = 0
                order by create_time, id limit 1 for update skip locked)
    returning id, tenant_id, user_id, producer, params, caller, file_ext, attempts`)
  return rowsOf(result)[0]
}

/** Tasks left running by a process that stopped go back to the queue (or fail after the last try). */
export async function requeueStale(db: Db, staleSeconds = STALE_SECONDS): Promise<void> {
  await db.execute(sql`update biz_download_task
    set status = case when coalesce(attempts, 0) >= ${sql.raw(String(MAX_ATTEMPTS))} then ${S.failed}
                      else ${S.queued} end,
        error_msg = case when coalesce(attempts, 0) >= ${sql.raw(String(MAX_ATTEMPTS))} then '任务多次中断，请重新导出' else null end,
        progress = case when coalesce(attempts, 0) >= ${sql.raw(String(MAX_ATTEMPTS))} then progress else 0 end
    where status = ${S.running} and is_deleted = 0
      and (heartbeat is null or heartbeat < now() - make_interval(secs => ${staleSeconds}::int))`)
}

/** Daily: finished files past their keep time are deleted (已过期); rows older than 90 days go. */
export async function expireFiles(db: Db, store: FileStore, now = new Date()): Promise<number> {
  const rows = rowsOf(
    await db.execute(sql`update biz_download_task set status = ${S.expired}
      where status = ${S.done} and expire_time < ${now.toISOString()}::timestamp
      returning object_name`),
  )
  for (const r of rows) if (r.object_name) await store.remove(String(r.object_name))
  await db.execute(sql`update biz_download_task set is_deleted = 1
    where is_deleted = 0 and create_time < ${new Date(now.getTime() - 90 * DAY_MS).toISOString()}::timestamp
      and status not in (${S.queued}, ${S.running})`)
  return rows.length
}

/** The owner as the job runs: still there, still holding the roles the task was queued with. */
async function callerOf(app: FastifyInstance, task: Row): Promise<AuthUser> {
  const queued = JSON.parse(String(task.caller)) as AuthUser
  const row = await findUserById(app.db, String(task.user_id))
  if (!row || row.tenantId !== task.tenant_id || row.status === 0) throw new Error('导出人账号已不可用')
  const held = new Set((await rolesOf(app.db, row)).map((r) => r.id))
  const roleIds = queued.roleIds.filter((id) => held.has(id))
  if (!roleIds.length) throw new Error('导出人已无相应权限')
  return { ...queued, roleIds }
}

function ownerData(app: FastifyInstance, tenantId: string, user: AuthUser): Data {
  const request = { user, permissionVersion: null } as unknown as FastifyRequest
  return new Data({
    db: app.db,
    tenantId,
    user,
    rowScope: (key, columns, db) => app.dataScope(request, key, columns, db),
  })
}

async function stillWanted(db: Db, id: string): Promise<boolean> {
  const [row] = rowsOf(
    await db.execute(sql`select status, is_deleted from biz_download_task where id = ${id}`),
  )
  return !!row && Number(row.is_deleted) === 0 && Number(row.status) === DOWNLOAD_STATUS.running
}

/** Runs one claimed task to its end: 已完成 with its file, 失败 with a reason, or nothing if cancelled. */
class ShutdownError extends Error {}

async function runTask(
  app: FastifyInstance,
  store: FileStore,
  task: Row,
  closing: () => boolean,
): Promise<void> {
  const id = String(task.id)
  const db = app.db
  const { name } = newObjectName(`x.${String(task.file_ext || 'bin')}`, new Date(), 'download')
  try {
    const producer = producerOf(String(task.producer))
    if (!producer) throw new Error('导出类型已不受支持')
    const user = await callerOf(app, task)
    let last = 0
    let seen = { processed: 0, total: undefined as number | undefined }
    const progress = async (processed: number, total?: number) => {
      seen = { processed, total: total ?? seen.total }
      if (closing()) throw new ShutdownError()
      const now = Date.now()
      if (now - last < PROGRESS_EVERY_MS) return
      last = now
      if (!(await stillWanted(db, id))) throw new CancelledError()
      const pct = total ? Math.min(99, Math.floor((processed / Math.max(total, 1)) * 100)) : null
      await db.execute(sql`update biz_download_task set processed_rows = ${processed}::int,
        total_rows = coalesce(${total ?? null}::int, total_rows),
        progress = coalesce(${pct}::int, progress), heartbeat = now() where id = ${id}`)
    }
    const stream = await producer.run({
      data: ownerData(app, String(task.tenant_id), user),
      params: JSON.parse(String(task.params ?? '{}')) as Record<string, unknown>,
      progress,
    })
    // Bytes flowing also count as life, so a slow producer is not taken for a crashed one.
    const beat = new Transform({
      transform(chunk, _enc, next) {
        progress(seen.processed, seen.total).then(
          () => next(null, chunk),
          (e: unknown) => next(e as Error),
        )
      },
    })
    stream.on('error', (e) => beat.destroy(e)) // pipe() alone would leave the store waiting
    const { size } = await store.put(name, stream.pipe(beat))
    const finished = rowsOf(
      await db.execute(sql`update biz_download_task set status = ${S.done}, progress = 100,
        object_name = ${name}, file_size = ${size}::int, finish_time = now(), heartbeat = now(),
        expire_time = now() + make_interval(days => ${sql.raw(String(KEEP_DAYS))}),
        processed_rows = greatest(coalesce(processed_rows, 0), coalesce(total_rows, 0))
        where id = ${id} and status = ${S.running} and is_deleted = 0 returning id`),
    )
    if (!finished.length) await store.remove(name) // removed while the last bytes were written
  } catch (error) {
    await store.remove(name)
    if (error instanceof CancelledError) return
    if (error instanceof ShutdownError) {
      // This process stops: the task goes back to the queue for the next one (not counted as a try).
      await db
        .execute(
          sql`update biz_download_task set status = ${S.queued}, progress = 0,
            attempts = greatest(coalesce(attempts, 1) - 1, 0) where id = ${id} and status = ${S.running}`,
        )
        .catch(() => undefined)
      return
    }
    const message =
      error instanceof Error && /[\u4e00-\u9fa5]/.test(error.message) ? error.message : '导出失败'
    if (!(error instanceof Error && /[\u4e00-\u9fa5]/.test(error.message)))
      app.log.error(error, `download: task ${id} failed`)
    await db.execute(sql`update biz_download_task set status = ${S.failed},
      error_msg = ${message.slice(0, 500)}::text, finish_time = now()
      where id = ${id} and status = ${S.running}`)
  }
}

export interface DownloadRunner {
  /** Runs every queued task now, one after another (tests drive the runner with it). */
  runQueued(): Promise<void>
}

// By database: an area's plugin instance is not the root instance tests hold.
const runners = new WeakMap<object, DownloadRunner>()
export const downloadRunnerOf = (app: FastifyInstance): DownloadRunner | undefined => runners.get(app.db)

/**
 * The job runner of 下载中心: every server process polls the task table (LAB_DOWNLOAD_POLL_MS,
 * default 1 s; `off` = only when asked) and runs one task at a time; tasks of a crashed process are
 * re-queued after STALE_SECONDS; expired files are swept once a day.
 */
export function startDownloadRunner(app: FastifyInstance) {
  const polling = process.env.LAB_DOWNLOAD_POLL_MS !== 'off'
  const pollMs = Math.max(50, Number(process.env.LAB_DOWNLOAD_POLL_MS) || 1000)
  const store = downloadStore(app)
  let busy = false
  let closed = false
  let current: Promise<void> = Promise.resolve()
  let lastSweep = 0
  const tick = async () => {
    if (busy || closed) return
    busy = true
    try {
      if (Date.now() - lastSweep > DAY_MS) {
        lastSweep = Date.now()
        await requeueStale(app.db)
        await expireFiles(app.db, store)
      }
      for (;;) {
        if (closed) break
        const task = await claim(app.db)
        if (!task) break
        current = runTask(app, store, task, () => closed)
        await current
      }
    } catch (error) {
      if (!closed) app.log.error(error, 'download: runner failed')
    } finally {
      busy = false
    }
  }
  let timer: NodeJS.Timeout | undefined
  let staleTimer: NodeJS.Timeout | undefined
  runners.set(app.db, {
    runQueued: async () => {
      while (busy) await current.catch(() => undefined).then(() => new Promise((r) => setTimeout(r, 10)))
      await tick()
    },
  })
  app.addHook('onReady', async () => {
    if (!polling) return
    timer = setInterval(() => void tick(), pollMs)
    timer.unref()
    staleTimer = setInterval(() => void requeueStale(app.db).catch(() => undefined), STALE_SECONDS * 500)
    staleTimer.unref()
  })
  app.addHook('onClose', async () => {
    closed = true
    if (timer) clearInterval(timer)
    if (staleTimer) clearInterval(staleTimer)
    await current.catch(() => undefined)
  })
}
