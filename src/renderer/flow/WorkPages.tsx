import { Badge, Button } from '@fluentui/react-components'
import { useNavigate } from 'react-router-dom'
import { useT, type MessageKey } from '../i18n'
import { notify } from '../shell/notify'
import { usePermissions } from '../shell/permission'
import { flowWorkApi } from '../../shared/api/flow'
import { flowApi, type FlowDefinition, type FlowTask } from './api'
import { FlowList, type FlowColumn, type FlowSearchField } from './FlowList'
import { processPaths } from './paths'
import { useCategoryLabel, useProcessType } from './useProcessType'

/** 我的事务: 发起事务, 待签事务, 待办事务, 已发事务, 办结事务 (`flowWorkApi`). */

type Translate = (key: MessageKey) => string

const taskSearch = (t: Translate): FlowSearchField[] => [
  { key: 'processDefinitionName', label: t('flow.processName') },
  { key: 'taskName', label: t('flow.taskName') },
]

const version = (v?: number) => <Badge appearance="outline">v{v ?? 1}</Badge>

const taskColumns = (t: Translate): FlowColumn<FlowTask>[] => [
  { key: 'processDefinitionName', label: t('flow.processName') },
  {
    key: 'processDefinitionVersion',
    label: t('flow.processVersion'),
    render: (r) => version(r.processDefinitionVersion),
  },
  { key: 'taskName', label: t('flow.taskName') },
  { key: 'startUser', label: t('flow.startUser') },
  { key: 'createTime', label: t('flow.applyTime') },
]

const finishedBadge = (t: Translate) => (r: FlowTask) =>
  r.processIsFinished === 'finished' ? (
    <Badge color="success">{t('flow.finished')}</Badge>
  ) : (
    <Badge color="warning">{t('flow.inProgress')}</Badge>
  )

const rowKey = (r: FlowTask) => r.taskId || r.processInstanceId

function DetailButton({ row, code }: { row: FlowTask; code: string }) {
  const navigate = useNavigate()
  const can = usePermissions()
  const typeOf = useProcessType()
  const t = useT()
  if (!can(code)) return null
  return (
    <Button
      size="small"
      appearance="subtle"
      onClick={() =>
        navigate(
          processPaths.detail(typeOf(row), row.processInstanceId, row.businessId, row.taskDefinitionKey),
        )
      }
    >
      {t('flow.detail')}
    </Button>
  )
}

export function TodoPage() {
  const t = useT()
  const navigate = useNavigate()
  const can = usePermissions()
  const typeOf = useProcessType()
  return (
    <FlowList<FlowTask>
      title={t('flow.todo.title')}
      endpoint={flowWorkApi.todoList}
      columns={taskColumns(t)}
      search={taskSearch(t)}
      rowKey={rowKey}
      emptyText={t('flow.todo.empty')}
      actions={(row) => (
        <>
          {can('work_todo_handle') ? (
            <Button
              size="small"
              appearance="subtle"
              onClick={() =>
                navigate(
                  processPaths.handle(
                    typeOf(row),
                    row.taskId ?? '',
                    row.processInstanceId,
                    row.businessId,
                    row.taskDefinitionKey,
                  ),
                )
              }
            >
              {t('flow.handle')}
            </Button>
          ) : null}
          <DetailButton row={row} code="work_todo_detail" />
        </>
      )}
    />
  )
}

export function ClaimPage() {
  const t = useT()
  const can = usePermissions()
  return (
    <FlowList<FlowTask>
      title={t('flow.claim.title')}
      endpoint={flowWorkApi.claimList}
      columns={taskColumns(t)}
      search={taskSearch(t)}
      rowKey={rowKey}
      emptyText={t('flow.claim.empty')}
      actions={(row, reload) => (
        <>
          {can('work_claim_sign') ? (
            <Button
              size="small"
              appearance="subtle"
              onClick={async () => {
                await flowApi.claim(row.taskId ?? '')
                notify.success(t('flow.claimed'))
                reload()
              }}
            >
              {t('flow.claim')}
            </Button>
          ) : null}
          <DetailButton row={row} code="work_claim_detail" />
        </>
      )}
    />
  )
}

export function SendPage() {
  const t = useT()
  return (
    <FlowList<FlowTask>
      title={t('flow.send.title')}
      endpoint={flowWorkApi.sendList}
      columns={[
        { key: 'processDefinitionName', label: t('flow.processName') },
        {
          key: 'processDefinitionVersion',
          label: t('flow.processVersion'),
          render: (r) => version(r.processDefinitionVersion),
        },
        { key: 'taskName', label: t('flow.taskName') },
        { key: 'processIsFinished', label: t('flow.status'), render: finishedBadge(t) },
        { key: 'createTime', label: t('flow.applyTime') },
      ]}
      search={[{ key: 'processDefinitionName', label: t('flow.processName') }]}
      rowKey={rowKey}
      emptyText={t('flow.send.empty')}
      actions={(row) => <DetailButton row={row} code="work_send_detail" />}
    />
  )
}

export function DonePage() {
  const t = useT()
  return (
    <FlowList<FlowTask>
      title={t('flow.done.title')}
      endpoint={flowWorkApi.doneList}
      columns={[
        { key: 'processDefinitionName', label: t('flow.processName') },
        {
          key: 'processDefinitionVersion',
          label: t('flow.processVersion'),
          render: (r) => version(r.processDefinitionVersion),
        },
        { key: 'startUser', label: t('flow.startUser') },
        { key: 'processIsFinished', label: t('flow.status'), render: finishedBadge(t) },
        { key: 'createTime', label: t('flow.applyTime') },
        { key: 'endTime', label: t('flow.endTime') },
      ]}
      search={[{ key: 'processDefinitionName', label: t('flow.processName') }]}
      rowKey={(r) => r.processInstanceId}
      emptyText={t('flow.done.empty')}
      actions={(row) => <DetailButton row={row} code="work_done_detail" />}
    />
  )
}

export function StartPage() {
  const t = useT()
  const navigate = useNavigate()
  const can = usePermissions()
  const typeOf = useProcessType()
  const categoryLabel = useCategoryLabel()
  return (
    <FlowList<FlowDefinition>
      title={t('flow.start.title')}
      endpoint={flowWorkApi.startList}
      columns={[
        { key: 'name', label: t('flow.processName') },
        { key: 'key', label: t('flow.processKey') },
        { key: 'category', label: t('flow.category'), render: (r) => categoryLabel(r.category) },
        { key: 'version', label: t('flow.processVersion'), render: (r) => version(r.version) },
        { key: 'deploymentTime', label: t('flow.deploymentTime') },
      ]}
      search={[{ key: 'name', label: t('flow.processName') }]}
      rowKey={(r) => r.id}
      emptyText={t('flow.start.empty')}
      actions={(row) =>
        can('work_start_flow') ? (
          <Button
            size="small"
            appearance="subtle"
            onClick={() => navigate(processPaths.form(typeOf(row), row.id))}
          >
            {t('flow.start')}
          </Button>
        ) : null
      }
    />
  )
}
