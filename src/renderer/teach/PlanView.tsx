import { MessageBar, MessageBarBody, Spinner, Tab, TabList } from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import {
  coursePlanApi,
  type PlanCheck,
  type PlanDetail,
  type PlanLine,
  type ScheduleRow,
} from '../../shared/api/teach'
import { EXPERIMENT_TYPE, PLAN_STATUS_OPTIONS, labelOfCode } from '../../shared/resources/teach/codes'
import { Facts } from '../flow/ProcessLayout'
import { HistoryTimeline } from '../flow/HistoryTimeline'
import { quietCall } from '../shell/request'
import { SimpleTable } from './shared'

/** The plan's header facts. */
export function PlanHeader({ plan }: { plan: PlanDetail }) {
  return (
    <Facts
      rows={[
        ['课程', `${plan.courseNumber ?? ''} ${plan.courseName ?? ''}`],
        ['主讲教师', String((plan as { teacherName?: string }).teacherName ?? '')],
        ['上课班级', String(plan.classNos ?? '')],
        ['上课人数', String(plan.studentCount ?? '')],
        ['起止周', plan.startWeek ? `第${plan.startWeek}-${plan.endWeek}周` : ''],
        ['计划学时', String(plan.labHours ?? '')],
        ['状态', labelOfCode(PLAN_STATUS_OPTIONS, plan.status)],
        ...(plan.changeReason ? ([['变更原因', String(plan.changeReason)]] as [string, string][]) : []),
      ]}
    />
  )
}

/** 核查: the plan's check items, or that there are none. */
export function PlanChecks({ checks }: { checks: PlanCheck[] }) {
  return (
    <MessageBar intent={checks.length ? 'warning' : 'success'} layout="multiline">
      <MessageBarBody>
        {checks.length ? (
          <ol style={{ margin: 0, paddingLeft: 20 }}>
            {checks.map((c) => (
              <li key={c.code + c.message}>{c.message}</li>
            ))}
          </ol>
        ) : (
          '核查通过：没有需要注意的问题'
        )}
      </MessageBarBody>
    </MessageBar>
  )
}

export const lineRows = (lines: PlanLine[]) =>
  lines.map((l) => [
    l.experimentNumber,
    l.experimentName,
    labelOfCode(EXPERIMENT_TYPE, l.experimentType),
    String(l.hours),
    l.labName,
    l.planWeeks ?? '',
    l.content ?? '',
  ])

/** A plan: header, then tabs 计划内容 (planList), 进度安排 (scheduleList), 审批记录. */
export function PlanFacts({ id, checks }: { id: string; checks?: boolean }) {
  const [plan, setPlan] = useState<PlanDetail | null>(null)
  const [lines, setLines] = useState<PlanLine[]>([])
  const [schedule, setSchedule] = useState<ScheduleRow[]>([])
  const [found, setFound] = useState<PlanCheck[] | null>(null)
  const [tab, setTab] = useState('lines')
  useEffect(() => {
    quietCall(coursePlanApi.detail, { query: { id } })
      .then(setPlan)
      .catch(() => undefined)
    quietCall(coursePlanApi.planList, { query: { coursePlanId: id } })
      .then(setLines)
      .catch(() => undefined)
    quietCall(coursePlanApi.scheduleList, { query: { coursePlanId: id } })
      .then(setSchedule)
      .catch(() => undefined)
    if (checks)
      quietCall(coursePlanApi.checkDetail, { query: { id } })
        .then((d) => setFound(d.checks))
        .catch(() => undefined)
  }, [id, checks])
  if (!plan) return <Spinner size="small" />
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      <PlanHeader plan={plan} />
      {found ? <PlanChecks checks={found} /> : null}
      <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(String(d.value))}>
        <Tab value="lines">计划内容</Tab>
        <Tab value="schedule">进度安排</Tab>
        <Tab value="history" disabled={!plan.processInstanceId}>
          审批记录
        </Tab>
      </TabList>
      {tab === 'lines' ? (
        <SimpleTable
          label="计划内容"
          head={['实验编号', '实验名称', '实验类型', '学时', '实验室', '计划周次', '进度说明']}
          rows={lineRows(lines)}
        />
      ) : tab === 'schedule' ? (
        <SimpleTable
          label="进度安排"
          head={['周次', '实验编号', '实验名称', '学时', '实验室', '进度说明']}
          rows={schedule.map((r) => [
            r.weekText,
            r.experimentNumber,
            r.experimentName,
            String(r.hours),
            r.labName,
            r.content ?? '',
          ])}
        />
      ) : (
        <HistoryTimeline processInstanceId={String(plan.processInstanceId)} />
      )}
    </div>
  )
}
