import { Badge, Button } from '@fluentui/react-components'
import { useNavigate } from 'react-router-dom'
import { useT } from '../../i18n'
import { notify } from '../../shell/notify'
import { usePermissions } from '../../shell/permission'
import { flowWorkApi } from '../../../shared/api/flow'
import { flowApi, type FlowTask } from '../api'
import { FlowList } from '../FlowList'
import { processPaths } from '../paths'

const LEAVE_ONLY = { processDefinitionKey: 'leave' }

/** 请假流程 (/flow/leave): the user's own leave requests, 请假申请 and 查看. */
export default function MyLeavePage() {
  const navigate = useNavigate()
  const t = useT()
  const can = usePermissions()
  const apply = async () => {
    const page = await flowApi.list(flowWorkApi.startList, {
      key: 'leave',
      current: 1,
      size: 10,
    })
    const definition = page.records.find((d) => d.key === 'leave')
    if (!definition) return notify.warning(t('flow.leave.notDeployed'))
    navigate(processPaths.form('leave', definition.id))
  }
  return (
    <FlowList<FlowTask>
      title={t('flow.leave.title')}
      endpoint={flowWorkApi.sendList}
      fixedQuery={LEAVE_ONLY}
      columns={[
        { key: 'processDefinitionName', label: t('flow.processName') },
        { key: 'taskName', label: t('flow.taskName') },
        {
          key: 'processIsFinished',
          label: t('flow.status'),
          render: (r) =>
            r.processIsFinished === 'finished' ? (
              <Badge color="success">{t('flow.finished')}</Badge>
            ) : (
              <Badge color="warning">{t('flow.inProgress')}</Badge>
            ),
        },
        { key: 'createTime', label: t('flow.applyTime') },
      ]}
      rowKey={(r) => r.processInstanceId}
      emptyText={t('flow.leave.empty')}
      toolbar={() =>
        can('flow_leave_apply') ? (
          <Button appearance="primary" onClick={apply}>
            {t('flow.leave.apply')}
          </Button>
        ) : null
      }
      actions={(row) =>
        can('flow_leave_view') ? (
          <Button
            size="small"
            appearance="subtle"
            onClick={() => navigate(processPaths.detail('leave', row.processInstanceId, row.businessId))}
          >
            {t('flow.view')}
          </Button>
        ) : null
      }
    />
  )
}
