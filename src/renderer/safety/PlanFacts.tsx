import { Spinner } from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { safetyPlanApi, type PlanView } from '../../shared/api/safety'
import { Facts } from '../flow/ProcessLayout'
import { quietCall } from '../shell/request'

const STATUS = ['草稿', '审核中', '已退回', '已审核', '已发布']
const yes = (v: unknown) => (Number(v) === 1 ? '是' : '否')

/** The facts of a plan (paper, window, candidates) for its view dialog and the 考试计划审核 pages. */
export function PlanFacts({ id }: { id: string }) {
  const [plan, setPlan] = useState<PlanView | null>(null)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    let live = true
    void quietCall(safetyPlanApi.plan.detail, { query: { id } })
      .then((p) => live && setPlan(p))
      .catch(() => live && setFailed(true))
    return () => {
      live = false
    }
  }, [id])
  if (failed) return <span>数据不存在或无权访问</span>
  if (!plan) return <Spinner size="tiny" />
  return (
    <Facts
      rows={[
        ['考试名称', plan.planName ?? ''],
        ['考试类型', Number(plan.examType) === 2 ? '补考' : '正式考试'],
        ['试卷', `${plan.paperName ?? ''}（总分${plan.totalScore ?? ''}）`],
        ['考试时间', `${plan.startTime ?? '未设置'} 至 ${plan.endTime ?? '未设置'}`],
        ['考试时长', `${plan.duration ?? ''} 分钟`],
        ['及格分', String(plan.passScore ?? '')],
        ['考前学习时长', `${plan.requiredStudyMinutes ?? 0} 分钟`],
        ['题目乱序 / 选项乱序', `${yes(plan.shuffleQuestions)} / ${yes(plan.shuffleOptions)}`],
        [
          '颁发证书',
          `${yes(plan.issueCertificate)}（有效期${Number(plan.certValidMonths) ? `${plan.certValidMonths}个月` : '长期'}）`,
        ],
        [
          '状态',
          `${STATUS[Number(plan.status)] ?? ''}${plan.phase && Number(plan.status) === 4 ? `（${plan.phase}）` : ''}`,
        ],
        [
          '考生',
          plan.counts
            ? `${plan.counts.candidates}人（已交卷${plan.counts.submitted}，考试中${plan.counts.inProgress}，缺考${plan.counts.absent}）`
            : `${plan.candidateCount ?? 0}人`,
        ],
      ]}
    />
  )
}
