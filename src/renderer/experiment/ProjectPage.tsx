import { experimentApi } from '../../shared/api/experiment'
import { experimentProjectResource } from '../../shared/resources/experiment/project'
import ResourcePage from '../resource/ResourcePage'
import { ActionButton } from '../safety/actions'
import { useState } from 'react'

/** 预约项目: the list with 发布 / 撤回 per project. */
export default function SubscribeProjectPage() {
  const [signal, setSignal] = useState(0)
  return (
    <ResourcePage
      def={experimentProjectResource}
      reloadSignal={signal}
      rowExtra={(row) => {
        const published = Number(row.status) === 1
        return (
          <ActionButton
            permission="experiment_project_publish"
            endpoint={experimentApi.project.push}
            input={{ body: { ids: String(row.id), push: published ? 0 : 1 } }}
            label={published ? { zh: '撤回', en: 'Withdraw' } : { zh: '发布', en: 'Publish' }}
            confirmText={
              published
                ? { zh: '撤回后学生不能再预约，确定撤回？', en: 'Withdraw the project?' }
                : { zh: '发布后学生即可预约，确定发布？', en: 'Publish the project?' }
            }
            done={() => (published ? '已撤回' : '已发布')}
            onDone={() => setSignal((n) => n + 1)}
          />
        )
      }}
    />
  )
}
