import { useParams } from 'react-router-dom'
import { ApprovalPanel } from '../flow/ApprovalPanel'
import { ProcessCard, ProcessLayout } from '../flow/ProcessLayout'
import { PlanFacts } from './PlanView'

/** 课程计划审核 办理 (from 待办事务): the plan with its check items, then 同意 / 驳回. */
export function PlanHandlePage() {
  const { taskId = '', processInstanceId = '', businessId = '' } = useParams()
  return (
    <ProcessLayout>
      <ProcessCard title="课程计划">
        <PlanFacts id={businessId} checks />
      </ProcessCard>
      <ProcessCard title="审批">
        <ApprovalPanel taskId={taskId} processInstanceId={processInstanceId} />
      </ProcessCard>
    </ProcessLayout>
  )
}

/** 课程计划 详情 (from 已发/办结事务). */
export function PlanDetailPage() {
  const { businessId = '' } = useParams()
  return (
    <ProcessLayout>
      <ProcessCard title="课程计划">
        <PlanFacts id={businessId} />
      </ProcessCard>
    </ProcessLayout>
  )
}
