import {
  Button,
  DrawerBody,
  DrawerFooter,
  DrawerHeader,
  DrawerHeaderTitle,
  Field,
  OverlayDrawer,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { DismissRegular } from '@fluentui/react-icons'
import { useEffect, useState } from 'react'
import { sjApi, type AuditData } from '../../shared/api/report'
import { SUMMARY_FIGURES } from '../../shared/resources/report/summary'
import { REPORT_TABLES, type TableCode } from '../../shared/resources/report/tables'
import { notify } from '../shell/notify'
import { call } from '../shell/request'
import { findingText } from './CheckDrawer'
import { StatusBadge } from './common'

const useStyles = makeStyles({
  section: { marginBottom: tokens.spacingVerticalL },
  title: { fontWeight: 600, marginBottom: tokens.spacingVerticalXS },
  figures: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL },
  finding: { fontSize: tokens.fontSizeBase200 },
  rows: { overflowX: 'auto' },
  footer: { display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: tokens.spacingVerticalS },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS },
})

/** The audit panel of one submission (报表审核 and the 待办事务 pages): what was submitted, and 通过 / 退回. */
export function AuditPanelBody({ data, table }: { data: AuditData; table: TableCode }) {
  const s = useStyles()
  const fields = REPORT_TABLES[table].fields.slice(1, 7)
  return (
    <>
      <div className={s.section} aria-label="提交概况">
        <div className={s.title}>
          {data.submission.collegeName} · {REPORT_TABLES[table].short}{' '}
          <StatusBadge status={data.submission.status} />
        </div>
        <div className={s.figures}>
          {SUMMARY_FIGURES[table].map((f) => (
            <span key={f.key}>
              {f.label}：{String(data.summary[f.key] ?? '')}
            </span>
          ))}
        </div>
        {data.submission.remark ? <div>填报说明：{data.submission.remark}</div> : null}
      </div>
      <div className={s.section} aria-label="校验结果">
        <div className={s.title}>
          校验结果：
          {data.check
            ? `错误${data.check.errors}，警告${data.check.warnings}，提示${data.check.infos}`
            : '未校验'}
        </div>
        {data.check?.items.slice(0, 50).map((i, n) => (
          <div key={n} className={s.finding}>
            {i.ruleId} {findingText(i)}
          </div>
        ))}
      </div>
      <div className={`${s.section} ${s.rows}`} aria-label="数据">
        <div className={s.title}>数据（共{data.rows.total}行）</div>
        <Table size="small">
          <TableHeader>
            <TableRow>
              <TableHeaderCell>行号</TableHeaderCell>
              {fields.map((f) => (
                <TableHeaderCell key={f.name}>{f.label}</TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {data.rows.records.map((r) => (
              <TableRow key={r.id}>
                <TableCell>{r.rowNo}</TableCell>
                {fields.map((f) => (
                  <TableCell key={f.name}>{String(r[f.name] ?? '')}</TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <div className={s.section} aria-label="审批历史">
        <div className={s.title}>审批历史</div>
        {data.comments.map((c) => (
          <div key={c.taskId} className={s.finding}>
            {c.time} {c.name} {c.person ?? ''} {c.pass === null ? '' : c.pass ? '通过' : '退回'}{' '}
            {c.comment ?? ''}
          </div>
        ))}
      </div>
    </>
  )
}

/** 审核 drawer: get-audit-data, then complete-task with 通过 / 退回 and 审批意见. */
export function AuditDrawer({
  table,
  submissionId,
  onClose,
  onDone,
}: {
  table: TableCode
  submissionId: string
  onClose: () => void
  onDone: () => void
}) {
  const s = useStyles()
  const [data, setData] = useState<AuditData | null>(null)
  const [comment, setComment] = useState('')
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    call(sjApi[table].getAuditData, { query: { submissionId } })
      .then(setData)
      .catch(() => undefined)
  }, [table, submissionId])

  async function complete(pass: boolean) {
    if (!data?.flowTaskId) return
    setBusy(true)
    try {
      await call(sjApi[table].completeTask, {
        body: {
          taskId: data.flowTaskId,
          processInstanceId: data.submission.processInstanceId ?? undefined,
          pass,
          comment,
        },
      })
      notify.success(pass ? '审核通过' : '已退回')
      onDone()
    } catch {
      // e.g. 请填写退回原因: toasted
    } finally {
      setBusy(false)
    }
  }

  return (
    <OverlayDrawer open position="end" size="large" onOpenChange={(_, d) => !d.open && onClose()}>
      <DrawerHeader>
        <DrawerHeaderTitle
          action={
            <Button appearance="subtle" aria-label="关闭" icon={<DismissRegular />} onClick={onClose} />
          }
        >
          审核{REPORT_TABLES[table].short}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>{data ? <AuditPanelBody data={data} table={table} /> : '加载中…'}</DrawerBody>
      {data?.flowTaskId ? (
        <DrawerFooter className={s.footer}>
          <Field label="审批意见">
            <Textarea value={comment} maxLength={1000} onChange={(_, d) => setComment(d.value)} />
          </Field>
          <div className={s.buttons}>
            <Button appearance="primary" disabled={busy} onClick={() => void complete(true)}>
              通过
            </Button>
            <Button disabled={busy} onClick={() => void complete(false)}>
              退回
            </Button>
          </div>
        </DrawerFooter>
      ) : null}
    </OverlayDrawer>
  )
}
