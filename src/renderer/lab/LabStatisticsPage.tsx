import { Button, Card, Text, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowDownloadRegular } from '@fluentui/react-icons'
import { useEffect, useState } from 'react'
import { labStatisticsApi, type LabFigures, type LabOverview, type RoomUse } from '../../shared/api/lab'
import { Chart } from '../charts/Chart'
import { usePermissions } from '../resource/shell-adapter'
import { saveFile } from '../safety/exporting'
import { quietCall } from '../shell/request'
import { SimpleTable } from '../open/SimpleTable'
import { FigureCards } from '../charts/FigureCards'

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    overflow: 'auto',
    height: '100%',
    boxSizing: 'border-box',
  },
  head: { display: 'flex', alignItems: 'center', justifyContent: 'space-between' },
})

/** 实验室统计 (last 30 days): the register's totals, room utilisation in class hours, each lab's figures and their export. */
export default function LabStatisticsPage() {
  const s = useStyles()
  const can = usePermissions()
  const [overview, setOverview] = useState<LabOverview | null>(null)
  const [labs, setLabs] = useState<LabFigures[]>([])
  const [rooms, setRooms] = useState<RoomUse[]>([])
  useEffect(() => {
    void quietCall(labStatisticsApi.statistical, { query: {} })
      .then(setOverview)
      .catch(() => undefined)
    void quietCall(labStatisticsApi.information, { query: {} })
      .then(setLabs)
      .catch(() => undefined)
    void quietCall(labStatisticsApi.rooms, { query: {} })
      .then(setRooms)
      .catch(() => undefined)
  }, [])
  const cards: [string, number][] = [
    ['实验中心', overview?.centres ?? 0],
    ['实验室', overview?.labs ?? 0],
    ['实验房间', overview?.rooms ?? 0],
    ['座位数', overview?.seats ?? 0],
    ['使用面积(m²)', overview?.area ?? 0],
    ['实验室人员', overview?.staff ?? 0],
  ]
  return (
    <section className={s.page} aria-label="实验室统计">
      <FigureCards figures={cards} columns={6} />
      <Chart
        title="房间使用学时（近30天）"
        option={{
          tooltip: { trigger: 'axis' },
          xAxis: { type: 'category', data: rooms.map((r) => r.roomNo) },
          yAxis: { type: 'value' },
          series: [{ type: 'bar', name: '学时', data: rooms.map((r) => r.classHours) }],
        }}
      />
      <Card>
        <div className={s.head}>
          <Text weight="semibold">各实验室（近30天）</Text>
          {can('lab_statistics_export') ? (
            <Button
              size="small"
              icon={<ArrowDownloadRegular />}
              onClick={() => void saveFile(labStatisticsApi.export, { query: {} }, '实验室统计.xlsx')}
            >
              导出
            </Button>
          ) : null}
        </div>
        <SimpleTable
          label="各实验室统计"
          rows={labs}
          keyOf={(l) => l.id}
          columns={[
            ['实验室编号', (l) => l.serial],
            ['实验室名称', (l) => l.labName],
            ['房间数', (l) => l.rooms],
            ['座位数', (l) => l.seats],
            ['使用面积(m²)', (l) => l.area],
            ['人员数', (l) => l.staff],
            ['预约次数', (l) => l.bookings],
            ['使用学时', (l) => l.classHours],
          ]}
        />
      </Card>
    </section>
  )
}
