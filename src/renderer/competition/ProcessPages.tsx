import type { ComponentType } from 'react'
import { useParams } from 'react-router-dom'
import { ApprovalPanel } from '../flow/ApprovalPanel'
import { HistoryTimeline } from '../flow/HistoryTimeline'
import { ProcessCard, ProcessLayout } from '../flow/ProcessLayout'
import { ApplyTabs } from './ApplyPage'
import { FinalFacts, PreliminaryFacts } from './RoundFacts'

/** The process pages of the area's three flows: the record (application, round with results, final with entrants). */

function handlePage(title: string, Record: ComponentType<{ id: string }>) {
  return function HandlePage() {
    const { taskId = '', processInstanceId = '', businessId = '' } = useParams()
    return (
      <ProcessLayout>
        <ProcessCard title={title}>
          <Record id={businessId} />
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
}

function detailPage(title: string, Record: ComponentType<{ id: string }>) {
  return function DetailPage() {
    const { processInstanceId = '', businessId = '' } = useParams()
    return (
      <ProcessLayout>
        <ProcessCard title={title}>
          <Record id={businessId} />
        </ProcessCard>
        <ProcessCard title="审批记录">
          <HistoryTimeline processInstanceId={processInstanceId} />
        </ProcessCard>
      </ProcessLayout>
    )
  }
}

export const ApplyHandlePage = handlePage('竞赛项目申报', ApplyTabs)
export const ApplyDetailPage = detailPage('竞赛项目申报', ApplyTabs)
export const PreliminaryHandlePage = handlePage('初赛', PreliminaryFacts)
export const PreliminaryDetailPage = detailPage('初赛', PreliminaryFacts)
export const FinalHandlePage = handlePage('决赛', FinalFacts)
export const FinalDetailPage = detailPage('决赛', FinalFacts)
