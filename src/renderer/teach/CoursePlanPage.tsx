import { Button } from '@fluentui/react-components'
import { useState } from 'react'
import { coursePlanApi } from '../../shared/api/teach'
import { PLAN_STATUS } from '../../shared/resources/teach/codes'
import { teachCoursePlanResource } from '../../shared/resources/teach/course-plan'
import ResourcePage from '../resource/ResourcePage'
import { usePermissions } from '../resource/shell-adapter'
import { ActionButton } from '../safety/actions'
import { FormShell } from '../safety/FormShell'
import { exportFile } from './schedule/common'
import { PlanFormDialog, type PlanFormMode } from './PlanForm'
import { PlanFacts } from './PlanView'
import type { Row } from './shared'

const listDef = { ...teachCoursePlanResource, actions: { view: false } }

/** 实验教学计划书 / 实验教学进度表 of one plan, saved by main. */
export function exportPlanFile(kind: 'plan' | 'schedule', row: Row) {
  const name = kind === 'plan' ? '实验教学计划书' : '实验教学进度表'
  void exportFile(
    kind === 'plan' ? coursePlanApi.exportPlan : coursePlanApi.exportSchedule,
    { query: { ids: String(row.id) } },
    `${name}_${String(row.courseName ?? '')}.xlsx`,
    '导出成功',
  )
}

/** A plan's read-only dialog: header and the three tabs. */
export function PlanViewDialog({ row, onClose }: { row: Row; onClose: () => void }) {
  return (
    <FormShell title={`课程计划：${String(row.courseName ?? '')}`} width={1000} readOnly onClose={onClose}>
      <PlanFacts id={String(row.id)} />
    </FormShell>
  )
}

/** 课程计划: the lines editor form, buttons by status, 导出计划书 / 导出进度表 per plan. */
export default function CoursePlanPage() {
  const can = usePermissions()
  const [signal, setSignal] = useState(0)
  const [form, setForm] = useState<{ id?: string; mode: PlanFormMode } | null>(null)
  const [viewing, setViewing] = useState<Row | null>(null)
  const reload = () => setSignal((n) => n + 1)
  const small = { size: 'small', appearance: 'transparent' } as const
  return (
    <>
      <ResourcePage
        def={listDef}
        reloadSignal={signal}
        onAdd={() => setForm({ mode: 'save' })}
        onEdit={(row) => setForm({ id: String(row.id), mode: 'save' })}
        rowExtra={(row) => {
          const status = Number(row.status)
          const id = String(row.id)
          return (
            <>
              {can('teach_courseplan_view') ? (
                <Button {...small} onClick={() => setViewing(row)}>
                  查看
                </Button>
              ) : null}
              {status === PLAN_STATUS.draft ? (
                <ActionButton
                  permission="teach_courseplan_apply"
                  endpoint={coursePlanApi.applyFor}
                  input={{ body: { id } }}
                  label={{ zh: '提交审核', en: 'Submit' }}
                  confirmText={{ zh: '确定提交审核？', en: 'Submit for approval?' }}
                  done={() => '已提交审核'}
                  onDone={reload}
                />
              ) : null}
              {status === PLAN_STATUS.returned && can('teach_courseplan_resubmit') ? (
                <Button {...small} onClick={() => setForm({ id, mode: 'resubmit' })}>
                  退回重提
                </Button>
              ) : null}
              {status === PLAN_STATUS.approved && can('teach_courseplan_change') ? (
                <Button {...small} onClick={() => setForm({ id, mode: 'change' })}>
                  计划变更
                </Button>
              ) : null}
              {status !== PLAN_STATUS.draft && status !== PLAN_STATUS.revoked ? (
                <ActionButton
                  permission="teach_courseplan_revoke"
                  endpoint={coursePlanApi.revoke}
                  input={{ query: { id } }}
                  label={{ zh: '撤销', en: 'Revoke' }}
                  confirmText={{ zh: '撤销后计划不再生效，确定撤销？', en: 'Revoke the plan?' }}
                  done={() => '已撤销'}
                  onDone={reload}
                />
              ) : null}
              {can('teach_courseplan_exportplan') ? (
                <Button {...small} onClick={() => exportPlanFile('plan', row)}>
                  导出计划书
                </Button>
              ) : null}
              {can('teach_courseplan_exportschedule') ? (
                <Button {...small} onClick={() => exportPlanFile('schedule', row)}>
                  导出进度表
                </Button>
              ) : null}
            </>
          )
        }}
      />
      {form ? (
        <PlanFormDialog
          id={form.id}
          mode={form.mode}
          onClose={() => setForm(null)}
          onSaved={() => {
            setForm(null)
            reload()
          }}
        />
      ) : null}
      {viewing ? <PlanViewDialog row={viewing} onClose={() => setViewing(null)} /> : null}
    </>
  )
}
