import { Button, Dropdown, Field, Input, Option, Radio, RadioGroup, Select } from '@fluentui/react-components'
import { AddRegular, CalendarAddRegular, DeleteRegular } from '@fluentui/react-icons'
import { useEffect, useMemo, useState } from 'react'
import type { z } from 'zod'
import { experimentApi, type CreateTimeBody, type SkippedSlot } from '../../shared/api/experiment'
import type { ClassOption, TeacherOption } from '../../shared/api/teach'
import { experimentProjectTimeResource } from '../../shared/resources/experiment/project-time'
import { WEEKDAY_ZH, parseWeekRanges } from '../../shared/resources/teach/calendar'
import ResourcePage from '../resource/ResourcePage'
import { notify, usePermissions } from '../resource/shell-adapter'
import { FormShell } from '../safety/FormShell'
import { call, quietCall } from '../shell/request'
import { withoutSearch, useTeachStyles } from '../teach/shared'
import { ProjectSelect, useProjects } from './common'

const listDef = withoutSearch(experimentProjectTimeResource, 'projectId')

type Room = { id: string; roomName: string; roomNo: string; capacity: number; labName: string }
interface AddrDraft {
  roomId: string
  weekday: string
  startSection: string
  endSection: string
  capacity: string
}
const emptyAddr = (): AddrDraft => ({
  roomId: '',
  weekday: '1',
  startSection: '1',
  endSection: '2',
  capacity: '',
})

/** The createTime body of the generator's inputs, or the first thing missing. */
export function createBody(
  projectId: string,
  weeksText: string,
  addrs: AddrDraft[],
  teachers: string[],
  classes: string[],
  mode: 'append' | 'replace',
): { body: z.input<typeof CreateTimeBody> } | { error: string } {
  const weeks = parseWeekRanges(weeksText)
  if (!weeks?.length) return { error: '请填写周次，如 6-9 或 3,5,7' }
  if (!addrs.length || addrs.some((a) => !a.roomId)) return { error: '请选择每组的房间' }
  return {
    body: {
      id: projectId,
      weeks,
      addrList: addrs.map((a) => ({
        roomId: a.roomId,
        weekday: Number(a.weekday),
        startSection: Number(a.startSection),
        endSection: Number(a.endSection),
        ...(a.capacity ? { capacity: Number(a.capacity) } : {}),
      })),
      experimentUser: teachers,
      classList: classes,
      mode,
    },
  }
}

/** 生成时段: weeks × (room, weekday, sections, capacity) rows, teachers, classes, 追加 / 替换. */
function GenerateDialog({
  projectId,
  onClose,
  onDone,
}: {
  projectId: string
  onClose: () => void
  onDone: () => void
}) {
  const [rooms, setRooms] = useState<Room[]>([])
  const [teacherOptions, setTeacherOptions] = useState<TeacherOption[]>([])
  const [classOptions, setClassOptions] = useState<ClassOption[]>([])
  const [weeks, setWeeks] = useState('')
  const [addrs, setAddrs] = useState<AddrDraft[]>([emptyAddr()])
  const [teachers, setTeachers] = useState<string[]>([])
  const [classes, setClasses] = useState<string[]>([])
  const [mode, setMode] = useState<'append' | 'replace'>('append')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const [skipped, setSkipped] = useState<SkippedSlot[] | null>(null)
  useEffect(() => {
    quietCall(experimentApi.project.rooms)
      .then(setRooms)
      .catch(() => undefined)
    quietCall(experimentApi.project.teachers, { query: {} })
      .then(setTeacherOptions)
      .catch(() => undefined)
    quietCall(experimentApi.project.classes, { query: {} })
      .then(setClassOptions)
      .catch(() => undefined)
  }, [])
  const setAddr = (i: number, patch: Partial<AddrDraft>) =>
    setAddrs((list) => list.map((a, j) => (i === j ? { ...a, ...patch } : a)))
  const submit = async () => {
    const built = createBody(projectId, weeks, addrs, teachers, classes, mode)
    if ('error' in built) {
      setError(built.error)
      return
    }
    setError('')
    setBusy(true)
    try {
      const answer = await call(experimentApi.time.create, { body: built.body })
      notify.success(
        `已生成${answer.created}个时段${answer.skipped.length ? `，跳过${answer.skipped.length}个` : ''}`,
      )
      onDone()
      if (answer.skipped.length) setSkipped(answer.skipped)
      else onClose()
    } catch {
      // the call showed the server's message
    } finally {
      setBusy(false)
    }
  }
  const teacherLabel = (id: string) => teacherOptions.find((t) => t.id === id)?.teacherName ?? id
  const classLabel = (no: string) => classOptions.find((c) => c.classNo === no)?.className ?? no
  return (
    <FormShell
      title="生成时段"
      width={960}
      busy={busy}
      readOnly={!!skipped}
      onClose={onClose}
      onSubmit={() => void submit()}
    >
      {skipped ? (
        <div>
          <div style={{ fontWeight: 600, marginBottom: 8 }}>以下时段未生成：</div>
          <ol aria-label="跳过的时段">
            {skipped.map((s, i) => (
              <li key={i}>{s.reason}</li>
            ))}
          </ol>
        </div>
      ) : (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
          <Field
            label="周次"
            required
            validationMessage={error || undefined}
            validationState={error ? 'error' : 'none'}
          >
            <Input value={weeks} placeholder="如 6-9 或 3,5,7" onChange={(_, d) => setWeeks(d.value)} />
          </Field>
          {addrs.map((a, i) => (
            <div
              key={i}
              style={{ display: 'flex', gap: 8, alignItems: 'flex-end' }}
              aria-label={`第${i + 1}组`}
            >
              <Field label="房间" style={{ flex: 2 }}>
                <Select value={a.roomId} onChange={(_, d) => setAddr(i, { roomId: d.value })}>
                  <option value="">请选择房间</option>
                  {rooms.map((r) => (
                    <option
                      key={r.id}
                      value={r.id}
                    >{`${r.roomName}（${r.labName}，${r.capacity}人）`}</option>
                  ))}
                </Select>
              </Field>
              <Field label="星期">
                <Select value={a.weekday} onChange={(_, d) => setAddr(i, { weekday: d.value })}>
                  {[1, 2, 3, 4, 5, 6, 7].map((w) => (
                    <option key={w} value={String(w)}>
                      {WEEKDAY_ZH[w]}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label="开始节次">
                <Input
                  type="number"
                  value={a.startSection}
                  onChange={(_, d) => setAddr(i, { startSection: d.value })}
                />
              </Field>
              <Field label="结束节次">
                <Input
                  type="number"
                  value={a.endSection}
                  onChange={(_, d) => setAddr(i, { endSection: d.value })}
                />
              </Field>
              <Field label="容量">
                <Input
                  type="number"
                  value={a.capacity}
                  placeholder="默认房间容量"
                  onChange={(_, d) => setAddr(i, { capacity: d.value })}
                />
              </Field>
              <Button
                aria-label="删除该组"
                icon={<DeleteRegular />}
                disabled={addrs.length === 1}
                onClick={() => setAddrs((list) => list.filter((_, j) => j !== i))}
              />
            </div>
          ))}
          <Button
            icon={<AddRegular />}
            style={{ alignSelf: 'flex-start' }}
            onClick={() => setAddrs((l) => [...l, emptyAddr()])}
          >
            添加房间和时间
          </Button>
          <Field label="指导教师">
            <Dropdown
              multiselect
              placeholder="默认项目的指导教师"
              selectedOptions={teachers}
              value={teachers.map(teacherLabel).join('、')}
              onOptionSelect={(_, d) => setTeachers(d.selectedOptions)}
            >
              {teacherOptions.map((t) => (
                <Option key={t.id} value={t.id}>
                  {t.teacherName}
                </Option>
              ))}
            </Dropdown>
          </Field>
          <Field label="限定班级">
            <Dropdown
              multiselect
              placeholder="默认项目的预约范围"
              selectedOptions={classes}
              value={classes.map(classLabel).join('、')}
              onOptionSelect={(_, d) => setClasses(d.selectedOptions)}
            >
              {classOptions.map((c) => (
                <Option key={c.classNo} value={c.classNo}>
                  {c.className}
                </Option>
              ))}
            </Dropdown>
          </Field>
          <Field label="生成方式">
            <RadioGroup
              layout="horizontal"
              value={mode}
              onChange={(_, d) => setMode(d.value as 'append' | 'replace')}
            >
              <Radio value="append" label="追加" />
              <Radio value="replace" label="替换（删除未被预约的时段）" />
            </RadioGroup>
          </Field>
        </div>
      )}
    </FormShell>
  )
}

/** 预约时段: the slots of a project and 生成时段. */
export default function SlotPage() {
  const s = useTeachStyles()
  const can = usePermissions()
  const { projects, projectId, setProjectId } = useProjects()
  const [generating, setGenerating] = useState(false)
  const [signal, setSignal] = useState(0)
  const fixed = useMemo(() => ({ projectId }), [projectId])
  return (
    <section className={s.page} aria-label="预约时段">
      <div className={s.bar}>
        <ProjectSelect projects={projects} value={projectId} onChange={setProjectId} />
        {can('experiment_projecttime_generate') && projectId ? (
          <Button icon={<CalendarAddRegular />} onClick={() => setGenerating(true)}>
            生成时段
          </Button>
        ) : null}
      </div>
      <div className={s.grow}>
        {projectId ? (
          <ResourcePage key={projectId} def={listDef} fixedQuery={fixed} reloadSignal={signal} />
        ) : null}
      </div>
      {generating ? (
        <GenerateDialog
          projectId={projectId}
          onClose={() => setGenerating(false)}
          onDone={() => setSignal((n) => n + 1)}
        />
      ) : null}
    </section>
  )
}
