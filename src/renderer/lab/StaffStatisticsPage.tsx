import { Button, Card, Text, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowDownloadRegular } from '@fluentui/react-icons'
import { useEffect, useState } from 'react'
import type { AnyEndpoint } from '../../shared/api/endpoint'
import {
  labStaffApi,
  type StaffCount,
  type StaffOverview,
  type StaffStructureRow,
} from '../../shared/api/lab'
import { Chart } from '../charts/Chart'
import { usePermissions } from '../resource/shell-adapter'
import { saveFile } from '../safety/exporting'
import { quietCall } from '../shell/request'
import { FigureCards } from '../charts/FigureCards'
import { useStatisticsLayout } from '../charts/statisticsLayout'

const useStyles = makeStyles({
  table: { borderCollapse: 'collapse', width: '100%', fontSize: tokens.fontSizeBase200 },
  th: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground3,
    padding: tokens.spacingVerticalXS,
  },
  td: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    padding: tokens.spacingVerticalXS,
    textAlign: 'center',
  },
})

/** A split-by-专任/兼任 breakdown as a stacked bar chart. */
const stacked = (rows: StaffCount[]) => ({
  tooltip: { trigger: 'axis' as const },
  legend: {},
  xAxis: { type: 'category' as const, data: rows.map((r) => r.name) },
  yAxis: { type: 'value' as const, minInterval: 1 },
  series: [
    { type: 'bar' as const, name: '专任', stack: 'all', data: rows.map((r) => r.fullTime) },
    { type: 'bar' as const, name: '兼任', stack: 'all', data: rows.map((r) => r.partTime) },
  ],
})

const STRUCTURE_COLUMNS: [keyof StaffStructureRow, string][] = [
  ['serial', '实验室编号'],
  ['labName', '实验室'],
  ['total', '合计'],
  ['fullTime', '专任'],
  ['partTime', '兼任'],
  ['senior', '正高'],
  ['associate', '副高'],
  ['intermediate', '中级'],
  ['junior', '初级'],
  ['untitled', '无职称'],
  ['doctor', '博士'],
  ['master', '硕士'],
  ['bachelor', '本科'],
  ['otherEducation', '其他学历'],
  ['age35', '35岁及以下'],
  ['age45', '36-45岁'],
  ['age55', '46-55岁'],
  ['age56', '56岁及以上'],
]

/** 队伍统计: the lab staff by age, title, education and per-lab structure, each a chart or table with its export. */
export default function StaffStatisticsPage() {
  const s = useStyles()
  const layout = useStatisticsLayout()
  const can = usePermissions()
  const [overview, setOverview] = useState<StaffOverview | null>(null)
  const [age, setAge] = useState<StaffCount[]>([])
  const [job, setJob] = useState<StaffCount[]>([])
  const [cultural, setCultural] = useState<StaffCount[]>([])
  const [structure, setStructure] = useState<StaffStructureRow[]>([])
  useEffect(() => {
    const query = { query: {} }
    void quietCall(labStaffApi.statistical, query)
      .then(setOverview)
      .catch(() => undefined)
    void quietCall(labStaffApi.age, query)
      .then(setAge)
      .catch(() => undefined)
    void quietCall(labStaffApi.job, query)
      .then(setJob)
      .catch(() => undefined)
    void quietCall(labStaffApi.cultural, query)
      .then(setCultural)
      .catch(() => undefined)
    void quietCall(labStaffApi.structure, query)
      .then(setStructure)
      .catch(() => undefined)
  }, [])

  const exportButton = (permission: string, endpoint: AnyEndpoint, name: string) =>
    can(permission) ? (
      <Button
        size="small"
        appearance="subtle"
        icon={<ArrowDownloadRegular />}
        onClick={() => void saveFile(endpoint, { query: {} } as never, `${name}.xlsx`)}
      >
        导出
      </Button>
    ) : null

  const cards: [string, string][] = [
    ['人员总数', String(overview?.total ?? 0)],
    ['专任', String(overview?.fullTime ?? 0)],
    ['兼任', String(overview?.partTime ?? 0)],
    ['实验室', String(overview?.labs ?? 0)],
    ['平均年龄', overview?.averageAge == null ? '-' : String(overview.averageAge)],
  ]
  return (
    <section className={layout.page} aria-label="队伍统计">
      <FigureCards figures={cards} columns={5} minWidth={120} />
      <div className={layout.charts}>
        <Chart
          title="年龄结构"
          option={stacked(age)}
          actions={exportButton('lab_teacherstatistics_exportage', labStaffApi.ageExport, '年龄统计')}
        />
        <Chart
          title="专业技术职务"
          option={stacked(job)}
          actions={exportButton('lab_teacherstatistics_exportjob', labStaffApi.jobExport, '职务统计')}
        />
        <Chart
          title="文化程度"
          option={stacked(cultural)}
          actions={exportButton(
            'lab_teacherstatistics_exportcultural',
            labStaffApi.culturalExport,
            '学历统计',
          )}
        />
        <Chart
          title="各实验室人数"
          option={{
            tooltip: { trigger: 'axis' },
            legend: {},
            xAxis: { type: 'category', data: (overview?.byLab ?? []).map((l) => l.labName) },
            yAxis: { type: 'value', minInterval: 1 },
            series: [
              {
                type: 'bar',
                name: '专任',
                stack: 'all',
                data: (overview?.byLab ?? []).map((l) => l.fullTime),
              },
              {
                type: 'bar',
                name: '兼任',
                stack: 'all',
                data: (overview?.byLab ?? []).map((l) => l.partTime),
              },
            ],
          }}
        />
      </div>
      <Card>
        <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
          <Text weight="semibold">队伍结构</Text>
          {exportButton('lab_teacherstatistics_exportstructure', labStaffApi.structureExport, '结构统计')}
        </div>
        <table className={s.table} aria-label="队伍结构">
          <thead>
            <tr>
              {STRUCTURE_COLUMNS.map(([key, label]) => (
                <th key={key} className={s.th}>
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {structure.map((row) => (
              <tr key={row.labId}>
                {STRUCTURE_COLUMNS.map(([key]) => (
                  <td key={key} className={s.td}>
                    {String(row[key] ?? '')}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Card>
    </section>
  )
}
