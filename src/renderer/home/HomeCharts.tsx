/**
 * The seven charts of the lab office's 首页 (issue 15), each through the shared Chart wrapper (导出图片
 * on every card): 实验室类别, 各学院实验室与房间, 设备资产按分类, 近十年新增设备, 每周实验学时,
 * 各学院实验学时, 近12周预约. A chart of an area without data shows 暂无数据.
 */
import { Chart, type ChartOption } from '../charts/Chart'
import type { OfficeFigures } from './OfficeStatistics'
import { useHomeStyles } from './styles'

const axisBar = (
  categories: string[],
  series: { name: string; data: number[]; stack?: string }[],
  type: 'bar' | 'line' = 'bar',
): ChartOption => ({
  tooltip: { trigger: 'axis' },
  legend: series.length > 1 ? { top: 0 } : undefined,
  grid: { left: 48, right: 16, top: series.length > 1 ? 32 : 16, bottom: 48 },
  xAxis: {
    type: 'category',
    data: categories,
    axisLabel: { interval: 0, rotate: categories.length > 6 ? 30 : 0 },
  },
  yAxis: { type: 'value' },
  series: series.map((s) => ({ type, ...s })),
})

export default function HomeCharts({ labs, equipment, teaching }: OfficeFigures) {
  const h = useHomeStyles()
  const noLabs = !labs?.available.labs
  const noEquipment = !equipment?.available.equipment
  const noTeaching = !teaching?.available.teaching
  const weeks = labs?.bookings.byWeek ?? []
  return (
    <div className={h.charts}>
      <Chart
        title="实验室类别"
        empty={noLabs}
        option={{
          tooltip: { trigger: 'item' },
          series: [
            {
              type: 'pie',
              radius: ['35%', '62%'],
              label: { formatter: '{b}：{c}', width: 110, overflow: 'truncate' },
              data: (labs?.labsByCategory ?? []).map((c) => ({ name: c.name, value: c.count })),
            },
          ],
        }}
      />
      <Chart
        title="各学院实验室与房间"
        empty={noLabs}
        option={axisBar(
          (labs?.byCollege ?? []).map((c) => c.collegeName),
          [
            { name: '实验室', data: (labs?.byCollege ?? []).map((c) => c.labs) },
            { name: '房间', data: (labs?.byCollege ?? []).map((c) => c.rooms) },
          ],
        )}
      />
      <Chart
        title="设备资产按分类"
        empty={noEquipment}
        option={axisBar(
          (equipment?.byClass ?? []).map((c) => c.name),
          [{ name: '台件', data: (equipment?.byClass ?? []).map((c) => c.count) }],
        )}
      />
      <Chart
        title="近十年新增设备"
        empty={noEquipment}
        option={axisBar(
          (equipment?.byYear ?? []).map((y) => String(y.year)),
          [
            { name: '台件', data: (equipment?.byYear ?? []).map((y) => y.count) },
            {
              name: '金额(万元)',
              data: (equipment?.byYear ?? []).map((y) => Math.round(y.value / 100) / 100),
            },
          ],
          'line',
        )}
      />
      <Chart
        title="每周实验学时"
        empty={noTeaching}
        option={axisBar(
          (teaching?.byWeek ?? []).map((w) => `第${w.week}周`),
          [{ name: '学时', data: (teaching?.byWeek ?? []).map((w) => w.hours) }],
          'line',
        )}
      />
      <Chart
        title="各学院实验学时"
        empty={noTeaching}
        option={axisBar(
          (teaching?.byCollege ?? []).map((c) => c.collegeName),
          [{ name: '学时', data: (teaching?.byCollege ?? []).map((c) => c.hours) }],
        )}
      />
      <Chart
        title="近12周预约"
        option={axisBar(
          weeks.map((w) => w.week.slice(5)),
          [
            { name: '实验室预约', data: weeks.map((w) => w.appointments), stack: 'bookings' },
            { name: '开放实验', data: weeks.map((w) => w.openReserves), stack: 'bookings' },
            { name: '项目预约', data: weeks.map((w) => w.subscriptions), stack: 'bookings' },
          ],
        )}
      />
    </div>
  )
}
