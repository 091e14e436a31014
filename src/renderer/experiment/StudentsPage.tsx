import { Button, Checkbox, Select } from '@fluentui/react-components'
import { PersonAddRegular } from '@fluentui/react-icons'
import { useEffect, useMemo, useState } from 'react'
import { experimentApi, type ProjectSlot } from '../../shared/api/experiment'
import { experimentProjectStuResource } from '../../shared/resources/experiment/project-stu'
import { confirm, notify, usePermissions } from '../resource/shell-adapter'
import { FormShell } from '../safety/FormShell'
import { PagedList } from '../safety/PagedList'
import { call, quietCall } from '../shell/request'
import { SimpleTable, useTeachStyles } from '../teach/shared'
import { ProjectSelect, slotText, useProjects } from './common'

const listDef = { ...experimentProjectStuResource, actions: { view: false, edit: false, delete: false } }
type Student = { studentNo: string; studentName: string; classNo: string; deptSerial: string }

/** 添加学生: the eligible students not booked yet; the picked ones are added in one call. */
function AddStudentsDialog({
  timeId,
  onClose,
  onDone,
}: {
  timeId: string
  onClose: () => void
  onDone: () => void
}) {
  const [students, setStudents] = useState<Student[]>([])
  const [picked, setPicked] = useState<Set<string>>(new Set())
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    call(experimentApi.stu.stuList, { query: { timeId, current: 1, size: 500 } })
      .then((page) => setStudents(page.records))
      .catch(() => undefined)
  }, [timeId])
  const toggle = (no: string, on: boolean) =>
    setPicked((prev) => {
      const next = new Set(prev)
      if (on) next.add(no)
      else next.delete(no)
      return next
    })
  const save = async () => {
    if (!picked.size) {
      notify.error('请选择学生')
      return
    }
    setBusy(true)
    try {
      const answer = await call(experimentApi.stu.save, {
        body: [...picked].map((stuSerial) => ({ timeId, stuSerial })),
      })
      notify.success(`已添加${answer.booked}名学生`)
      onDone()
    } catch {
      // the call showed the server's message
    } finally {
      setBusy(false)
    }
  }
  return (
    <FormShell title="添加学生" width={800} busy={busy} onClose={onClose} onSubmit={() => void save()}>
      <SimpleTable
        label="可添加的学生"
        head={['选择', '学号', '姓名', '班级']}
        empty="没有可添加的学生"
        rows={students.map((st) => [
          <Checkbox
            key="pick"
            aria-label={`选择${st.studentName}`}
            checked={picked.has(st.studentNo)}
            onChange={(_, d) => toggle(st.studentNo, !!d.checked)}
          />,
          st.studentNo,
          st.studentName,
          st.classNo,
        ])}
      />
    </FormShell>
  )
}

/** 预约学生: project → slot → its students; 添加学生, 移除. */
export default function StudentsPage() {
  const s = useTeachStyles()
  const can = usePermissions()
  const { projects, projectId, setProjectId } = useProjects()
  const [slots, setSlots] = useState<ProjectSlot[]>([])
  const [timeId, setTimeId] = useState('')
  const [adding, setAdding] = useState(false)
  const [signal, setSignal] = useState(0)
  useEffect(() => {
    if (!projectId) return
    quietCall(experimentApi.time.page, { query: { projectId, current: 1, size: 500, ascs: 'date' } })
      .then((page) => {
        setSlots(page.records)
        setTimeId((id) =>
          page.records.some((x) => String(x.id) === id) ? id : String(page.records[0]?.id ?? ''),
        )
      })
      .catch(() => setSlots([]))
  }, [projectId, signal])
  const query = useMemo(() => ({ timeId, status: 1 }), [timeId])
  const slot = slots.find((x) => String(x.id) === timeId)
  return (
    <section className={s.page} aria-label="预约学生">
      <div className={s.bar}>
        <ProjectSelect projects={projects} value={projectId} onChange={setProjectId} />
        <label style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
          <span>预约时段</span>
          <Select aria-label="预约时段" value={timeId} onChange={(_, d) => setTimeId(d.value)}>
            {slots.map((x) => (
              <option key={String(x.id)} value={String(x.id)}>
                {`${slotText(x)} ${x.bookedCount}/${x.capacity}`}
              </option>
            ))}
          </Select>
        </label>
        {can('experiment_projectstu_add') && timeId ? (
          <Button icon={<PersonAddRegular />} onClick={() => setAdding(true)}>
            添加学生
          </Button>
        ) : null}
        {slot ? <span className={s.muted}>{`已约 ${slot.bookedCount} / 容量 ${slot.capacity}`}</span> : null}
      </div>
      <div className={s.grow}>
        {timeId ? (
          <PagedList
            def={listDef}
            endpoint={experimentApi.stu.subStuList}
            query={query}
            reloadSignal={signal}
            rowExtra={(row) =>
              can('experiment_projectstu_delete') ? (
                <Button
                  size="small"
                  appearance="transparent"
                  onClick={() =>
                    void (async () => {
                      if (!(await confirm(`确定移除学生${String(row.studentName)}的预约？`))) return
                      try {
                        await call(experimentApi.stu.remove, {
                          query: { timeId, stuSerial: String(row.studentNo) },
                        })
                        notify.success('已移除')
                        setSignal((n) => n + 1)
                      } catch {
                        // the call showed the server's message
                      }
                    })()
                  }
                >
                  移除
                </Button>
              ) : null
            }
          />
        ) : (
          <div className={s.muted}>该项目还没有预约时段</div>
        )}
      </div>
      {adding ? (
        <AddStudentsDialog
          timeId={timeId}
          onClose={() => setAdding(false)}
          onDone={() => {
            setAdding(false)
            setSignal((n) => n + 1)
          }}
        />
      ) : null}
    </section>
  )
}
