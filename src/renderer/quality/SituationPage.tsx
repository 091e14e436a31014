import { Card, Text, makeStyles, tokens } from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { situationApi, type InspectionSituation } from '../../shared/api/quality'
import { WHOLE_SCHOOL } from '../../shared/resources/quality/inspection'
import { Chart } from '../charts/Chart'
import { quietCall } from '../shell/request'
import { SheetBar, useSheet, useSheetStyles } from './SheetBar'

const useStyles = makeStyles({
  content: {
    flex: 1,
    minHeight: 0,
    overflow: 'auto',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
  },
  charts: { display: 'grid', gridTemplateColumns: '2fr 1fr', gap: tokens.spacingHorizontalM },
  table: { borderCollapse: 'collapse', width: '100%', fontSize: tokens.fontSizeBase200 },
  th: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground3,
    padding: tokens.spacingVerticalXS,
    fontWeight: tokens.fontWeightSemibold,
  },
  td: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    padding: tokens.spacingVerticalXS,
    textAlign: 'center',
  },
  total: { fontWeight: tokens.fontWeightSemibold, backgroundColor: tokens.colorNeutralBackground2 },
  empty: { textAlign: 'center', color: tokens.colorNeutralForeground3, padding: tokens.spacingVerticalL },
})

type Key = keyof InspectionSituation
const COLUMNS: [Key, string][] = [
  ['collegeName', '学院'],
  ['courseTotal', '课程数'],
  ['courseInspected', '已检查'],
  ['courseExcellent', '优秀'],
  ['courseGood', '良好'],
  ['coursePass', '合格'],
  ['courseFail', '不合格'],
  ['avgOpenRate', '平均开出率(%)'],
  ['roomTotal', '房间数'],
  ['roomInspected', '已检查房间'],
  ['roomFail', '不合格房间'],
  ['problemCount', '问题数'],
  ['rectifiedCount', '已整改'],
  ['rectifyRate', '整改率(%)'],
]

const cell = (row: InspectionSituation, key: Key) => {
  const v = row[key]
  return key === 'avgOpenRate' || key === 'rectifyRate' ? String(Number(v ?? 0)) : String(v ?? '')
}

/** Courses of each college by 检查结论, stacked (未检查 = not yet judged). */
function byCollegeOption(colleges: InspectionSituation[]) {
  const n = (v: unknown) => Number(v ?? 0)
  const series: [string, (r: InspectionSituation) => number][] = [
    ['优秀', (r) => n(r.courseExcellent)],
    ['良好', (r) => n(r.courseGood)],
    ['合格', (r) => n(r.coursePass)],
    ['不合格', (r) => n(r.courseFail)],
    ['未检查', (r) => n(r.courseTotal) - n(r.courseInspected)],
  ]
  return {
    // drawn at once: a summary, and screenshots show the final bars
    animation: false,
    tooltip: { trigger: 'axis' as const },
    legend: {},
    xAxis: { type: 'category' as const, data: colleges.map((r) => String(r.collegeName ?? '')) },
    yAxis: { type: 'value' as const, minInterval: 1 },
    series: series.map(([name, value]) => ({
      type: 'bar' as const,
      name,
      stack: 'courses',
      data: colleges.map(value),
      // not judged yet: neutral, apart from the results' colours
      ...(name === '未检查' ? { itemStyle: { color: '#c8c6c4' } } : {}),
    })),
  }
}

/** 全校: courses by 检查结论 (every result kept, so the colours match the bar chart's). */
function schoolOption(school: InspectionSituation | undefined) {
  const n = (v: unknown) => Number(v ?? 0)
  const data = school
    ? [
        { name: '优秀', value: n(school.courseExcellent) },
        { name: '良好', value: n(school.courseGood) },
        { name: '合格', value: n(school.coursePass) },
        { name: '不合格', value: n(school.courseFail) },
      ]
    : []
  return {
    animation: false,
    tooltip: { trigger: 'item' as const },
    legend: { bottom: 0 },
    // results with no course draw no slice and no label
    series: [{ type: 'pie' as const, radius: ['35%', '65%'], minShowLabelAngle: 1, data }],
  }
}

/**
 * 检查情况: per college and 全校, the course results, 开出率, room findings and rectification of the
 * term (抽取数据 from both sheets), a chart of the course results, 锁定 once both sheets are locked.
 */
export default function SituationPage() {
  const s = useSheetStyles()
  const c = useStyles()
  const sheet = useSheet(situationApi)
  const [rows, setRows] = useState<InspectionSituation[]>([])
  useEffect(() => {
    if (!sheet.termId) return
    let live = true
    quietCall(situationApi.page, { query: { academicYearId_equal: sheet.termId, current: 1, size: 500 } })
      .then((page) => live && setRows(page.records))
      .catch(() => live && setRows([]))
    return () => {
      live = false
    }
  }, [sheet.termId, sheet.version])
  const school = rows.find((r) => r.collegeSerialNum === WHOLE_SCHOOL)
  const colleges = rows
    .filter((r) => r.collegeSerialNum !== WHOLE_SCHOOL)
    .sort((a, b) => String(a.collegeSerialNum).localeCompare(String(b.collegeSerialNum)))
  const ordered = school ? [...colleges, school] : colleges

  return (
    <section className={s.screen} aria-label="检查情况">
      <SheetBar sheet="situation" api={situationApi} state={sheet} />
      <div className={c.content}>
        <Card>
          <Text weight="semibold">各学院检查情况</Text>
          <table className={c.table} aria-label="各学院检查情况">
            <thead>
              <tr>
                {COLUMNS.map(([key, label]) => (
                  <th key={key} className={c.th}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {ordered.map((row) => (
                <tr key={String(row.collegeSerialNum)} className={row === school ? c.total : undefined}>
                  {COLUMNS.map(([key]) => (
                    <td key={key} className={c.td}>
                      {cell(row, key)}
                    </td>
                  ))}
                </tr>
              ))}
              {ordered.length ? null : (
                <tr>
                  <td className={c.empty} colSpan={COLUMNS.length}>
                    暂无数据：请先抽取数据
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </Card>
        <div className={c.charts}>
          <Chart title="各学院课程检查结果" option={byCollegeOption(colleges)} height={300} />
          <Chart
            title="全校课程检查结论"
            option={schoolOption(school)}
            empty={!Number(school?.courseInspected ?? 0)}
            height={300}
          />
        </div>
      </div>
    </section>
  )
}
