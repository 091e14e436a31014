import { Button, Card, Tab, TabList, Text, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowExportRegular } from '@fluentui/react-icons'
import { useEffect, useMemo, useState } from 'react'
import {
  competitionParameterApi as api,
  type AwardRow,
  type AwardSum,
  type ClassSummaryRow,
} from '../../shared/api/competition'
import { Chart, type ChartOption } from '../charts/Chart'
import { call } from '../shell/request'
import { usePermissions } from '../resource/shell-adapter'
import { useCodes } from './kit/dicts'
import { AreaGrid, useGridStyles, usePaged, viewDef, column as col } from './kit/grid'
import { picksOf, useApplyOptions } from './kit/options'
import { Pick } from './kit/Pick'
import { useSave } from './kit/useSave'
import { YearPick } from './kit/YearPick'

/** 获奖统计 (A.8): 团体获奖 and 个人获奖 (cards by award, charts, the rows) and 班级汇总 with its 合计 row. */

const useStyles = makeStyles({
  scroll: { flex: 1, minHeight: 0, overflowY: 'auto', display: 'flex', flexDirection: 'column', gap: '12px' },
  cards: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM },
  card: { minWidth: '120px', padding: tokens.spacingVerticalM, alignItems: 'center' },
  figure: { fontSize: tokens.fontSizeHero700, fontWeight: tokens.fontWeightSemibold },
  charts: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(380px, 1fr))', gap: '12px' },
  table: { minHeight: '320px', display: 'flex', flexDirection: 'column' },
})

const GROUP = viewDef('competitionGroupAwards', { zh: '团体获奖', en: 'Team awards' }, [
  col('projectName', '竞赛项目名称', 180),
  col('competitionName', '赛事名称', 160),
  col('levelText', '决赛级别', 90),
  col('awardText', '获奖等级', 90),
  col('teamName', '团队名称'),
  col('leaderName', '队长', 90),
  col('memberNames', '成员', 200),
  col('teacherNames', '指导教师'),
  col('deptName', '院系'),
  col('awardDate', '获奖日期'),
  col('certificateNo', '证书编号'),
])

const PERSONAL = viewDef('competitionPersonalAwards', { zh: '个人获奖', en: 'Personal awards' }, [
  col('projectName', '竞赛项目名称', 180),
  col('competitionName', '赛事名称', 160),
  col('levelText', '决赛级别', 90),
  col('awardText', '获奖等级', 90),
  col('memberNos', '学号'),
  col('memberNames', '姓名', 90),
  col('className', '班级'),
  col('teacherNames', '指导教师'),
  col('deptName', '院系'),
  col('awardDate', '获奖日期'),
  col('certificateNo', '证书编号'),
])

const CLASSES = viewDef('competitionClassSummary', { zh: '班级汇总', en: 'By class' }, [
  col('className', '班级', 160),
  col('deptName', '院系', 140),
  col('majorName', '专业', 140),
  col('studentCount', '学生数', 80, 'int'),
  col('participants', '参赛人数', 90, 'int'),
  col('rateText', '参赛率', 80),
  col('awardees', '获奖人数', 90, 'int'),
  col('awardPersonTimes', '获奖人次', 90, 'int'),
  col('national', '国家级', 80, 'int'),
  col('provincial', '省部级', 80, 'int'),
  col('other', '其他', 80, 'int'),
])

export default function AwardsPage() {
  const g = useGridStyles()
  const options = useApplyOptions()
  const levels = useCodes('level')
  const awards = useCodes('award')
  const [year, setYear] = useState('')
  const [level, setLevel] = useState('')
  const [dept, setDept] = useState('')
  const [award, setAward] = useState('')
  const [tab, setTab] = useState<'group' | 'personal' | 'class'>('group')
  useEffect(() => {
    if (!year && options) setYear(options.currentYear)
  }, [options, year])
  const picks = useMemo(() => picksOf(options), [options])
  const filters = { academicYear: year, finalLevel: level, deptSerial: dept, award }
  return (
    <section className={g.page} aria-label="获奖统计">
      <div className={g.bar}>
        <YearPick value={year} onChange={setYear} years={options?.academicYears} />
        <Pick
          label="决赛级别"
          placeholder="决赛级别"
          options={levels.options}
          value={level}
          onChange={setLevel}
        />
        <Pick label="院系" placeholder="院系" options={picks.colleges} value={dept} onChange={setDept} />
        <Pick
          label="获奖等级"
          placeholder="获奖等级"
          options={awards.options.filter((o) => o.value !== '9')}
          value={award}
          onChange={setAward}
        />
      </div>
      <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as typeof tab)}>
        <Tab value="group">团体获奖</Tab>
        <Tab value="personal">个人获奖</Tab>
        <Tab value="class">班级汇总</Tab>
      </TabList>
      {year && tab !== 'class' ? <AwardTab key={tab} type={tab} filters={filters} /> : null}
      {year && tab === 'class' ? <ClassTab year={year} dept={dept} /> : null}
    </section>
  )
}

function AwardTab({ type, filters }: { type: 'group' | 'personal'; filters: Record<string, string> }) {
  const s = useStyles()
  const g = useGridStyles()
  const can = usePermissions()
  const levels = useCodes('level')
  const awards = useCodes('award')
  const save = useSave()
  const group = type === 'group'
  const key = JSON.stringify(filters)
  const [sum, setSum] = useState<AwardSum | null>(null)
  useEffect(() => {
    void call(group ? api.groupAwardsSum : api.personalAwardsSum, { query: filters })
      .then(setSum)
      .catch(() => undefined)
    // the filters by value
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, group])
  const paged = usePaged(
    (p) => call(group ? api.groupAwards : api.personalAwards, { query: { ...p, ...filters } }),
    key,
  )
  const rows = paged.rows.map((r: AwardRow) => ({
    ...r,
    levelText: levels.label(r.finalLevel),
    awardText: awards.label(r.award),
  }))

  const awardCodes = awards.options.filter((o) => o.value !== '9')
  const depts = [...new Map((sum?.deptAward ?? []).map((d) => [d.deptSerial, d.deptName])).entries()]
  const bar: ChartOption = {
    tooltip: { trigger: 'axis' },
    legend: {},
    xAxis: { type: 'category', data: depts.map(([, n]) => n) },
    yAxis: { type: 'value', minInterval: 1 },
    series: depts.length
      ? awardCodes.map((a) => ({
          type: 'bar' as const,
          name: a.label,
          stack: 'award',
          data: depts.map(
            ([serial]) =>
              sum?.deptAward.find((d) => d.deptSerial === serial && String(d.award) === a.value)?.count ?? 0,
          ),
        }))
      : [],
  } as ChartOption
  const pie: ChartOption = {
    tooltip: { trigger: 'item' },
    legend: {},
    series: [
      {
        type: 'pie',
        radius: ['35%', '65%'],
        data: (sum?.byLevel ?? []).map((l) => ({ name: levels.label(l.finalLevel), value: l.count })),
      },
    ],
  }
  const label = group ? '团体' : '个人'
  return (
    <div className={s.scroll}>
      <div className={g.bar}>
        <div className={s.cards} role="list" aria-label={`${label}获奖汇总`}>
          <Card className={s.card} role="listitem">
            <Text>合计</Text>
            <span className={s.figure}>{sum?.total ?? 0}</span>
          </Card>
          {awardCodes.map((a) => (
            <Card key={a.value} className={s.card} role="listitem">
              <Text>{a.label}</Text>
              <span className={s.figure}>
                {sum?.byAward.find((b) => String(b.award) === a.value)?.count ?? 0}
              </span>
            </Card>
          ))}
        </div>
        <span className={g.spacer} />
        {can(group ? 'competition_awards_exportgroup' : 'competition_awards_exportpersonal') ? (
          <Button
            icon={<ArrowExportRegular />}
            disabled={save.busy}
            onClick={() =>
              void save.run(
                group ? api.groupAwardsExport : api.personalAwardsExport,
                { query: filters },
                `${group ? '团体' : '个人'}获奖统计_${filters.academicYear}.xlsx`,
              )
            }
          >
            导出
          </Button>
        ) : null}
      </div>
      <div className={s.charts}>
        <Chart title={`${label}获奖：院系 × 获奖等级`} option={bar} height={280} />
        <Chart title={`${label}获奖：决赛级别`} option={pie} height={280} />
      </div>
      <div className={s.table}>
        <AreaGrid
          def={group ? GROUP : PERSONAL}
          rows={rows}
          loading={paged.loading}
          error={paged.error}
          onRetry={paged.reload}
          paged={paged as never}
        />
      </div>
    </div>
  )
}

function ClassTab({ year, dept }: { year: string; dept: string }) {
  const [rows, setRows] = useState<ClassSummaryRow[]>([])
  const [loading, setLoading] = useState(true)
  useEffect(() => {
    setLoading(true)
    void call(api.classSummary, { query: { academicYear: year, deptSerial: dept } })
      .then(setRows)
      .catch(() => undefined)
      .finally(() => setLoading(false))
  }, [year, dept])
  const shown = rows.map((r) => ({
    ...r,
    className: r.isTotal ? '合计' : r.className,
    rateText: `${r.participationRate}%`,
  }))
  return (
    <AreaGrid def={CLASSES} rows={shown} keyOf={(r) => (r.isTotal ? 'total' : r.classNo)} loading={loading} />
  )
}
