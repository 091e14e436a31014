import { Badge, Button, MessageBar, MessageBarBody } from '@fluentui/react-components'
import { useCallback, useEffect, useState } from 'react'
import { experimentApi, type StudentProject, type StudentSlot } from '../../shared/api/experiment'
import { confirm, notify, usePermissions } from '../resource/shell-adapter'
import { call, quietCall } from '../shell/request'
import { SimpleTable, useTeachStyles } from '../teach/shared'
import { slotText } from './common'

type Check = Awaited<ReturnType<typeof quietCall<typeof experimentApi.params.checkSubscribeTime>>>

const STATE_COLOR: Record<string, 'success' | 'danger' | 'brand' | 'warning' | 'informative'> = {
  可预约: 'success',
  已约满: 'danger',
  已预约: 'brand',
  时间冲突: 'warning',
  已开始: 'informative',
}

/** 实验项目预约: the window banner, the projects the student may book, a project's slots and 预约. */
export default function SubscribePage() {
  const s = useTeachStyles()
  const can = usePermissions()
  const [check, setCheck] = useState<Check | null>(null)
  const [projects, setProjects] = useState<StudentProject[]>([])
  const [project, setProject] = useState<StudentProject | null>(null)
  const [slots, setSlots] = useState<StudentSlot[]>([])
  const [busy, setBusy] = useState(false)
  const [signal, setSignal] = useState(0)

  useEffect(() => {
    quietCall(experimentApi.params.checkSubscribeTime, { query: {} })
      .then(setCheck)
      .catch(() => undefined)
    quietCall(experimentApi.project.subscribeList, { query: {} })
      .then(setProjects)
      .catch(() => setProjects([]))
  }, [signal])
  const loadSlots = useCallback((p: StudentProject) => {
    quietCall(experimentApi.time.subscribeList, { query: { projectId: String(p.id) } })
      .then(setSlots)
      .catch(() => setSlots([]))
  }, [])
  useEffect(() => {
    if (project) loadSlots(project)
  }, [project, loadSlots, signal])

  const book = async (slot: StudentSlot) => {
    if (!check?.studentNo) {
      notify.error('当前账号未关联学生信息')
      return
    }
    const notice = check.notice ? `预约须知：\n${check.notice}\n\n` : ''
    if (!(await confirm(`${notice}确定预约 ${project?.projectName ?? ''} ${slotText(slot)}？`))) return
    setBusy(true)
    try {
      await call(experimentApi.stu.save, { body: [{ timeId: String(slot.id), stuSerial: check.studentNo }] })
      notify.success('预约成功')
      setSignal((n) => n + 1)
    } catch {
      // the call showed the server's message
    } finally {
      setBusy(false)
    }
  }

  return (
    <section className={s.page} style={{ overflowY: 'auto' }} aria-label="实验项目预约">
      {check ? (
        <MessageBar intent={check.window.open ? 'success' : 'warning'}>
          <MessageBarBody>
            {check.window.open
              ? `预约开放中：${check.window.start ?? ''} 至 ${check.window.end ?? ''}`
              : check.window.msg || check.reason}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={s.section}>可预约的实验项目</div>
      <SimpleTable
        label="可预约的实验项目"
        head={['项目名称', '实验室', '指导教师', '学时', '剩余名额', '操作']}
        empty="暂无可预约的实验项目"
        rows={projects.map((p) => [
          p.projectName,
          p.labName ?? '',
          p.teacherNames ?? '',
          String(p.hours ?? ''),
          p.left,
          <Button key="pick" size="small" appearance="transparent" onClick={() => setProject(p)}>
            {p.mine ? '查看时段（已预约）' : '选择时段'}
          </Button>,
        ])}
      />
      {project ? (
        <>
          <div className={s.section}>{`${project.projectName}：预约时段`}</div>
          {project.introduction ? <div className={s.muted}>{String(project.introduction)}</div> : null}
          <SimpleTable
            label="预约时段"
            head={['时间', '地点', '余量', '状态', '操作']}
            empty="该项目暂无时段"
            rows={slots.map((slot) => [
              slotText(slot),
              slot.roomName ?? '',
              `${slot.left} / ${slot.capacity}`,
              <Badge
                key="state"
                appearance="tint"
                color={STATE_COLOR[slot.state] ?? 'informative'}
                title={slot.reason}
              >
                {slot.state}
              </Badge>,
              can('experiment_subscribe_submit') && slot.state !== '已预约' ? (
                <Button
                  key="book"
                  size="small"
                  appearance="transparent"
                  disabled={busy}
                  onClick={() => void book(slot)}
                >
                  预约
                </Button>
              ) : null,
            ])}
          />
        </>
      ) : null}
    </section>
  )
}
