import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  Select,
  Tab,
  TabList,
  Text,
  Textarea,
} from '@fluentui/react-components'
import { useCallback, useEffect, useState } from 'react'
import {
  adjustApi,
  batchPlanApi,
  collisionApi,
  type BatchView,
  type CollisionDetail,
  type CollisionRow,
  type CollisionSuggestions,
} from '../../../shared/api/schedule'
import type { Page } from '../../../shared/api/envelope'
import { COLLISION_FAMILIES, type CollisionFamily } from '../../../shared/resources/schedule/collision'
import { call, quietCall } from '../../shell/request'
import { confirm } from '../../shell/confirm'
import { notify } from '../../shell/notify'
import { usePermission } from '../../shell/permission'
import { Pager } from '../../resource/Pager'
import { ListTable, TermPicker, useLang, useStyles, useTerm, type Lang } from './common'
import { TX } from './texts'

const STATUS_COLOR = { 0: 'danger', 1: 'warning', 2: 'success' } as const

/** One side of a collision, as facts. */
export function BatchFacts({ plan, lang }: { plan: BatchView | null; lang: Lang }) {
  const s = useStyles()
  if (!plan) return <Text className={s.muted}>{TX.empty[lang]}</Text>
  return (
    <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '4px 12px', margin: 0 }}>
      <dt>{TX.course[lang]}</dt>
      <dd style={{ margin: 0 }}>{plan.courseName}</dd>
      <dt>{TX.project[lang]}</dt>
      <dd style={{ margin: 0 }}>
        {plan.projectName} {plan.batchName}
      </dd>
      <dt>{TX.time[lang]}</dt>
      <dd style={{ margin: 0 }}>
        {plan.weekday
          ? `${plan.weeksText} ${plan.weekdayName} ${plan.sectionsText} ${plan.timeText}`
          : TX.noTime[lang]}
      </dd>
      <dt>{TX.room[lang]}</dt>
      <dd style={{ margin: 0 }}>{plan.roomNames}</dd>
      <dt>{TX.teacher[lang]}</dt>
      <dd style={{ margin: 0 }}>{plan.teacherNames}</dd>
      <dt>{TX.classes[lang]}</dt>
      <dd style={{ margin: 0 }}>{plan.classNos}</dd>
      <dt>{TX.students[lang]}</dt>
      <dd style={{ margin: 0 }}>{plan.studentCount}</dd>
      <dt>{TX.status[lang]}</dt>
      <dd style={{ margin: 0 }}>{plan.statusName}</dd>
    </dl>
  )
}

/** Applies a suggestion: an unpublished batch moves (updateList); a published one gets an adjustment draft. */
export async function applySuggestion(
  sug: CollisionSuggestions,
  change: { weekday?: number; startSection?: number; endSection?: number; roomIds?: string[] },
  commonWeeks: string,
  lang: Lang,
): Promise<boolean> {
  const p = sug.plan
  const next = {
    weekday: change.weekday ?? Number(p.weekday),
    startSection: change.startSection ?? Number(p.startSection),
    endSection: change.endSection ?? Number(p.endSection),
    roomIds: change.roomIds ?? p.rooms.map((r) => r.id),
    teacherIds: p.teachers.map((t) => t.id),
  }
  try {
    if (!sug.published) {
      // Classes left out: the batch keeps its own.
      await call(batchPlanApi.updateList, { body: [{ id: p.id, weeks: String(p.weeks), ...next }] })
      notify.success(TX.applied[lang])
    } else {
      await call(adjustApi.save, {
        body: {
          batchPlanId: p.id,
          adjustWeeks: commonWeeks,
          newWeeks: commonWeeks,
          newWeekday: next.weekday,
          newStartSection: next.startSection,
          newEndSection: next.endSection,
          newRoomIds: next.roomIds,
          newTeacherIds: next.teacherIds,
          reason: '冲突调整',
        },
      })
      notify.success(TX.draftMade[lang])
    }
    return true
  } catch {
    return false
  }
}

/** The suggestion panel of a collision's view: free rooms and times, each with 应用. */
export function SuggestionPanel({
  sug,
  commonWeeks,
  onApplied,
  lang,
}: {
  sug: CollisionSuggestions
  commonWeeks: string
  onApplied: () => void
  lang: Lang
}) {
  const s = useStyles()
  const [busy, setBusy] = useState(false)
  const run = async (change: Parameters<typeof applySuggestion>[1]) => {
    setBusy(true)
    if (await applySuggestion(sug, change, commonWeeks, lang)) onApplied()
    setBusy(false)
  }
  return (
    <div className={s.grid2} data-testid="suggestions">
      <div>
        <Text weight="semibold">{TX.suggestTimes[lang]}</Text>
        {sug.times.length ? (
          <ul style={{ paddingLeft: 16 }}>
            {sug.times.map((t) => (
              <li key={`${t.weekday}-${t.startSection}`} style={{ marginBottom: 4 }}>
                {t.text}{' '}
                <Button
                  size="small"
                  disabled={busy}
                  onClick={() =>
                    run({ weekday: t.weekday, startSection: t.startSection, endSection: t.endSection })
                  }
                >
                  {TX.apply[lang]}
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <Text className={s.muted}>{sug.noTimes}</Text>
        )}
      </div>
      <div>
        <Text weight="semibold">{TX.suggestRooms[lang]}</Text>
        {sug.rooms.length ? (
          <ul style={{ paddingLeft: 16 }}>
            {sug.rooms.map((r) => (
              <li key={r.id} style={{ marginBottom: 4 }}>
                {r.roomName}（{r.labName}，{TX.capacity[lang]}
                {r.capacity}）{' '}
                <Button size="small" disabled={busy} onClick={() => run({ roomIds: [r.id] })}>
                  {TX.apply[lang]}
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <Text className={s.muted}>{TX.empty[lang]}</Text>
        )}
      </div>
    </div>
  )
}

function ViewDialog({
  kind,
  id,
  onClose,
  lang,
}: {
  kind: CollisionFamily
  id: string
  onClose: (changed: boolean) => void
  lang: Lang
}) {
  const s = useStyles()
  const [side, setSide] = useState<'A' | 'B'>('B')
  const [detail, setDetail] = useState<CollisionDetail | null>(null)
  const [version, setVersion] = useState(0)
  const [changed, setChanged] = useState(false)
  useEffect(() => {
    quietCall(collisionApi[kind].detail, { query: { id, side } })
      .then(setDetail)
      .catch(() => setDetail(null))
  }, [kind, id, side, version])
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose(changed)}>
      <DialogSurface style={{ maxWidth: 980, width: '95vw' }}>
        <DialogBody>
          <DialogTitle>{COLLISION_FAMILIES[kind][lang]}</DialogTitle>
          <DialogContent>
            {detail ? (
              <div className={s.page} style={{ padding: 0 }}>
                <Text>{detail.description}</Text>
                <Badge color={STATUS_COLOR[Number(detail.status) as 0 | 1 | 2] ?? 'informative'}>
                  {detail.statusName}
                </Badge>
                {detail.handleRemark ? (
                  <Text>
                    {TX.handleRemark[lang]}：{detail.handleRemark}
                  </Text>
                ) : null}
                <div className={s.grid2}>
                  <div>
                    <Text weight="semibold">{TX.sideA[lang]}</Text>
                    <BatchFacts plan={detail.a} lang={lang} />
                  </div>
                  <div>
                    <Text weight="semibold">{TX.sideB[lang]}</Text>
                    <BatchFacts plan={detail.b} lang={lang} />
                  </div>
                </div>
                {Number(detail.status) !== 2 && detail.suggestions ? (
                  <>
                    <TabList selectedValue={side} onTabSelect={(_, d) => setSide(d.value as 'A' | 'B')}>
                      <Tab value="B">
                        {TX.adjustFor[lang]} {TX.sideB[lang]}
                      </Tab>
                      <Tab value="A">
                        {TX.adjustFor[lang]} {TX.sideA[lang]}
                      </Tab>
                    </TabList>
                    <SuggestionPanel
                      sug={detail.suggestions}
                      commonWeeks={String(detail.weeks ?? '')}
                      lang={lang}
                      onApplied={() => {
                        setChanged(true)
                        setVersion((v) => v + 1)
                      }}
                    />
                  </>
                ) : null}
              </div>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => onClose(changed)}>{TX.close[lang]}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

function HandleDialog({
  kind,
  id,
  onClose,
  lang,
}: {
  kind: CollisionFamily
  id: string
  onClose: (done: boolean) => void
  lang: Lang
}) {
  const [remark, setRemark] = useState('')
  const [error, setError] = useState('')
  const save = async () => {
    if (!remark.trim()) return setError(TX.handleRemarkRequired[lang])
    try {
      await call(collisionApi[kind].submit, { body: { id, status: 1, handleRemark: remark.trim() } })
      notify.success(TX.handled[lang])
      onClose(true)
    } catch {
      // the request helper showed the server's message
    }
  }
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose(false)}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{TX.handle[lang]}</DialogTitle>
          <DialogContent>
            <Field label={TX.handleRemark[lang]} required validationMessage={error || undefined}>
              <Textarea
                value={remark}
                maxLength={500}
                onChange={(_, d) => (setRemark(d.value), setError(''))}
              />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={save}>
              {TX.ok[lang]}
            </Button>
            <Button onClick={() => onClose(false)}>{TX.cancel[lang]}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

/** 班级/教师/地点/学生冲突: the rows the checks wrote (default 未处理), view with suggestions, 处理, delete. */
export function CollisionPage({ kind }: { kind: CollisionFamily }) {
  const s = useStyles()
  const lang = useLang()
  const family = COLLISION_FAMILIES[kind]
  const { terms, termId, setTermId } = useTerm()
  const [status, setStatus] = useState('0')
  const [party, setParty] = useState('')
  const [query, setQuery] = useState({ current: 1, size: 10, partyName: '' })
  const [page, setPage] = useState<Page<CollisionRow> | null>(null)
  const [version, setVersion] = useState(0)
  const [viewing, setViewing] = useState<string | null>(null)
  const [handling, setHandling] = useState<string | null>(null)
  const canView = usePermission(`${family.permission}_view`)
  const canHandle = usePermission(`${family.permission}_handle`)
  const canDelete = usePermission(`${family.permission}_delete`)
  const reload = useCallback(() => setVersion((v) => v + 1), [])
  useEffect(() => {
    if (!termId) return
    quietCall(collisionApi[kind].page, {
      query: {
        ...query,
        academicYearId: termId,
        ...(status ? { status } : {}),
        ...(query.partyName ? { partyName: query.partyName } : {}),
      },
    })
      .then(setPage)
      .catch(() => setPage({ records: [], total: 0, size: 10, current: 1, pages: 0 }))
  }, [kind, termId, status, query, version])
  const remove = async (id: string) => {
    if (!(await confirm(TX.confirmDelete[lang]))) return
    try {
      await call(collisionApi[kind].remove, { query: { ids: id } })
      notify.success(TX.deleted[lang])
      reload()
    } catch {
      // shown by the request helper
    }
  }
  return (
    <section className={s.page}>
      <div className={s.bar} role="search">
        <TermPicker terms={terms} value={termId} onChange={setTermId} label={TX.term[lang]} />
        <Select
          aria-label={TX.status[lang]}
          value={status}
          onChange={(_, d) => (setStatus(d.value), setQuery((q) => ({ ...q, current: 1 })))}
        >
          <option value="0">未处理</option>
          <option value="1">已处理</option>
          <option value="2">已消除</option>
          <option value="">全部</option>
        </Select>
        <Input
          aria-label={TX.party[lang]}
          placeholder={TX.party[lang]}
          value={party}
          onChange={(_, d) => setParty(d.value)}
        />
        <Button
          appearance="primary"
          onClick={() => setQuery({ current: 1, size: query.size, partyName: party })}
        >
          {TX.search[lang]}
        </Button>
      </div>
      <ListTable
        label={family[lang]}
        rows={page?.records ?? null}
        emptyText={TX.empty[lang]}
        columns={[
          { key: 'party', label: TX.party[lang], render: (r) => r.partyName },
          { key: 'a', label: TX.sideA[lang], render: (r) => r.batchName },
          { key: 'b', label: TX.sideB[lang], render: (r) => r.otherBatchName },
          { key: 'weeks', label: TX.weeks[lang], render: (r) => r.weeksText },
          { key: 'weekday', label: TX.weekday[lang], render: (r) => r.weekdayName },
          { key: 'sections', label: TX.sections[lang], render: (r) => r.sectionsText },
          {
            key: 'description',
            label: TX.description[lang],
            render: (r) => <span style={{ whiteSpace: 'normal' }}>{r.description}</span>,
            width: '34%',
          },
          {
            key: 'status',
            label: TX.status[lang],
            render: (r) => (
              <Badge color={STATUS_COLOR[Number(r.status) as 0 | 1 | 2] ?? 'informative'}>
                {r.statusName}
              </Badge>
            ),
          },
        ]}
        actions={(r) => (
          <>
            {canView ? (
              <Button size="small" appearance="subtle" onClick={() => setViewing(String(r.id))}>
                {TX.view[lang]}
              </Button>
            ) : null}
            {canHandle && Number(r.status) === 0 ? (
              <Button size="small" appearance="subtle" onClick={() => setHandling(String(r.id))}>
                {TX.handle[lang]}
              </Button>
            ) : null}
            {canDelete ? (
              <Button size="small" appearance="subtle" onClick={() => remove(String(r.id))}>
                {TX.delete[lang]}
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
          onChange={(current, size) => setQuery((q) => ({ ...q, current, size }))}
        />
      ) : null}
      {viewing ? (
        <ViewDialog
          kind={kind}
          id={viewing}
          lang={lang}
          onClose={(changed) => (setViewing(null), changed && reload())}
        />
      ) : null}
      {handling ? (
        <HandleDialog
          kind={kind}
          id={handling}
          lang={lang}
          onClose={(done) => (setHandling(null), done && reload())}
        />
      ) : null}
    </section>
  )
}

export const TeacherCollisionPage = () => <CollisionPage kind="teacher" />
export const RoomCollisionPage = () => <CollisionPage kind="room" />
export const ClassCollisionPage = () => <CollisionPage kind="class" />
export const StudentCollisionPage = () => <CollisionPage kind="student" />
