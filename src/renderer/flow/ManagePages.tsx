import { Badge, Button, Field, makeStyles, tokens } from '@fluentui/react-components'
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { confirm } from '../shell/confirm'
import { notify } from '../shell/notify'
import { usePermissions } from '../shell/permission'
import { request } from '../shell/request'
import type { FlowDefinition, FlowTask } from './api'
import { CategorySelect } from './CategorySelect'
import { FlowList } from './FlowList'
import { processPaths } from './paths'
import { useCategoryLabel, useProcessType } from './useProcessType'

/** 流程管理: 模型管理, 流程部署, 流程定义, 流程跟踪 (`/api/blade-flow/model|manager|follow/*`). */

interface FlowModel {
  id: string
  modelKey: string
  name: string
  description: string | null
  version: number
  created: string
  lastUpdated: string
}

const post = (path: string, query: Record<string, string>) => request({ method: 'POST', path, query })

const useStyles = makeStyles({
  deploy: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
  },
  row: { display: 'flex', gap: tokens.spacingHorizontalM, alignItems: 'flex-end', flexWrap: 'wrap' },
})

export function ModelPage() {
  const can = usePermissions()
  const [category, setCategory] = useState('')
  return (
    <FlowList<FlowModel>
      title="模型管理"
      path="/api/blade-flow/model/list"
      columns={[
        { key: 'modelKey', label: '模型标识' },
        { key: 'name', label: '模型名称' },
        { key: 'version', label: '版本', render: (r) => <Badge appearance="outline">v{r.version}</Badge> },
        { key: 'lastUpdated', label: '更新时间' },
      ]}
      search={[{ key: 'name', label: '模型名称' }]}
      rowKey={(r) => r.id}
      emptyText="暂无模型"
      toolbar={() => <CategorySelect value={category} onChange={setCategory} />}
      actions={(row, reload) => (
        <>
          {can('flow_model_deploy') ? (
            <Button
              size="small"
              appearance="subtle"
              onClick={async () => {
                if (!category) return notify.warning('请选择流程分类')
                await post('/api/blade-flow/model/deploy', { modelId: row.id, category })
                notify.success('部署成功')
              }}
            >
              部署
            </Button>
          ) : null}
          {can('flow_model_delete') ? (
            <Button
              size="small"
              appearance="subtle"
              onClick={async () => {
                if (!(await confirm(`确定删除模型「${row.name}」?`))) return
                await post('/api/blade-flow/model/remove', { ids: row.id })
                notify.success('删除成功')
                reload()
              }}
            >
              删除
            </Button>
          ) : null}
        </>
      )}
    />
  )
}

/**
 * 流程部署: a BPMN file read here, saved as the model of its process id, then deployed to the chosen
 * category (the bridge uploads only to put-file, so the XML goes as JSON to model/submit + model/deploy).
 */
export function DeployPage() {
  const s = useStyles()
  const can = usePermissions()
  const [category, setCategory] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const [busy, setBusy] = useState(false)
  const deploy = async () => {
    if (!category) return notify.warning('请选择流程分类')
    if (!file) return notify.warning('请选择流程文件')
    if (!/\.(bpmn|xml)$/i.test(file.name)) return notify.warning('流程文件的扩展名必须是 .bpmn 或 .xml')
    setBusy(true)
    try {
      const xml = await file.text()
      const { id } = await request<{ id: string }>({
        method: 'POST',
        path: '/api/blade-flow/model/submit',
        body: { xml, description: file.name },
      })
      await post('/api/blade-flow/model/deploy', { modelId: id, category })
      notify.success('部署成功')
      setFile(null)
    } catch {
      // shown by the request helper
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className={s.deploy} aria-label="流程部署">
      <div className={s.row}>
        <CategorySelect value={category} onChange={setCategory} />
        <Field label="流程文件">
          <input
            type="file"
            aria-label="流程文件"
            accept=".bpmn,.xml"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </Field>
        {can('flow_deploy_upload') ? (
          <Button appearance="primary" disabled={busy} onClick={deploy}>
            上传部署
          </Button>
        ) : null}
      </div>
    </section>
  )
}

export function ManagerPage() {
  const can = usePermissions()
  const categoryLabel = useCategoryLabel()
  return (
    <FlowList<FlowDefinition>
      title="流程定义"
      path="/api/blade-flow/manager/list"
      columns={[
        { key: 'name', label: '流程名称' },
        { key: 'key', label: '流程标识' },
        { key: 'category', label: '流程分类', render: (r) => categoryLabel(r.category) },
        { key: 'version', label: '版本', render: (r) => <Badge appearance="outline">v{r.version}</Badge> },
        {
          key: 'suspensionState',
          label: '状态',
          render: (r) =>
            r.suspensionState === 1 ? (
              <Badge color="success">激活</Badge>
            ) : (
              <Badge color="warning">挂起</Badge>
            ),
        },
        { key: 'deploymentTime', label: '部署时间' },
      ]}
      search={[{ key: 'name', label: '流程名称' }]}
      rowKey={(r) => r.id}
      emptyText="暂无流程定义"
      actions={(row, reload) => (
        <>
          {can('flow_manager_state') ? (
            <Button
              size="small"
              appearance="subtle"
              onClick={async () => {
                const state = row.suspensionState === 1 ? 'suspend' : 'active'
                await post('/api/blade-flow/manager/change-state', { processId: row.id, state })
                notify.success(state === 'active' ? '激活成功' : '挂起成功')
                reload()
              }}
            >
              {row.suspensionState === 1 ? '挂起' : '激活'}
            </Button>
          ) : null}
          {can('flow_manager_delete') ? (
            <Button
              size="small"
              appearance="subtle"
              onClick={async () => {
                if (!(await confirm(`确定删除「${row.name}」v${row.version} 的部署?`))) return
                await post('/api/blade-flow/manager/delete-deployment', { deploymentIds: row.deploymentId })
                notify.success('删除成功')
                reload()
              }}
            >
              删除部署
            </Button>
          ) : null}
        </>
      )}
    />
  )
}

export function FollowPage() {
  const can = usePermissions()
  const navigate = useNavigate()
  const typeOf = useProcessType()
  return (
    <FlowList<FlowTask>
      title="流程跟踪"
      path="/api/blade-flow/follow/list"
      columns={[
        { key: 'processInstanceId', label: '流程实例' },
        { key: 'processDefinitionName', label: '流程名称' },
        { key: 'taskName', label: '当前步骤' },
        { key: 'startUser', label: '申请人' },
        { key: 'createTime', label: '开始时间' },
      ]}
      search={[
        { key: 'processDefinitionName', label: '流程名称' },
        { key: 'processInstanceId', label: '流程实例' },
      ]}
      rowKey={(r) => r.processInstanceId}
      emptyText="暂无运行中的流程"
      actions={(row, reload) => (
        <>
          {can('flow_follow_view') ? (
            <Button
              size="small"
              appearance="subtle"
              onClick={() =>
                navigate(
                  processPaths.detail(
                    typeOf(row),
                    row.processInstanceId,
                    row.businessId,
                    row.taskDefinitionKey,
                  ),
                )
              }
            >
              查看
            </Button>
          ) : null}
          {can('flow_follow_delete') ? (
            <Button
              size="small"
              appearance="subtle"
              onClick={async () => {
                if (!(await confirm('确定删除该流程实例? 其待办将一并撤销。'))) return
                await post('/api/blade-flow/follow/delete-process-instance', {
                  processInstanceId: row.processInstanceId,
                  deleteReason: '管理员删除',
                })
                notify.success('删除成功')
                reload()
              }}
            >
              删除实例
            </Button>
          ) : null}
        </>
      )}
    />
  )
}
