import { Badge, Button, Spinner } from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { useNavigate, useParams } from 'react-router-dom'
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
  return (
    <Facts
      rows={[
        ['申请人', record.flow?.startUser ?? ''],
        ['申请时间', record.applyTime],
        ['开始时间', record.startTime],
        ['结束时间', record.endTime],
        ['请假天数', days === null ? '' : `${days} 天`],
        ['请假理由', record.reason],
        ['审批状态', <Badge key="s">{LEAVE_STATUS_TEXT[record.flowStatus] ?? record.flowStatus}</Badge>],
      ]}
    />
  )
}

export function LeaveFormPage() {
  const { processDefinitionId = '' } = useParams()
  const navigate = useNavigate()
  const leave = useLeavePage()
  return (
    <ProcessLayout>
      <ProcessCard title="请假申请">
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
  const leave = useLeavePage()
  const record = useLeave(businessId)
  if (record === undefined) return <Spinner style={{ marginTop: 40 }} />
  return (
    <ProcessLayout>
      {record && record.flowStatus === LEAVE_RETURNED ? (
        <ProcessCard title="调整申请">
          <LeaveForm record={record} onDone={() => leave('/work/todo')} onCancel={() => navigate(-1)} />
        </ProcessCard>
      ) : (
        <>
          <ProcessCard title="请假信息">
            {record ? <LeaveFacts record={record} /> : '请假单不存在'}
          </ProcessCard>
          <ProcessCard title="审批">
            <ApprovalPanel taskId={taskId} processInstanceId={processInstanceId} />
          </ProcessCard>
        </>
      )}
      <ProcessCard title="流转记录">
        <HistoryTimeline processInstanceId={processInstanceId} />
      </ProcessCard>
    </ProcessLayout>
  )
}

export function LeaveDetailPage() {
  const { processInstanceId = '', businessId = '' } = useParams()
  const navigate = useNavigate()
  const record = useLeave(businessId)
  if (record === undefined) return <Spinner style={{ marginTop: 40 }} />
  return (
    <ProcessLayout>
      <ProcessCard title="请假信息">{record ? <LeaveFacts record={record} /> : '请假单不存在'}</ProcessCard>
      <ProcessCard title="流转记录">
        <HistoryTimeline processInstanceId={processInstanceId} />
      </ProcessCard>
      <div>
        <Button onClick={() => navigate(-1)}>返回</Button>
      </div>
    </ProcessLayout>
  )
}
