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
  Text,
} from '@fluentui/react-components'
import { useEffect, useState, type ReactNode } from 'react'
import {
  batchPlanApi,
  collisionApi,
  newBatchPlanApi,
  type BatchView,
  type CollisionNote,
  type CollisionRow,
  type TaskRow,
} from '../../../shared/api/schedule'
import { COLLISION_FAMILIES, type CollisionFamily } from '../../../shared/resources/schedule/collision'
import { parseWeeks } from '../../../shared/resources/schedule/weeks'
import { call, quietCall } from '../../shell/request'
import { notify } from '../../shell/notify'
import { BatchFacts } from './CollisionPage'
import { CheckGroup, type Lang } from './common'
import { OwnerPicker, SectionSelect, WeekdaySelect, WeeksPicker } from './pickers'
import { TX } from './texts'

export function Modal({
  title,
  children,
  actions,
  onClose,
  width = 760,
}: {
  title: string
  children: ReactNode
  actions: ReactNode
  onClose: () => void
  width?: number
}) {
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface style={{ maxWidth: width, width: '95vw' }}>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>{children}</div>
          </DialogContent>
          <DialogActions>{actions}</DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

export interface BatchDraft {
  id?: string
  coursePlanProjectId: string
  weeks: number[]
  weekday: number | null
  startSection: number | null
  endSection: number | null
  roomIds: string[]
  teacherIds: string[]
  classNos: string[]
}

/** 新增 / 修改 of one batch: plan line, weeks, weekday and sections (or none yet), rooms, teachers, classes. */
export function BatchFormDialog({
  termId,
  initial,
  lang,
  onClose,
}: {
  termId: string
  initial?: BatchView
  lang: Lang
  onClose: (notes: CollisionNote[] | null) => void
}) {
  const [lines, setLines] = useState<TaskRow[]>([])
  const [draft, setDraft] = useState<BatchDraft>(() =>
    initial
      ? {
          id: initial.id,
          coursePlanProjectId: String(initial.coursePlanProjectId),
          weeks: parseWeeks(initial.weeks),
          weekday: initial.weekday == null ? null : Number(initial.weekday),
          startSection: initial.startSection == null ? null : Number(initial.startSection),
          endSection: initial.endSection == null ? null : Number(initial.endSection),
          roomIds: initial.rooms.map((r) => r.id),
          teacherIds: initial.teachers.map((t) => t.id),
          classNos: String(initial.classNos ?? '')
            .split(',')
            .filter(Boolean),
        }
      : {
          coursePlanProjectId: '',
          weeks: [],
          weekday: null,
          startSection: null,
          endSection: null,
          roomIds: [],
          teacherIds: [],
          classNos: [],
        },
  )
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (termId)
      quietCall(newBatchPlanApi.projectList, { query: { academicYearId: termId } })
        .then(setLines)
        .catch(() => setLines([]))
  }, [termId])
  const line = lines.find((l) => l.coursePlanProjectId === draft.coursePlanProjectId)
  const set = (patch: Partial<BatchDraft>) => setDraft((d) => ({ ...d, ...patch }))
  const save = async () => {
    setBusy(true)
    try {
      const body = {
        coursePlanProjectId: draft.coursePlanProjectId || undefined,
        weeks: draft.weeks,
        weekday: draft.weekday,
        startSection: draft.startSection,
        endSection: draft.endSection,
        roomIds: draft.roomIds,
        teacherIds: draft.teacherIds,
        classNos: draft.classNos.length ? draft.classNos : undefined,
      }
      const reply = draft.id
        ? await call(batchPlanApi.updateList, { body: [{ ...body, id: draft.id }] })
        : await call(batchPlanApi.saveList, { body: [body] })
      notify.success(TX.saved[lang])
      onClose(reply.collisions)
    } catch {
      setBusy(false)
    }
  }
  return (
    <Modal
      title={draft.id ? TX.edit[lang] : TX.add[lang]}
      onClose={() => onClose(null)}
      actions={
        <>
          <Button appearance="primary" disabled={busy} onClick={save}>
            {TX.save[lang]}
          </Button>
          <Button onClick={() => onClose(null)}>{TX.cancel[lang]}</Button>
        </>
      }
    >
      <Field label={TX.planLine[lang]} required>
        <Select
          aria-label={TX.planLine[lang]}
          value={draft.coursePlanProjectId}
          disabled={!!draft.id}
          onChange={(_, d) => {
            const l = lines.find((x) => x.coursePlanProjectId === d.value)
            set({
              coursePlanProjectId: d.value,
              weeks: draft.weeks.length
                ? draft.weeks
                : parseWeeks(
                    l?.planWeeks.replace(/(\d+)-(\d+)/g, (_m, a, b) =>
                      Array.from({ length: b - a + 1 }, (_x, i) => Number(a) + i).join(','),
                    ) ?? '',
                  ),
            })
          }}
        >
          <option value="">{''}</option>
          {lines.map((l) => (
            <option key={l.coursePlanProjectId} value={l.coursePlanProjectId}>
              {`${l.courseNumber} ${l.courseName} · ${l.projectName}（${l.classNos}）`}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={TX.weeks[lang]} required>
        <WeeksPicker
          weeks={18}
          value={draft.weeks}
          onChange={(weeks) => set({ weeks })}
          label={TX.weeks[lang]}
        />
      </Field>
      <div style={{ display: 'flex', gap: 8 }}>
        <Field label={TX.weekday[lang]}>
          <WeekdaySelect
            value={draft.weekday}
            onChange={(weekday) => set({ weekday })}
            label={TX.weekday[lang]}
          />
        </Field>
        <Field label={TX.startSection[lang]}>
          <SectionSelect
            value={draft.startSection}
            onChange={(n) => set({ startSection: n, endSection: Math.max(n, draft.endSection ?? n) })}
            max={16}
            label={TX.startSection[lang]}
          />
        </Field>
        <Field label={TX.endSection[lang]}>
          <SectionSelect
            value={draft.endSection}
            onChange={(n) => set({ endSection: n })}
            max={16}
            label={TX.endSection[lang]}
          />
        </Field>
      </div>
      <Field label={TX.room[lang]} required>
        <OwnerPicker
          kind="room"
          termId={termId}
          value={draft.roomIds}
          onChange={(roomIds) => set({ roomIds })}
          label={TX.room[lang]}
        />
      </Field>
      <Field label={TX.teacher[lang]} required>
        <OwnerPicker
          kind="teacher"
          termId={termId}
          value={draft.teacherIds}
          onChange={(teacherIds) => set({ teacherIds })}
          label={TX.teacher[lang]}
        />
      </Field>
      {line ? (
        <CheckGroup
          label={TX.classes[lang]}
          options={line.classNos
            .split(',')
            .filter(Boolean)
            .map((c) => ({ value: c, label: c }))}
          value={draft.classNos}
          onChange={(classNos) => set({ classNos })}
        />
      ) : null}
    </Modal>
  )
}

/** 批量修改: only the fields given change. */
export function BatchEditDialog({
  ids,
  termId,
  lang,
  onClose,
}: {
  ids: string[]
  termId: string
  lang: Lang
  onClose: (notes: CollisionNote[] | null) => void
}) {
  const [weeks, setWeeks] = useState<number[]>([])
  const [weekday, setWeekday] = useState<number | null>(null)
  const [start, setStart] = useState<number | null>(null)
  const [end, setEnd] = useState<number | null>(null)
  const [roomIds, setRoomIds] = useState<string[]>([])
  const [teacherIds, setTeacherIds] = useState<string[]>([])
  const save = async () => {
    try {
      const reply = await call(batchPlanApi.batchUpdate, {
        body: {
          ids,
          ...(weeks.length ? { weeks } : {}),
          ...(weekday ? { weekday } : {}),
          ...(start ? { startSection: start } : {}),
          ...(end ? { endSection: end } : {}),
          ...(roomIds.length ? { roomIds } : {}),
          ...(teacherIds.length ? { teacherIds } : {}),
        },
      })
      notify.success(TX.saved[lang])
      onClose(reply.collisions)
    } catch {
      // shown by the request helper
    }
  }
  return (
    <Modal
      title={`${TX.batchEdit[lang]}（${ids.length}）`}
      onClose={() => onClose(null)}
      actions={
        <>
          <Button appearance="primary" onClick={save}>
            {TX.save[lang]}
          </Button>
          <Button onClick={() => onClose(null)}>{TX.cancel[lang]}</Button>
        </>
      }
    >
      <Text>{TX.keep[lang]}：留空的项不修改</Text>
      <Field label={TX.weeks[lang]}>
        <WeeksPicker weeks={18} value={weeks} onChange={setWeeks} label={TX.weeks[lang]} />
      </Field>
      <div style={{ display: 'flex', gap: 8 }}>
        <WeekdaySelect value={weekday} onChange={setWeekday} label={TX.weekday[lang]} />
        <SectionSelect
          value={start}
          onChange={(n) => (setStart(n), setEnd(Math.max(n, end ?? n)))}
          max={16}
          label={TX.startSection[lang]}
        />
        <SectionSelect value={end} onChange={setEnd} max={16} label={TX.endSection[lang]} />
      </div>
      <OwnerPicker kind="room" termId={termId} value={roomIds} onChange={setRoomIds} label={TX.room[lang]} />
      <OwnerPicker
        kind="teacher"
        termId={termId}
        value={teacherIds}
        onChange={setTeacherIds}
        label={TX.teacher[lang]}
      />
    </Modal>
  )
}

/** 生成时间: the weekdays and blocks to try; answers placed and not placed with reasons. */
export function GenerateDialog({
  ids,
  lang,
  onClose,
}: {
  ids: string[]
  lang: Lang
  onClose: (notes: CollisionNote[] | null) => void
}) {
  const [days, setDays] = useState<number[]>([1, 2, 3, 4, 5])
  const [weeks, setWeeks] = useState('')
  const [result, setResult] = useState<{
    placed: { id: string; batchName: string; text: string }[]
    failed: { id: string; batchName: string; reason: string }[]
    collisions: CollisionNote[]
  } | null>(null)
  const run = async () => {
    try {
      const reply = await call(batchPlanApi.generateTime, {
        body: { ids, weekdays: days, ...(weeks.trim() ? { weeks: weeks.trim() } : {}) },
      })
      setResult(reply)
    } catch {
      // shown by the request helper
    }
  }
  return (
    <Modal
      title={TX.generate[lang]}
      onClose={() => onClose(result?.collisions ?? null)}
      actions={
        result ? (
          <Button appearance="primary" onClick={() => onClose(result.collisions)}>
            {TX.close[lang]}
          </Button>
        ) : (
          <>
            <Button appearance="primary" onClick={run}>
              {TX.generate[lang]}
            </Button>
            <Button onClick={() => onClose(null)}>{TX.cancel[lang]}</Button>
          </>
        )
      }
    >
      {result ? (
        <div data-testid="generate-result">
          <Text weight="semibold">
            {TX.placed[lang]}（{result.placed.length}）
          </Text>
          <ul>
            {result.placed.map((p) => (
              <li key={p.id}>
                {p.batchName}：{p.text}
              </li>
            ))}
          </ul>
          <Text weight="semibold">
            {TX.notPlaced[lang]}（{result.failed.length}）
          </Text>
          <ul>
            {result.failed.map((p) => (
              <li key={p.id}>
                {p.batchName}：{p.reason}
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <>
          <CheckGroup
            label={TX.weekday[lang]}
            options={[1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: '一二三四五六日'[d - 1] }))}
            value={days}
            onChange={(next) => setDays([...next].sort((a, b) => a - b))}
          />
          <Field label={`${TX.weeks[lang]}（留空则用批次自己的周次）`}>
            <Input value={weeks} onChange={(_, d) => setWeeks(d.value)} placeholder="3,4,5" />
          </Field>
        </>
      )}
    </Modal>
  )
}

/** The batch's collisions across the four families (the 冲突 tag opens this). */
export function BatchCollisionsDialog({
  plan,
  termId,
  lang,
  onClose,
}: {
  plan: BatchView
  termId: string
  lang: Lang
  onClose: () => void
}) {
  const [rows, setRows] = useState<(CollisionRow & { family: CollisionFamily })[] | null>(null)
  useEffect(() => {
    Promise.all(
      (Object.keys(COLLISION_FAMILIES) as CollisionFamily[]).map((k) =>
        quietCall(collisionApi[k].page, {
          query: { academicYearId: termId, batchPlanId: plan.id, size: 100 },
        })
          .then((p) => p.records.map((r) => ({ ...r, family: k })))
          .catch(() => []),
      ),
    ).then((lists) => setRows(lists.flat()))
  }, [plan.id, termId])
  return (
    <Modal
      title={`${TX.collisionsOf[lang]}：${plan.projectName} ${plan.batchName}`}
      onClose={onClose}
      actions={<Button onClick={onClose}>{TX.close[lang]}</Button>}
    >
      {(rows ?? []).map((r) => (
        <div key={`${r.family}-${r.id}`} style={{ display: 'flex', gap: 8, alignItems: 'baseline' }}>
          <Badge color={Number(r.status) === 0 ? 'danger' : Number(r.status) === 1 ? 'warning' : 'success'}>
            {r.statusName}
          </Badge>
          <Text>
            【{COLLISION_FAMILIES[r.family][lang]}】{r.description}
          </Text>
        </div>
      ))}
      {rows && !rows.length ? <Text>{TX.empty[lang]}</Text> : null}
    </Modal>
  )
}

/** 查看 of one batch. */
export function BatchViewDialog({ id, lang, onClose }: { id: string; lang: Lang; onClose: () => void }) {
  const [plan, setPlan] = useState<BatchView | null>(null)
  useEffect(() => {
    quietCall(batchPlanApi.detail, { query: { id } })
      .then(setPlan)
      .catch(() => setPlan(null))
  }, [id])
  return (
    <Modal
      title={TX.view[lang]}
      onClose={onClose}
      actions={<Button onClick={onClose}>{TX.close[lang]}</Button>}
    >
      <BatchFacts plan={plan} lang={lang} />
      {plan?.studentNos.length ? <Text>{`${TX.inBatch[lang]}：${plan.studentNos.join('、')}`}</Text> : null}
    </Modal>
  )
}
