import {
  Button,
  Checkbox,
  Field,
  Input,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { ArrowExportRegular, SendRegular } from '@fluentui/react-icons'
import { useEffect, useMemo, useState } from 'react'
import {
  competitionPreliminaryApi as api,
  type GridEntry,
  type PreliminaryRow,
  type PreliminaryView,
} from '../../shared/api/competition'
import { ROUND_STATUS, competitionPreliminaryResource } from '../../shared/resources/competition'
import type { FieldDef } from '../../shared/resource/types'
import { call } from '../shell/request'
import { notify, usePermissions } from '../resource/shell-adapter'
import { RowActions } from './kit/actions'
import { useCodes } from './kit/dicts'
import { FieldGrid, bodyOf, useForm, valuesOf } from './kit/Form'
import { AreaGrid, useGridStyles, usePaged, viewDef, column as col } from './kit/grid'
import { Modal } from './kit/Modal'
import { useApplyOptions } from './kit/options'
import { Pick } from './kit/Pick'
import { competitionRanks, proposedAdvance } from './kit/ranking'
import { useSave } from './kit/useSave'
import { YearPick } from './kit/YearPick'
import { PreliminaryFacts } from './RoundFacts'

/** 初赛管理 (A.6): projects with a preliminary; 登记 (the round and its grid), 批量提交, exports. */

const FIELDS = (competitionPreliminaryResource.fields as readonly FieldDef[]).filter(
  (f) => f.form !== false && !['projectId', 'addressName', 'attachIds'].includes(f.name),
)

const LIST = viewDef('competitionPreliminaryList', { zh: '初赛管理', en: 'Preliminaries' }, [
  col('projectName', '竞赛项目名称', 180),
  col('leaderName', '负责教师', 90),
  col('signupEnd', '报名截止时间', 160),
  col('preliminaryTime', '初赛时间', 160),
  col('addressName', '比赛地点'),
  col('entryCount', '报名数', 80),
  col('advanceTotal', '晋级数', 80),
  col('statusText', '状态', 90),
])

const useStyles = makeStyles({
  score: { width: '90px' },
  muted: { color: tokens.colorNeutralForeground3 },
})

const canRegister = (status: number | null) =>
  status === null || status === ROUND_STATUS.draft || status === ROUND_STATUS.returned

export default function PreliminaryPage() {
  const g = useGridStyles()
  const can = usePermissions()
  const options = useApplyOptions()
  const statuses = useCodes('roundStatus')
  const save = useSave()
  const [year, setYear] = useState('')
  const [status, setStatus] = useState('')
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [register, setRegister] = useState<string | null>(null)
  const [viewing, setViewing] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (!year && options) setYear(options.currentYear)
  }, [options, year])
  const filters = { academicYear: year, status }
  const paged = usePaged((p) => call(api.page, { query: { ...p, ...filters } }), JSON.stringify(filters))
  const rows = paged.rows.map((r) => ({
    ...r,
    statusText: r.status === null ? '未登记' : statuses.label(r.status),
  }))
  const chosen = paged.rows.filter((r) => selected.has(r.projectId))

  const batchSubmit = async () => {
    const ids = chosen.map((r) => r.id).filter(Boolean)
    if (!ids.length || ids.length < chosen.length) {
      notify.warning('请选择已登记的初赛')
      return
    }
    setBusy(true)
    try {
      await call(api.batchSubmit, { body: { ids } })
      notify.success(`已提交${ids.length}条初赛记录`)
      setSelected(new Set())
      paged.reload()
    } catch {
      // shown
    } finally {
      setBusy(false)
    }
  }

  const statusOptions = [{ value: 'none', label: '未登记' }, ...statuses.options]
  return (
    <section className={g.page} aria-label="初赛管理">
      <div className={g.bar}>
        <YearPick value={year} onChange={setYear} years={options?.academicYears} />
        <Pick label="状态" placeholder="状态" options={statusOptions} value={status} onChange={setStatus} />
        <span className={g.spacer} />
        {can('competition_preliminary_submit') ? (
          <Button
            appearance="primary"
            icon={<SendRegular />}
            disabled={busy || !chosen.length}
            onClick={() => void batchSubmit()}
          >
            批量提交
          </Button>
        ) : null}
        {can('competition_preliminary_export') ? (
          <Button
            icon={<ArrowExportRegular />}
            disabled={save.busy}
            onClick={() => void save.run(api.pageExport, { query: filters }, `初赛管理_${year}.xlsx`)}
          >
            导出
          </Button>
        ) : null}
        {can('competition_preliminary_exportdetail') ? (
          <Button
            icon={<ArrowExportRegular />}
            disabled={save.busy}
            onClick={() =>
              void save.run(api.detailPageExport, { query: { academicYear: year } }, `初赛成绩_${year}.xlsx`)
            }
          >
            导出明细
          </Button>
        ) : null}
      </div>
      <AreaGrid<PreliminaryRow & { statusText: string }>
        def={LIST}
        rows={rows}
        keyOf={(r) => r.projectId}
        loading={paged.loading}
        error={paged.error}
        onRetry={paged.reload}
        selected={selected}
        onSelected={setSelected}
        paged={paged as never}
        buttonsWidth={200}
        buttons={(row) => (
          <RowActions
            actions={[
              {
                label: '登记',
                show: can('competition_preliminary_edit') && canRegister(row.status),
                onClick: () => setRegister(row.projectId),
              },
              {
                label: '查看',
                show: can('competition_preliminary_view') && !!row.id,
                onClick: () => setViewing(row.id),
              },
              {
                label: '导出学生',
                show: can('competition_preliminary_exportstudent'),
                onClick: () =>
                  void save.run(
                    api.exportProjectPreliminaryStudent,
                    { query: { projectId: row.projectId } },
                    `初赛学生_${row.projectName}.xlsx`,
                  ),
              },
            ]}
          />
        )}
      />
      {register ? (
        <RegisterDialog
          projectId={register}
          onClose={() => setRegister(null)}
          onSaved={() => {
            setRegister(null)
            paged.reload()
          }}
        />
      ) : null}
      {viewing ? (
        <Modal title="初赛详情" width={960} onClose={() => setViewing(null)}>
          <PreliminaryFacts id={viewing} />
        </Modal>
      ) : null}
    </section>
  )
}

interface Line extends GridEntry {
  scoreText: string
}

/** 登记: time, venue, 形式, 评委, 晋级规则 and the grid (成绩, 名次 live, 晋级 pre-ticked by the rule). */
function RegisterDialog({
  projectId,
  onClose,
  onSaved,
}: {
  projectId: string
  onClose: () => void
  onSaved: () => void
}) {
  const s = useStyles()
  const form = useForm(FIELDS, valuesOf(FIELDS, null))
  const [view, setView] = useState<PreliminaryView | null>(null)
  const [lines, setLines] = useState<Line[]>([])
  const [busy, setBusy] = useState(false)
  /** The teacher's own ticks (or saved ones) stay; until then the rule ticks as scores are typed. */
  const [manual, setManual] = useState(false)

  useEffect(() => {
    let live = true
    void Promise.all([
      call(api.getApplyDetail, { query: { projectId } }),
      call(api.getProjectPreliminaryStudent, { query: { projectId } }),
    ])
      .then(([v, grid]) => {
        if (!live) return
        setView(v)
        form.reset(valuesOf(FIELDS, v.preliminary as never))
        setLines(grid.map((e) => ({ ...e, scoreText: e.score === null ? '' : String(e.score) })))
        setManual(grid.some((e) => e.score !== null || e.advance === 1))
      })
      .catch(() => onClose())
    return () => {
      live = false
    }
    // once per dialog
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [projectId])

  const ranks = useMemo(() => competitionRanks(lines.map((l) => l.scoreText)), [lines])
  const rule = Number(form.values.advanceRule || 1)
  const count = form.values.advanceCount === '' ? null : Number(form.values.advanceCount)
  const line = form.values.advanceScore === '' ? null : Number(form.values.advanceScore)

  const tickByRule = () =>
    setLines((list) => {
      const ticks = proposedAdvance(
        list.map((l) => l.scoreText),
        rule,
        count,
        line,
      )
      return list.map((l, i) => ({ ...l, advance: ticks[i]! }))
    })

  const scoresKey = lines.map((l) => l.scoreText).join('|')
  useEffect(() => {
    if (!manual) tickByRule()
    // the rule re-ticks when a score or the rule changes
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [scoresKey, rule, count, line, manual])

  const save = async () => {
    if (!form.check()) return
    setBusy(true)
    try {
      const venue = view?.addresses.find((a) => a.id === form.values.addressId)
      await call(api.saveAndUpdate, {
        body: {
          ...bodyOf(form.values),
          ...(view?.preliminary?.id ? { id: view.preliminary.id } : {}),
          projectId,
          addressName: venue?.addressName ?? view?.preliminary?.addressName ?? null,
          results: lines.map((l) => ({
            appointmentId: l.appointmentId,
            score: l.scoreText.trim() === '' ? null : Number(l.scoreText),
            advance: l.advance,
            remark: l.remark,
          })),
        } as never,
      })
      notify.success('登记成功')
      onSaved()
    } catch {
      // shown
    } finally {
      setBusy(false)
    }
  }

  const venues = (view?.addresses ?? []).map((a) => ({ value: a.id, label: a.addressName ?? '' }))
  return (
    <Modal
      title={`登记初赛${view ? `：${view.project.projectName}` : ''}`}
      width={1000}
      onClose={onClose}
      busy={busy}
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            取消
          </Button>
          <Button appearance="primary" onClick={() => void save()} disabled={busy || !view}>
            保存
          </Button>
        </>
      }
    >
      <FieldGrid
        fields={FIELDS}
        form={form}
        disabled={busy}
        custom={{
          addressId: (
            <Pick
              label="比赛地点"
              options={venues}
              value={String(form.values.addressId ?? '')}
              onChange={(v) => form.set('addressId', v)}
            />
          ),
        }}
      />
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        <Button
          size="small"
          onClick={() => {
            setManual(false)
            tickByRule()
          }}
        >
          按规则勾选晋级
        </Button>
        <span className={s.muted}>
          共{lines.length}条报名，已勾选晋级{lines.filter((l) => l.advance).length}条
        </span>
      </div>
      <Table aria-label="初赛成绩" size="small">
        <TableHeader>
          <TableRow>
            {['名次', '类型', '团队名称', '学号', '姓名', '院系', '初赛成绩', '晋级'].map((h) => (
              <TableHeaderCell key={h}>{h}</TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {lines.map((l, i) => (
            <TableRow key={l.appointmentId}>
              <TableCell>{ranks[i] ?? '—'}</TableCell>
              <TableCell>{l.entryType === 2 ? '团队' : '个人'}</TableCell>
              <TableCell>{l.teamName ?? ''}</TableCell>
              <TableCell>{l.memberNos}</TableCell>
              <TableCell>{l.memberNames}</TableCell>
              <TableCell>{l.deptName}</TableCell>
              <TableCell>
                <Field>
                  <Input
                    className={s.score}
                    aria-label={`成绩 ${l.teamName || l.memberNames}`}
                    type="number"
                    value={l.scoreText}
                    onChange={(_, d) =>
                      setLines((list) => list.map((x, j) => (j === i ? { ...x, scoreText: d.value } : x)))
                    }
                  />
                </Field>
              </TableCell>
              <TableCell>
                <Checkbox
                  aria-label={`晋级 ${l.teamName || l.memberNames}`}
                  checked={l.advance === 1}
                  onChange={(_, d) => {
                    setManual(true)
                    setLines((list) =>
                      list.map((x, j) => (j === i ? { ...x, advance: d.checked ? 1 : 0 } : x)),
                    )
                  }}
                />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Modal>
  )
}
