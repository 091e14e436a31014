import { Button, Field, Tab, TabList, Textarea } from '@fluentui/react-components'
import { useState, type ComponentType } from 'react'
import {
  competitionFinalApi,
  competitionPreliminaryApi,
  type ApprovalTask,
} from '../../shared/api/competition'
import { call } from '../shell/request'
import { notify, usePermissions } from '../resource/shell-adapter'
import { RowActions } from './kit/actions'
import { AreaGrid, useGridStyles, usePaged, viewDef, column as col } from './kit/grid'
import { Modal } from './kit/Modal'
import { FinalFacts, PreliminaryFacts } from './RoundFacts'

/** 初赛审核 / 决赛审核: tabs 待审核 and 审核记录; the dialog shows the round with 同意 / 驳回 and a comment. */

type Family = typeof competitionPreliminaryApi | typeof competitionFinalApi

const TODO = viewDef('competitionAuditList', { zh: '待审核', en: 'To audit' }, [
  col('projectName', '竞赛项目名称', 200),
  col('finalName', '决赛名称', 180),
  col('taskName', '审核环节'),
  col('startUser', '提交人', 100),
  col('createTime', '提交时间', 170),
])

const DONE = viewDef('competitionAuditRecords', { zh: '审核记录', en: 'Audited' }, [
  col('projectName', '竞赛项目名称', 200),
  col('finalName', '决赛名称', 180),
  col('taskName', '审核环节'),
  col('startUser', '提交人', 100),
  col('outcome', '审核结果', 90),
  col('comment', '审核意见', 180),
  col('endTime', '审核时间', 170),
])

function AuditScreen({
  family,
  title,
  Facts,
  permission,
}: {
  family: Family
  title: string
  Facts: ComponentType<{ id: string }>
  permission: string
}) {
  const g = useGridStyles()
  const can = usePermissions()
  const [tab, setTab] = useState<'todo' | 'done'>('todo')
  const [open, setOpen] = useState<{ task: ApprovalTask; audit: boolean } | null>(null)
  const [tick, setTick] = useState(0)
  const list = tab === 'todo' ? family.auditList : family.auditRecordList
  const paged = usePaged((p) => call(list, { query: p }), `${tab}|${tick}`)
  const rows = paged.rows.map((r) => ({
    ...r,
    outcome: r.pass === true ? '同意' : r.pass === false ? '驳回' : '',
  }))
  const def = tab === 'todo' ? TODO : DONE
  const shownDef = {
    ...def,
    fields: def.fields.filter((f) => f.name !== (family === competitionFinalApi ? '' : 'finalName')),
  }
  return (
    <section className={g.page} aria-label={title}>
      <TabList selectedValue={tab} onTabSelect={(_, d) => setTab(d.value as typeof tab)}>
        <Tab value="todo">待审核</Tab>
        <Tab value="done">审核记录</Tab>
      </TabList>
      <AreaGrid
        def={shownDef}
        rows={rows}
        keyOf={(r) => r.taskId}
        loading={paged.loading}
        error={paged.error}
        onRetry={paged.reload}
        paged={paged as never}
        buttonsWidth={110}
        buttons={(task) => (
          <RowActions
            actions={
              tab === 'todo'
                ? [{ label: '审核', show: can(permission), onClick: () => setOpen({ task, audit: true }) }]
                : [{ label: '查看', onClick: () => setOpen({ task, audit: false }) }]
            }
          />
        )}
      />
      {open ? (
        <AuditDialog
          family={family}
          task={open.task}
          audit={open.audit}
          Facts={Facts}
          onClose={() => setOpen(null)}
          onDone={() => {
            setOpen(null)
            setTick((t) => t + 1)
          }}
        />
      ) : null}
    </section>
  )
}

function AuditDialog({
  family,
  task,
  audit,
  Facts,
  onClose,
  onDone,
}: {
  family: Family
  task: ApprovalTask
  audit: boolean
  Facts: ComponentType<{ id: string }>
  onClose: () => void
  onDone: () => void
}) {
  const [comment, setComment] = useState('')
  const [error, setError] = useState('')
  const [busy, setBusy] = useState(false)
  const complete = async (pass: boolean) => {
    if (!pass && !comment.trim()) {
      setError('驳回时请填写审核意见')
      return
    }
    setBusy(true)
    try {
      await call(family.completeTask, {
        body: {
          taskId: task.taskId,
          processInstanceId: task.processInstanceId,
          pass,
          comment: comment.trim() || (pass ? '同意' : ''),
        },
      })
      notify.success(pass ? '已同意' : '已驳回')
      onDone()
    } catch {
      // shown
    } finally {
      setBusy(false)
    }
  }
  return (
    <Modal
      title={audit ? '审核' : '审核详情'}
      width={1000}
      onClose={onClose}
      busy={busy}
      actions={
        audit ? (
          <>
            <Button onClick={onClose} disabled={busy}>
              取消
            </Button>
            <Button onClick={() => void complete(false)} disabled={busy}>
              驳回
            </Button>
            <Button appearance="primary" onClick={() => void complete(true)} disabled={busy}>
              同意
            </Button>
          </>
        ) : undefined
      }
    >
      <Facts id={task.businessId} />
      {audit ? (
        <Field label="审核意见" validationMessage={error || undefined}>
          <Textarea
            value={comment}
            maxLength={1000}
            onChange={(_, d) => {
              setComment(d.value)
              if (d.value.trim()) setError('')
            }}
          />
        </Field>
      ) : null}
    </Modal>
  )
}

export function PreliminaryAuditPage() {
  return (
    <AuditScreen
      family={competitionPreliminaryApi}
      title="初赛审核"
      Facts={PreliminaryFacts}
      permission="competition_preliminaryaudit_audit"
    />
  )
}

export function FinalAuditPage() {
  return (
    <AuditScreen
      family={competitionFinalApi}
      title="决赛审核"
      Facts={FinalFacts}
      permission="competition_finalaudit_audit"
    />
  )
}
