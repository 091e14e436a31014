import { Tab, TabList } from '@fluentui/react-components'
import { useState } from 'react'
import ResourcePage from '../resource/ResourcePage'
import { planResource } from '../../shared/resources/safety/exam'
import { safetyPlanApi } from '../../shared/api/safety'
import { HistoryTimeline } from '../flow/HistoryTimeline'
import { usePermissions } from '../resource/shell-adapter'
import { useText } from '../i18n'
import { Button } from '@fluentui/react-components'
import { ActionButton } from './actions'
import { FormShell } from './FormShell'
import { PlanFacts } from './PlanFacts'
import { ScopeDialog } from './ScopeDialog'
import { T } from './texts'

type Row = Record<string, unknown>
const listDef = { ...planResource, actions: { view: false } }

function PlanViewDialog({ row, onClose }: { row: Row; onClose: () => void }) {
  const text = useText()
  const [tab, setTab] = useState('info')
  return (
    <FormShell title={String(row.planName)} width={900} readOnly onClose={onClose}>
      <TabList selectedValue={tab} onTabSelect={(_e, d) => setTab(String(d.value))}>
        <Tab value="info">{text(T.basicInfo)}</Tab>
        <Tab value="history" disabled={!row.processInstanceId}>
          {text(T.approvalRecords)}
        </Tab>
      </TabList>
      <div style={{ paddingTop: 12 }}>
        {tab === 'info' ? (
          <PlanFacts id={String(row.id)} />
        ) : (
          <HistoryTimeline processInstanceId={String(row.processInstanceId)} />
        )}
      </div>
    </FormShell>
  )
}

/** 考试计划: buttons by status (考试范围, 提交审核, 重新申请, 发布, 复制), view with 审批记录. */
export default function PlanPage() {
  const text = useText()
  const can = usePermissions()
  const [signal, setSignal] = useState(0)
  const [scope, setScope] = useState<Row | null>(null)
  const [viewing, setViewing] = useState<Row | null>(null)
  const reload = () => setSignal((n) => n + 1)
  return (
    <>
      <ResourcePage
        def={listDef}
        reloadSignal={signal}
        rowExtra={(row) => {
          const status = Number(row.status)
          const resit = Number(row.examType) === 2
          return (
            <>
              {can('safety_plan_view') ? (
                <Button size="small" appearance="transparent" onClick={() => setViewing(row)}>
                  {text(T.view)}
                </Button>
              ) : null}
              {!resit && [0, 2, 4].includes(status) && can('safety_plan_scope') ? (
                <Button size="small" appearance="transparent" onClick={() => setScope(row)}>
                  {text(T.scope)}
                </Button>
              ) : null}
              {status === 0 ? (
                <ActionButton
                  permission="safety_plan_apply"
                  endpoint={safetyPlanApi.plan.handleApplyFor}
                  input={{ body: { id: String(row.id) } }}
                  label={T.apply}
                  confirmText={T.confirmApply}
                  onDone={reload}
                />
              ) : null}
              {status === 2 ? (
                <ActionButton
                  permission="safety_plan_reapply"
                  endpoint={safetyPlanApi.plan.handleReApplyFor}
                  input={{ body: { id: String(row.id) } }}
                  label={T.reapply}
                  confirmText={T.confirmApply}
                  onDone={reload}
                />
              ) : null}
              {status === 3 ? (
                <ActionButton
                  permission="safety_plan_publish"
                  endpoint={safetyPlanApi.plan.publish}
                  input={{ query: { ids: String(row.id) } }}
                  label={T.publish}
                  confirmText={T.confirmPublish}
                  done={(a) =>
                    `发布成功，考生${a.candidates}人${a.skippedNoAccount ? `（${a.skippedNoAccount}人未开通账号，未加入）` : ''}`
                  }
                  onDone={reload}
                />
              ) : null}
              <ActionButton
                permission="safety_plan_copy"
                endpoint={safetyPlanApi.plan.copy}
                input={{ query: { id: String(row.id) } }}
                label={T.copy}
                onDone={reload}
              />
            </>
          )
        }}
      />
      {scope ? (
        <ScopeDialog
          planId={String(scope.id)}
          planName={String(scope.planName)}
          onClose={() => {
            setScope(null)
            reload()
          }}
        />
      ) : null}
      {viewing ? <PlanViewDialog row={viewing} onClose={() => setViewing(null)} /> : null}
    </>
  )
}
