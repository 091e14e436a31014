import { Button, Text } from '@fluentui/react-components'
import { useNavigate, useParams } from 'react-router-dom'
import { useT } from '../i18n'
import { ApprovalPanel } from './ApprovalPanel'
import { HistoryTimeline } from './HistoryTimeline'
import { Facts, ProcessCard, ProcessLayout } from './ProcessLayout'

/**
 * The process routes of a type without its own pages: the business record's id, the history and
 * (for handle) 同意 / 驳回, so every type's 办理 and 详情 work.
 */
export function GenericHandlePage() {
  const { type = '', taskId = '', processInstanceId = '', businessId = '' } = useParams()
  const t = useT()
  return (
    <ProcessLayout>
      <ProcessCard title={t('flow.businessInfo')}>
        <Facts
          rows={[
            [t('flow.processType'), type],
            [t('flow.businessId'), businessId],
            [t('flow.processInstance'), processInstanceId],
          ]}
        />
      </ProcessCard>
      <ProcessCard title={t('flow.approval')}>
        <ApprovalPanel taskId={taskId} processInstanceId={processInstanceId} />
      </ProcessCard>
      <ProcessCard title={t('flow.history')}>
        <HistoryTimeline processInstanceId={processInstanceId} />
      </ProcessCard>
    </ProcessLayout>
  )
}

export function GenericDetailPage() {
  const params = useParams()
  const navigate = useNavigate()
  const t = useT()
  const processInstanceId = params.processInstanceId ?? ''
  return (
    <ProcessLayout>
      <ProcessCard title={t('flow.businessInfo')}>
        <Facts
          rows={[
            [t('flow.processType'), params.type ?? params.routePath ?? ''],
            [t('flow.businessId'), params.businessId ?? ''],
            [t('flow.processInstance'), processInstanceId],
          ]}
        />
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

export function GenericFormPage() {
  const { type = '' } = useParams()
  const t = useT()
  return (
    <ProcessLayout>
      <ProcessCard title={t('flow.startForm')}>
        <Text>{t('flow.formElsewhere').replace('{type}', type)}</Text>
      </ProcessCard>
    </ProcessLayout>
  )
}
