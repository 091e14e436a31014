import {
  Button,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { AddRegular, ArrowClockwiseRegular, ArrowUploadRegular } from '@fluentui/react-icons'
import { useCallback, useEffect, useState } from 'react'
import { taskApi, type ReportTask } from '../../shared/api/report'
import { REPORT_SCHOOL_TYPE } from '../../shared/resources/report/codes'
import { confirm } from '../shell/confirm'
import { notify } from '../shell/notify'
import { usePermissions } from '../shell/permission'
import { call } from '../shell/request'
import { Pager } from '../resource/Pager'
import { AssetClassImportDialog } from './AssetClassImportDialog'
import { taskStatusName, usePageStyles } from './common'
import { ProgressMatrix } from './ProgressMatrix'
import { TaskDialog } from './TaskDialog'

const useStyles = makeStyles({
  spacer: { flex: 1 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
})

type Open =
  | { kind: 'edit'; task: ReportTask | null }
  | { kind: 'matrix'; task: ReportTask }
  | { kind: 'assetclass' }
  | null

const schoolTypeName = (v: number) => REPORT_SCHOOL_TYPE.items.find(([k]) => k === String(v))?.[1] ?? ''

/**
 * 报表任务: one task per 学年 (新增 / 修改 with the tabs 基本信息 and 口径与格式, 删除 while a draft),
 * 下发 to the colleges, and 查看 = the progress matrix college × table.
 */
export default function TaskPage() {
  const s = useStyles()
  const p = usePageStyles()
  const can = usePermissions()
  const [rows, setRows] = useState<ReportTask[]>([])
  const [total, setTotal] = useState(0)
  const [paging, setPaging] = useState({ current: 1, size: 10 })
  const [open, setOpen] = useState<Open>(null)
  const [tick, setTick] = useState(0)
  const reload = useCallback(() => setTick((n) => n + 1), [])

  useEffect(() => {
    let live = true
    call(taskApi.page, { query: { current: paging.current, size: paging.size } })
      .then((p) => {
        if (!live) return
        setRows(p.records)
        setTotal(Number(p.total))
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [paging, tick])

  async function issue(task: ReportTask) {
    if (!(await confirm(`确定下发“${task.taskName}”？下发后各学院即可填报。`))) return
    try {
      const r = await call(taskApi.submit, { body: { id: task.id } })
      notify.success(`下发成功，共生成${r.submissions}个填报项`)
      reload()
    } catch {
      // toasted
    }
  }

  async function remove(task: ReportTask) {
    if (!(await confirm(`确定删除“${task.taskName}”？`))) return
    try {
      await call(taskApi.remove, { query: { ids: task.id } })
      notify.success('删除成功')
      reload()
    } catch {
      // toasted
    }
  }

  return (
    <section className={p.page} aria-label="报表任务">
      <div className={p.toolbar} role="toolbar">
        {can('report_task_add') ? (
          <Button
            appearance="primary"
            icon={<AddRegular />}
            onClick={() => setOpen({ kind: 'edit', task: null })}
          >
            新增
          </Button>
        ) : null}
        {can('report_task_assetclass') ? (
          <Button icon={<ArrowUploadRegular />} onClick={() => setOpen({ kind: 'assetclass' })}>
            导入分类编码
          </Button>
        ) : null}
        <span className={s.spacer} />
        <Button
          appearance="subtle"
          icon={<ArrowClockwiseRegular />}
          aria-label="刷新"
          title="刷新"
          onClick={reload}
        />
      </div>
      <div className={p.grid}>
        <Table size="small" aria-label="报表任务列表">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>任务编号</TableHeaderCell>
              <TableHeaderCell>任务名称</TableHeaderCell>
              <TableHeaderCell>学年</TableHeaderCell>
              <TableHeaderCell>学校代码</TableHeaderCell>
              <TableHeaderCell>统计截止年月</TableHeaderCell>
              <TableHeaderCell>学校类型</TableHeaderCell>
              <TableHeaderCell>填报截止日期</TableHeaderCell>
              <TableHeaderCell>状态</TableHeaderCell>
              <TableHeaderCell>操作</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((t) => (
              <TableRow key={t.id}>
                <TableCell>{t.taskSerialNum}</TableCell>
                <TableCell>{t.taskName}</TableCell>
                <TableCell>{t.academicYear}</TableCell>
                <TableCell>{t.schoolCode}</TableCell>
                <TableCell>{t.statEndMonth}</TableCell>
                <TableCell>{schoolTypeName(t.schoolType)}</TableCell>
                <TableCell>{t.deadline ?? ''}</TableCell>
                <TableCell>{taskStatusName(t.status)}</TableCell>
                <TableCell>
                  <span className={s.actions}>
                    {can('report_task_view') && t.status > 0 ? (
                      <Button
                        size="small"
                        appearance="transparent"
                        onClick={() => setOpen({ kind: 'matrix', task: t })}
                      >
                        查看
                      </Button>
                    ) : null}
                    {can('report_task_edit') ? (
                      <Button
                        size="small"
                        appearance="transparent"
                        onClick={() => setOpen({ kind: 'edit', task: t })}
                      >
                        修改
                      </Button>
                    ) : null}
                    {can('report_task_submit') && t.status === 0 ? (
                      <Button size="small" appearance="transparent" onClick={() => void issue(t)}>
                        下发
                      </Button>
                    ) : null}
                    {can('report_task_delete') && t.status === 0 ? (
                      <Button size="small" appearance="transparent" onClick={() => void remove(t)}>
                        删除
                      </Button>
                    ) : null}
                  </span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {!rows.length ? <p>暂无数据</p> : null}
      </div>
      <Pager
        lang="zh"
        total={total}
        current={paging.current}
        size={paging.size}
        onChange={(current, size) => setPaging({ current, size })}
      />
      {open?.kind === 'edit' ? (
        <TaskDialog
          task={open.task}
          onClose={() => setOpen(null)}
          onSaved={() => {
            setOpen(null)
            reload()
          }}
        />
      ) : null}
      {open?.kind === 'matrix' ? <ProgressMatrix task={open.task} onClose={() => setOpen(null)} /> : null}
      {open?.kind === 'assetclass' ? <AssetClassImportDialog onClose={() => setOpen(null)} /> : null}
    </section>
  )
}
