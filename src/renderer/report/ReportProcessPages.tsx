import { Button, Field, Textarea, makeStyles, tokens } from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { useParams } from 'react-router-dom'
import { sjApi, type AuditData } from '../../shared/api/report'
import { TABLE_CODES, type TableCode } from '../../shared/resources/report/tables'
import { HistoryTimeline } from '../flow/HistoryTimeline'
import { ProcessCard, ProcessLayout } from '../flow/ProcessLayout'
import { useLeavePage } from '../flow/useLeavePage'
import { notify } from '../shell/notify'
import { call, quietCall } from '../shell/request'
import { AuditPanelBody } from './AuditDrawer'

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, maxWidth: '640px' },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS },
})

/**
 * The submission behind a 待办事务 row of flow type `report`. The route carries the submission id but
 * not its table, and each table's get-audit-data answers only its own submissions, so the tables are
 * asked in turn (at most seven quiet calls, once per page).
 */
function useAuditData(submissionId: string) {
  const [found, setFound] = useState<{ table: TableCode; data: AuditData } | null>(null)
  const [missing, setMissing] = useState(false)
  useEffect(() => {
    let live = true
    void (async () => {
      for (const table of TABLE_CODES) {
        const data = await quietCall(sjApi[table].getAuditData, { query: { submissionId } }).catch(() => null)
        if (data) {
          if (live) setFound({ table, data })
          return
        }
      }
      if (live) setMissing(true)
    })()
    return () => {
      live = false
    }
  }, [submissionId])
  return { found, missing }
}

function Submission({ submissionId }: { submissionId: string }) {
  const { found, missing } = useAuditData(submissionId)
  if (missing) return <>数据不存在或无权访问</>
  return found ? <AuditPanelBody data={found.data} table={found.table} /> : <>加载中…</>
}

/** 报表审核 办理 from 待办事务: the submission, then 通过 / 退回 with 审批意见 (the report's own rules). */
export function ReportHandlePage() {
  const s = useStyles()
  const { taskId = '', processInstanceId = '', businessId = '' } = useParams()
  const { found } = useAuditData(businessId)
  const leave = useLeavePage()
  const [comment, setComment] = useState('')
  const [busy, setBusy] = useState(false)
  const complete = async (pass: boolean) => {
    if (!found) return
    setBusy(true)
    try {
      await call(sjApi[found.table].completeTask, { body: { taskId, processInstanceId, pass, comment } })
      notify.success(pass ? '审核通过' : '已退回')
      leave('/work/todo')
    } catch {
      // e.g. 请填写退回原因: toasted
    } finally {
      setBusy(false)
    }
  }
  return (
    <ProcessLayout>
      <ProcessCard title="报表">
        <Submission submissionId={businessId} />
      </ProcessCard>
      <ProcessCard title="审批">
        <div className={s.panel}>
          <Field label="审批意见">
            <Textarea value={comment} maxLength={1000} onChange={(_, d) => setComment(d.value)} />
          </Field>
          <div className={s.buttons}>
            <Button appearance="primary" disabled={busy || !found} onClick={() => void complete(true)}>
              通过
            </Button>
            <Button disabled={busy || !found} onClick={() => void complete(false)}>
              退回
            </Button>
          </div>
        </div>
      </ProcessCard>
      <ProcessCard title="审批记录">
        <HistoryTimeline processInstanceId={processInstanceId} />
      </ProcessCard>
    </ProcessLayout>
  )
}

/** 报表审核 详情. */
export function ReportDetailPage() {
  const { processInstanceId = '', businessId = '' } = useParams()
  return (
    <ProcessLayout>
      <ProcessCard title="报表">
        <Submission submissionId={businessId} />
      </ProcessCard>
      <ProcessCard title="审批记录">
        <HistoryTimeline processInstanceId={processInstanceId} />
      </ProcessCard>
    </ProcessLayout>
  )
}
