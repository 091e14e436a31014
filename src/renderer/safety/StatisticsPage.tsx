import { Button } from '@fluentui/react-components'
import { useCallback, useEffect, useState } from 'react'
import { Chart } from '../charts/Chart'
import { safetyResultApi, type Statistics } from '../../shared/api/safety'
import { notify, usePermissions } from '../resource/shell-adapter'
import { useText } from '../i18n'
import { call, quietCall } from '../shell/request'
import { PlanPicker } from './PlanPicker'
import { T } from './texts'
import { FigureCards } from '../charts/FigureCards'
import { useStatisticsLayout } from '../charts/statisticsLayout'

export const BANDS = ['0-59', '60-69', '70-79', '80-89', '90-100']

/** 考试统计: 应考/实考/缺考/通过/通过率/平均分, pass rate by college and the score distribution. */
export default function StatisticsPage() {
  const s = useStatisticsLayout()
  const text = useText()
  const can = usePermissions()
  const [plan, setPlan] = useState({ id: '', name: '' })
  const [rows, setRows] = useState<Statistics[]>([])
  const load = useCallback(() => {
    if (!plan.id) return
    void quietCall(safetyResultApi.statistics.list, { query: { planId: plan.id } })
      .then(setRows)
      .catch(() => setRows([]))
  }, [plan.id])
  useEffect(load, [load])
  const all = rows.find((r) => r.deptSerial === '*')
  const colleges = rows.filter((r) => r.deptSerial !== '*')
  const bands = all?.bands ? (JSON.parse(String(all.bands)) as Record<string, number>) : {}
  const cards: [{ zh: string; en: string }, string][] = [
    [T.candidatesCard, String(all?.candidateCount ?? 0)],
    [T.attendedCard, String(all?.attendedCount ?? 0)],
    [T.absentCard, String(all?.absentCount ?? 0)],
    [T.passedCard, String(all?.passedCount ?? 0)],
    [T.passRateCard, `${Number(all?.passRate ?? 0)}%`],
    [T.avgCard, String(Number(all?.avgScore ?? 0))],
  ]
  const recompute = async () => {
    try {
      await call(safetyResultApi.statistics.submit, { body: { planId: plan.id } })
      notify.success('统计已刷新')
      load()
    } catch {
      // toasted
    }
  }
  return (
    <section className={s.page} aria-label="考试统计">
      <div className={s.bar}>
        <PlanPicker value={plan.id} onChange={(id, name) => setPlan({ id, name })} />
        {can('safety_statistics_view') ? (
          <Button disabled={!plan.id} onClick={() => void recompute()}>
            {text(T.refresh)}
          </Button>
        ) : null}
      </div>
      <FigureCards
        figures={cards.map(([label, value]) => [text(label), value] as const)}
        columns={6}
        minWidth={120}
      />
      <div className={s.charts}>
        <Chart
          title={text(T.byCollege)}
          option={{
            tooltip: { trigger: 'axis' },
            xAxis: { type: 'category', data: colleges.map((c) => c.deptName ?? '') },
            yAxis: { type: 'value', max: 100, axisLabel: { formatter: '{value}%' } },
            series: [
              {
                type: 'bar',
                name: text(T.passRateCard),
                data: colleges.map((c) => Number(c.passRate ?? 0)),
                label: { show: true, position: 'top', formatter: '{c}%' },
              },
            ],
          }}
        />
        <Chart
          title={text(T.histogram)}
          option={{
            tooltip: { trigger: 'axis' },
            xAxis: { type: 'category', data: BANDS.map((b) => `${b}%`) },
            yAxis: { type: 'value', minInterval: 1 },
            series: [
              {
                type: 'bar',
                name: '人数',
                data: all ? BANDS.map((b) => bands[b] ?? 0) : [],
                barCategoryGap: '2%',
                label: { show: true, position: 'top' },
              },
            ],
          }}
        />
      </div>
    </section>
  )
}
