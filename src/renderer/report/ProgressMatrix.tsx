import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { taskApi, type ProgressMatrix as Matrix, type ReportTask } from '../../shared/api/report'
import { REPORT_TABLES } from '../../shared/resources/report/tables'
import { call } from '../shell/request'
import { StatusBadge } from './common'

const useStyles = makeStyles({
  cell: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'flex-start',
    gap: tokens.spacingVerticalXXS,
    minWidth: '88px',
  },
  small: { fontSize: tokens.fontSizeBase100, color: tokens.colorNeutralForeground3 },
  error: { fontSize: tokens.fontSizeBase100, color: tokens.colorPaletteRedForeground1 },
})

/** 查看: the task's progress, college × table; a cell opens that table's screen for the college. */
export function ProgressMatrix({ task, onClose }: { task: ReportTask; onClose: () => void }) {
  const s = useStyles()
  const navigate = useNavigate()
  const [matrix, setMatrix] = useState<Matrix | null>(null)
  useEffect(() => {
    call(taskApi.reporttable, { query: { taskSerialNum: task.taskSerialNum } })
      .then(setMatrix)
      .catch(() => undefined)
  }, [task.taskSerialNum])

  const openCell = (table: string, college: string) => {
    onClose()
    navigate(`/report/${table}?taskSerialNum=${task.taskSerialNum}&collegeSerialNum=${college}`)
  }

  return (
    <Dialog open modalType="modal" onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface style={{ width: 1100, maxWidth: 'calc(100vw - 48px)' }}>
        <DialogBody>
          <DialogTitle>填报进度 · {task.taskName}</DialogTitle>
          <DialogContent>
            {matrix ? (
              <Table size="small" aria-label="填报进度">
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell>学院</TableHeaderCell>
                    {matrix.tables.map((t) => (
                      <TableHeaderCell key={t}>{REPORT_TABLES[t].short}</TableHeaderCell>
                    ))}
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {matrix.colleges.map((c) => (
                    <TableRow key={c.collegeSerialNum}>
                      <TableCell>{c.collegeName}</TableCell>
                      {matrix.tables.map((t) => {
                        const cell = c.cells[t]
                        return (
                          <TableCell key={t}>
                            {cell ? (
                              <Button
                                appearance="transparent"
                                aria-label={`${c.collegeName} ${REPORT_TABLES[t].short}`}
                                onClick={() => openCell(t, c.collegeSerialNum)}
                              >
                                <span className={s.cell}>
                                  <StatusBadge status={cell.status} />
                                  <span className={s.small}>{cell.rowCount}行</span>
                                  {cell.checkErrors ? (
                                    <span className={s.error}>错误{cell.checkErrors}</span>
                                  ) : null}
                                </span>
                              </Button>
                            ) : (
                              '—'
                            )}
                          </TableCell>
                        )
                      })}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            ) : (
              '加载中…'
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>关闭</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}
