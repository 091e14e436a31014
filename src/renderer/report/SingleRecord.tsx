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
import { EditRegular } from '@fluentui/react-icons'
import { useEffect, useState } from 'react'
import { sjApi, type ReportRecord } from '../../shared/api/report'
import { REPORT_TABLES, type TableCode } from '../../shared/resources/report/tables'
import { useLanguage } from '../i18n'
import { FormDialog } from '../resource/FormDialog'
import { notify } from '../shell/notify'
import { usePermissions } from '../shell/permission'
import { call } from '../shell/request'
import { rowGridDef } from './rows'
import type { ReportScope } from './useReportScope'

const useStyles = makeStyles({
  wrap: { padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`, overflowY: 'auto', flex: 1 },
  differ: { color: tokens.colorPaletteDarkOrangeForeground1, fontWeight: 600 },
  messages: { color: tokens.colorPaletteRedForeground1, margin: `${tokens.spacingVerticalS} 0` },
})

const same = (a: unknown, b: unknown) =>
  a === b || (a !== null && b !== null && a !== undefined && b !== undefined && Number(a) === Number(b))

/**
 * SJ2 / SJ7: the college's one record as a form, each entered value beside the value SJ1 / SJ6 (and
 * last year's approved SJ2) imply; a differing value is highlighted. 填写 / 修改 opens the form.
 */
export function SingleRecord({
  table,
  scope,
  reloadSignal,
  onSaved,
}: {
  table: TableCode
  scope: ReportScope
  reloadSignal: number
  onSaved: () => void
}) {
  const s = useStyles()
  const lang = useLanguage((x) => x.language)
  const can = usePermissions()
  const [record, setRecord] = useState<ReportRecord | null>(null)
  const [implied, setImplied] = useState<Record<string, string | number | null>>({})
  const [editing, setEditing] = useState(false)
  const college = scope.collegeSerialNum
  const source = table === 'sj2' ? 'SJ1' : 'SJ6'

  useEffect(() => {
    if (!college || !scope.taskSerialNum) return
    let live = true
    call(sjApi[table].getApplyData, {
      query: { taskSerialNum: scope.taskSerialNum, collegeSerialNum: college, current: 1, size: 1 },
    })
      .then((d) => {
        if (!live) return
        setRecord(d.records[0] ?? null)
        setImplied(d.implied ?? {})
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [table, college, scope.taskSerialNum, reloadSignal])

  if (!college) return <div className={s.wrap}>请选择学院查看{REPORT_TABLES[table].short}记录</div>
  const fields = REPORT_TABLES[table].fields.filter((f) => f.name !== 'schoolCode')
  const mayWrite = can(`report_${table}_${record ? 'edit' : 'add'}`)
  return (
    <div className={s.wrap}>
      {mayWrite ? (
        <Button icon={<EditRegular />} onClick={() => setEditing(true)}>
          {record ? '修改' : '填写'}
        </Button>
      ) : null}
      {record?.checkMessages.length ? (
        <div className={s.messages} aria-label="校验问题">
          {record.checkMessages.join('；')}
        </div>
      ) : null}
      <Table size="small" aria-label={`${REPORT_TABLES[table].short}记录`}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>字段</TableHeaderCell>
            <TableHeaderCell>填报值</TableHeaderCell>
            <TableHeaderCell>由{source}推算</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {fields.map((f) => {
            const value = record?.[f.name] ?? null
            const hint = implied[f.name] ?? null
            return (
              <TableRow key={f.name}>
                <TableCell>{f.label}</TableCell>
                <TableCell className={record && hint !== null && !same(value, hint) ? s.differ : undefined}>
                  {value === null ? '' : String(value)}
                </TableCell>
                <TableCell>{hint === null ? '' : String(hint)}</TableCell>
              </TableRow>
            )
          })}
        </TableBody>
      </Table>
      {editing ? (
        <FormDialog
          def={rowGridDef(table)}
          lang={lang}
          mode={record ? 'edit' : 'add'}
          row={record ?? undefined}
          preset={record ? undefined : implied}
          extraBody={scope.query}
          onClose={() => setEditing(false)}
          onSaved={(mode) => {
            notify.success(mode === 'add' ? '新增成功' : '修改成功')
            setEditing(false)
            onSaved()
          }}
        />
      ) : null}
    </div>
  )
}
