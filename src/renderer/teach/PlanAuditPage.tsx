import { Button, Field, Tab, TabList, Textarea } from '@fluentui/react-components'
import { useState } from 'react'
import { coursePlanApi } from '../../shared/api/teach'
import { teachCoursePlanResource } from '../../shared/resources/teach/course-plan'
import { notify, usePermissions } from '../resource/shell-adapter'
import { FormShell } from '../safety/FormShell'
import { PagedList } from '../safety/PagedList'
import { call } from '../shell/request'
import { PlanViewDialog } from './CoursePlanPage'
import { PlanFacts } from './PlanView'
import { useTeachStyles, type Row } from './shared'

const listDef = { ...teachCoursePlanResource, actions: { view: false, edit: false, delete: false } }

/** 审核: the plan with its check items, 审批意见, 同意 / 驳回 (a comment is needed to reject). */
function AuditDialog({ task, onClose, onDone }: { task: Row; onClose: () => void; onDone: () => void }) {
  const [comment, setComment] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const decide = async (pass: boolean) => {
    if (!pass && !comment.trim()) {
      setError('驳回时请填写审批意见')
      return
    }
    setBusy(true)
    try {
      await call(coursePlanApi.completeTask, {
        body: {
          taskId: String(task.taskId),
          processInstanceId: String(task.processInstanceId),
          pass,
          comment: comment.trim() || (pass ? '同意' : ''),
        },
      })
      notify.success(pass ? '已同意' : '已驳回')
      onDone()
    } catch {
      // the call showed the server's message
    } finally {
      setBusy(false)
    }
  }
  return (
    <FormShell
      title={`审核课程计划：${String(task.courseName ?? '')}`}
      width={1000}
      readOnly
      busy={busy}
      onClose={onClose}
      extraActions={
        <>
          <Button appearance="primary" disabled={busy} onClick={() => void decide(true)}>
            同意
          </Button>
          <Button disabled={busy} onClick={() => void decide(false)}>
            驳回
          </Button>
        </>
      }
    >
      <PlanFacts id={String(task.businessId || task.id)} checks />
      <Field
        label="审批意见"
        style={{ marginTop: 12 }}
        validationMessage={error || undefined}
        validationState={error ? 'error' : 'none'}
      >
        <Textarea
          value={comment}
          maxLength={1000}
          onChange={(_, d) => {
            setComment(d.value)
            if (d.value.trim()) setError('')
          }}
        />
      </Field>
    </FormShell>
  )
}

/** 课程计划审核: 待审核 (audit dialog), 审核记录, 计划核查 (check items of the term's plans). */
export default function PlanAuditPage() {
  const s = useTeachStyles()
  const can = usePermissions()
  const [tab, setTab] = useState('todo')
  const [signal, setSignal] = useState(0)
  const [auditing, setAuditing] = useState<Row | null>(null)
  const [viewing, setViewing] = useState<Row | null>(null)
  const small = { size: 'small', appearance: 'transparent' } as const
  const view = (row: Row) =>
    can('teach_courseplanaudit_view') ? (
      <Button {...small} onClick={() => setViewing({ ...row, id: row.businessId || row.id })}>
        查看
      </Button>
    ) : null
  return (
    <section className={s.page} aria-label="课程计划审核">
      <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(String(d.value))}>
        <Tab value="todo">待审核</Tab>
        <Tab value="done">审核记录</Tab>
        <Tab value="check">计划核查</Tab>
      </TabList>
      <div className={s.grow}>
        {tab === 'todo' ? (
          <PagedList
            def={listDef}
            endpoint={coursePlanApi.auditList}
            query={{}}
            reloadSignal={signal}
            rowExtra={(row) => (
              <>
                {can('teach_courseplanaudit_audit') ? (
                  <Button {...small} onClick={() => setAuditing(row)}>
                    审核
                  </Button>
                ) : null}
                {view(row)}
              </>
            )}
          />
        ) : tab === 'done' ? (
          <PagedList def={listDef} endpoint={coursePlanApi.auditRecordList} query={{}} rowExtra={view} />
        ) : (
          <PagedList
            def={listDef}
            endpoint={coursePlanApi.checkList}
            query={{}}
            rowExtra={(row) => (
              <Button {...small} onClick={() => setAuditing({ ...row, check: true })}>
                {`核查（${(row.checks as unknown[] | undefined)?.length ?? 0}项）`}
              </Button>
            )}
          />
        )}
      </div>
      {auditing && !auditing.check ? (
        <AuditDialog
          task={auditing}
          onClose={() => setAuditing(null)}
          onDone={() => {
            setAuditing(null)
            setSignal((n) => n + 1)
          }}
        />
      ) : null}
      {auditing?.check ? (
        <FormShell
          title={`计划核查：${String(auditing.courseName ?? '')}`}
          width={1000}
          readOnly
          onClose={() => setAuditing(null)}
        >
          <PlanFacts id={String(auditing.id)} checks />
        </FormShell>
      ) : null}
      {viewing ? <PlanViewDialog row={viewing} onClose={() => setViewing(null)} /> : null}
    </section>
  )
}
