import { Badge, Button, Field, Input, Select, Tab, TabList, Text } from '@fluentui/react-components'
import { useCallback, useEffect, useMemo, useState } from 'react'
import {
  newBatchPlanApi,
  type Cell,
  type CollisionNote,
  type PlanInfo,
  type RoomChoice,
  type SummaryRow,
  type TaskRow,
  type WeekCell,
} from '../../../shared/api/schedule'
import { formatWeeks, formatWhen } from '../../../shared/resources/schedule/weeks'
import { call, quietCall } from '../../shell/request'
import { notify } from '../../shell/notify'
import { usePermissions } from '../../shell/permission'
import { Modal } from './BatchDialogs'
import { CellGrid, type Pick } from './CellGrid'
import {
  CheckGroup,
  CollisionNotes,
  ListTable,
  TermPicker,
  useLang,
  useStyles,
  useTerm,
  type Lang,
} from './common'
import { OwnerPicker, SectionSelect, WeekdaySelect, WeeksPicker } from './pickers'
import { TX } from './texts'

export type Step = 'project' | 'info' | 'time' | 'rooms' | 'batches' | 'save'
export const STEPS: Step[] = ['project', 'info', 'time', 'rooms', 'batches', 'save']
const STEP_TEXT = {
  project: TX.stepProject,
  info: TX.stepInfo,
  time: TX.stepTime,
  rooms: TX.stepRooms,
  batches: TX.stepBatches,
  save: TX.stepSave,
}

/** A batch the wizard is building. */
export interface WizardBatch {
  batchNo: number
  classNos: string[]
  weeks: number[]
  pick: Pick
  roomIds: string[]
  roomNames: string[]
  teacherIds: string[]
}

/** Which steps can be entered: info needs a line, rooms a time, save at least one batch. */
export function stepEnabled(step: Step, state: { line: boolean; pick: boolean; batches: number }): boolean {
  switch (step) {
    case 'project':
      return true
    case 'info':
    case 'time':
      return state.line
    case 'rooms':
      return state.line && state.pick
    case 'batches':
      return state.line
    case 'save':
      return state.line && state.batches > 0
  }
}

/** The batch the current choices make (classes, weeks, time, rooms, teachers), numbered after the others. */
export function batchOf(
  batches: readonly WizardBatch[],
  existing: number,
  choice: {
    classNos: string[]
    weeks: number[]
    pick: Pick | null
    roomIds: string[]
    roomNames: string[]
    teacherIds: string[]
  },
): WizardBatch | string {
  if (!choice.weeks.length) return '请选择周次'
  if (!choice.pick) return '请在表格中选择星期和节次'
  if (!choice.classNos.length) return '请选择本批班级'
  if (!choice.roomIds.length) return '请选择房间'
  if (!choice.teacherIds.length) return '请选择任课教师'
  const taken = batches.flatMap((b) => b.classNos).find((c) => choice.classNos.includes(c))
  if (taken) return `班级${taken}已在本次的批次中`
  return { batchNo: existing + batches.length + 1, ...choice, pick: choice.pick }
}

function Summaries({ termId, lang }: { termId: string; lang: Lang }) {
  const [tab, setTab] = useState<'project' | 'lab'>('project')
  const [rows, setRows] = useState<SummaryRow[] | null>(null)
  useEffect(() => {
    if (!termId) return
    setRows(null)
    quietCall(tab === 'project' ? newBatchPlanApi.projectSummary : newBatchPlanApi.labSummary, {
      query: { academicYearId: termId },
    })
      .then(setRows)
      .catch(() => setRows([]))
  }, [tab, termId])
  return (
    <div>
      <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as 'project' | 'lab')} size="small">
        <Tab value="project">{TX.planSummary[lang]}</Tab>
        <Tab value="lab">{TX.labSummary[lang]}</Tab>
      </TabList>
      <ListTable
        label={tab === 'project' ? TX.planSummary[lang] : TX.labSummary[lang]}
        rows={rows}
        rowKey={(r) => r.key}
        emptyText={TX.empty[lang]}
        columns={[
          { key: 'name', label: tab === 'project' ? TX.project[lang] : TX.lab[lang], render: (r) => r.name },
          { key: 'batches', label: TX.batchCount[lang], render: (r) => r.batches },
          { key: 'planned', label: TX.planned[lang], render: (r) => r.studentsPlanned },
          { key: 'scheduled', label: TX.scheduled[lang], render: (r) => r.studentsScheduled },
          ...(tab === 'lab'
            ? [
                {
                  key: 'rate',
                  label: TX.useRate[lang],
                  render: (r: SummaryRow) => `${(r.useRate * 100).toFixed(1)}%`,
                },
              ]
            : []),
        ]}
      />
    </div>
  )
}

function BatchAddDialog({
  lineIds,
  termId,
  lang,
  onClose,
}: {
  lineIds: string[]
  termId: string
  lang: Lang
  onClose: (done: boolean) => void
}) {
  const [startWeek, setStartWeek] = useState('1')
  const [weekday, setWeekday] = useState<number | null>(null)
  const [start, setStart] = useState<number | null>(null)
  const [end, setEnd] = useState<number | null>(null)
  const [roomIds, setRoomIds] = useState<string[]>([])
  const [result, setResult] = useState<
    { projectName: string; weeks: number[]; reason: string; batchPlanIds: string[] }[] | null
  >(null)
  const run = async () => {
    if (!weekday || !start || !end) return notify.warning('请选择星期和节次')
    try {
      const reply = await call(newBatchPlanApi.batchAddPlan, {
        body: {
          lineIds,
          startWeek: Number(startWeek),
          weekday,
          startSection: start,
          endSection: end,
          ...(roomIds.length ? { roomIds } : {}),
        },
      })
      setResult(reply.results)
    } catch {
      // shown by the request helper
    }
  }
  return (
    <Modal
      title={`${TX.batchAdd[lang]}（${lineIds.length}）`}
      onClose={() => onClose(!!result)}
      actions={
        result ? (
          <Button appearance="primary" onClick={() => onClose(true)}>
            {TX.close[lang]}
          </Button>
        ) : (
          <>
            <Button appearance="primary" onClick={run}>
              {TX.batchAdd[lang]}
            </Button>
            <Button onClick={() => onClose(false)}>{TX.cancel[lang]}</Button>
          </>
        )
      }
    >
      {result ? (
        <ul data-testid="batch-add-result">
          {result.map((r, i) => (
            <li key={i}>
              {r.batchPlanIds.length
                ? `${r.projectName}：${formatWeeks(r.weeks)}`
                : `${r.projectName}：${r.reason}`}
            </li>
          ))}
        </ul>
      ) : (
        <>
          <Field label={TX.startWeek[lang]}>
            <Input type="number" value={startWeek} onChange={(_, d) => setStartWeek(d.value)} />
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
          <OwnerPicker
            kind="room"
            termId={termId}
            value={roomIds}
            onChange={setRoomIds}
            label={`${TX.room[lang]}（可不选，自动找空闲教室）`}
          />
        </>
      )}
    </Modal>
  )
}

/**
 * 制定排课计划: 选择项目 (the term's 排课任务) → 计划信息 → 选择时间 (weeks strip, 星期 × 节次 grid with busy
 * cells and reasons, 重置) → 房间与教师 (free rooms) → 分批 → 保存 (保存计划, then 确认排课); side panels
 * 项目汇总 / 实验室汇总.
 */
export default function AddPlanPage() {
  const s = useStyles()
  const lang = useLang()
  const can = usePermissions()
  const { terms, termId, setTermId } = useTerm()
  const [step, setStep] = useState<Step>('project')
  const [statusFilter, setStatusFilter] = useState('')
  const [tasks, setTasks] = useState<TaskRow[] | null>(null)
  const [checked, setChecked] = useState<Set<string>>(new Set())
  const [lineId, setLineId] = useState('')
  const [info, setInfo] = useState<PlanInfo | null>(null)
  const [weeks, setWeeks] = useState<number[]>([])
  const [classNos, setClassNos] = useState<string[]>([])
  const [cells, setCells] = useState<Cell[]>([])
  const [strip, setStrip] = useState<WeekCell[]>([])
  const [pick, setPick] = useState<Pick | null>(null)
  const [freeRooms, setFreeRooms] = useState<RoomChoice[]>([])
  const [roomIds, setRoomIds] = useState<string[]>([])
  const [teacherIds, setTeacherIds] = useState<string[]>([])
  const [batches, setBatches] = useState<WizardBatch[]>([])
  const [notes, setNotes] = useState<CollisionNote[]>([])
  const [saved, setSaved] = useState(false)
  const [batchAdd, setBatchAdd] = useState(false)
  const [version, setVersion] = useState(0)

  useEffect(() => {
    if (!termId) return
    quietCall(newBatchPlanApi.projectList, {
      query: { academicYearId: termId, ...(statusFilter ? { status: Number(statusFilter) } : {}) },
    })
      .then(setTasks)
      .catch(() => setTasks([]))
  }, [termId, statusFilter, version])

  const resetWeeks = useCallback(async (id: string) => {
    const r = await quietCall(newBatchPlanApi.timeListReset, { query: { coursePlanProjectId: id } })
    setWeeks(r.weeks)
  }, [])

  const open = async (task: TaskRow) => {
    setLineId(task.coursePlanProjectId)
    setBatches([])
    setNotes([])
    setSaved(false)
    setPick(null)
    setRoomIds([])
    const i = await quietCall(newBatchPlanApi.planInfo, {
      query: { coursePlanProjectId: task.coursePlanProjectId },
    })
    setInfo(i)
    setClassNos(i.classes.map((c) => c.classNo))
    setTeacherIds(i.teachers.map((t) => t.id))
    await resetWeeks(task.coursePlanProjectId)
    setStep('info')
  }

  useEffect(() => {
    if (!lineId || !weeks.length) return
    quietCall(newBatchPlanApi.timeList, {
      query: {
        coursePlanProjectId: lineId,
        weeks,
        ...(classNos.length ? { classNos } : {}),
        ...(teacherIds.length ? { teacherIds } : {}),
        ...(pick
          ? { weekday: pick.weekday, startSection: pick.startSection, endSection: pick.endSection }
          : {}),
      },
    })
      .then((r) => (setCells(r.cells), setFreeRooms(r.freeRooms)))
      .catch(() => setCells([]))
  }, [lineId, weeks, classNos, teacherIds, pick])

  useEffect(() => {
    if (!lineId || !pick) return setStrip([])
    quietCall(newBatchPlanApi.timeWeekList, {
      query: {
        coursePlanProjectId: lineId,
        ...(classNos.length ? { classNos } : {}),
        ...(teacherIds.length ? { teacherIds } : {}),
        ...pick,
      },
    })
      .then(setStrip)
      .catch(() => setStrip([]))
  }, [lineId, pick, classNos, teacherIds])

  const roomName = useMemo(() => new Map(freeRooms.map((r) => [r.id, r.roomName])), [freeRooms])
  const addBatch = () => {
    const made = batchOf(batches, info?.batches.length ?? 0, {
      classNos,
      weeks,
      pick,
      roomIds,
      roomNames: roomIds.map((id) => roomName.get(id) ?? id),
      teacherIds,
    })
    if (typeof made === 'string') return notify.warning(made)
    setBatches([...batches, made])
    const rest = (info?.classes.map((c) => c.classNo) ?? []).filter(
      (c) => ![...batches, made].some((b) => b.classNos.includes(c)),
    )
    setClassNos(rest)
    setPick(null)
    setRoomIds([])
  }
  const savePlan = async () => {
    try {
      const reply = await call(newBatchPlanApi.savePlan, {
        body: {
          coursePlanProjectId: lineId,
          batches: batches.map((b) => ({
            batchNo: b.batchNo,
            weeks: b.weeks,
            weekday: b.pick.weekday,
            startSection: b.pick.startSection,
            endSection: b.pick.endSection,
            roomIds: b.roomIds,
            teacherIds: b.teacherIds,
            classNos: b.classNos,
          })),
        },
      })
      setNotes(reply.collisions)
      setSaved(true)
      notify.success(TX.saved[lang])
      setVersion((v) => v + 1)
      setInfo(await quietCall(newBatchPlanApi.planInfo, { query: { coursePlanProjectId: lineId } }))
    } catch {
      // shown by the request helper
    }
  }
  const moveTasks = async (ids: string[], status: number) => {
    try {
      await call(newBatchPlanApi.updateList, { query: { status }, body: ids })
      notify.success(TX.done[lang])
      setChecked(new Set())
      setVersion((v) => v + 1)
      if (lineId && ids.includes(lineId))
        setInfo(await quietCall(newBatchPlanApi.planInfo, { query: { coursePlanProjectId: lineId } }))
    } catch {
      // shown by the request helper
    }
  }
  const state = { line: !!lineId, pick: !!pick, batches: batches.length }
  const task = info?.task

  return (
    <section className={s.page}>
      <div className={s.bar}>
        <TermPicker
          terms={terms}
          value={termId}
          onChange={(id) => (setTermId(id), setLineId(''), setStep('project'))}
          label={TX.term[lang]}
        />
        {task ? (
          <Text weight="semibold" data-testid="wizard-line">
            {`${task.courseNumber} ${task.courseName} · ${task.projectName}`} <Badge>{task.statusName}</Badge>
          </Text>
        ) : null}
      </div>
      <TabList
        selectedValue={step}
        onTabSelect={(_, d) => setStep(d.value as Step)}
        aria-label={TX.addPlan[lang]}
      >
        {STEPS.map((st, i) => (
          <Tab key={st} value={st} disabled={!stepEnabled(st, state)}>
            {`${i + 1}. ${STEP_TEXT[st][lang]}`}
          </Tab>
        ))}
      </TabList>

      {step === 'project' ? (
        <>
          <div className={s.bar} role="toolbar">
            <Select
              aria-label={TX.taskStatus[lang]}
              value={statusFilter}
              onChange={(_, d) => setStatusFilter(d.value)}
            >
              <option value="">{TX.taskStatus[lang]}</option>
              {['待排', '排课中', '已确认', '暂不排'].map((n, i) => (
                <option key={i} value={String(i)}>
                  {n}
                </option>
              ))}
            </Select>
            {can('teach_addplan_batchadd') ? (
              <Button
                onClick={() => (checked.size ? setBatchAdd(true) : notify.warning(TX.selectFirst[lang]))}
              >
                {TX.batchAdd[lang]}
              </Button>
            ) : null}
            {can('teach_addplan_confirm') ? (
              <>
                <Button
                  onClick={() =>
                    checked.size ? moveTasks([...checked], 3) : notify.warning(TX.selectFirst[lang])
                  }
                >
                  {TX.defer[lang]}
                </Button>
                <Button
                  onClick={() =>
                    checked.size ? moveTasks([...checked], 0) : notify.warning(TX.selectFirst[lang])
                  }
                >
                  {TX.undefer[lang]}
                </Button>
              </>
            ) : null}
          </div>
          <ListTable
            label={TX.stepProject[lang]}
            rows={tasks}
            rowKey={(r) => r.coursePlanProjectId}
            selected={checked}
            onSelect={setChecked}
            emptyText={TX.empty[lang]}
            activeKey={lineId}
            columns={[
              { key: 'course', label: TX.course[lang], render: (r) => `${r.courseNumber} ${r.courseName}` },
              { key: 'project', label: TX.project[lang], render: (r) => r.projectName },
              { key: 'teacher', label: TX.teacher[lang], render: (r) => r.teacherName },
              { key: 'classes', label: TX.classes[lang], render: (r) => r.classNos },
              { key: 'count', label: TX.students[lang], render: (r) => r.studentCount },
              { key: 'weeks', label: TX.weeks[lang], render: (r) => r.planWeeks },
              { key: 'batches', label: TX.batchCount[lang], render: (r) => r.batchCount },
              {
                key: 'status',
                label: TX.taskStatus[lang],
                render: (r) => (
                  <Badge
                    color={
                      r.status === 2
                        ? 'success'
                        : r.status === 3
                          ? 'subtle'
                          : r.status === 1
                            ? 'warning'
                            : 'informative'
                    }
                  >
                    {r.statusName}
                  </Badge>
                ),
              },
            ]}
            actions={(r) => (
              <Button size="small" appearance="subtle" onClick={() => open(r)}>
                {TX.next[lang]}
              </Button>
            )}
          />
          <Summaries termId={termId} lang={lang} key={version} />
        </>
      ) : null}

      {step === 'info' && info ? (
        <div className={s.page} style={{ padding: 0 }} data-testid="plan-info">
          <Text>{`${TX.course[lang]}：${info.task.courseNumber} ${info.task.courseName}　${TX.project[lang]}：${info.task.projectName}　学时：${info.task.hours}　计划周次：${info.task.planWeeks}`}</Text>
          <Text>{`${TX.classes[lang]}：${info.classes.map((c) => `${c.className}（${c.students.length}人）`).join('、')}，共${info.classes.reduce((n, c) => n + c.students.length, 0)}人`}</Text>
          <Text>{`${TX.teacher[lang]}：${info.teachers.map((t) => `${t.name}（${t.no}）`).join('、')}`}</Text>
          <Text>{`${TX.unassigned[lang]}：${info.unassigned.length}人`}</Text>
          <ListTable
            label={TX.stepBatches[lang]}
            rows={info.batches}
            emptyText={TX.empty[lang]}
            columns={[
              { key: 'batch', label: TX.batch[lang], render: (r) => r.batchName },
              {
                key: 'time',
                label: TX.time[lang],
                render: (r) =>
                  r.weekday ? `${r.weeksText} ${r.weekdayName} ${r.sectionsText}` : TX.noTime[lang],
              },
              { key: 'rooms', label: TX.room[lang], render: (r) => r.roomNames },
              { key: 'classes', label: TX.classes[lang], render: (r) => r.classNos },
              { key: 'count', label: TX.students[lang], render: (r) => r.studentCount },
              { key: 'status', label: TX.status[lang], render: (r) => r.statusName },
            ]}
          />
          <div className={s.bar}>
            <Button appearance="primary" onClick={() => setStep('time')}>
              {TX.next[lang]}
            </Button>
          </div>
        </div>
      ) : null}

      {step === 'time' && info ? (
        <div className={s.page} style={{ padding: 0 }}>
          <Field label={`${TX.weeks[lang]}：${formatWeeks(weeks)}`}>
            <div className={s.bar}>
              <WeeksPicker
                weeks={info.calendar.weeks}
                value={weeks}
                onChange={setWeeks}
                label={TX.weeks[lang]}
                mark={(w) => strip.find((x) => x.week === w)}
              />
              <Button onClick={() => resetWeeks(lineId)}>{TX.reset[lang]}</Button>
            </div>
          </Field>
          <CheckGroup
            label={TX.classes[lang]}
            options={info.classes.map((c) => ({
              value: c.classNo,
              label: `${c.className}（${c.students.length}）`,
            }))}
            value={classNos}
            onChange={setClassNos}
          />
          <Text className={s.muted}>{TX.pickTime[lang]}</Text>
          <CellGrid cells={cells} value={pick} onChange={setPick} label={TX.stepTime[lang]} />
          <Text data-testid="picked-time">
            {pick ? formatWhen(weeks, pick.weekday, pick.startSection, pick.endSection) : ''}
          </Text>
          <div className={s.bar}>
            <Button onClick={() => setStep('info')}>{TX.prev[lang]}</Button>
            <Button appearance="primary" disabled={!pick} onClick={() => setStep('rooms')}>
              {TX.next[lang]}
            </Button>
          </div>
        </div>
      ) : null}

      {step === 'rooms' && info ? (
        <div className={s.page} style={{ padding: 0 }}>
          <Text>{pick ? formatWhen(weeks, pick.weekday, pick.startSection, pick.endSection) : ''}</Text>
          <ListTable
            label={TX.suggestRooms[lang]}
            rows={freeRooms}
            selected={new Set(roomIds)}
            onSelect={(next) => setRoomIds([...next])}
            emptyText={TX.empty[lang]}
            columns={[
              { key: 'room', label: TX.roomName[lang], render: (r) => r.roomName },
              { key: 'lab', label: TX.lab[lang], render: (r) => r.labName },
              { key: 'capacity', label: TX.capacity[lang], render: (r) => r.capacity },
            ]}
          />
          <Field label={TX.teacher[lang]}>
            <OwnerPicker
              kind="teacher"
              termId={termId}
              value={teacherIds}
              onChange={setTeacherIds}
              label={TX.teacher[lang]}
              extra={info.teachers}
            />
          </Field>
          <div className={s.bar}>
            <Button onClick={() => setStep('time')}>{TX.prev[lang]}</Button>
            <Button appearance="primary" onClick={() => (addBatch(), setStep('batches'))}>
              {TX.addBatch[lang]}
            </Button>
          </div>
        </div>
      ) : null}

      {step === 'batches' && info ? (
        <div className={s.page} style={{ padding: 0 }}>
          <ListTable
            label={TX.stepBatches[lang]}
            rows={batches.map((b) => ({ ...b, id: String(b.batchNo) }))}
            emptyText={TX.empty[lang]}
            columns={[
              { key: 'batch', label: TX.batch[lang], render: (r) => `第${r.batchNo}批` },
              { key: 'classes', label: TX.classes[lang], render: (r) => r.classNos.join('、') },
              {
                key: 'time',
                label: TX.time[lang],
                render: (r) => formatWhen(r.weeks, r.pick.weekday, r.pick.startSection, r.pick.endSection),
              },
              { key: 'rooms', label: TX.room[lang], render: (r) => r.roomNames.join('、') },
            ]}
            actions={(r) => (
              <Button
                size="small"
                appearance="subtle"
                onClick={() =>
                  setBatches(
                    batches
                      .filter((b) => b.batchNo !== r.batchNo)
                      .map((b, i) => ({ ...b, batchNo: (info.batches.length ?? 0) + i + 1 })),
                  )
                }
              >
                {TX.removeBatch[lang]}
              </Button>
            )}
          />
          <div className={s.bar}>
            <Button onClick={() => setStep('time')}>{TX.addBatch[lang]}</Button>
            <Button appearance="primary" disabled={!batches.length} onClick={() => setStep('save')}>
              {TX.next[lang]}
            </Button>
          </div>
        </div>
      ) : null}

      {step === 'save' && info ? (
        <div className={s.page} style={{ padding: 0 }}>
          <Text>{`${info.task.projectName}：${batches.length}个批次，${batches.reduce((n, b) => n + info.classes.filter((c) => b.classNos.includes(c.classNo)).reduce((m, c) => m + c.students.length, 0), 0)}人`}</Text>
          <CollisionNotes notes={notes} title={TX.collisionsFound[lang]} />
          <div className={s.bar}>
            {can('teach_addplan_save') ? (
              <Button appearance="primary" disabled={saved} onClick={savePlan}>
                {TX.savePlan[lang]}
              </Button>
            ) : null}
            {can('teach_addplan_confirm') ? (
              <Button disabled={!saved && !info.batches.length} onClick={() => moveTasks([lineId], 2)}>
                {TX.confirmPlan[lang]}
              </Button>
            ) : null}
          </div>
          {saved ? (
            <ListTable
              label={TX.stepBatches[lang]}
              rows={info.batches}
              emptyText={TX.empty[lang]}
              columns={[
                { key: 'batch', label: TX.batch[lang], render: (r) => r.batchName },
                {
                  key: 'time',
                  label: TX.time[lang],
                  render: (r) => `${r.weeksText} ${r.weekdayName} ${r.sectionsText}`,
                },
                { key: 'rooms', label: TX.room[lang], render: (r) => r.roomNames },
                { key: 'classes', label: TX.classes[lang], render: (r) => r.classNos },
                { key: 'status', label: TX.status[lang], render: (r) => r.statusName },
              ]}
            />
          ) : null}
        </div>
      ) : null}
      {batchAdd ? (
        <BatchAddDialog
          lineIds={[...checked]}
          termId={termId}
          lang={lang}
          onClose={(done) => (setBatchAdd(false), done && setVersion((v) => v + 1))}
        />
      ) : null}
    </section>
  )
}
