import { Badge, Button } from '@fluentui/react-components'
import { useNavigate } from 'react-router-dom'
import { notify } from '../shell/notify'
import { usePermissions } from '../shell/permission'
import { flowApi, type FlowDefinition, type FlowTask } from './api'
import { FlowList, type FlowColumn, type FlowSearchField } from './FlowList'
import { processPaths } from './paths'
import { useCategoryLabel, useProcessType } from './useProcessType'

/** 我的事务: 发起事务, 待签事务, 待办事务, 已发事务, 办结事务 (`/api/blade-flow/work/*`). */

const taskSearch: FlowSearchField[] = [
  { key: 'processDefinitionName', label: '流程名称' },
  { key: 'taskName', label: '当前步骤' },
]

const version = (v?: number) => <Badge appearance="outline">v{v ?? 1}</Badge>

const taskColumns: FlowColumn<FlowTask>[] = [
  { key: 'processDefinitionName', label: '流程名称' },
  { key: 'processDefinitionVersion', label: '流程版本', render: (r) => version(r.processDefinitionVersion) },
  { key: 'taskName', label: '当前步骤' },
  { key: 'startUser', label: '申请人' },
  { key: 'createTime', label: '申请时间' },
]

const finishedBadge = (r: FlowTask) =>
  r.processIsFinished === 'finished' ? (
    <Badge color="success">已办结</Badge>
  ) : (
    <Badge color="warning">审批中</Badge>
  )

const rowKey = (r: FlowTask) => r.taskId || r.processInstanceId

function DetailButton({ row, code }: { row: FlowTask; code: string }) {
  const navigate = useNavigate()
  const can = usePermissions()
  const typeOf = useProcessType()
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
      详情
    </Button>
  )
}

export function TodoPage() {
  const navigate = useNavigate()
  const can = usePermissions()
  const typeOf = useProcessType()
  return (
    <FlowList<FlowTask>
      title="待办事务"
      path="/api/blade-flow/work/todo-list"
      columns={taskColumns}
      search={taskSearch}
      rowKey={rowKey}
      emptyText="暂无待办事务"
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
              办理
            </Button>
          ) : null}
          <DetailButton row={row} code="work_todo_detail" />
        </>
      )}
    />
  )
}

export function ClaimPage() {
  const can = usePermissions()
  return (
    <FlowList<FlowTask>
      title="待签事务"
      path="/api/blade-flow/work/claim-list"
      columns={taskColumns}
      search={taskSearch}
      rowKey={rowKey}
      emptyText="暂无待签事务"
      actions={(row, reload) => (
        <>
          {can('work_claim_sign') ? (
            <Button
              size="small"
              appearance="subtle"
              onClick={async () => {
                await flowApi.claim(row.taskId ?? '')
                notify.success('签收成功')
                reload()
              }}
            >
              签收
            </Button>
          ) : null}
          <DetailButton row={row} code="work_claim_detail" />
        </>
      )}
    />
  )
}

export function SendPage() {
  return (
    <FlowList<FlowTask>
      title="已发事务"
      path="/api/blade-flow/work/send-list"
      columns={[
        { key: 'processDefinitionName', label: '流程名称' },
        {
          key: 'processDefinitionVersion',
          label: '流程版本',
          render: (r) => version(r.processDefinitionVersion),
        },
        { key: 'taskName', label: '当前步骤' },
        { key: 'processIsFinished', label: '流程状态', render: finishedBadge },
        { key: 'createTime', label: '申请时间' },
      ]}
      search={[{ key: 'processDefinitionName', label: '流程名称' }]}
      rowKey={rowKey}
      emptyText="暂无已发事务"
      actions={(row) => <DetailButton row={row} code="work_send_detail" />}
    />
  )
}

export function DonePage() {
  return (
    <FlowList<FlowTask>
      title="办结事务"
      path="/api/blade-flow/work/done-list"
      columns={[
        { key: 'processDefinitionName', label: '流程名称' },
        {
          key: 'processDefinitionVersion',
          label: '流程版本',
          render: (r) => version(r.processDefinitionVersion),
        },
        { key: 'startUser', label: '申请人' },
        { key: 'processIsFinished', label: '流程状态', render: finishedBadge },
        { key: 'createTime', label: '申请时间' },
        { key: 'endTime', label: '办结时间' },
      ]}
      search={[{ key: 'processDefinitionName', label: '流程名称' }]}
      rowKey={(r) => r.processInstanceId}
      emptyText="暂无办结事务"
      actions={(row) => <DetailButton row={row} code="work_done_detail" />}
    />
  )
}

export function StartPage() {
  const navigate = useNavigate()
  const can = usePermissions()
  const typeOf = useProcessType()
  const categoryLabel = useCategoryLabel()
  return (
    <FlowList<FlowDefinition>
      title="发起事务"
      path="/api/blade-flow/work/start-list"
      columns={[
        { key: 'name', label: '流程名称' },
        { key: 'key', label: '流程标识' },
        { key: 'category', label: '流程分类', render: (r) => categoryLabel(r.category) },
        { key: 'version', label: '流程版本', render: (r) => version(r.version) },
        { key: 'deploymentTime', label: '部署时间' },
      ]}
      search={[{ key: 'name', label: '流程名称' }]}
      rowKey={(r) => r.id}
      emptyText="暂无可发起的流程"
      actions={(row) =>
        can('work_start_flow') ? (
          <Button
            size="small"
            appearance="subtle"
            onClick={() => navigate(processPaths.form(typeOf(row), row.id))}
          >
            发起
          </Button>
        ) : null
      }
    />
  )
}
