import { Dropdown, Field, Option } from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { repairsApi, type CountBy, type RepairStatistics } from '../../shared/api/repairs'
import { Chart } from '../charts/Chart'
import { useText } from '../i18n'
import { quietCall } from '../shell/request'
import { T } from './texts'
import { FigureCards } from '../charts/FigureCards'
import { useStatisticsLayout } from '../charts/statisticsLayout'

const pie = (rows: CountBy[]) => ({
  tooltip: { trigger: 'item' as const },
  legend: { bottom: 0 },
  series: [
    {
      type: 'pie' as const,
      radius: ['35%', '65%'],
      data: rows.map((r) => ({ name: r.name, value: r.count })),
    },
  ],
})

const bars = (rows: CountBy[], name: string) => ({
  tooltip: { trigger: 'axis' as const },
  xAxis: {
    type: 'category' as const,
    data: rows.map((r) => r.name),
    axisLabel: { interval: 0, rotate: rows.length > 6 ? 30 : 0 },
  },
  yAxis: { type: 'value' as const, minInterval: 1 },
  series: [
    {
      type: 'bar' as const,
      name,
      data: rows.map((r) => r.count),
      label: { show: true, position: 'top' as const },
    },
  ],
})

/** 维修统计: totals, cost and time to repair, requests by state, fault, month (with cost), lab and device. */
export default function RepairStatisticsPage() {
  const s = useStatisticsLayout()
  const text = useText()
  const thisYear = new Date().getFullYear()
  const [year, setYear] = useState<number | null>(thisYear)
  const [stats, setStats] = useState<RepairStatistics | null>(null)
  useEffect(() => {
    let live = true
    void quietCall(repairsApi.repStatistics, { query: year ? { year } : {} })
      .then((r) => live && setStats(r))
      .catch(() => live && setStats(null))
    return () => {
      live = false
    }
  }, [year])
  const years = Array.from({ length: 6 }, (_, i) => thisYear - i)
  const cards: [{ zh: string; en: string }, string][] = [
    [T.total, String(stats?.total ?? 0)],
    [T.open, String(stats?.open ?? 0)],
    [T.done, String(stats?.done ?? 0)],
    [T.cost, (stats?.totalCost ?? 0).toFixed(2)],
    [T.hours, (stats?.averageHours ?? 0).toFixed(1)],
  ]
  const count = text(T.count)
  return (
    <section className={s.page} aria-label={text(T.statistics)}>
      <div className={s.bar}>
        <Field label={text(T.year)} orientation="horizontal">
          <Dropdown
            aria-label={text(T.year)}
            value={year ? String(year) : text(T.all)}
            selectedOptions={[year ? String(year) : '']}
            onOptionSelect={(_, d) => setYear(d.optionValue ? Number(d.optionValue) : null)}
          >
            <Option value="">{text(T.all)}</Option>
            {years.map((y) => (
              <Option key={y} value={String(y)}>
                {String(y)}
              </Option>
            ))}
          </Dropdown>
        </Field>
      </div>
      <FigureCards
        figures={cards.map(([label, value]) => [text(label), value] as const)}
        columns={5}
        minWidth={120}
      />
      <div className={s.charts}>
        <Chart title={text(T.byStatus)} option={pie(stats?.byStatus ?? [])} />
        <Chart title={text(T.byFault)} option={pie(stats?.byFault ?? [])} />
        <Chart
          title={text(T.byMonth)}
          option={{
            tooltip: { trigger: 'axis' },
            legend: { bottom: 0 },
            xAxis: { type: 'category', data: (stats?.byMonth ?? []).map((m) => m.name) },
            yAxis: [
              { type: 'value', minInterval: 1 },
              { type: 'value', name: text(T.cost) },
            ],
            series: [
              { type: 'bar', name: count, data: (stats?.byMonth ?? []).map((m) => m.count) },
              {
                type: 'line',
                name: text(T.cost),
                yAxisIndex: 1,
                data: (stats?.byMonth ?? []).map((m) => m.cost),
              },
            ],
          }}
        />
        <Chart title={text(T.byLab)} option={bars(stats?.byLab ?? [], count)} />
        <Chart
          title={text(T.top)}
          option={bars(
            (stats?.topEquipment ?? []).map((e) => ({ ...e, name: `${e.equipmentNo} ${e.name}` })),
            count,
          )}
        />
      </div>
    </section>
  )
}
