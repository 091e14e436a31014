import {
  Button,
  Field,
  Input,
  makeStyles,
  ProgressBar,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components'
import { useCallback, useEffect, useState } from 'react'
import { downloadApi, type DownloadTask } from '../../shared/api/download'
import { DOWNLOAD_STATUS } from '../../shared/resources/download/task'
import { Pager } from '../resource/Pager'
import { confirm, notify, useLang, usePermissions } from '../resource/shell-adapter'
import { call, errorMessage, quietCall } from '../shell/request'
import { saveFile } from '../safety/exporting'

const REFRESH_MS = 2000

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
  },
  bar: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-end' },
  progress: { display: 'flex', flexDirection: 'column', gap: '2px', minWidth: '160px' },
  failed: { color: tokens.colorPaletteRedForeground1 },
})

const sizeText = (bytes: number | null) =>
  bytes === null
    ? ''
    : bytes < 1024 * 1024
      ? `${Math.ceil(bytes / 1024)} KB`
      : `${(bytes / 1048576).toFixed(1)} MB`

const isRunning = (t: DownloadTask) =>
  t.status === DOWNLOAD_STATUS.queued || t.status === DOWNLOAD_STATUS.running

/** 下载任务: the caller's background exports with their progress (refreshed every 2 s while any runs). */
export default function DownloadTaskPage() {
  const s = useStyles()
  const can = usePermissions()
  const lang = useLang()
  const [taskName, setTaskName] = useState('')
  const [filter, setFilter] = useState('')
  const [paging, setPaging] = useState({ current: 1, size: 10 })
  const [page, setPage] = useState<{ records: DownloadTask[]; total: number }>({ records: [], total: 0 })
  const [error, setError] = useState<string | null>(null)
  const [tick, setTick] = useState(0)
  const reload = useCallback(() => setTick((n) => n + 1), [])

  useEffect(() => {
    let live = true
    quietCall(downloadApi.page, {
      query: { current: paging.current, size: paging.size, ...(filter ? { taskName: filter } : {}) },
    })
      .then((p) => {
        if (!live) return
        setPage({ records: p.records, total: p.total })
        setError(null)
      })
      .catch((e) => live && setError(errorMessage(e)))
    return () => {
      live = false
    }
  }, [paging, filter, tick])

  const running = page.records.some(isRunning)
  useEffect(() => {
    if (!running) return
    const timer = setInterval(reload, REFRESH_MS)
    return () => clearInterval(timer)
  }, [running, reload])

  const download = async (t: DownloadTask) => {
    await saveFile(
      downloadApi.download,
      { params: { id: t.id } },
      t.fileName ?? `${t.taskName}.${t.fileExt ?? ''}`,
    )
    reload()
  }
  const remove = async (t: DownloadTask) => {
    const message = isRunning(t) ? '任务正在进行，删除将取消该任务，确定删除?' : '确定将选择数据删除?'
    if (!(await confirm(message))) return
    await call(downloadApi.remove, { query: { ids: t.id } })
    notify.success('删除成功')
    reload()
  }

  return (
    <section className={s.page} aria-label="下载任务">
      <div className={s.bar}>
        <Field label="任务名称">
          <Input value={taskName} onChange={(_, d) => setTaskName(d.value)} placeholder="请输入任务名称" />
        </Field>
        <Button
          appearance="primary"
          onClick={() => {
            setFilter(taskName.trim())
            setPaging((p) => ({ ...p, current: 1 }))
          }}
        >
          搜索
        </Button>
        <Button
          onClick={() => {
            setTaskName('')
            setFilter('')
          }}
        >
          清空
        </Button>
        <Button onClick={reload}>刷新</Button>
      </div>
      {error && <Text className={s.failed}>{error}</Text>}
      <Table aria-label="下载任务" size="small">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>任务名称</TableHeaderCell>
            <TableHeaderCell>创建人</TableHeaderCell>
            <TableHeaderCell>状态</TableHeaderCell>
            <TableHeaderCell>进度</TableHeaderCell>
            <TableHeaderCell>文件</TableHeaderCell>
            <TableHeaderCell>创建时间</TableHeaderCell>
            <TableHeaderCell>过期时间</TableHeaderCell>
            <TableHeaderCell>操作</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {page.records.length === 0 && (
            <TableRow>
              <TableCell colSpan={8}>暂无数据</TableCell>
            </TableRow>
          )}
          {page.records.map((t) => (
            <TableRow key={t.id} data-task={t.id}>
              <TableCell>{t.taskName}</TableCell>
              <TableCell>{t.userName ?? ''}</TableCell>
              <TableCell>
                <span
                  className={t.status === DOWNLOAD_STATUS.failed ? s.failed : undefined}
                  title={t.errorMsg ?? ''}
                >
                  {t.statusName}
                  {t.status === DOWNLOAD_STATUS.failed && t.errorMsg ? `：${t.errorMsg}` : ''}
                </span>
              </TableCell>
              <TableCell>
                <div className={s.progress}>
                  <ProgressBar
                    value={t.progress / 100}
                    color={
                      t.status === DOWNLOAD_STATUS.failed ? 'error' : t.status === 2 ? 'success' : 'brand'
                    }
                  />
                  <Text size={200}>
                    {t.progress}%{t.totalRows ? ` (${t.processedRows ?? 0}/${t.totalRows})` : ''}
                  </Text>
                </div>
              </TableCell>
              <TableCell>
                {t.fileName} {sizeText(t.fileSize)}
              </TableCell>
              <TableCell>{t.createTime}</TableCell>
              <TableCell>{t.expireTime ?? ''}</TableCell>
              <TableCell>
                {can('download_task_download') && t.status === DOWNLOAD_STATUS.done && (
                  <Button size="small" appearance="transparent" onClick={() => void download(t)}>
                    下载
                  </Button>
                )}
                {can('download_task_delete') && (
                  <Button size="small" appearance="transparent" onClick={() => void remove(t)}>
                    删除
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Pager
        lang={lang}
        current={paging.current}
        size={paging.size}
        total={page.total}
        onChange={(current, size) => setPaging({ current, size })}
      />
    </section>
  )
}
