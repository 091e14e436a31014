import {
  Button,
  Checkbox,
  Field,
  Input,
  Tab,
  TabList,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { AddRegular, ArrowExportRegular, SendRegular } from '@fluentui/react-icons'
import { useEffect, useState } from 'react'
import {
  competitionApplyApi,
  competitionFinalApi as api,
  competitionFinalResultApi as results,
  type EligibleEntry,
  type FinalResultRow,
  type FinalRow,
  type FinalView,
} from '../../shared/api/competition'
import {
  APPLY_STATUS,
  RESULT_STATUS,
  ROUND_STATUS,
  competitionFinalResource,
} from '../../shared/resources/competition'
import type { FieldDef } from '../../shared/resource/types'
import { call } from '../shell/request'
import { confirm, notify, usePermissions } from '../resource/shell-adapter'
import { RowActions } from './kit/actions'
import { useCodes } from './kit/dicts'
import { FieldGrid, bodyOf, useForm, valuesOf } from './kit/Form'
import { AreaGrid, useGridStyles, usePaged, viewDef, column as col } from './kit/grid'
import { Modal } from './kit/Modal'
import { useApplyOptions } from './kit/options'
import { Pick, type PickOption } from './kit/Pick'
import { useSave } from './kit/useSave'
import { YearPick } from './kit/YearPick'
import { FinalFacts } from './RoundFacts'

/** 决赛管理 (A.7): finals with their entrants, approval, and the awards (录入结果, 提交结果). */

const FIELDS = (competitionFinalResource.fields as readonly FieldDef[]).filter(
  (f) => f.form !== false && !['projectId', 'addressName'].includes(f.name),
)

const useStyles = makeStyles({
  muted: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
  small: { width: '90px' },
  table: { maxHeight: '360px', overflowY: 'auto' },
})

const editable = (r: FinalRow) =>
  (r.status === ROUND_STATUS.draft || r.status === ROUND_STATUS.returned) &&
  r.resultStatus === RESULT_STATUS.none

export default function FinalPage() {
  const g = useGridStyles()
  const can = usePermissions()
  const options = useApplyOptions()
  const statuses = useCodes('roundStatus')
  const levels = useCodes('level')
  const save = useSave()
  const [year, setYear] = useState('')
  const [selected, setSelected] = useState<Set<string>>(new Set())
  const [editing, setEditing] = useState<{ id: string | null } | null>(null)
  const [viewing, setViewing] = useState<string | null>(null)
  const [entering, setEntering] = useState<FinalRow | null>(null)
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (!year && options) setYear(options.currentYear)
  }, [options, year])
  const filters = { academicYear: year }
  const paged = usePaged((p) => call(api.page, { query: { ...p, ...filters } }), year)
  const rows = paged.rows.map((r) => ({
    ...r,
    levelText: levels.label(r.finalLevel),
    statusText: statuses.label(r.status),
    resultText: ['未录入', '已录入', '已提交'][r.resultStatus ?? 0] ?? '',
  }))
  const list = viewDef('competitionFinalList', { zh: '决赛管理', en: 'Finals' }, [
    col('finalName', '决赛名称', 200),
    col('projectName', '竞赛项目名称', 180),
    col('levelText', '决赛级别', 90),
    col('finalTime', '决赛时间', 160),
    col('addressName', '比赛地点'),
    col('entryCount', '参赛数', 80),
    col('statusText', '状态', 80),
    col('resultText', '结果状态', 90),
  ])

  const act = async (run: () => Promise<unknown>, done: string) => {
    setBusy(true)
    try {
      await run()
      notify.success(done)
      setSelected(new Set())
      paged.reload()
    } catch {
      // shown
    } finally {
      setBusy(false)
    }
  }

  const submitResults = async (row: FinalRow) => {
    if (!(await confirm(`提交后不能再修改「${row.finalName}」的获奖结果，确定提交吗？`))) return
    await act(() => call(results.submit, { body: { finalId: row.id } }), '结果已提交')
  }

  return (
    <section className={g.page} aria-label="决赛管理">
      <div className={g.bar}>
        <YearPick value={year} onChange={setYear} years={options?.academicYears} />
        <span className={g.spacer} />
        {can('competition_final_add') ? (
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing({ id: null })}>
            新增
          </Button>
        ) : null}
        {can('competition_final_batchsubmit') ? (
          <Button
            icon={<SendRegular />}
            disabled={busy || !selected.size}
            onClick={() =>
              void act(() => call(api.batchSubmit, { body: { ids: [...selected] } }), '提交成功')
            }
          >
            批量提交
          </Button>
        ) : null}
        {can('competition_final_export') ? (
          <Button
            icon={<ArrowExportRegular />}
            disabled={save.busy}
            onClick={() => void save.run(api.pageExport, { query: filters }, `决赛管理_${year}.xlsx`)}
          >
            导出
          </Button>
        ) : null}
        {can('competition_final_exportdetail') ? (
          <Button
            icon={<ArrowExportRegular />}
            disabled={save.busy}
            onClick={() => void save.run(api.detailPageExport, { query: filters }, `决赛名单_${year}.xlsx`)}
          >
            导出明细
          </Button>
        ) : null}
      </div>
      <AreaGrid
        def={list}
        rows={rows}
        loading={paged.loading}
        error={paged.error}
        onRetry={paged.reload}
        selected={selected}
        onSelected={setSelected}
        paged={paged as never}
        buttonsWidth={330}
        buttons={(row) => (
          <RowActions
            actions={[
              { label: '查看', show: can('competition_final_view'), onClick: () => setViewing(row.id) },
              {
                label: '编辑',
                show: can('competition_final_edit') && editable(row),
                onClick: () => setEditing({ id: row.id }),
              },
              {
                label: '提交审核',
                show:
                  can('competition_final_submit') &&
                  (row.status === ROUND_STATUS.draft || row.status === ROUND_STATUS.returned),
                onClick: () => void act(() => call(api.batchSubmit, { body: { ids: [row.id] } }), '提交成功'),
              },
              {
                label: '删除',
                show: can('competition_final_delete') && row.status === ROUND_STATUS.draft,
                onClick: () =>
                  void confirm(`确定删除「${row.finalName}」吗？`).then(async (yes) => {
                    if (yes) await act(() => call(api.remove, { query: { ids: row.id } }), '删除成功')
                  }),
              },
              {
                label: '录入结果',
                show:
                  can('competition_final_result') &&
                  row.status === ROUND_STATUS.approved &&
                  row.resultStatus !== RESULT_STATUS.submitted,
                onClick: () => setEntering(row),
              },
              {
                label: '提交结果',
                show: can('competition_final_resultsubmit') && row.resultStatus === RESULT_STATUS.entered,
                onClick: () => void submitResults(row),
              },
            ]}
          />
        )}
      />
      {editing ? (
        <FinalDialog
          id={editing.id}
          year={year}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            paged.reload()
          }}
        />
      ) : null}
      {viewing ? (
        <Modal title="决赛详情" width={960} onClose={() => setViewing(null)}>
          <FinalFacts id={viewing} />
        </Modal>
      ) : null}
      {entering ? (
        <ResultDialog
          final={entering}
          onClose={() => setEntering(null)}
          onSaved={() => {
            setEntering(null)
            paged.reload()
          }}
        />
      ) : null}
    </section>
  )
}

/** 新增 / 编辑: the final and its entrants (ticks among the eligible entries); 保存 or 提交审核. */
function FinalDialog({
  id,
  year,
  onClose,
  onSaved,
}: {
  id: string | null
  year: string
  onClose: () => void
  onSaved: () => void
}) {
  const s = useStyles()
  const form = useForm(FIELDS, valuesOf(FIELDS, null))
  const [projects, setProjects] = useState<PickOption[]>([])
  const [projectId, setProjectId] = useState('')
  const [view, setView] = useState<FinalView | null>(null)
  const [eligible, setEligible] = useState<EligibleEntry[]>([])
  const [ticked, setTicked] = useState<Set<string>>(new Set())
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    void call(competitionApplyApi.page, {
      query: { current: 1, size: 500, academicYear: year, status: APPLY_STATUS.approved },
    })
      .then((p) => setProjects(p.records.map((r) => ({ value: r.id, label: r.projectName ?? '' }))))
      .catch(() => undefined)
    if (id)
      void call(api.detail, { query: { id } })
        .then((f) => {
          form.reset(valuesOf(FIELDS, f as never))
          setProjectId(String(f.projectId))
        })
        .catch(() => onClose())
    // once per dialog
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id])

  useEffect(() => {
    if (!projectId) return
    let live = true
    void Promise.all([
      call(api.getApplyDetail, { query: { projectId } }),
      call(api.getProjectFinalStudent, {
        query: { projectId, ...(id ? { finalId: id } : {}), current: 1, size: 500 },
      }),
    ])
      .then(([v, page]) => {
        if (!live) return
        setView(v)
        setEligible(page.records)
        setTicked(new Set(page.records.filter((e) => e.selected || !id).map((e) => e.appointmentId)))
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [projectId, id])

  const body = () => {
    const venue = view?.addresses.find((a) => a.id === form.values.addressId)
    return {
      ...bodyOf(form.values),
      ...(id ? { id } : {}),
      projectId,
      addressName: venue?.addressName ?? null,
      appointmentIds: [...ticked],
    } as never
  }

  const run = async (submit: boolean) => {
    if (!projectId) {
      notify.warning('请选择竞赛项目')
      return
    }
    if (!form.check()) return
    setBusy(true)
    try {
      if (submit) await call(api.submit, { body: body() })
      else await call(id ? api.update : api.save, { body: body() })
      notify.success(submit ? '提交成功' : '保存成功')
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
      title={id ? '编辑决赛' : '新增决赛'}
      width={1000}
      onClose={onClose}
      busy={busy}
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            取消
          </Button>
          <Button onClick={() => void run(false)} disabled={busy}>
            保存
          </Button>
          <Button appearance="primary" onClick={() => void run(true)} disabled={busy}>
            提交审核
          </Button>
        </>
      }
    >
      <Field label="竞赛项目" required>
        <Pick label="竞赛项目" options={projects} disabled={!!id} value={projectId} onChange={setProjectId} />
      </Field>
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
      {view?.reason ? <span className={s.error}>{view.reason}</span> : null}
      {projectId ? (
        <Field label={`参赛名单（已选${ticked.size}/${eligible.length}）`}>
          <div className={s.table}>
            <Table aria-label="参赛名单" size="small">
              <TableHeader>
                <TableRow>
                  {['选择', '类型', '团队名称', '学号', '姓名', '院系', '初赛成绩', '名次'].map((h) => (
                    <TableHeaderCell key={h}>{h}</TableHeaderCell>
                  ))}
                </TableRow>
              </TableHeader>
              <TableBody>
                {eligible.map((e) => (
                  <TableRow key={e.appointmentId}>
                    <TableCell>
                      <Checkbox
                        aria-label={`选择 ${e.teamName || e.memberNames}`}
                        checked={ticked.has(e.appointmentId)}
                        onChange={(_, d) =>
                          setTicked((t) => {
                            const next = new Set(t)
                            if (d.checked) next.add(e.appointmentId)
                            else next.delete(e.appointmentId)
                            return next
                          })
                        }
                      />
                    </TableCell>
                    <TableCell>{e.entryType === 2 ? '团队' : '个人'}</TableCell>
                    <TableCell>{e.teamName ?? ''}</TableCell>
                    <TableCell>{e.memberNos}</TableCell>
                    <TableCell>{e.memberNames}</TableCell>
                    <TableCell>{e.deptName}</TableCell>
                    <TableCell>{e.score ?? ''}</TableCell>
                    <TableCell>{e.rank ?? ''}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        </Field>
      ) : null}
    </Modal>
  )
}

interface ResultLine {
  appointmentId: string
  label: string
  memberNames: string
  award: string
  score: string
  rank: string
  certificateNo: string
  awardDate: string
}

const lineOf = (r: FinalResultRow): ResultLine => ({
  appointmentId: String(r.appointmentId),
  label: r.teamName || r.memberNames || '',
  memberNames: r.memberNames ?? '',
  award: r.award === null || r.award === undefined ? '' : String(r.award),
  score: r.score === null || r.score === undefined ? '' : String(r.score),
  rank: r.rank === null || r.rank === undefined ? '' : String(r.rank),
  certificateNo: r.certificateNo ?? '',
  awardDate: r.awardDate ? String(r.awardDate).slice(0, 10) : '',
})

/** 录入结果: tabs 团体 / 个人, an award select per row. */
function ResultDialog({
  final,
  onClose,
  onSaved,
}: {
  final: FinalRow
  onClose: () => void
  onSaved: () => void
}) {
  const s = useStyles()
  const awards = useCodes('award')
  const [tab, setTab] = useState<'group' | 'personal'>('group')
  const [lines, setLines] = useState<Record<'group' | 'personal', ResultLine[]>>({ group: [], personal: [] })
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    void Promise.all([
      call(results.groupList, { query: { finalId: final.id } }),
      call(results.personalList, { query: { finalId: final.id } }),
    ])
      .then(([group, personal]) => {
        setLines({ group: group.map(lineOf), personal: personal.map(lineOf) })
        if (!group.length && personal.length) setTab('personal')
      })
      .catch(() => onClose())
    // once per dialog
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [final.id])

  const patch = (i: number, v: Partial<ResultLine>) =>
    setLines((all) => ({ ...all, [tab]: all[tab].map((l, j) => (j === i ? { ...l, ...v } : l)) }))

  const save = async () => {
    setBusy(true)
    try {
      const rows = [...lines.group, ...lines.personal].map((l) => ({
        appointmentId: l.appointmentId,
        award: l.award === '' ? null : Number(l.award),
        score: l.score === '' ? null : Number(l.score),
        rank: l.rank === '' ? null : Number(l.rank),
        certificateNo: l.certificateNo || null,
        awardDate: l.awardDate || null,
      }))
      await call(results.save, { body: { finalId: final.id, rows } })
      notify.success('保存成功')
      onSaved()
    } catch {
      // shown
    } finally {
      setBusy(false)
    }
  }

  const shown = lines[tab]
  return (
    <Modal
      title={`录入结果：${final.finalName ?? ''}`}
      width={1000}
      onClose={onClose}
      busy={busy}
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            取消
          </Button>
          <Button appearance="primary" onClick={() => void save()} disabled={busy}>
            保存
          </Button>
        </>
      }
    >
      <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as typeof tab)}>
        <Tab value="group">{`团体（${lines.group.length}）`}</Tab>
        <Tab value="personal">{`个人（${lines.personal.length}）`}</Tab>
      </TabList>
      {shown.length ? (
        <Table aria-label="决赛结果" size="small">
          <TableHeader>
            <TableRow>
              {[
                '序号',
                tab === 'group' ? '团队名称' : '姓名',
                '成员',
                '获奖等级',
                '成绩',
                '名次',
                '获奖证书编号',
                '获奖日期',
              ].map((h) => (
                <TableHeaderCell key={h}>{h}</TableHeaderCell>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {shown.map((l, i) => (
              <TableRow key={l.appointmentId}>
                <TableCell>{i + 1}</TableCell>
                <TableCell>{l.label}</TableCell>
                <TableCell>{l.memberNames}</TableCell>
                <TableCell>
                  <Pick
                    label={`获奖等级 ${l.label}`}
                    options={awards.options}
                    value={l.award}
                    width="120px"
                    onChange={(v) => patch(i, { award: v })}
                  />
                </TableCell>
                <TableCell>
                  <Input
                    className={s.small}
                    aria-label={`成绩 ${l.label}`}
                    type="number"
                    value={l.score}
                    onChange={(_, d) => patch(i, { score: d.value })}
                  />
                </TableCell>
                <TableCell>
                  <Input
                    className={s.small}
                    aria-label={`名次 ${l.label}`}
                    type="number"
                    value={l.rank}
                    onChange={(_, d) => patch(i, { rank: d.value })}
                  />
                </TableCell>
                <TableCell>
                  <Input
                    aria-label={`证书编号 ${l.label}`}
                    value={l.certificateNo}
                    onChange={(_, d) => patch(i, { certificateNo: d.value })}
                  />
                </TableCell>
                <TableCell>
                  <Input
                    aria-label={`获奖日期 ${l.label}`}
                    type="date"
                    value={l.awardDate}
                    onChange={(_, d) => patch(i, { awardDate: d.value })}
                  />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <span className={s.muted}>暂无{tab === 'group' ? '团体' : '个人'}参赛记录</span>
      )}
    </Modal>
  )
}
