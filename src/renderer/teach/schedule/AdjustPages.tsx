import {
  Badge,
  Button,
  Dropdown,
  Field,
  Option,
  Select,
  Tab,
  TabList,
  Text,
  Textarea,
} from '@fluentui/react-components'
import { useCallback, useEffect, useMemo, useState } from 'react'
import {
  adjustApi,
  batchPlanApi,
  type AdjustTask,
  type AdjustView,
  type Cell,
  type RoomChoice,
} from '../../../shared/api/schedule'
import type { Page } from '../../../shared/api/envelope'
import { formatWhen, parseWeeks } from '../../../shared/resources/schedule/weeks'
import { call, quietCall } from '../../shell/request'
import { confirm } from '../../shell/confirm'
import { notify } from '../../shell/notify'
import { usePermissions } from '../../shell/permission'
import { Pager } from '../../resource/Pager'
import { Modal } from './BatchDialogs'
import { CellGrid, type Pick } from './CellGrid'
import { ListTable, TermPicker, useLang, useStyles, useTerm, type Lang } from './common'
import { OwnerPicker, WeeksPicker } from './pickers'
import { TX } from './texts'

/** A published batch the caller may move: from 排课管理 (staff) or the caller's own timetable (teachers). */
interface Movable {
  id: string
  label: string
  weeks: number[]
  weekday: number
  startSection: number
  endSection: number
  roomIds: string[]
  teacherIds: string[]
  rooms: string
  teachers: { id: string; name: string }[]
}

async function movableBatches(termId: string): Promise<Movable[]> {
  try {
    const page = await quietCall(batchPlanApi.page, {
      query: { academicYearId: termId, status: 2, size: 500 },
    })
    return page.records
      .filter((r) => r.weekday != null)
      .map((r) => ({
        id: r.id,
        label: `${r.courseName} · ${r.projectName} ${r.batchName}（${r.weeksText} ${r.weekdayName} ${r.sectionsText}）`,
        weeks: parseWeeks(r.weeks),
        weekday: Number(r.weekday),
        startSection: Number(r.startSection),
        endSection: Number(r.endSection),
        roomIds: r.rooms.map((x) => x.id),
        teacherIds: r.teachers.map((x) => x.id),
        rooms: r.roomNames,
        teachers: r.teachers.map((x) => ({ id: x.id, name: x.name })),
      }))
  } catch {
    const mine = await quietCall(batchPlanApi.teacherTimetable, { query: { academicYearId: termId } })
    return mine.entries.map((e) => ({
      id: e.batchPlanId,
      label: `${e.courseName} · ${e.projectName} ${e.batchName}（${e.weeksText} ${formatWhen([], e.weekday, e.startSection, e.endSection)}）`,
      weeks: parseWeeks(e.weeks),
      weekday: e.weekday,
      startSection: e.startSection,
      endSection: e.endSection,
      roomIds: e.roomIds,
      teacherIds: e.teacherIds,
      rooms: e.rooms.join('、'),
      teachers: e.teacherIds.map((id, i) => ({ id, name: e.teachers[i] ?? id })),
    }))
  }
}

interface Draft {
  id?: string
  batchPlanId: string
  adjustWeeks: number[]
  newWeeks: number[]
  pick: Pick | null
  newRoomIds: string[]
  newTeacherIds: string[]
  reason: string
}

/** 新增 / 修改 of a request: the batch and weeks to move, the target on the free-time grid, rooms, teachers, 调课原因. */
function AdjustFormDialog({
  termId,
  initial,
  lang,
  onClose,
}: {
  termId: string
  initial?: AdjustView
  lang: Lang
  onClose: (saved: boolean) => void
}) {
  const s = useStyles()
  const [batches, setBatches] = useState<Movable[]>([])
  const [draft, setDraft] = useState<Draft>(() =>
    initial
      ? {
          id: initial.id,
          batchPlanId: String(initial.batchPlanId),
          adjustWeeks: parseWeeks(initial.adjustWeeks),
          newWeeks: parseWeeks(initial.newWeeks),
          pick: {
            weekday: Number(initial.newWeekday),
            startSection: Number(initial.newStartSection),
            endSection: Number(initial.newEndSection),
          },
          newRoomIds: String(initial.newRoomIds ?? '')
            .split(',')
            .filter(Boolean),
          newTeacherIds: String(initial.newTeacherIds ?? '')
            .split(',')
            .filter(Boolean),
          reason: String(initial.reason ?? ''),
        }
      : {
          batchPlanId: '',
          adjustWeeks: [],
          newWeeks: [],
          pick: null,
          newRoomIds: [],
          newTeacherIds: [],
          reason: '',
        },
  )
  const [cells, setCells] = useState<Cell[]>([])
  const [rooms, setRooms] = useState<RoomChoice[]>([])
  const [reasonError, setReasonError] = useState('')
  useEffect(() => {
    if (termId)
      movableBatches(termId)
        .then(setBatches)
        .catch(() => setBatches([]))
  }, [termId])
  const batch = batches.find((b) => b.id === draft.batchPlanId)
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }))
  useEffect(() => {
    if (!draft.batchPlanId) return
    const query = {
      batchPlanId: draft.batchPlanId,
      ...(draft.adjustWeeks.length ? { adjustWeeks: draft.adjustWeeks } : {}),
      ...(draft.newWeeks.length ? { newWeeks: draft.newWeeks } : {}),
      ...(draft.newTeacherIds.length ? { teacherIds: draft.newTeacherIds } : {}),
      ...(draft.pick
        ? {
            weekday: draft.pick.weekday,
            startSection: draft.pick.startSection,
            endSection: draft.pick.endSection,
          }
        : {}),
    }
    quietCall(adjustApi.timeListAdjust, { query })
      .then((r) => (setCells(r.cells), setRooms(r.freeRooms)))
      .catch(() => setCells([]))
  }, [draft.batchPlanId, draft.adjustWeeks, draft.newWeeks, draft.newTeacherIds, draft.pick])
  const body = () => ({
    ...(draft.id ? { id: draft.id } : {}),
    batchPlanId: draft.batchPlanId,
    adjustWeeks: draft.adjustWeeks,
    newWeeks: draft.newWeeks,
    newWeekday: draft.pick?.weekday ?? 0,
    newStartSection: draft.pick?.startSection ?? 0,
    newEndSection: draft.pick?.endSection ?? 0,
    newRoomIds: draft.newRoomIds.length ? draft.newRoomIds : (batch?.roomIds ?? []),
    newTeacherIds: draft.newTeacherIds.length ? draft.newTeacherIds : (batch?.teacherIds ?? []),
    reason: draft.reason,
  })
  const save = async (submit: boolean) => {
    if (!draft.reason.trim())
      return setReasonError(TX.reason[lang] === '调课原因' ? '请填写调课原因' : 'Please give the reason')
    try {
      if (submit) await call(adjustApi.submit, { body: body() })
      else if (draft.id) await call(adjustApi.update, { body: { ...body(), id: draft.id } })
      else await call(adjustApi.save, { body: body() })
      notify.success(submit ? TX.submitted[lang] : TX.saved[lang])
      onClose(true)
    } catch {
      // the request helper showed the server's message
    }
  }
  const roomOptions = [
    ...(batch ? batch.roomIds.map((id, i) => ({ id, name: batch.rooms.split('、')[i] ?? id })) : []),
    ...rooms.map((r) => ({ id: r.id, name: `${r.roomName}（${r.labName}，${r.capacity}）` })),
  ].filter((o, i, all) => all.findIndex((x) => x.id === o.id) === i)
  return (
    <Modal
      title={draft.id ? TX.edit[lang] : TX.add[lang]}
      width={1000}
      onClose={() => onClose(false)}
      actions={
        <>
          <Button appearance="primary" onClick={() => save(true)}>
            {TX.submitAudit[lang]}
          </Button>
          <Button onClick={() => save(false)}>{TX.save[lang]}</Button>
          <Button onClick={() => onClose(false)}>{TX.cancel[lang]}</Button>
        </>
      }
    >
      <Field label={TX.pickBatch[lang]} required>
        <Select
          aria-label={TX.pickBatch[lang]}
          value={draft.batchPlanId}
          disabled={!!draft.id}
          onChange={(_, d) => {
            const b = batches.find((x) => x.id === d.value)
            set({
              batchPlanId: d.value,
              adjustWeeks: [],
              newWeeks: [],
              pick: b ? { weekday: b.weekday, startSection: b.startSection, endSection: b.endSection } : null,
              newRoomIds: b?.roomIds ?? [],
              newTeacherIds: b?.teacherIds ?? [],
            })
          }}
        >
          <option value="">{''}</option>
          {batches.map((b) => (
            <option key={b.id} value={b.id}>
              {b.label}
            </option>
          ))}
        </Select>
      </Field>
      {batch || draft.id ? (
        <>
          <Field label={TX.adjustWeeks[lang]} required>
            <div className={s.row} role="group" aria-label={TX.adjustWeeks[lang]}>
              {(batch?.weeks ?? draft.adjustWeeks).map((w) => (
                <Button
                  key={w}
                  size="small"
                  appearance={draft.adjustWeeks.includes(w) ? 'primary' : 'secondary'}
                  aria-pressed={draft.adjustWeeks.includes(w)}
                  onClick={() =>
                    set({
                      adjustWeeks: draft.adjustWeeks.includes(w)
                        ? draft.adjustWeeks.filter((x) => x !== w)
                        : [...draft.adjustWeeks, w].sort((a, b) => a - b),
                    })
                  }
                >
                  {w}
                </Button>
              ))}
            </div>
          </Field>
          <Field label={TX.newWeeks[lang]} required>
            <WeeksPicker
              weeks={18}
              value={draft.newWeeks}
              onChange={(newWeeks) => set({ newWeeks })}
              label={TX.newWeeks[lang]}
            />
          </Field>
          <Field label={TX.pickTime[lang]}>
            <CellGrid
              cells={cells}
              value={draft.pick}
              onChange={(pick) => set({ pick })}
              label={TX.stepTime[lang]}
            />
          </Field>
          <div className={s.grid2}>
            <Field label={TX.room[lang]}>
              <Dropdown
                aria-label={TX.room[lang]}
                multiselect
                value={roomOptions
                  .filter((o) => draft.newRoomIds.includes(o.id))
                  .map((o) => o.name)
                  .join('、')}
                selectedOptions={draft.newRoomIds}
                onOptionSelect={(_, d) => set({ newRoomIds: d.selectedOptions })}
              >
                {roomOptions.map((o) => (
                  <Option key={o.id} value={o.id}>
                    {o.name}
                  </Option>
                ))}
              </Dropdown>
            </Field>
            <Field label={TX.teacher[lang]}>
              <OwnerPicker
                kind="teacher"
                termId={termId}
                value={draft.newTeacherIds}
                onChange={(newTeacherIds) => set({ newTeacherIds })}
                label={TX.teacher[lang]}
                extra={batch?.teachers ?? []}
              />
            </Field>
          </div>
          <div className={s.grid2} data-testid="before-after">
            <div>
              <Text weight="semibold">{TX.before[lang]}</Text>
              <div>
                {batch && draft.adjustWeeks.length
                  ? `${formatWhen(draft.adjustWeeks, batch.weekday, batch.startSection, batch.endSection)} ${batch.rooms}`
                  : ''}
              </div>
            </div>
            <div>
              <Text weight="semibold">{TX.after[lang]}</Text>
              <div>
                {draft.pick && draft.newWeeks.length
                  ? `${formatWhen(draft.newWeeks, draft.pick.weekday, draft.pick.startSection, draft.pick.endSection)} ${roomOptions
                      .filter((o) => draft.newRoomIds.includes(o.id))
                      .map((o) => o.name)
                      .join('、')}`
                  : ''}
              </div>
            </div>
          </div>
        </>
      ) : null}
      <Field label={TX.reason[lang]} required validationMessage={reasonError || undefined}>
        <Textarea
          aria-label={TX.reason[lang]}
          value={draft.reason}
          maxLength={500}
          onChange={(_, d) => (set({ reason: d.value }), setReasonError(''))}
        />
      </Field>
    </Modal>
  )
}

const STATUS_COLOR = ['informative', 'warning', 'danger', 'success', 'subtle'] as const

function BeforeAfter({ row, lang }: { row: Partial<AdjustView>; lang: Lang }) {
  const s = useStyles()
  return (
    <div className={s.grid2} data-testid="before-after">
      <div>
        <Text weight="semibold">{TX.before[lang]}</Text>
        <div>{row.before}</div>
      </div>
      <div>
        <Text weight="semibold">{TX.after[lang]}</Text>
        <div>{row.after}</div>
      </div>
    </div>
  )
}

/** 调课申请: the caller's requests (teachers see their own), add/edit/delete/view/提交审核. */
export function AdjustPage() {
  const s = useStyles()
  const lang = useLang()
  const can = usePermissions()
  const { terms, termId, setTermId } = useTerm()
  const [status, setStatus] = useState('')
  const [query, setQuery] = useState({ current: 1, size: 10 })
  const [page, setPage] = useState<Page<AdjustView> | null>(null)
  const [dialog, setDialog] = useState<
    { kind: 'add' } | { kind: 'edit'; row: AdjustView } | { kind: 'view'; row: AdjustView } | null
  >(null)
  const [version, setVersion] = useState(0)
  const reload = useCallback(() => setVersion((v) => v + 1), [])
  useEffect(() => {
    if (!termId) return
    quietCall(adjustApi.page, { query: { ...query, academicYearId: termId, ...(status ? { status } : {}) } })
      .then(setPage)
      .catch(() => setPage({ records: [], total: 0, size: 10, current: 1, pages: 0 }))
  }, [termId, status, query, version])
  const act = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run()
      notify.success(done)
      reload()
    } catch {
      // shown by the request helper
    }
  }
  return (
    <section className={s.page}>
      <div className={s.bar} role="search">
        <TermPicker terms={terms} value={termId} onChange={setTermId} label={TX.term[lang]} />
        <Select aria-label={TX.status[lang]} value={status} onChange={(_, d) => setStatus(d.value)}>
          <option value="">{TX.status[lang]}</option>
          {['草稿', '审核中', '已退回', '已通过', '已撤销'].map((name, i) => (
            <option key={i} value={String(i)}>
              {name}
            </option>
          ))}
        </Select>
      </div>
      {can('teach_adjust_add') ? (
        <div className={s.bar} role="toolbar">
          <Button appearance="primary" onClick={() => setDialog({ kind: 'add' })}>
            {TX.add[lang]}
          </Button>
        </div>
      ) : null}
      <ListTable
        label={TX.adjust[lang]}
        rows={page?.records ?? null}
        emptyText={TX.empty[lang]}
        columns={[
          {
            key: 'batch',
            label: TX.batch[lang],
            render: (r) => `${r.courseName ?? ''} ${r.batchName ?? ''}`,
          },
          { key: 'before', label: TX.before[lang], render: (r) => r.before },
          { key: 'after', label: TX.after[lang], render: (r) => r.after },
          { key: 'type', label: TX.type[lang], render: (r) => r.adjustTypeName },
          { key: 'reason', label: TX.reason[lang], render: (r) => r.reason },
          { key: 'applicant', label: TX.applicant[lang], render: (r) => r.applicantName },
          {
            key: 'status',
            label: TX.status[lang],
            render: (r) => (
              <Badge color={STATUS_COLOR[Number(r.status)] ?? 'informative'}>{r.statusName}</Badge>
            ),
          },
        ]}
        actions={(r) => {
          const open = Number(r.status) === 0 || Number(r.status) === 2
          return (
            <>
              {can('teach_adjust_view') ? (
                <Button size="small" appearance="subtle" onClick={() => setDialog({ kind: 'view', row: r })}>
                  {TX.view[lang]}
                </Button>
              ) : null}
              {open && can('teach_adjust_edit') ? (
                <Button size="small" appearance="subtle" onClick={() => setDialog({ kind: 'edit', row: r })}>
                  {TX.edit[lang]}
                </Button>
              ) : null}
              {open && can('teach_adjust_submit') ? (
                <Button
                  size="small"
                  appearance="subtle"
                  onClick={() =>
                    act(() => call(adjustApi.submit, { body: { id: r.id } }), TX.submitted[lang])
                  }
                >
                  {TX.submitAudit[lang]}
                </Button>
              ) : null}
              {open && can('teach_adjust_delete') ? (
                <Button
                  size="small"
                  appearance="subtle"
                  onClick={async () =>
                    (await confirm(TX.confirmDelete[lang])) &&
                    act(() => call(adjustApi.remove, { query: { ids: r.id } }), TX.deleted[lang])
                  }
                >
                  {TX.delete[lang]}
                </Button>
              ) : null}
            </>
          )
        }}
      />
      {page ? (
        <Pager
          lang={lang}
          total={page.total}
          current={page.current}
          size={page.size}
          onChange={(current, size) => setQuery({ current, size })}
        />
      ) : null}
      {dialog?.kind === 'add' || dialog?.kind === 'edit' ? (
        <AdjustFormDialog
          termId={termId}
          initial={dialog.kind === 'edit' ? dialog.row : undefined}
          lang={lang}
          onClose={(saved) => (setDialog(null), saved && reload())}
        />
      ) : null}
      {dialog?.kind === 'view' ? (
        <AdjustViewDialog id={dialog.row.id} lang={lang} onClose={() => setDialog(null)} />
      ) : null}
    </section>
  )
}

function AdjustViewDialog({ id, lang, onClose }: { id: string; lang: Lang; onClose: () => void }) {
  const [row, setRow] = useState<AdjustView | null>(null)
  useEffect(() => {
    quietCall(adjustApi.detail, { query: { id } })
      .then(setRow)
      .catch(() => setRow(null))
  }, [id])
  return (
    <Modal
      title={TX.view[lang]}
      onClose={onClose}
      actions={<Button onClick={onClose}>{TX.close[lang]}</Button>}
    >
      {row ? <AdjustFacts row={row} lang={lang} /> : null}
    </Modal>
  )
}

/** A request's facts: batch, before/after side by side, reason, status and the batches it made. */
export function AdjustFacts({ row, lang }: { row: AdjustView; lang: Lang }) {
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
      <Text>
        {TX.batch[lang]}：{row.courseName} {row.batchName}
      </Text>
      <BeforeAfter row={row} lang={lang} />
      <Text>
        {TX.reason[lang]}：{row.reason}
      </Text>
      <Text>
        {TX.type[lang]}：{row.adjustTypeName}　{TX.status[lang]}：{row.statusName}　{TX.applicant[lang]}：
        {row.applicantName}
      </Text>
      {row.plan ? (
        <Text>{`${TX.before[lang]}：${row.plan.projectName} ${row.plan.batchName} ${row.plan.weeksText} ${row.plan.weekdayName} ${row.plan.sectionsText}`}</Text>
      ) : null}
      {row.result && row.result.id !== row.plan?.id ? (
        <Text>{`${TX.after[lang]}：${row.result.projectName} ${row.result.batchName} ${row.result.weeksText} ${row.result.weekdayName} ${row.result.sectionsText}`}</Text>
      ) : null}
    </div>
  )
}

/** The fresh check of an audit: is the target still free (timeListAdjust at the request's time)? */
export function FreshCheck({ row, lang }: { row: Partial<AdjustView>; lang: Lang }) {
  const [cells, setCells] = useState<Cell[] | null>(null)
  useEffect(() => {
    if (!row.batchPlanId) return
    quietCall(adjustApi.timeListAdjust, {
      query: {
        batchPlanId: String(row.batchPlanId),
        adjustWeeks: String(row.adjustWeeks ?? ''),
        newWeeks: String(row.newWeeks ?? ''),
        teacherIds: String(row.newTeacherIds ?? ''),
        roomIds: String(row.newRoomIds ?? ''),
      },
    })
      .then((r) => setCells(r.cells))
      .catch(() => setCells(null))
  }, [row])
  const busy = useMemo(
    () =>
      (cells ?? []).filter(
        (c) =>
          c.weekday === Number(row.newWeekday) &&
          c.section >= Number(row.newStartSection) &&
          c.section <= Number(row.newEndSection) &&
          !c.free,
      ),
    [cells, row],
  )
  if (!cells) return null
  return busy.length ? (
    <Text style={{ color: '#c50f1f' }} data-testid="fresh-check">
      {TX.freshCheck[lang]}：
      {[...new Set(busy.flatMap((c) => (c.holiday ? ['节假日'] : c.reasons)))].join('；')}
    </Text>
  ) : (
    <Text data-testid="fresh-check">{`${TX.freshCheck[lang]}：${TX.noClash[lang]}`}</Text>
  )
}

function AuditDialog({
  task,
  lang,
  onClose,
}: {
  task: AdjustTask
  lang: Lang
  onClose: (done: boolean) => void
}) {
  const [comment, setComment] = useState('')
  const [error, setError] = useState('')
  const decide = async (pass: boolean) => {
    if (!pass && !comment.trim()) return setError(TX.rejectNeedsComment[lang])
    try {
      await call(adjustApi.completeTask, {
        body: { taskId: task.taskId, pass, comment: comment.trim() || (pass ? '同意' : '') },
      })
      notify.success(pass ? TX.approve[lang] : TX.reject[lang])
      onClose(true)
    } catch {
      // the server's refusal (调课后与以下安排冲突，不能通过：…) was shown
    }
  }
  return (
    <Modal
      title={TX.audit[lang]}
      width={900}
      onClose={() => onClose(false)}
      actions={
        <>
          <Button appearance="primary" onClick={() => decide(true)}>
            {TX.approve[lang]}
          </Button>
          <Button onClick={() => decide(false)}>{TX.reject[lang]}</Button>
          <Button onClick={() => onClose(false)}>{TX.cancel[lang]}</Button>
        </>
      }
    >
      <Text>
        {TX.batch[lang]}：{task.courseName} {task.batchName}　{TX.applicant[lang]}：{task.applicantName}
      </Text>
      <BeforeAfter row={task} lang={lang} />
      <Text>
        {TX.reason[lang]}：{task.reason}
      </Text>
      <FreshCheck row={task} lang={lang} />
      <Field label={TX.comment[lang]} validationMessage={error || undefined}>
        <Textarea
          aria-label={TX.comment[lang]}
          value={comment}
          onChange={(_, d) => (setComment(d.value), setError(''))}
        />
      </Field>
    </Modal>
  )
}

/** 调课审核: tabs 待审核 and 审核记录; the audit dialog shows before/after and a fresh check. */
export function AdjustAuditPage() {
  const s = useStyles()
  const lang = useLang()
  const can = usePermissions()
  const [tab, setTab] = useState<'pending' | 'records'>('pending')
  const [query, setQuery] = useState({ current: 1, size: 10 })
  const [page, setPage] = useState<Page<AdjustTask> | null>(null)
  const [auditing, setAuditing] = useState<AdjustTask | null>(null)
  const [viewing, setViewing] = useState<string | null>(null)
  const [version, setVersion] = useState(0)
  useEffect(() => {
    setPage(null)
    quietCall(tab === 'pending' ? adjustApi.auditList : adjustApi.auditRecordList, { query })
      .then(setPage)
      .catch(() => setPage({ records: [], total: 0, size: 10, current: 1, pages: 0 }))
  }, [tab, query, version])
  return (
    <section className={s.page}>
      <TabList
        selectedValue={tab}
        onTabSelect={(_, d) => (setTab(d.value as 'pending' | 'records'), setQuery({ current: 1, size: 10 }))}
      >
        <Tab value="pending">{TX.pending[lang]}</Tab>
        <Tab value="records">{TX.records[lang]}</Tab>
      </TabList>
      <ListTable
        label={TX.adjustAudit[lang]}
        rows={page?.records ?? null}
        rowKey={(r) => r.taskId}
        emptyText={TX.empty[lang]}
        columns={[
          {
            key: 'batch',
            label: TX.batch[lang],
            render: (r) => `${r.courseName ?? ''} ${r.batchName ?? ''}`,
          },
          { key: 'before', label: TX.before[lang], render: (r) => r.before },
          { key: 'after', label: TX.after[lang], render: (r) => r.after },
          { key: 'reason', label: TX.reason[lang], render: (r) => r.reason },
          { key: 'applicant', label: TX.applicant[lang], render: (r) => r.applicantName },
          {
            key: 'step',
            label: TX.status[lang],
            render: (r) => (tab === 'pending' ? r.taskName : r.statusName),
          },
        ]}
        actions={(r) => (
          <>
            {tab === 'pending' && can('teach_adjustaudit_audit') ? (
              <Button size="small" appearance="subtle" onClick={() => setAuditing(r)}>
                {TX.audit[lang]}
              </Button>
            ) : null}
            {can('teach_adjustaudit_view') ? (
              <Button size="small" appearance="subtle" onClick={() => setViewing(r.businessId)}>
                {TX.view[lang]}
              </Button>
            ) : null}
          </>
        )}
      />
      {page ? (
        <Pager
          lang={lang}
          total={page.total}
          current={page.current}
          size={page.size}
          onChange={(current, size) => setQuery({ current, size })}
        />
      ) : null}
      {auditing ? (
        <AuditDialog
          task={auditing}
          lang={lang}
          onClose={(done) => (setAuditing(null), done && setVersion((v) => v + 1))}
        />
      ) : null}
      {viewing ? <AdjustViewDialog id={viewing} lang={lang} onClose={() => setViewing(null)} /> : null}
    </section>
  )
}
