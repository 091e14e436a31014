import { Card } from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { coursePlanApi, type PlanStatistics } from '../../shared/api/teach'
import { Chart, type ChartOption } from '../charts/Chart'
import { quietCall } from '../shell/request'
import { TermScreen } from './shared'

const pie = (data: { name: string; value: number }[]): ChartOption => ({
  tooltip: { trigger: 'item' },
  legend: { bottom: 0 },
  series: [{ type: 'pie', radius: ['35%', '65%'], data }],
})

/** The charts of one term's statistics (empty charts say so). */
export function statisticsCharts(stats: PlanStatistics | null) {
  const byDept = stats?.byDept ?? []
  const byWeek = stats?.byWeek ?? []
  return {
    dept: {
      tooltip: { trigger: 'axis' },
      legend: {},
      xAxis: { type: 'category', data: byDept.map((d) => d.name) },
      yAxis: { type: 'value' },
      series: byDept.length
        ? [
            { type: 'bar', name: '计划学时', data: byDept.map((d) => d.hours) },
            { type: 'bar', name: '人时数', data: byDept.map((d) => d.personHours) },
          ]
        : [],
    } as ChartOption,
    type: pie(stats?.byType ?? []),
    category: pie(stats?.byCategory ?? []),
    week: {
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: byWeek.map((w) => `第${w.week}周`) },
      yAxis: { type: 'value' },
      series: byWeek.length ? [{ type: 'line', name: '学时', data: byWeek.map((w) => w.hours) }] : [],
    } as ChartOption,
  }
}

function TermStatistics({ termId }: { termId: string }) {
  const [stats, setStats] = useState<PlanStatistics | null>(null)
  useEffect(() => {
    quietCall(coursePlanApi.dataStatistics, { query: { academicYearId: termId } })
      .then(setStats)
      .catch(() => setStats(null))
  }, [termId])
  const t = stats?.totals
  const charts = statisticsCharts(stats)
  const totals: [string, number | undefined][] = [
    ['课程计划', t?.plans],
    ['已通过', t?.approved],
    ['实验项目', t?.projects],
    ['计划学时', t?.hours],
    ['人时数', t?.personHours],
  ]
  return (
    <div style={{ overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: 12, paddingBottom: 12 }}>
      <div style={{ display: 'flex', gap: 12, flexWrap: 'wrap' }}>
        {totals.map(([label, value]) => (
          <Card key={label} style={{ minWidth: 140 }} aria-label={label}>
            <div>{label}</div>
            <div style={{ fontSize: 24, fontWeight: 600 }}>{value ?? 0}</div>
          </Card>
        ))}
      </div>
      <Chart title="各院系实验教学" option={charts.dept} />
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
        <Chart title="实验类型分布" option={charts.type} />
        <Chart title="实验类别分布" option={charts.category} />
      </div>
      <Chart title="各周实验学时" option={charts.week} />
    </div>
  )
}

/** 教学统计: the term's totals, 院系 bars, 实验类型/类别 pies and hours by week. */
export default function StatisticsPage() {
  return <TermScreen title="教学统计">{(termId) => <TermStatistics termId={termId} />}</TermScreen>
}
