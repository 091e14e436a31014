import { Button, Field, Input, Tab, TabList, makeStyles, tokens } from '@fluentui/react-components'
import { SaveRegular } from '@fluentui/react-icons'
import { useCallback, useEffect, useMemo, useState } from 'react'
import {
  competitionApplyApi as api,
  type GradeListRow,
  type ScoreListRow,
} from '../../shared/api/competition'
import { APPLY_STATUS } from '../../shared/resources/competition'
import { call } from '../shell/request'
import { notify, usePermissions } from '../resource/shell-adapter'
import { useCodes } from './kit/dicts'
import { AreaGrid, useGridStyles, usePaged, viewDef, column as col } from './kit/grid'
import { Modal } from './kit/Modal'
import { useApplyOptions } from './kit/options'
import { Pick } from './kit/Pick'
import { YearPick } from './kit/YearPick'

/** 申报评审 (A.4): tab 评分 with inline 评分/评语 cells; tab 评定 ranked with 建议等级 and 批量评定. */

const useStyles = makeStyles({
  cell: { width: '100%', minWidth: 0 },
  note: { color: tokens.colorNeutralForeground3 },
})

export default function ReviewPage() {
  const g = useGridStyles()
  const options = useApplyOptions()
  const [year, setYear] = useState('')
  const [tab, setTab] = useState<'score' | 'grade'>('score')
  useEffect(() => {
    if (!year && options) setYear(options.currentYear)
  }, [options, year])
  return (
    <section className={g.page} aria-label="申报评审">
      <div className={g.bar}>
        <YearPick value={year} onChange={setYear} years={options?.academicYears} />
      </div>
      <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as typeof tab)}>
        <Tab value="score">评分</Tab>
        <Tab value="grade">评定</Tab>
      </TabList>
      {year ? tab === 'score' ? <ScoreTab year={year} /> : <GradeTab year={year} /> : null}
    </section>
  )
}

type Draft = Record<string, { score: string; comment: string }>

function ScoreTab({ year }: { year: string }) {
  const s = useStyles()
  const g = useGridStyles()
  const paged = usePaged((p) => call(api.scoreList, { query: { ...p, academicYear: year } }), year)
  const [draft, setDraft] = useState<Draft>({})
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    setDraft(
      Object.fromEntries(
        paged.rows.map((r) => [
          r.id,
          { score: r.myScore === null ? '' : String(r.myScore), comment: r.myComment ?? '' },
        ]),
      ),
    )
  }, [paged.rows])

  const patch = useCallback(
    (id: string, v: Partial<Draft[string]>) =>
      setDraft((d) => ({ ...d, [id]: { ...(d[id] ?? { score: '', comment: '' }), ...v } })),
    [],
  )

  const def = useMemo(
    () =>
      viewDef('competitionScoreList', { zh: '评分', en: 'Scores' }, [
        col('applyNo', '申报编号'),
        col('projectName', '竞赛项目名称', 180),
        col('deptName', '承办院系'),
        col('leaderName', '负责教师', 90),
        col('budget', '申请经费（元）', 110, 'decimal'),
        col('scoreCount', '评审人数', 80, 'int'),
      ]),
    [],
  )

  const changed = paged.rows.filter((r) => {
    const d = draft[r.id]
    if (!d || r.mine) return false
    const score = r.myScore === null ? '' : String(r.myScore)
    return d.score !== '' && (d.score !== score || d.comment !== (r.myComment ?? ''))
  })

  const saveScores = async () => {
    if (!changed.length) {
      notify.warning('请先填写评分')
      return
    }
    setBusy(true)
    try {
      await call(api.updateBatch, {
        body: {
          action: 'score',
          items: changed.map((r) => ({
            id: r.id,
            score: Number(draft[r.id]!.score),
            comment: draft[r.id]!.comment || null,
          })),
        },
      })
      notify.success('评分已保存')
      paged.reload()
    } catch {
      // shown
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <div className={g.bar}>
        <span className={s.note}>每位评审人对每个项目评分一次，可修改；不能评审本人负责的申报。</span>
        <span className={g.spacer} />
        <Button
          appearance="primary"
          icon={<SaveRegular />}
          disabled={busy || !changed.length}
          onClick={() => void saveScores()}
        >
          保存评分
        </Button>
      </div>
      <AreaGrid<ScoreListRow>
        def={def}
        rows={paged.rows}
        loading={paged.loading}
        error={paged.error}
        onRetry={paged.reload}
        paged={paged}
        buttonsWidth={360}
        buttons={(row) =>
          row.mine ? (
            <span className={s.note}>本人负责的申报</span>
          ) : (
            <span style={{ display: 'flex', gap: 4, width: '100%' }}>
              <Input
                className={s.cell}
                style={{ width: 80 }}
                aria-label={`评分 ${row.projectName}`}
                placeholder="评分"
                type="number"
                value={draft[row.id]?.score ?? ''}
                onChange={(_, d) => patch(row.id, { score: d.value })}
              />
              <Input
                className={s.cell}
                style={{ flex: 1 }}
                aria-label={`评语 ${row.projectName}`}
                placeholder="评语"
                value={draft[row.id]?.comment ?? ''}
                onChange={(_, d) => patch(row.id, { comment: d.value })}
              />
            </span>
          )
        }
      />
    </>
  )
}

function GradeTab({ year }: { year: string }) {
  const g = useGridStyles()
  const can = usePermissions()
  const grades = useCodes('grade')
  const [rows, setRows] = useState<GradeListRow[]>([])
  const [loading, setLoading] = useState(true)
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [dialog, setDialog] = useState(false)
  const load = useCallback(() => {
    setLoading(true)
    void call(api.gradeList, { query: { academicYear: year } })
      .then((r) => setRows(r))
      .catch(() => undefined)
      .finally(() => setLoading(false))
  }, [year])
  useEffect(load, [load])

  const def = useMemo(
    () =>
      viewDef('competitionGradeList', { zh: '评定', en: 'Grading' }, [
        col('rankText', '排名', 70),
        col('applyNo', '申报编号'),
        col('projectName', '竞赛项目名称', 180),
        col('deptName', '承办院系'),
        col('scoreCount', '评审人数', 80, 'int'),
        col('avgScore', '评审均分', 90),
        col('maxScore', '最高分', 80),
        col('minScore', '最低分', 80),
        col('suggestedText', '建议等级', 120),
        col('gradeText', '评定等级', 120),
        col('budget', '申请经费（元）', 110),
        col('approvedFunds', '核定经费（元）', 110),
        col('statusText', '状态', 80),
      ]),
    [],
  )
  const shown = rows.map((r) => ({
    ...r,
    rankText: r.rank ? String(r.rank) : '评审人数不足',
    suggestedText: grades.label(r.suggestedGrade),
    gradeText: grades.label(r.grade),
    statusText:
      r.status === APPLY_STATUS.approved
        ? '已立项'
        : r.status === APPLY_STATUS.rejected
          ? '未立项'
          : '待评审',
  }))
  const chosen = rows.filter((r) => selected.has(r.id))
  return (
    <>
      <div className={g.bar}>
        <span className={g.spacer} />
        {can('competition_applyreview_batchedit') ? (
          <Button
            appearance="primary"
            disabled={!chosen.length}
            onClick={() => setDialog(true)}
          >{`批量评定${chosen.length ? `（${chosen.length}）` : ''}`}</Button>
        ) : null}
      </div>
      <AreaGrid
        def={def}
        rows={shown}
        loading={loading}
        selected={selected}
        onSelected={setSelected}
        onRetry={load}
      />
      {dialog ? (
        <GradeDialog
          rows={chosen}
          onClose={() => setDialog(false)}
          onDone={() => {
            setDialog(false)
            setSelected(new Set())
            load()
          }}
        />
      ) : null}
    </>
  )
}

/** 批量评定: one grade for the selected rows; 核定经费 per row (defaults to the budget; 0 for C). */
function GradeDialog({
  rows,
  onClose,
  onDone,
}: {
  rows: GradeListRow[]
  onClose: () => void
  onDone: () => void
}) {
  const grades = useCodes('grade')
  const first = rows[0]?.suggestedGrade
  const [grade, setGrade] = useState(
    first && rows.every((r) => r.suggestedGrade === first) ? String(first) : '',
  )
  const [funds, setFunds] = useState<Record<string, string>>(
    Object.fromEntries(
      rows.map((r) => [r.id, r.approvedFunds ? String(r.approvedFunds) : String(r.budget ?? 0)]),
    ),
  )
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState('')
  const run = async () => {
    if (!grade) {
      setError('请选择评定等级')
      return
    }
    setBusy(true)
    try {
      await call(api.updateBatch, {
        body: {
          action: 'grade',
          items: rows.map((r) => ({
            id: r.id,
            grade: Number(grade),
            approvedFunds: grade === '3' ? 0 : Number(funds[r.id] || 0),
          })),
        },
      })
      notify.success('评定完成')
      onDone()
    } catch {
      // shown
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal
      title="批量评定"
      width={640}
      onClose={onClose}
      busy={busy}
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            取消
          </Button>
          <Button appearance="primary" onClick={() => void run()} disabled={busy}>
            确定
          </Button>
        </>
      }
    >
      <Field label="评定等级" required validationMessage={error || undefined}>
        <Pick
          label="评定等级"
          options={grades.options}
          value={grade}
          onChange={(v) => {
            setGrade(v)
            setError('')
          }}
        />
      </Field>
      {grade !== '3'
        ? rows.map((r) => (
            <Field key={r.id} label={`核定经费（元）：${r.projectName}（申请 ${r.budget ?? 0}）`}>
              <Input
                type="number"
                value={funds[r.id] ?? ''}
                onChange={(_, d) => setFunds((f) => ({ ...f, [r.id]: d.value }))}
              />
            </Field>
          ))
        : null}
    </Modal>
  )
}
