import { QUEUED_MESSAGE, type QueuedDownload } from '../../shared/api/download'
import type { ApiCallRequest } from '../../shared/ipc/api'
import { errorMessage } from '../shell/request'
import { notify } from '../shell/notify'

/** Lists longer than this export through 下载中心 (`asyncTask=true`, reports-portal.md 7). */
export const ASYNC_EXPORT_ROWS = 20000

export type ExportOutcome = 'saved' | 'queued' | 'cancelled' | 'failed'

/** Whether an export of `total` rows goes to 下载中心 rather than straight to a file. */
export const exportsAsync = (total: number | null | undefined): boolean => (total ?? 0) > ASYNC_EXPORT_ROWS

/**
 * The one way an export button exports: with the list's `total` over 20,000 rows the same export
 * route is called with `asyncTask=true` (a 下载任务 is queued; the toast says where to find it);
 * otherwise main streams the file into the place the user picks in the save dialog. Failures toast.
 */
export async function exportOrQueue(
  req: ApiCallRequest & { id?: string },
  suggestedName: string,
  total: number | null | undefined,
  done = '导出成功',
): Promise<ExportOutcome> {
  try {
    if (exportsAsync(total)) {
      const task = await window.api.api.call<QueuedDownload>({
        method: req.method,
        path: req.path,
        query: { ...(req.query ?? {}), asyncTask: true },
      })
      notify.success(QUEUED_MESSAGE, task?.taskName ? `任务：${task.taskName}（菜单 下载任务）` : undefined)
      return 'queued'
    }
    const result = await window.api.files.export({ ...req, suggestedName })
    if (!result.saved) return 'cancelled'
    notify.success(done, result.filePath ?? undefined)
    return 'saved'
  } catch (e) {
    if (!(e && typeof e === 'object' && (e as { silent?: boolean }).silent)) notify.error(errorMessage(e))
    return 'failed'
  }
}
