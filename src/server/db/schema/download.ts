/** Tables of the download area (下载中心 (`/api/biz-download/*`)). */
import { index } from 'drizzle-orm/pg-core'
import { resourceTable } from '../../core/resource-table'
import { downloadTaskResource } from '../../../shared/resources/download/task'

export const bizDownloadTask = resourceTable(downloadTaskResource, {
  indexes: (c) => [
    index('biz_download_task_user_status_idx').on(c.tenantId, c.userId, c.status),
    index('biz_download_task_biz_idx').on(c.tenantId, c.bizId, c.userId, c.createTime),
    index('biz_download_task_queue_idx').on(c.status, c.createTime),
  ],
})
