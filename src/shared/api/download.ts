import { z } from 'zod'
import { BladeQuery, IdQuery, IdsQuery } from './common'
import { answer, GET, POST } from './endpoint'
import type { Page } from './envelope'

/** What the owner sees of a task (no parameters, caller or storage name). */
export interface DownloadTask {
  id: string
  userId: string
  userName?: string
  bizType: string
  bizId: string
  taskName: string
  fileName: string | null
  fileExt: string | null
  fileSize: number | null
  totalRows: number | null
  processedRows: number | null
  progress: number
  status: number
  statusName: string
  errorMsg: string | null
  createTime: string
  startTime: string | null
  finishTime: string | null
  expireTime: string | null
  downloadCount: number
}

/** The answer of an export called with `asyncTask=true`: the queued task. */
export interface QueuedDownload {
  id: string
  bizId: string
  taskName: string
  status: number
}

/** The message an export answers when it queued a task. */
export const QUEUED_MESSAGE = '导出任务已提交，请到下载中心查看'

const B = '/api/biz-download/bizdownloadtask'

/** `/api/biz-download/bizdownloadtask/*` (下载中心, reports-portal.md 7). */
export const downloadApi = {
  page: GET(`${B}/page`, { query: BladeQuery, answer: answer<Page<DownloadTask>>() }),
  detail: GET(`${B}/detail`, { query: IdQuery, answer: answer<DownloadTask>() }),
  detailByUser: GET(`${B}/detailByUser`, {
    query: z.object({ bizId: z.string().min(1, '请指定业务标识').max(100) }).loose(),
    answer: answer<DownloadTask | null>(),
  }),
  remove: POST(`${B}/remove`, { query: IdsQuery, answer: answer<Record<string, never>>() }),
  download: GET(`${B}/download/{id}`, { file: true }),
}
