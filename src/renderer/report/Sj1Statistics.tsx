import { useEffect, useState } from 'react'
import { sj1Api, type EquipmentStats } from '../../shared/api/report'
import { Chart, type ChartOption } from '../charts/Chart'
import { FigureCards } from '../charts/FigureCards'
import { useStatisticsLayout } from '../charts/statisticsLayout'
import { quietCall } from '../shell/request'

type Group = EquipmentStats['byClass']

const pie = (rows: Group): ChartOption => ({
  tooltip: { trigger: 'item' },
  legend: { bottom: 0 },
  series: [
    {
      type: 'pie',
      radius: ['35%', '65%'],
      data: rows.map((r) => ({ name: r.name, value: r.count })),
    },
  ],
})

/** 台件 as bars and 金额(万元) as a line on a second axis, by the group's names. */
const countAndAmount = (rows: Group): ChartOption => ({
  tooltip: { trigger: 'axis' },
  legend: { bottom: 0 },
  xAxis: {
    type: 'category',
    data: rows.map((r) => r.name),
    axisLabel: { interval: 0, rotate: rows.length > 6 ? 30 : 0 },
  },
  yAxis: [
    { type: 'value', name: '台件', minInterval: 1 },
    { type: 'value', name: '金额(万元)' },
  ],
  series: [
    { type: 'bar', name: '台件', data: rows.map((r) => r.count) },
    { type: 'line', name: '金额(万元)', yAxisIndex: 1, data: rows.map((r) => Number(r.amount)) },
  ],
})

/**
 * SJ1's 统计 tab (statisticalByConditions over the screen's scope): 台件 and 金额, the 10万元以上 part,
 * then by 分类号 大类, 使用方向, 现状, 来源 and 购置年份.
 */
export function Sj1Statistics({ query }: { query: { taskSerialNum?: string; collegeSerialNum?: string } }) {
  const s = useStatisticsLayout()
  const [stats, setStats] = useState<EquipmentStats | null>(null)
  const { taskSerialNum, collegeSerialNum } = query
  useEffect(() => {
    let live = true
    const q = {
      ...(taskSerialNum ? { taskSerialNum } : {}),
      ...(collegeSerialNum ? { collegeSerialNum } : {}),
    }
    quietCall(sj1Api.statisticalByConditions, { query: q })
      .then((r) => live && setStats(r))
      .catch(() => live && setStats(null))
    return () => {
      live = false
    }
  }, [taskSerialNum, collegeSerialNum])
  return (
    <section className={s.page} aria-label="SJ1统计">
      <FigureCards
        columns={4}
        minWidth={140}
        figures={[
          ['台件数', String(stats?.count ?? 0)],
          ['金额(万元)', stats?.amount ?? '0.00'],
          ['10万元以上台件', String(stats?.bigCount ?? 0)],
          ['10万元以上金额(万元)', stats?.bigAmount ?? '0.00'],
        ]}
      />
      <div className={s.charts}>
        <Chart title="按分类号大类" option={countAndAmount(stats?.byClass ?? [])} />
        <Chart title="按使用方向" option={pie(stats?.byDirection ?? [])} />
        <Chart title="按现状" option={pie(stats?.byStatus ?? [])} />
        <Chart title="按仪器来源" option={pie(stats?.bySource ?? [])} />
        <Chart title="按购置年份" option={countAndAmount(stats?.byYear ?? [])} />
      </div>
    </section>
  )
}
