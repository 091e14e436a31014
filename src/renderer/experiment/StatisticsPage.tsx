import { Button } from '@fluentui/react-components'
import { ArrowDownloadRegular } from '@fluentui/react-icons'
import { useEffect, useState } from 'react'
import { experimentApi, type BookingStatistics } from '../../shared/api/experiment'
import { defineResource } from '../../shared/resource/types'
import { Chart, type ChartOption } from '../charts/Chart'
import { usePermissions } from '../resource/shell-adapter'
import { PagedList } from '../safety/PagedList'
import { quietCall } from '../shell/request'
import { exportFile } from '../teach/schedule/common'
import { useTeachStyles } from '../teach/shared'

/** The columns of the per-project table (stuStatistics). */
const statDef = defineResource({
  name: 'experimentStatistics',
  table: 'experiment_project',
  basePath: experimentApi.stu.statistics.path,
  label: { zh: '预约统计', en: 'Booking statistics' },
  tenant: true,
  permission: 'experiment_statistics',
  actions: { view: false, edit: false, delete: false, add: false },
  fields: [
    { name: 'projectName', type: 'string', label: { zh: '预约项目', en: 'Project' }, columnWidth: 200 },
    { name: 'academicYearName', type: 'string', label: { zh: '学年学期', en: 'Term' } },
    { name: 'slots', type: 'int', label: { zh: '时段数', en: 'Slots' } },
    { name: 'capacity', type: 'int', label: { zh: '总容量', en: 'Capacity' } },
    { name: 'booked', type: 'int', label: { zh: '已预约', en: 'Booked' } },
    { name: 'cancelled', type: 'int', label: { zh: '已取消', en: 'Cancelled' } },
    { name: 'fillRate', type: 'string', label: { zh: '预约率(%)', en: 'Fill rate (%)' } },
  ],
})

/** The three charts of the booking statistics (empty ones say 暂无数据). */
export function bookingCharts(
  stats: BookingStatistics | null,
): Record<'project' | 'college' | 'day', ChartOption> {
  const byProject = stats?.byProject ?? []
  const byDay = stats?.byDay ?? []
  return {
    project: {
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: byProject.map((p) => p.name) },
      yAxis: { type: 'value', max: 100 },
      series: byProject.length
        ? [{ type: 'bar', name: '预约率(%)', data: byProject.map((p) => p.fillRate) }]
        : [],
    },
    college: {
      tooltip: { trigger: 'item' },
      legend: { bottom: 0 },
      series: [{ type: 'pie', radius: ['35%', '65%'], data: stats?.byCollege ?? [] }],
    },
    day: {
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: byDay.map((d) => d.date) },
      yAxis: { type: 'value' },
      series: byDay.length ? [{ type: 'line', name: '预约人数', data: byDay.map((d) => d.value) }] : [],
    },
  }
}

/** 预约统计: fill rate per project, bookings per college and per day, the per-project table and 导出. */
export default function BookingStatisticsPage() {
  const s = useTeachStyles()
  const can = usePermissions()
  const [stats, setStats] = useState<BookingStatistics | null>(null)
  useEffect(() => {
    quietCall(experimentApi.project.statistics, { query: {} })
      .then(setStats)
      .catch(() => setStats(null))
  }, [])
  const charts = bookingCharts(stats)
  const t = stats?.totals
  return (
    <section className={s.page} style={{ overflowY: 'auto' }} aria-label="预约统计">
      <div className={s.bar}>
        <span>{`项目 ${t?.projects ?? 0} 个，时段 ${t?.slots ?? 0} 个，容量 ${t?.capacity ?? 0}，已预约 ${t?.booked ?? 0}，已取消 ${t?.cancelled ?? 0}`}</span>
        {can('experiment_statistics_export') ? (
          <Button
            icon={<ArrowDownloadRegular />}
            onClick={() =>
              void exportFile(experimentApi.stu.exportStatistics, { query: {} }, '预约统计.xlsx', '导出成功')
            }
          >
            导出
          </Button>
        ) : null}
      </div>
      <Chart title="各项目预约率" option={charts.project} />
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 12 }}>
        <Chart title="各院系预约人数" option={charts.college} />
        <Chart title="每日预约人数" option={charts.day} />
      </div>
      <div style={{ minHeight: 360, display: 'flex' }}>
        <PagedList def={statDef} endpoint={experimentApi.stu.statistics} query={{}} />
      </div>
    </section>
  )
}
