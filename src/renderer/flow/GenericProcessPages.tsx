import { Button, Text } from '@fluentui/react-components'
import { useNavigate, useParams } from 'react-router-dom'
import { ApprovalPanel } from './ApprovalPanel'
import { HistoryTimeline } from './HistoryTimeline'
import { Facts, ProcessCard, ProcessLayout } from './ProcessLayout'

/**
 * The process routes of a type without its own pages: the business record's id, the history and
 * (for handle) 同意 / 驳回, so every type's 办理 and 详情 work.
 */
export function GenericHandlePage() {
  const { type = '', taskId = '', processInstanceId = '', businessId = '' } = useParams()
  return (
    <ProcessLayout>
      <ProcessCard title="业务信息">
        <Facts
          rows={[
            ['流程类型', type],
            ['业务编号', businessId],
            ['流程实例', processInstanceId],
          ]}
        />
      </ProcessCard>
      <ProcessCard title="审批">
        <ApprovalPanel taskId={taskId} processInstanceId={processInstanceId} />
      </ProcessCard>
      <ProcessCard title="流转记录">
        <HistoryTimeline processInstanceId={processInstanceId} />
      </ProcessCard>
    </ProcessLayout>
  )
}

export function GenericDetailPage() {
  const params = useParams()
  const navigate = useNavigate()
  const processInstanceId = params.processInstanceId ?? ''
  return (
    <ProcessLayout>
      <ProcessCard title="业务信息">
        <Facts
          rows={[
            ['流程类型', params.type ?? params.routePath ?? ''],
            ['业务编号', params.businessId ?? ''],
            ['流程实例', processInstanceId],
          ]}
        />
      </ProcessCard>
      <ProcessCard title="流转记录">
        <HistoryTimeline processInstanceId={processInstanceId} />
      </ProcessCard>
      <div>
        <Button onClick={() => navigate(-1)}>返回</Button>
      </div>
    </ProcessLayout>
  )
}

export function GenericFormPage() {
  const { type = '' } = useParams()
  return (
    <ProcessLayout>
      <ProcessCard title="发起流程">
        <Text>流程「{type}」的申请表单在其业务模块中填写。</Text>
      </ProcessCard>
    </ProcessLayout>
  )
}
