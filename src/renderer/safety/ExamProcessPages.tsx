import { useParams } from 'react-router-dom'
import { ApprovalPanel } from '../flow/ApprovalPanel'
import { HistoryTimeline } from '../flow/HistoryTimeline'
import { ProcessCard, ProcessLayout } from '../flow/ProcessLayout'
import { PlanFacts } from './PlanFacts'

/** 考试计划审核 办理: the plan (paper, window, candidate counts), 同意 / 驳回, the history. */
export function ExamHandlePage() {
  const { taskId = '', processInstanceId = '', businessId = '' } = useParams()
  return (
    <ProcessLayout>
      <ProcessCard title="考试计划">
        <PlanFacts id={businessId} />
      </ProcessCard>
      <ProcessCard title="审批">
        <ApprovalPanel taskId={taskId} processInstanceId={processInstanceId} />
      </ProcessCard>
      <ProcessCard title="审批记录">
        <HistoryTimeline processInstanceId={processInstanceId} />
      </ProcessCard>
    </ProcessLayout>
  )
}

/** 考试计划审核 详情. */
export function ExamDetailPage() {
  const { processInstanceId = '', businessId = '' } = useParams()
  return (
    <ProcessLayout>
      <ProcessCard title="考试计划">
        <PlanFacts id={businessId} />
      </ProcessCard>
      <ProcessCard title="审批记录">
        <HistoryTimeline processInstanceId={processInstanceId} />
      </ProcessCard>
    </ProcessLayout>
  )
}
