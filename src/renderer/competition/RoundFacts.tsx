import { makeStyles, tokens } from '@fluentui/react-components'
import { useEffect, useMemo, useState } from 'react'
import {
  competitionFinalApi,
  competitionPreliminaryApi,
  type FinalDetail,
  type PreliminaryDetail,
} from '../../shared/api/competition'
import { Facts } from '../flow/ProcessLayout'
import { call } from '../shell/request'
import { useCodes } from './kit/dicts'
import { AreaGrid, viewDef, column as col } from './kit/grid'

/** A round as the audit dialog and the process pages show it: its facts and its results or entrants. */

const useStyles = makeStyles({
  wrap: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minHeight: '320px' },
})

const FORMS: Record<number, string> = { 1: '线下', 2: '线上' }
const RULES: Record<number, string> = { 1: '按名次', 2: '按分数线' }

const PRELIMINARY_RESULTS = viewDef('competitionPreliminaryResults', { zh: '初赛成绩', en: 'Results' }, [
  col('rankText', '名次', 70),
  col('typeText', '类型', 70),
  col('teamName', '团队名称'),
  col('memberNos', '学号', 160),
  col('memberNames', '姓名', 160),
  col('deptName', '院系'),
  col('scoreText', '初赛成绩', 90),
  col('advanceText', '是否晋级', 90),
])

const FINAL_ENTRANTS = viewDef('competitionFinalEntrants', { zh: '参赛名单', en: 'Entrants' }, [
  col('typeText', '类型', 70),
  col('teamName', '团队名称'),
  col('memberNos', '学号', 160),
  col('memberNames', '姓名', 160),
  col('deptName', '院系'),
  col('awardText', '获奖等级', 100),
])

export function PreliminaryFacts({ id }: { id: string }) {
  const s = useStyles()
  const statuses = useCodes('roundStatus')
  const [round, setRound] = useState<PreliminaryDetail | null>(null)
  useEffect(() => {
    void call(competitionPreliminaryApi.detail, { query: { id } })
      .then(setRound)
      .catch(() => undefined)
  }, [id])
  const rows = useMemo(
    () =>
      (round?.results ?? []).map((r) => ({
        ...r,
        rankText: r.rank ? String(r.rank) : '—',
        typeText: r.entryType === 2 ? '团队' : '个人',
        scoreText: r.score === null ? '缺赛' : String(r.score),
        advanceText: r.advance ? '晋级' : '',
      })),
    [round],
  )
  if (!round) return null
  return (
    <div className={s.wrap}>
      <Facts
        rows={[
          ['竞赛项目', round.project.projectName],
          ['初赛时间', String(round.preliminaryTime ?? '')],
          ['比赛地点', round.addressName ?? ''],
          ['形式', FORMS[round.form ?? 0] ?? ''],
          ['评委', round.judges ?? ''],
          [
            '晋级规则',
            `${RULES[round.advanceRule ?? 0] ?? ''}${round.advanceRule === 2 ? `（${round.advanceScore ?? ''}分）` : round.advanceCount ? `（前${round.advanceCount}名）` : ''}`,
          ],
          ['报名数 / 晋级数', `${round.entryCount ?? 0} / ${round.advanceTotal ?? 0}`],
          ['状态', statuses.label(round.status)],
        ]}
      />
      <AreaGrid def={PRELIMINARY_RESULTS} rows={rows} keyOf={(r) => r.appointmentId} />
    </div>
  )
}

export function FinalFacts({ id }: { id: string }) {
  const s = useStyles()
  const statuses = useCodes('roundStatus')
  const levels = useCodes('level')
  const awards = useCodes('award')
  const [final, setFinal] = useState<FinalDetail | null>(null)
  useEffect(() => {
    void call(competitionFinalApi.detail, { query: { id } })
      .then(setFinal)
      .catch(() => undefined)
  }, [id])
  const rows = useMemo(
    () =>
      (final?.entrants ?? []).map((r) => ({
        ...r,
        typeText: r.entryType === 2 ? '团队' : '个人',
        awardText: awards.label(r.award),
      })),
    [final, awards],
  )
  if (!final) return null
  return (
    <div className={s.wrap}>
      <Facts
        rows={[
          ['决赛名称', final.finalName ?? ''],
          ['竞赛项目', final.project.projectName],
          ['决赛级别', levels.label(final.finalLevel)],
          ['决赛时间', String(final.finalTime ?? '')],
          ['比赛地点', final.addressName ?? ''],
          ['主办单位', final.organizer ?? ''],
          ['参赛数', String(final.entryCount ?? 0)],
          ['状态', statuses.label(final.status)],
        ]}
      />
      <AreaGrid def={FINAL_ENTRANTS} rows={rows} />
    </div>
  )
}
