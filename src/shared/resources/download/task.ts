import { defineResource } from '../../resource/types'

const label = (zh: string, en: string) => ({ zh, en })

/** 下载任务状态 (`download_task_status`, reports-portal.md 7). */
export const DOWNLOAD_STATUS = {
  queued: 0,
  running: 1,
  done: 2,
  failed: 3,
  expired: 4,
  cancelled: 5,
} as const

export const DOWNLOAD_STATUS_TEXT: Record<number, string> = {
  0: '排队中',
  1: '生成中',
  2: '已完成',
  3: '失败',
  4: '已过期',
  5: '已取消',
}

/**
 * 下载任务 (`biz_download_task`): one background export of one user, from queueing to its file. The
 * rows are written by the job runner of `src/server/download`, never by a form.
 */
export const downloadTaskResource = defineResource({
  name: 'downloadTask',
  table: 'biz_download_task',
  basePath: '/api/biz-download/bizdownloadtask',
  label: label('下载任务', 'Download tasks'),
  tenant: true,
  permission: 'download_task',
  routes: [],
  fields: [
    { name: 'userId', type: 'id', label: label('创建人', 'Owner') },
    { name: 'bizType', type: 'string', max: 30, label: label('业务模块', 'Module') },
    { name: 'bizId', type: 'string', max: 100, label: label('业务标识', 'Business key') },
    { name: 'taskName', type: 'string', max: 200, label: label('任务名称', 'Task') },
    { name: 'producer', type: 'string', max: 60, label: label('生成程序', 'Producer') },
    { name: 'params', type: 'text', label: label('参数', 'Parameters') },
    { name: 'caller', type: 'text', label: label('执行身份', 'Run as') },
    { name: 'fileName', type: 'string', max: 200, label: label('文件名', 'File name') },
    { name: 'fileExt', type: 'string', max: 10, label: label('文件类型', 'File type') },
    { name: 'objectName', type: 'string', max: 200, label: label('存储名', 'Object name') },
    { name: 'fileSize', type: 'int', label: label('文件大小', 'Size') },
    { name: 'totalRows', type: 'int', label: label('总行数', 'Rows') },
    { name: 'processedRows', type: 'int', label: label('已处理', 'Processed') },
    { name: 'progress', type: 'int', label: label('进度', 'Progress') },
    { name: 'status', type: 'int', label: label('状态', 'Status') },
    { name: 'attempts', type: 'int', label: label('执行次数', 'Attempts') },
    { name: 'errorMsg', type: 'string', max: 500, label: label('失败原因', 'Error') },
    { name: 'startTime', type: 'datetime', label: label('开始时间', 'Started') },
    { name: 'heartbeat', type: 'datetime', label: label('最近进度时间', 'Heartbeat') },
    { name: 'finishTime', type: 'datetime', label: label('完成时间', 'Finished') },
    { name: 'expireTime', type: 'datetime', label: label('过期时间', 'Expires') },
    { name: 'downloadCount', type: 'int', label: label('下载次数', 'Downloads') },
  ],
})
