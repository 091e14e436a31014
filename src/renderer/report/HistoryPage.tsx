import {
  Button,
  Tab,
  TabList,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components'
import { DocumentTextRegular, ArrowDownloadRegular } from '@fluentui/react-icons'
import { useEffect, useState } from 'react'
import { sjApi, taskApi, type ReportTask, type Summary } from '../../shared/api/report'
import { txtFileName } from '../../shared/resources/report/settings'
import { SUMMARY_FIGURES } from '../../shared/resources/report/summary'
import { REPORT_TABLES, tableTitle, type TableCode } from '../../shared/resources/report/tables'
import { usePermissions } from '../shell/permission'
import { call } from '../shell/request'
import { Pager } from '../resource/Pager'
import { usePageStyles, StatusBadge, saveFile, taskStatusName } from './common'

const useStyles = makeStyles({
  scroll: { overflowY: 'auto' },
  selected: { backgroundColor: tokens.colorNeutralBackground1Selected },
  title: { fontWeight: 600, marginTop: tokens.spacingVerticalL },
})

type HistoryTask = ReportTask & {
  counts: Partial<Record<TableCode, { colleges: number; approved: number; rows: number }>>
}

/**
 * 历史报表: the tasks of earlier years with per-table counts; a task's summary by college per table
 * (summary-select) and the re-export of that year's school-wide TXT or Excel.
 */
export default function HistoryPage() {
  const s = useStyles()
  const p = usePageStyles()
  const can = usePermissions()
  const [tasks, setTasks] = useState<HistoryTask[]>([])
  const [total, setTotal] = useState(0)
  const [paging, setPaging] = useState({ current: 1, size: 10 })
  const [task, setTask] = useState<HistoryTask | null>(null)
  const [table, setTable] = useState<TableCode>('sj1')
  const [summary, setSummary] = useState<Summary | null>(null)

  useEffect(() => {
    call(taskApi.historyreporttable, { query: { current: paging.current, size: paging.size } })
      .then((p) => {
        setTasks(p.records)
        setTotal(Number(p.total))
        setTask((t) => t ?? p.records[0] ?? null)
      })
      .catch(() => undefined)
  }, [paging])

  useEffect(() => {
    if (!task) return
    let live = true
    setSummary(null)
    call(sjApi[table].summarySelect, { query: { taskSerialNum: task.taskSerialNum } })
      .then((x) => live && setSummary(x))
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [task, table])

  const tables = task ? (task.tableCodes.split(',') as TableCode[]) : []
  const figures = SUMMARY_FIGURES[table]
  const scope = task ? { taskSerialNum: task.taskSerialNum } : {}
  return (
    <section className={mergeClasses(p.page, s.scroll)} aria-label="历史报表">
      <Table size="small" aria-label="历史报表任务">
        <TableHeader>
          <TableRow>
            <TableHeaderCell>任务名称</TableHeaderCell>
            <TableHeaderCell>学年</TableHeaderCell>
            <TableHeaderCell>状态</TableHeaderCell>
            {Object.values(REPORT_TABLES).map((t) => (
              <TableHeaderCell key={t.code}>{t.short} 已通过/学院</TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {tasks.map((t) => (
            <TableRow
              key={t.id}
              className={task?.id === t.id ? s.selected : undefined}
              onClick={() => setTask(t)}
              style={{ cursor: 'pointer' }}
            >
              <TableCell>{t.taskName}</TableCell>
              <TableCell>{t.academicYear}</TableCell>
              <TableCell>{taskStatusName(t.status)}</TableCell>
              {Object.values(REPORT_TABLES).map((d) => {
                const c = t.counts[d.code]
                return (
                  <TableCell key={d.code}>{c ? `${c.approved}/${c.colleges}（${c.rows}行）` : '—'}</TableCell>
                )
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Pager
        lang="zh"
        total={total}
        current={paging.current}
        size={paging.size}
        onChange={(current, size) => setPaging({ current, size })}
      />
      {task ? (
        <>
          <div className={s.title}>{task.taskName}</div>
          <TabList selectedValue={table} onTabSelect={(_, d) => setTable(d.value as TableCode)}>
            {tables.map((t) => (
              <Tab key={t} value={t}>
                {REPORT_TABLES[t].short}
              </Tab>
            ))}
          </TabList>
          <div className={p.toolbar} role="toolbar">
            {can('report_history_exporttxt') ? (
              <Button
                icon={<DocumentTextRegular />}
                onClick={() =>
                  void saveFile(
                    sjApi[table].exportTxt,
                    { query: scope },
                    txtFileName(task.settings, table, task.schoolCode),
                  )
                }
              >
                导出TXT
              </Button>
            ) : null}
            {can('report_history_exportexcel') ? (
              <Button
                icon={<ArrowDownloadRegular />}
                onClick={() =>
                  void saveFile(
                    sjApi[table].exportExcel,
                    { query: scope },
                    `${task.academicYear}${tableTitle(table)}.xlsx`,
                  )
                }
              >
                导出Excel
              </Button>
            ) : null}
          </div>
          <Table size="small" aria-label={`${REPORT_TABLES[table].short}汇总`}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>学院</TableHeaderCell>
                <TableHeaderCell>状态</TableHeaderCell>
                <TableHeaderCell>行数</TableHeaderCell>
                {figures.map((f) => (
                  <TableHeaderCell key={f.key}>{f.label}</TableHeaderCell>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {summary?.colleges.map((c) => (
                <TableRow key={c.collegeSerialNum}>
                  <TableCell>{c.collegeName}</TableCell>
                  <TableCell>
                    <StatusBadge status={c.status} />
                  </TableCell>
                  <TableCell>{c.rowCount}</TableCell>
                  {figures.map((f) => (
                    <TableCell key={f.key}>{String(c.figures[f.key] ?? '')}</TableCell>
                  ))}
                </TableRow>
              ))}
              {summary ? (
                <TableRow>
                  <TableCell>合计</TableCell>
                  <TableCell />
                  <TableCell />
                  {figures.map((f) => (
                    <TableCell key={f.key}>{String(summary.total[f.key] ?? '')}</TableCell>
                  ))}
                </TableRow>
              ) : null}
            </TableBody>
          </Table>
        </>
      ) : (
        <p>暂无历史报表</p>
      )}
    </section>
  )
}
