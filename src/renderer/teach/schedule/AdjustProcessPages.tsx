import { Button } from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { adjustApi, type AdjustView } from '../../../shared/api/schedule'
import { quietCall } from '../../shell/request'
import { ApprovalPanel } from '../../flow/ApprovalPanel'
import { HistoryTimeline } from '../../flow/HistoryTimeline'
import { ProcessCard, ProcessLayout } from '../../flow/ProcessLayout'
import { AdjustFacts, FreshCheck } from './AdjustPages'
import { useLang } from './common'
import { TX } from './texts'

function useAdjustment(id: string) {
  const [row, setRow] = useState<AdjustView | null>(null)
  useEffect(() => {
    if (id)
      quietCall(adjustApi.detail, { query: { id } })
        .then(setRow)
        .catch(() => setRow(null))
  }, [id])
  return row
}

/** `/work/process/teachadjust/handle/...`: the request (before/after, a fresh check) and 同意 / 驳回. */
export function AdjustHandlePage() {
  const { taskId = '', processInstanceId = '', businessId = '' } = useParams()
  const lang = useLang()
  const row = useAdjustment(businessId)
  return (
    <ProcessLayout>
      <ProcessCard title={TX.adjust[lang]}>
        {row ? (
          <>
            <AdjustFacts row={row} lang={lang} />
            <FreshCheck row={row} lang={lang} />
          </>
        ) : null}
      </ProcessCard>
      <ProcessCard title={TX.audit[lang]}>
        <ApprovalPanel taskId={taskId} processInstanceId={processInstanceId} />
      </ProcessCard>
      <ProcessCard title={TX.history[lang]}>
        <HistoryTimeline processInstanceId={processInstanceId} />
      </ProcessCard>
    </ProcessLayout>
  )
}

/** `/work/process/teachadjust/detail/...`: the request, what it changed and the history. */
export function AdjustDetailPage() {
  const { processInstanceId = '', businessId = '' } = useParams()
  const lang = useLang()
  const navigate = useNavigate()
  const row = useAdjustment(businessId)
  return (
    <ProcessLayout>
      <ProcessCard title={TX.adjust[lang]}>{row ? <AdjustFacts row={row} lang={lang} /> : null}</ProcessCard>
      <ProcessCard title={TX.history[lang]}>
        <HistoryTimeline processInstanceId={processInstanceId} />
      </ProcessCard>
      <div>
        <Button onClick={() => navigate(-1)}>{TX.back[lang]}</Button>
      </div>
    </ProcessLayout>
  )
}
