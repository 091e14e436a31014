import { Badge, Button, Spinner } from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
import { useT } from '../../i18n'
import { ApprovalPanel } from '../ApprovalPanel'
import { HistoryTimeline } from '../HistoryTimeline'
import { Facts, ProcessCard, ProcessLayout } from '../ProcessLayout'
import { useLeavePage } from '../useLeavePage'
import { LEAVE_RETURNED, LEAVE_STATUS_TEXT, leaveApi, leaveDays, type LeaveRecord } from './leaveApi'
import { LeaveForm } from './LeaveForm'

/** 请假流程 pages: form (apply), handle (approve / reject, or edit and re-submit), detail. */

function useLeave(businessId: string) {
  const [record, setRecord] = useState<LeaveRecord | null | undefined>(undefined)
  useEffect(() => {
    let live = true
    leaveApi
      .detail(businessId)
      .then((r) => live && setRecord(r))
      .catch(() => live && setRecord(null))
    return () => {
      live = false
    }
  }, [businessId])
  return record
}

function LeaveFacts({ record }: { record: LeaveRecord }) {
  const days = leaveDays(record.startTime.replace(' ', 'T'), record.endTime.replace(' ', 'T'))
  const t = useT()
  return (
    <Facts
      rows={[
        [t('flow.startUser'), record.flow?.startUser ?? ''],
        [t('flow.applyTime'), record.applyTime],
        [t('flow.leave.startTime'), record.startTime],
        [t('flow.leave.endTime'), record.endTime],
        [
          t('flow.leave.days'),
          days === null ? '' : t('flow.leave.daysValue').replace('{days}', String(days)),
        ],
        [t('flow.leave.reason'), record.reason],
        [
          t('flow.leave.status'),
          <Badge key="s">{LEAVE_STATUS_TEXT[record.flowStatus] ?? record.flowStatus}</Badge>,
        ],
      ]}
    />
  )
}

export function LeaveFormPage() {
  const { processDefinitionId = '' } = useParams()
  const navigate = useNavigate()
  const t = useT()
  const leave = useLeavePage()
  return (
    <ProcessLayout>
      <ProcessCard title={t('flow.leave.apply')}>
        <LeaveForm
          processDefinitionId={processDefinitionId}
          onDone={() => leave('/work/send')}
          onCancel={() => navigate(-1)}
        />
      </ProcessCard>
    </ProcessLayout>
  )
}

export function LeaveHandlePage() {
  const { taskId = '', processInstanceId = '', businessId = '' } = useParams()
  const navigate = useNavigate()
  const t = useT()
  const leave = useLeavePage()
  const record = useLeave(businessId)
  if (record === undefined) return <Spinner style={{ marginTop: 40 }} />
  return (
    <ProcessLayout>
      {record && record.flowStatus === LEAVE_RETURNED ? (
        <ProcessCard title={t('flow.leave.adjust')}>
          <LeaveForm record={record} onDone={() => leave('/work/todo')} onCancel={() => navigate(-1)} />
        </ProcessCard>
      ) : (
        <>
          <ProcessCard title={t('flow.leave.info')}>
            {record ? <LeaveFacts record={record} /> : t('flow.leave.missing')}
          </ProcessCard>
          <ProcessCard title={t('flow.approval')}>
            <ApprovalPanel taskId={taskId} processInstanceId={processInstanceId} />
          </ProcessCard>
        </>
      )}
      <ProcessCard title={t('flow.history')}>
        <HistoryTimeline processInstanceId={processInstanceId} />
      </ProcessCard>
    </ProcessLayout>
  )
}

export function LeaveDetailPage() {
  const { processInstanceId = '', businessId = '' } = useParams()
  const navigate = useNavigate()
  const t = useT()
  const record = useLeave(businessId)
  if (record === undefined) return <Spinner style={{ marginTop: 40 }} />
  return (
    <ProcessLayout>
      <ProcessCard title={t('flow.leave.info')}>
        {record ? <LeaveFacts record={record} /> : t('flow.leave.missing')}
      </ProcessCard>
      <ProcessCard title={t('flow.history')}>
        <HistoryTimeline processInstanceId={processInstanceId} />
      </ProcessCard>
      <div>
        <Button onClick={() => navigate(-1)}>{t('flow.back')}</Button>
      </div>
    </ProcessLayout>
  )
}
