import { Badge, Button, Field, makeStyles, tokens } from '@fluentui/react-components'
import { useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { useT } from '../i18n'
import { confirm } from '../shell/confirm'
import { notify } from '../shell/notify'
import { usePermissions } from '../shell/permission'
import { flowManageApi } from '../../shared/api/flow'
import { call } from '../shell/request'
import type { FlowDefinition, FlowModel, FlowTask } from './api'
import { CategorySelect } from './CategorySelect'
import { FlowList } from './FlowList'
import { processPaths } from './paths'
import { useCategoryLabel, useProcessType } from './useProcessType'

/** 流程管理: 模型管理, 流程部署, 流程定义, 流程跟踪 (`flowManageApi`). */

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
  const t = useT()
  const can = usePermissions()
  const [category, setCategory] = useState('')
  return (
    <FlowList<FlowModel>
      title={t('flow.model.title')}
      endpoint={flowManageApi.modelList}
      columns={[
        { key: 'modelKey', label: t('flow.model.key') },
        { key: 'name', label: t('flow.model.name') },
        {
          key: 'version',
          label: t('flow.version'),
          render: (r) => <Badge appearance="outline">v{r.version}</Badge>,
        },
        { key: 'lastUpdated', label: t('flow.updateTime') },
      ]}
      search={[{ key: 'name', label: t('flow.model.name') }]}
      rowKey={(r) => r.id}
      emptyText={t('flow.model.empty')}
      toolbar={() => <CategorySelect value={category} onChange={setCategory} />}
      actions={(row, reload) => (
        <>
          {can('flow_model_deploy') ? (
            <Button
              size="small"
              appearance="subtle"
              onClick={async () => {
                if (!category) return notify.warning(t('flow.chooseCategory'))
                await call(flowManageApi.modelDeploy, { query: { modelId: row.id, category } })
                notify.success(t('flow.deployed'))
              }}
            >
              {t('flow.deploy')}
            </Button>
          ) : null}
          {can('flow_model_delete') ? (
            <Button
              size="small"
              appearance="subtle"
              onClick={async () => {
                if (!(await confirm(t('flow.model.confirmDelete').replace('{name}', row.name)))) return
                await call(flowManageApi.modelRemove, { query: { ids: row.id } })
                notify.success(t('flow.deleted'))
                reload()
              }}
            >
              {t('flow.delete')}
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
  const t = useT()
  const s = useStyles()
  const can = usePermissions()
  const [category, setCategory] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const [busy, setBusy] = useState(false)
  const deploy = async () => {
    if (!category) return notify.warning(t('flow.chooseCategory'))
    if (!file) return notify.warning(t('flow.chooseFile'))
    if (!/\.(bpmn|xml)$/i.test(file.name)) return notify.warning(t('flow.fileExtension'))
    setBusy(true)
    try {
      const xml = await file.text()
      const { id } = await call(flowManageApi.modelSubmit, { body: { xml, description: file.name } })
      await call(flowManageApi.modelDeploy, { query: { modelId: id, category } })
      notify.success(t('flow.deployed'))
      setFile(null)
    } catch {
      // shown by the request helper
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className={s.deploy} aria-label={t('flow.deploy.title')}>
      <div className={s.row}>
        <CategorySelect value={category} onChange={setCategory} />
        <Field label={t('flow.file')}>
          <input
            type="file"
            aria-label={t('flow.file')}
            accept=".bpmn,.xml"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </Field>
        {can('flow_deploy_upload') ? (
          <Button appearance="primary" disabled={busy} onClick={deploy}>
            {t('flow.uploadDeploy')}
          </Button>
        ) : null}
      </div>
    </section>
  )
}

export function ManagerPage() {
  const t = useT()
  const can = usePermissions()
  const categoryLabel = useCategoryLabel()
  return (
    <FlowList<FlowDefinition>
      title={t('flow.manager.title')}
      endpoint={flowManageApi.managerList}
      columns={[
        { key: 'name', label: t('flow.processName') },
        { key: 'key', label: t('flow.processKey') },
        { key: 'category', label: t('flow.category'), render: (r) => categoryLabel(r.category) },
        {
          key: 'version',
          label: t('flow.version'),
          render: (r) => <Badge appearance="outline">v{r.version}</Badge>,
        },
        {
          key: 'suspensionState',
          label: t('flow.state'),
          render: (r) =>
            r.suspensionState === 1 ? (
              <Badge color="success">{t('flow.active')}</Badge>
            ) : (
              <Badge color="warning">{t('flow.suspended')}</Badge>
            ),
        },
        { key: 'deploymentTime', label: t('flow.deploymentTime') },
      ]}
      search={[{ key: 'name', label: t('flow.processName') }]}
      rowKey={(r) => r.id}
      emptyText={t('flow.manager.empty')}
      actions={(row, reload) => (
        <>
          {can('flow_manager_state') ? (
            <Button
              size="small"
              appearance="subtle"
              onClick={async () => {
                const state = row.suspensionState === 1 ? 'suspend' : 'active'
                await call(flowManageApi.changeState, { query: { processId: row.id, state } })
                notify.success(state === 'active' ? t('flow.activated') : t('flow.suspendedDone'))
                reload()
              }}
            >
              {row.suspensionState === 1 ? t('flow.suspended') : t('flow.active')}
            </Button>
          ) : null}
          {can('flow_manager_delete') ? (
            <Button
              size="small"
              appearance="subtle"
              onClick={async () => {
                if (
                  !(await confirm(
                    t('flow.manager.confirmDelete')
                      .replace('{name}', row.name)
                      .replace('{version}', String(row.version)),
                  ))
                )
                  return
                await call(flowManageApi.deleteDeployment, { query: { deploymentIds: row.deploymentId } })
                notify.success(t('flow.deleted'))
                reload()
              }}
            >
              {t('flow.deleteDeployment')}
            </Button>
          ) : null}
        </>
      )}
    />
  )
}

export function FollowPage() {
  const t = useT()
  const can = usePermissions()
  const navigate = useNavigate()
  const typeOf = useProcessType()
  return (
    <FlowList<FlowTask>
      title={t('flow.follow.title')}
      endpoint={flowManageApi.followList}
      columns={[
        { key: 'processInstanceId', label: t('flow.processInstance') },
        { key: 'processDefinitionName', label: t('flow.processName') },
        { key: 'taskName', label: t('flow.taskName') },
        { key: 'startUser', label: t('flow.startUser') },
        { key: 'createTime', label: t('flow.startTime') },
      ]}
      search={[
        { key: 'processDefinitionName', label: t('flow.processName') },
        { key: 'processInstanceId', label: t('flow.processInstance') },
      ]}
      rowKey={(r) => r.processInstanceId}
      emptyText={t('flow.follow.empty')}
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
              {t('flow.view')}
            </Button>
          ) : null}
          {can('flow_follow_delete') ? (
            <Button
              size="small"
              appearance="subtle"
              onClick={async () => {
                if (!(await confirm(t('flow.follow.confirmDelete')))) return
                await call(flowManageApi.deleteInstance, {
                  query: { processInstanceId: row.processInstanceId, deleteReason: '管理员删除' },
                })
                notify.success(t('flow.deleted'))
                reload()
              }}
            >
              {t('flow.deleteInstance')}
            </Button>
          ) : null}
        </>
      )}
    />
  )
}
