import { Button, Card, Text, makeStyles } from '@fluentui/react-components'
import { ArrowDownloadRegular } from '@fluentui/react-icons'
import { useEffect, useState } from 'react'
import { openRoomApplyApi, type OpenStatistics } from '../../shared/api/open'
import { defineResource, type FieldDef } from '../../shared/resource/types'
import { Chart } from '../charts/Chart'
import { usePermissions } from '../resource/shell-adapter'
import { saveFile } from '../safety/exporting'
import { PagedList } from '../safety/PagedList'
import { quietCall } from '../shell/request'
import { FigureCards } from '../charts/FigureCards'
import { useStatisticsLayout } from '../charts/statisticsLayout'

const useStyles = makeStyles({
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between' },
  students: { minHeight: '360px', display: 'flex', flexDirection: 'column' },
})

const num = (name: string, zh: string): FieldDef => ({
  name,
  type: 'int',
  label: { zh, en: zh },
  columnWidth: 90,
})

const studentDef = defineResource({
  name: 'openStudentStatistics',
  table: 'open_student_statistics',
  basePath: '',
  label: { zh: '学生统计', en: 'By student' },
  tenant: false,
  permission: 'open_statistics',
  fields: [
    { name: 'studentNo', type: 'string', label: { zh: '学号', en: 'Student no.' } },
    { name: 'studentName', type: 'string', label: { zh: '姓名', en: 'Name' } },
    num('reserved', '预约次数'),
    num('attended', '到课次数'),
    num('noShows', '爽约次数'),
    num('lates', '迟到次数'),
    num('cancelled', '取消次数'),
    num('hours', '实验学时'),
    num('score', '信用分'),
  ],
})

/** 开放实验统计: totals, slots and reservations by room and by month, and the per-student table with its export. */
export default function OpenStatisticsPage() {
  const s = useStyles()
  const layout = useStatisticsLayout()
  const can = usePermissions()
  const [stats, setStats] = useState<OpenStatistics | null>(null)
  useEffect(() => {
    void quietCall(openRoomApplyApi.statistics, { query: {} })
      .then(setStats)
      .catch(() => setStats(null))
  }, [])
  const cards: [string, number][] = [
    ['开放申请', stats?.applies ?? 0],
    ['已通过', stats?.approved ?? 0],
    ['开放时段', stats?.slots ?? 0],
    ['开放座位', stats?.seats ?? 0],
    ['预约人次', stats?.reserved ?? 0],
    ['爽约人次', stats?.noShows ?? 0],
  ]
  const rooms = stats?.byRoom ?? []
  const months = stats?.byMonth ?? []
  return (
    <section className={layout.page} aria-label="开放实验统计">
      <FigureCards figures={cards} columns={6} />
      <div className={layout.charts}>
        <Chart
          title="各房间开放与预约"
          option={{
            tooltip: { trigger: 'axis' },
            legend: {},
            xAxis: { type: 'category', data: rooms.map((r) => r.roomName) },
            yAxis: { type: 'value', minInterval: 1 },
            series: [
              { type: 'bar', name: '开放时段', data: rooms.map((r) => r.slots) },
              { type: 'bar', name: '预约人次', data: rooms.map((r) => r.reserved) },
              { type: 'bar', name: '到课人次', data: rooms.map((r) => r.attended) },
            ],
          }}
        />
        <Chart
          title="按月开放与预约"
          option={{
            tooltip: { trigger: 'axis' },
            legend: {},
            xAxis: { type: 'category', data: months.map((m) => m.month) },
            yAxis: { type: 'value', minInterval: 1 },
            series: [
              { type: 'line', name: '开放时段', data: months.map((m) => m.slots) },
              { type: 'line', name: '预约人次', data: months.map((m) => m.reserved) },
            ],
          }}
        />
      </div>
      <Card className={s.students}>
        <div className={s.head}>
          <Text weight="semibold">学生统计</Text>
          {can('open_statistics_export') ? (
            <Button
              size="small"
              icon={<ArrowDownloadRegular />}
              onClick={() =>
                void saveFile(
                  openRoomApplyApi.exportStudentStatistics,
                  { query: {} },
                  '开放实验学生统计.xlsx',
                )
              }
            >
              导出
            </Button>
          ) : null}
        </div>
        <PagedList def={studentDef} endpoint={openRoomApplyApi.studentStatistics} query={{}} />
      </Card>
    </section>
  )
}
