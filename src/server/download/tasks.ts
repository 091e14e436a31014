import { desc, eq, inArray } from 'drizzle-orm'
import { QUEUED_MESSAGE, type DownloadTask, type QueuedDownload } from '../../shared/api/download'
import { DOWNLOAD_STATUS, DOWNLOAD_STATUS_TEXT } from '../../shared/resources/download/task'
import type { AuthUser } from '../core/context'
import { isAdministrator } from '../core/context'
import type { Data } from '../core/data'
import { ok } from '../core/envelope'
import { bad } from '../core/errors'
import { bizDownloadTask } from '../db/schema/download'
import { producerOf } from './producers'

type TaskRow = typeof bizDownloadTask.$inferSelect

/** At most this many queued or running tasks per user. */
export const MAX_ACTIVE_TASKS = 3
/** Files are kept this many days after they are made. */
export const KEEP_DAYS = 7

export interface DownloadRequest {
  /** `report`, `assets`, `base`, `safety`, `desk` … */
  bizType: string
  /** What was exported, e.g. `report:sj1:txt:RW2024:all`; `detailByUser` finds the latest by it. */
  bizId: string
  taskName: string
  /** A name given to `registerProducer`. */
  producer: string
  /** The export's validated query; handed to the producer as is. */
  params: Record<string, unknown>
  /** The file name the user's save dialog proposes, without extension. */
  fileName: string
}

const activeStatuses = [DOWNLOAD_STATUS.queued, DOWNLOAD_STATUS.running]

/**
 * Queues a background export for the caller (the `asyncTask=true` branch of any export route): the
 * route has checked parameters and permissions as its direct export would; the job runs later with
 * the same caller's tenant, roles and data scope (re-checked when it starts).
 */
export async function queueDownload(data: Data, request: DownloadRequest): Promise<QueuedDownload> {
  const me = data.me
  const producer = producerOf(request.producer)
  if (!producer) throw new Error(`unknown download producer ${request.producer}`)
  return data.transaction(async (tx) => {
    const repo = tx.repo(bizDownloadTask)
    const active = await repo.count(
      eq(bizDownloadTask.userId, me.userId),
      inArray(bizDownloadTask.status, activeStatuses),
    )
    if (active >= MAX_ACTIVE_TASKS) bad(`您已有${MAX_ACTIVE_TASKS}个导出任务正在进行，请稍后再试`)
    const [id] = await repo.insert({
      userId: me.userId,
      bizType: request.bizType.slice(0, 30),
      bizId: request.bizId.slice(0, 100),
      taskName: request.taskName.slice(0, 200),
      producer: request.producer,
      params: JSON.stringify(request.params),
      caller: JSON.stringify(me),
      fileName: `${request.fileName}.${producer.fileExt}`.slice(0, 200),
      fileExt: producer.fileExt,
      progress: 0,
      processedRows: 0,
      status: DOWNLOAD_STATUS.queued,
      attempts: 0,
      downloadCount: 0,
    })
    return { id, bizId: request.bizId, taskName: request.taskName, status: DOWNLOAD_STATUS.queued }
  })
}

/**
 * The `asyncTask=true` answer of an export route: the export queued as a 下载任务 with the call's other
 * parameters (the producer's `params`), answered as the task with QUEUED_MESSAGE.
 */
export async function queuedExport(
  data: Data,
  query: Record<string, unknown>,
  request: Omit<DownloadRequest, 'params'>,
) {
  const { asyncTask: _asyncTask, ...params } = query
  return ok(await queueDownload(data, { ...request, params }), QUEUED_MESSAGE)
}

/** The tenant administrator sees and removes every task of the tenant; anyone else their own. */
export const ownerCondition = (me: AuthUser) =>
  isAdministrator(me) ? undefined : eq(bizDownloadTask.userId, me.userId)

/** A task the caller may see (else 数据不存在或无权访问). */
export async function visibleTask(data: Data, id: string): Promise<TaskRow> {
  const row = await data.repo(bizDownloadTask).first(eq(bizDownloadTask.id, id), ownerCondition(data.me))
  if (!row) bad('数据不存在或无权访问')
  return row!
}

/** The caller's latest task for `bizId`, or null. */
export async function latestTask(data: Data, bizId: string): Promise<TaskRow | null> {
  const [row] = await data
    .repo(bizDownloadTask)
    .find([eq(bizDownloadTask.bizId, bizId), eq(bizDownloadTask.userId, data.me.userId)], {
      sort: [desc(bizDownloadTask.createTime), desc(bizDownloadTask.id)],
      limit: 1,
    })
  return row ?? null
}

/** A task as its owner sees it. */
export function presentTask(row: TaskRow, userName?: string): DownloadTask {
  const status = row.status ?? 0
  return {
    id: row.id,
    userId: row.userId ?? '',
    userName,
    bizType: row.bizType ?? '',
    bizId: row.bizId ?? '',
    taskName: row.taskName ?? '',
    fileName: row.fileName,
    fileExt: row.fileExt,
    fileSize: row.fileSize,
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    progress: row.progress ?? 0,
    status,
    statusName: DOWNLOAD_STATUS_TEXT[status] ?? '',
    errorMsg: row.errorMsg,
    createTime: row.createTime as unknown as string,
    startTime: row.startTime as unknown as string | null,
    finishTime: row.finishTime as unknown as string | null,
    expireTime: row.expireTime as unknown as string | null,
    downloadCount: row.downloadCount ?? 0,
  }
}

export const isActive = (row: TaskRow) => activeStatuses.includes((row.status ?? 0) as 0 | 1)

/** Tasks of the caller by ids, all or nothing (数据不存在或无权访问 for any other). */
export async function visibleTasks(data: Data, ids: string[]): Promise<TaskRow[]> {
  const rows = await data
    .repo(bizDownloadTask)
    .find([inArray(bizDownloadTask.id, ids), ownerCondition(data.me)].filter(Boolean))
  if (rows.length !== ids.length) bad('数据不存在或无权访问')
  return rows
}
