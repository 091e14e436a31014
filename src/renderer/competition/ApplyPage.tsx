import { Button, Input, Tab, TabList, makeStyles, tokens } from '@fluentui/react-components'
import { AddRegular, ArrowExportRegular, SearchRegular } from '@fluentui/react-icons'
import { useEffect, useMemo, useState } from 'react'
import {
  competitionApplyApi as api,
  type ApplyDetail,
  type ApplyOptions,
  type ApplyRow,
} from '../../shared/api/competition'
import { APPLY_STATUS, competitionApplyResource } from '../../shared/resources/competition'
import type { FieldDef } from '../../shared/resource/types'
import { HistoryTimeline } from '../flow/HistoryTimeline'
import { Facts } from '../flow/ProcessLayout'
import { call } from '../shell/request'
import { confirm, notify, usePermissions } from '../resource/shell-adapter'
import { RowActions } from './kit/actions'
import { useCodes } from './kit/dicts'
import { FieldGrid, bodyOf, useForm, valuesOf } from './kit/Form'
import { AreaGrid, useGridStyles, usePaged, viewDef, column as str } from './kit/grid'
import { Modal } from './kit/Modal'
import { picksOf, useApplyOptions } from './kit/options'
import { Pick } from './kit/Pick'
import { useSave } from './kit/useSave'
import { YearPick } from './kit/YearPick'

/** 竞赛项目申报 (A.3): the applications of the 学年; 保存草稿 / 提交申报; view tabs with the review and the flow. */

const FORM_FIELDS = (competitionApplyResource.fields as readonly FieldDef[]).filter(
  (f) => f.form !== false && f.name !== 'attachIds',
)

const LIST = viewDef('competitionApplyList', { zh: '竞赛项目申报', en: 'Applications' }, [
  ...(competitionApplyResource.fields as readonly FieldDef[]).filter((f) =>
    ['applyNo', 'projectName', 'competitionName', 'competitionLevel'].includes(f.name),
  ),
  str('deptName', '承办院系'),
  str('leaderName', '负责教师', 100),
  ...(competitionApplyResource.fields as readonly FieldDef[]).filter((f) =>
    ['budget', 'status', 'grade', 'approvedFunds'].includes(f.name),
  ),
])

const editable = (status: number | null | undefined) =>
  status === APPLY_STATUS.draft || status === APPLY_STATUS.returned

const useStyles = makeStyles({
  note: { color: tokens.colorNeutralForeground3 },
})

export default function ApplyPage() {
  const g = useGridStyles()
  const can = usePermissions()
  const options = useApplyOptions()
  const statuses = useCodes('applyStatus')
  const save = useSave()
  const [year, setYear] = useState('')
  const [status, setStatus] = useState('')
  const [name, setName] = useState('')
  const [applied, setApplied] = useState('')
  const [editing, setEditing] = useState<{ id: string | null } | null>(null)
  const [viewing, setViewing] = useState<string | null>(null)

  useEffect(() => {
    if (!year && options) setYear(options.currentYear)
  }, [options, year])

  const filters = { academicYear: year, status, projectName: applied }
  const paged = usePaged(
    (p) => call(api.page, { query: { ...p, ...filters } }),
    year ? JSON.stringify(filters) : '',
  )

  const remove = async (row: ApplyRow) => {
    if (!(await confirm(`确定删除申报「${row.projectName}」吗？`))) return
    try {
      await call(api.remove, { query: { ids: row.id } })
      notify.success('删除成功')
      paged.reload()
    } catch {
      // shown
    }
  }

  return (
    <section className={g.page} aria-label="竞赛项目申报">
      <div className={g.bar}>
        <YearPick value={year} onChange={setYear} years={options?.academicYears} />
        <Pick
          label="状态"
          placeholder="状态"
          options={statuses.options}
          value={status}
          onChange={setStatus}
        />
        <Input
          aria-label="竞赛项目名称"
          placeholder="竞赛项目名称"
          value={name}
          onChange={(_, d) => setName(d.value)}
          onKeyDown={(e) => e.key === 'Enter' && setApplied(name.trim())}
        />
        <Button icon={<SearchRegular />} onClick={() => setApplied(name.trim())}>
          查询
        </Button>
        <span className={g.spacer} />
        {can('competition_apply_add') ? (
          <Button appearance="primary" icon={<AddRegular />} onClick={() => setEditing({ id: null })}>
            新增
          </Button>
        ) : null}
        {can('competition_apply_export') ? (
          <Button
            icon={<ArrowExportRegular />}
            disabled={save.busy}
            onClick={() =>
              void save.run(api.pageExport, { query: filters }, `竞赛项目申报_${year || '全部'}.xlsx`)
            }
          >
            {save.busy ? `导出中 ${save.progress}` : '导出'}
          </Button>
        ) : null}
      </div>
      <AreaGrid<ApplyRow>
        def={LIST}
        rows={paged.rows}
        loading={paged.loading}
        error={paged.error}
        onRetry={paged.reload}
        paged={paged}
        buttonsWidth={200}
        buttons={(row) => (
          <RowActions
            actions={[
              { label: '查看', show: can('competition_apply_view'), onClick: () => setViewing(row.id) },
              {
                label: '编辑',
                show: can('competition_apply_edit') && editable(row.status),
                onClick: () => setEditing({ id: row.id }),
              },
              {
                label: '删除',
                show: can('competition_apply_delete') && row.status === APPLY_STATUS.draft,
                onClick: () => void remove(row),
              },
            ]}
          />
        )}
      />
      {editing ? (
        <ApplyDialog
          id={editing.id}
          year={year}
          options={options}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            paged.reload()
          }}
        />
      ) : null}
      {viewing ? <ApplyView id={viewing} onClose={() => setViewing(null)} /> : null}
    </section>
  )
}

function ApplyDialog({
  id,
  year,
  options,
  onClose,
  onSaved,
}: {
  id: string | null
  year: string
  options: ApplyOptions | null
  onClose: () => void
  onSaved: () => void
}) {
  const form = useForm(FORM_FIELDS, {})
  const [loaded, setLoaded] = useState(false)
  const [busy, setBusy] = useState(false)
  const picks = useMemo(() => picksOf(options), [options])
  const staff = !!options?.staff

  useEffect(() => {
    let live = true
    const load = async () => {
      if (id) {
        const row = await call(api.detail, { query: { id } })
        if (live) form.reset(valuesOf(FORM_FIELDS, row as never))
      } else {
        const p = options?.parameter
        const me = options?.me
        form.reset({
          ...valuesOf(FORM_FIELDS, null),
          academicYear: year,
          leaderTeacherId: me?.id ?? '',
          deptSerial: me?.deptSerial ?? '',
          minMembers: p?.defaultMinMembers ?? 2,
          maxMembers: p?.defaultMaxMembers ?? 5,
        })
      }
      if (live) setLoaded(true)
    }
    void load().catch(() => onClose())
    return () => {
      live = false
    }
    // once per dialog
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id])

  const submit = async (applyFlag: 0 | 1) => {
    if (!form.check()) return
    setBusy(true)
    try {
      const answer = await call(api.submit, {
        body: { ...bodyOf(form.values), ...(id ? { id } : {}), applyFlag } as never,
      })
      notify.success(applyFlag ? `已提交申报（${answer.applyNo ?? ''}）` : '草稿已保存')
      onSaved()
    } catch {
      // the server's message was shown
    } finally {
      setBusy(false)
    }
  }

  const v = form.values
  return (
    <Modal
      title={id ? '编辑申报' : '新增申报'}
      width={960}
      onClose={onClose}
      busy={busy}
      actions={
        <>
          <Button onClick={onClose} disabled={busy}>
            取消
          </Button>
          <Button onClick={() => void submit(0)} disabled={busy || !loaded}>
            保存草稿
          </Button>
          <Button appearance="primary" onClick={() => void submit(1)} disabled={busy || !loaded}>
            提交申报
          </Button>
        </>
      }
    >
      {loaded ? (
        <FieldGrid
          fields={FORM_FIELDS}
          form={form}
          disabled={busy}
          custom={{
            academicYear: (
              <YearPick
                value={String(v.academicYear ?? '')}
                onChange={(y) => form.set('academicYear', y)}
                years={options?.academicYears}
              />
            ),
            deptSerial: (
              <Pick
                label="承办院系"
                options={picks.colleges}
                value={String(v.deptSerial ?? '')}
                onChange={(x) => form.set('deptSerial', x)}
              />
            ),
            leaderTeacherId: (
              <Pick
                label="负责教师"
                options={picks.teachers}
                disabled={!staff}
                value={String(v.leaderTeacherId ?? '')}
                onChange={(x) => form.set('leaderTeacherId', x)}
              />
            ),
            teacherIds: (
              <Pick
                label="指导教师"
                multi
                options={picks.teachers}
                value={String(v.teacherIds ?? '')}
                onChange={(x) => form.set('teacherIds', x)}
              />
            ),
            labId: (
              <Pick
                label="依托实验室"
                options={picks.labs}
                value={String(v.labId ?? '')}
                onChange={(x) => form.set('labId', x)}
              />
            ),
          }}
        />
      ) : null}
    </Modal>
  )
}

/** 查看: tabs 申报内容, 评审结果, 审批记录. */
export function ApplyView({ id, onClose }: { id: string; onClose: () => void }) {
  return (
    <Modal title="申报详情" width={960} onClose={onClose}>
      <ApplyTabs id={id} />
    </Modal>
  )
}

export function ApplyTabs({ id }: { id: string }) {
  const s = useStyles()
  const [tab, setTab] = useState<'content' | 'review' | 'flow'>('content')
  const [row, setRow] = useState<ApplyDetail | null>(null)
  const grades = useCodes('grade')
  const statuses = useCodes('applyStatus')
  const form = useForm(FORM_FIELDS, {})
  useEffect(() => {
    void call(api.detail, { query: { id } })
      .then((r) => {
        setRow(r)
        form.reset(valuesOf(FORM_FIELDS, r as never))
      })
      .catch(() => undefined)
    // once per record
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [id])
  if (!row) return null
  return (
    <>
      <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as typeof tab)}>
        <Tab value="content">申报内容</Tab>
        <Tab value="review">评审结果</Tab>
        <Tab value="flow">审批记录</Tab>
      </TabList>
      {tab === 'content' ? (
        <>
          <Facts
            rows={[
              ['申报编号', row.applyNo ?? '（提交后生成）'],
              ['状态', statuses.label(row.status)],
              ['承办院系', row.deptName],
              ['负责教师', row.leaderName],
              ['指导教师', row.teacherNames],
              ['依托实验室', row.labName],
            ]}
          />
          <FieldGrid
            fields={FORM_FIELDS.filter(
              (f) => !['deptSerial', 'leaderTeacherId', 'teacherIds', 'labId'].includes(f.name),
            )}
            form={form}
            view
          />
        </>
      ) : null}
      {tab === 'review' ? (
        <>
          <Facts
            rows={[
              ['评审人数', String(row.scoreCount ?? 0)],
              ['评审均分', row.avgScore === null || row.avgScore === undefined ? '—' : String(row.avgScore)],
              ['最高分 / 最低分', row.maxScore === null ? '—' : `${row.maxScore} / ${row.minScore}`],
              ['排名', row.rank ? String(row.rank) : '—'],
              ['评定等级', grades.label(row.grade) || '—'],
              ['核定经费（元）', row.approvedFunds === null ? '—' : String(row.approvedFunds)],
            ]}
          />
          {row.scores.length ? (
            <Facts
              rows={row.scores.map((x) => [
                x.reviewerName,
                `${x.score}${x.comment ? `（${x.comment}）` : ''}`,
              ])}
            />
          ) : (
            <span className={s.note}>暂无评审评分</span>
          )}
        </>
      ) : null}
      {tab === 'flow' ? (
        row.processInstanceId ? (
          <HistoryTimeline processInstanceId={row.processInstanceId} />
        ) : (
          <span className={s.note}>尚未提交申报</span>
        )
      ) : null}
    </>
  )
}
