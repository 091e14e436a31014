import {
  Checkbox,
  Field,
  Input,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Textarea,
} from '@fluentui/react-components'
import { useEffect, useMemo, useState } from 'react'
import {
  courseApi,
  coursePlanApi,
  courseProjectApi,
  teachPickerApi,
  type LinkedProject,
  type PlanDetail,
} from '../../shared/api/teach'
import type { FieldDef } from '../../shared/resource/types'
import { teachCoursePlanResource } from '../../shared/resources/teach/course-plan'
import { formFromRow } from '../resource/fields'
import { notify, useLang } from '../resource/shell-adapter'
import { FieldsGrid, FormShell, fieldErrors } from '../safety/FormShell'
import { call, quietCall } from '../shell/request'
import type { Row } from './shared'

/** How the form saves: a draft (新增/修改), 退回重提 of a returned plan, or 计划变更 of an approved one. */
/** Inputs of the lines table take their column's width, never more. */
const fill = { width: '100%', minWidth: 0 }

export type PlanFormMode = 'save' | 'resubmit' | 'change'

const byName = (name: string) => teachCoursePlanResource.fields.find((f) => f.name === name)!
const teacherRemote = { url: teachPickerApi.planTeachers.path, label: 'teacherName', value: 'id' }

/** The plan's header fields; courses, teachers and classes from the routes a teacher may read. */
export const PLAN_HEADER_FIELDS: FieldDef[] = [
  byName('academicYearId'),
  {
    ...byName('courseId'),
    control: 'select',
    remote: { url: `${courseApi.page.path}?size=1000&status=1`, label: 'courseName', value: 'id' },
  },
  { ...byName('teacherId'), control: 'select', remote: teacherRemote },
  { ...byName('assistantTeacherIds'), control: 'multiselect', remote: teacherRemote },
  {
    ...byName('classNos'),
    control: 'multiselect',
    remote: { url: teachPickerApi.planClasses.path, label: 'className', value: 'classNo' },
    span: 24,
  },
  byName('studentCount'),
  byName('startWeek'),
  byName('endWeek'),
  byName('remark'),
]

/** A line of the editor: a project of the course, in the plan or not. */
export interface LineDraft {
  id?: string
  projectId: string
  name: string
  number: string
  picked: boolean
  hours: string
  planWeeks: string
  content: string
}

/** The editor's lines: every project linked to the course, the plan's own lines picked. */
export function linesOf(linked: LinkedProject[], plan: PlanDetail | null): LineDraft[] {
  const own = new Map((plan?.projects ?? []).map((l) => [String(l.projectId), l]))
  return linked.map((p) => {
    const line = own.get(String(p.id))
    return {
      id: line?.id,
      projectId: String(p.id),
      name: p.experimentName ?? '',
      number: p.experimentNumber ?? '',
      picked: !!line,
      hours: String(line?.hours ?? p.hours ?? ''),
      planWeeks: line?.planWeeks ?? '',
      content: line?.content ?? '',
    }
  })
}

/** Σ hours of the picked lines. */
export const pickedHours = (lines: LineDraft[]) =>
  lines.filter((l) => l.picked).reduce((n, l) => n + (Number(l.hours) || 0), 0)

/** The body's `projects`: the picked lines in the editor's order. */
export const linesBody = (lines: LineDraft[]) =>
  lines
    .filter((l) => l.picked)
    .map((l, i) => ({
      ...(l.id ? { id: l.id } : {}),
      projectId: l.projectId,
      hours: Number(l.hours),
      planWeeks: l.planWeeks || undefined,
      content: l.content || undefined,
      sort: i + 1,
    }))

function LinesEditor({
  lines,
  onChange,
  courseHours,
}: {
  lines: LineDraft[]
  onChange: (lines: LineDraft[]) => void
  courseHours: number | null
}) {
  const set = (i: number, patch: Partial<LineDraft>) =>
    onChange(lines.map((l, j) => (i === j ? { ...l, ...patch } : l)))
  const total = pickedHours(lines)
  return (
    <div style={{ gridColumn: 'span 24' }}>
      <div style={{ fontWeight: 600, margin: '8px 0' }}>
        计划内容（计划学时合计 {total}
        {courseHours !== null ? ` / 课程实验学时 ${courseHours}` : ''}）
      </div>
      <Table size="small" aria-label="计划内容">
        <TableHeader>
          <TableRow>
            <TableHeaderCell style={{ width: 60 }}>选择</TableHeaderCell>
            <TableHeaderCell>实验项目</TableHeaderCell>
            <TableHeaderCell style={{ width: 100 }}>学时</TableHeaderCell>
            <TableHeaderCell style={{ width: 140 }}>计划周次</TableHeaderCell>
            <TableHeaderCell>进度说明</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {lines.map((l, i) => (
            <TableRow key={l.projectId}>
              <TableCell>
                <Checkbox
                  aria-label={`选择${l.name}`}
                  checked={l.picked}
                  onChange={(_, d) => set(i, { picked: !!d.checked })}
                />
              </TableCell>
              <TableCell>{`${l.number} ${l.name}`}</TableCell>
              <TableCell>
                <Input
                  style={fill}
                  aria-label={`${l.name}学时`}
                  type="number"
                  value={l.hours}
                  disabled={!l.picked}
                  onChange={(_, d) => set(i, { hours: d.value })}
                />
              </TableCell>
              <TableCell>
                <Input
                  style={fill}
                  aria-label={`${l.name}计划周次`}
                  placeholder="如 3,4"
                  value={l.planWeeks}
                  disabled={!l.picked}
                  onChange={(_, d) => set(i, { planWeeks: d.value })}
                />
              </TableCell>
              <TableCell>
                <Input
                  style={fill}
                  aria-label={`${l.name}进度说明`}
                  value={l.content}
                  disabled={!l.picked}
                  onChange={(_, d) => set(i, { content: d.value })}
                />
              </TableCell>
            </TableRow>
          ))}
          {lines.length ? null : (
            <TableRow>
              <TableCell colSpan={5}>该课程尚未关联实验项目（在实验课程中关联项目）</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
    </div>
  )
}

const TITLES: Record<PlanFormMode, string> = { save: '课程计划', resubmit: '退回重提', change: '计划变更' }

/** 课程计划 form: header fields and the lines editor (the course's projects). */
export function PlanFormDialog({
  id,
  mode,
  onClose,
  onSaved,
}: {
  id?: string
  mode: PlanFormMode
  onClose: () => void
  onSaved: () => void
}) {
  const lang = useLang()
  const [plan, setPlan] = useState<PlanDetail | null>(null)
  const [values, setValues] = useState<Row>({})
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [lines, setLines] = useState<LineDraft[]>([])
  const [courseHours, setCourseHours] = useState<number | null>(null)
  const [reason, setReason] = useState('')
  const [loading, setLoading] = useState(!!id)
  const [busy, setBusy] = useState(false)
  const courseId = String(values.courseId ?? '')

  useEffect(() => {
    if (!id) return
    call(coursePlanApi.detail, { query: { id } })
      .then((detail) => {
        setPlan(detail)
        setValues(formFromRow(teachCoursePlanResource, detail as unknown as Row))
      })
      .catch(() => undefined)
      .finally(() => setLoading(false))
  }, [id])

  useEffect(() => {
    if (!courseId) {
      setLines([])
      setCourseHours(null)
      return
    }
    let live = true
    Promise.all([
      quietCall(courseProjectApi.projectList, { query: { teachCourseId: courseId } }),
      quietCall(courseApi.detail, { query: { id: courseId } }),
    ])
      .then(([linked, course]) => {
        if (!live) return
        setLines(linesOf(linked, plan && String(plan.courseId) === courseId ? plan : null))
        setCourseHours(
          course.labHours === null || course.labHours === undefined ? null : Number(course.labHours),
        )
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [courseId, plan])

  const save = async () => {
    const found = fieldErrors(PLAN_HEADER_FIELDS, values)
    if (mode === 'change' && !reason.trim()) found.changeReason = '请填写变更原因'
    setErrors(found)
    if (Object.keys(found).length) return
    const body = {
      ...values,
      ...(id ? { id } : {}),
      projects: linesBody(lines),
      ...(mode === 'change' ? { changeReason: reason.trim() } : {}),
    }
    setBusy(true)
    try {
      const endpoint =
        mode === 'resubmit'
          ? coursePlanApi.submitReturn
          : mode === 'change'
            ? coursePlanApi.handleUpdate
            : coursePlanApi.submit
      await call(endpoint, { body })
      notify.success(mode === 'save' ? '课程计划已保存' : '已提交审核')
      onSaved()
    } catch {
      // the call showed the server's message
    } finally {
      setBusy(false)
    }
  }

  const title = useMemo(
    () => (mode === 'save' ? `${id ? '编辑' : '新增'}课程计划` : TITLES[mode]),
    [id, mode],
  )
  return (
    <FormShell title={title} width={1100} busy={busy} onClose={onClose} onSubmit={() => void save()}>
      {loading ? (
        <Spinner size="small" />
      ) : (
        <FieldsGrid
          fields={PLAN_HEADER_FIELDS}
          values={values}
          errors={errors}
          lang={lang}
          onChange={(name, value) => setValues((v) => ({ ...v, [name]: value }))}
        >
          {mode === 'change' ? (
            <Field
              style={{ gridColumn: 'span 24' }}
              label="变更原因"
              required
              validationMessage={errors.changeReason}
              validationState={errors.changeReason ? 'error' : 'none'}
            >
              <Textarea value={reason} maxLength={500} onChange={(_, d) => setReason(d.value)} />
            </Field>
          ) : null}
          <LinesEditor lines={lines} onChange={setLines} courseHours={courseHours} />
        </FieldsGrid>
      )}
    </FormShell>
  )
}
