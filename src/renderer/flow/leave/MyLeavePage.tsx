import { Badge, Button } from '@fluentui/react-components'
import { useNavigate } from 'react-router-dom'
import { notify } from '../../shell/notify'
import { usePermissions } from '../../shell/permission'
import { flowApi, type FlowDefinition, type FlowTask } from '../api'
import { FlowList } from '../FlowList'
import { processPaths } from '../paths'

const LEAVE_ONLY = { processDefinitionKey: 'leave' }

/** 请假流程 (/flow/leave): the user's own leave requests, 请假申请 and 查看. */
export default function MyLeavePage() {
  const navigate = useNavigate()
  const can = usePermissions()
  const apply = async () => {
    const page = await flowApi.list<FlowDefinition>('/api/blade-flow/work/start-list', {
      key: 'leave',
      current: 1,
      size: 10,
    })
    const definition = page.records.find((d) => d.key === 'leave')
    if (!definition) return notify.warning('请假流程尚未部署或已挂起')
    navigate(processPaths.form('leave', definition.id))
  }
  return (
    <FlowList<FlowTask>
      title="请假流程"
      path="/api/blade-flow/work/send-list"
      fixedQuery={LEAVE_ONLY}
      columns={[
        { key: 'processDefinitionName', label: '流程名称' },
        { key: 'taskName', label: '当前步骤' },
        {
          key: 'processIsFinished',
          label: '流程状态',
          render: (r) =>
            r.processIsFinished === 'finished' ? (
              <Badge color="success">已办结</Badge>
            ) : (
              <Badge color="warning">审批中</Badge>
            ),
        },
        { key: 'createTime', label: '申请时间' },
      ]}
      rowKey={(r) => r.processInstanceId}
      emptyText="暂无请假申请"
      toolbar={() =>
        can('flow_leave_apply') ? (
          <Button appearance="primary" onClick={apply}>
            请假申请
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
            查看
          </Button>
        ) : null
      }
    />
  )
}
