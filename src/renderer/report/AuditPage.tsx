import {
  Badge,
  Button,
  Dropdown,
  Option,
  Tab,
  TabList,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
} from '@fluentui/react-components'
import { useCallback, useEffect, useState } from 'react'
import { sjApi, taskApi, type AuditCounts, type AuditRow } from '../../shared/api/report'
import { REPORT_TABLES, TABLE_CODES, type TableCode } from '../../shared/resources/report/tables'
import { usePermissions } from '../shell/permission'
import { call, quietCall } from '../shell/request'
import { Pager } from '../resource/Pager'
import { AuditDrawer } from './AuditDrawer'
import { usePageStyles, StatusBadge } from './common'

type Status = 'todo' | 'done' | 'all'
const STATUS_NAMES: Record<Status, string> = { todo: '待我审核', done: '我已审核', all: '全部' }

/**
 * 报表审核: one tab per table with its pending count; the submissions of that table (待我审核 / 我已
 * 审核 / 全部); 审核 opens the drawer (summary, check findings, rows, history, 通过 / 退回).
 */
export default function AuditPage() {
  const p = usePageStyles()
  const can = usePermissions()
  const [counts, setCounts] = useState<AuditCounts[]>([])
  const [table, setTable] = useState<TableCode>('sj1')
  const [status, setStatus] = useState<Status>('todo')
  const [rows, setRows] = useState<AuditRow[]>([])
  const [total, setTotal] = useState(0)
  const [paging, setPaging] = useState({ current: 1, size: 10 })
  const [open, setOpen] = useState<AuditRow | null>(null)
  const [tick, setTick] = useState(0)
  const reload = useCallback(() => setTick((n) => n + 1), [])

  useEffect(() => {
    quietCall(taskApi.reportAudit, { query: {} })
      .then(setCounts)
      .catch(() => setCounts([]))
  }, [tick])

  useEffect(() => {
    let live = true
    call(sjApi[table].auditPage, {
      query: { auditStatus: status, current: paging.current, size: paging.size },
    })
      .then((p) => {
        if (!live) return
        setRows(p.records)
        setTotal(Number(p.total))
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [table, status, paging, tick])

  const tables = counts.length ? counts.map((c) => c.tableCode) : [...TABLE_CODES]
  return (
    <section className={p.page} aria-label="报表审核">
      <TabList
        selectedValue={table}
        onTabSelect={(_, d) => {
          setTable(d.value as TableCode)
          setPaging((p) => ({ ...p, current: 1 }))
        }}
      >
        {tables.map((t) => {
          const todo = counts.find((c) => c.tableCode === t)?.todo ?? 0
          return (
            <Tab key={t} value={t} aria-label={`${REPORT_TABLES[t].short} 待审核${todo}`}>
              {REPORT_TABLES[t].short}{' '}
              {todo ? (
                <Badge size="small" color="danger">
                  {todo}
                </Badge>
              ) : null}
            </Tab>
          )
        })}
      </TabList>
      <div className={p.toolbar}>
        <Dropdown
          aria-label="审核状态"
          value={STATUS_NAMES[status]}
          selectedOptions={[status]}
          onOptionSelect={(_, d) => {
            setStatus((d.optionValue ?? 'todo') as Status)
            setPaging((p) => ({ ...p, current: 1 }))
          }}
        >
          {(Object.keys(STATUS_NAMES) as Status[]).map((k) => (
            <Option key={k} value={k}>
              {STATUS_NAMES[k]}
            </Option>
          ))}
        </Dropdown>
        <span>{REPORT_TABLES[table].title}</span>
      </div>
      <div className={p.grid}>
        <Table size="small" aria-label="审核列表">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>报表任务</TableHeaderCell>
              <TableHeaderCell>学院</TableHeaderCell>
              <TableHeaderCell>行数</TableHeaderCell>
              <TableHeaderCell>状态</TableHeaderCell>
              <TableHeaderCell>提交人</TableHeaderCell>
              <TableHeaderCell>提交时间</TableHeaderCell>
              <TableHeaderCell>当前环节</TableHeaderCell>
              <TableHeaderCell>操作</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id}>
                <TableCell>{r.taskName}</TableCell>
                <TableCell>{r.collegeName}</TableCell>
                <TableCell>{r.rowCount}</TableCell>
                <TableCell>
                  <StatusBadge status={r.status} />
                </TableCell>
                <TableCell>{r.submitUserName ?? ''}</TableCell>
                <TableCell>{r.submitTime ?? ''}</TableCell>
                <TableCell>{r.flowTaskName ?? ''}</TableCell>
                <TableCell>
                  {r.flowTaskId && can('report_audit_audit') ? (
                    <Button size="small" appearance="transparent" onClick={() => setOpen(r)}>
                      审核
                    </Button>
                  ) : can('report_audit_view') ? (
                    <Button size="small" appearance="transparent" onClick={() => setOpen(r)}>
                      查看
                    </Button>
                  ) : null}
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
      {open ? (
        <AuditDrawer
          table={table}
          submissionId={open.id}
          onClose={() => setOpen(null)}
          onDone={() => {
            setOpen(null)
            reload()
          }}
        />
      ) : null}
    </section>
  )
}
