import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router-dom'
import { Button, Card, CardHeader, Text, makeStyles, tokens } from '@fluentui/react-components'
import { TaskListLtr20Regular } from '@fluentui/react-icons'
import { flowWorkApi, type FlowTask } from '../../shared/api/flow'
import { quietCall } from '../shell/request'
import { useHomeStyles } from './styles'

const useStyles = makeStyles({
  row: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} 0`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke3}`,
  },
  name: { flex: 1, minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
})

/** 我的待办: the first five tasks of `blade-flow/work/todo-list`, with a link to 待办事务. */
export function TodoCard() {
  const s = useStyles()
  const h = useHomeStyles()
  const navigate = useNavigate()
  const [tasks, setTasks] = useState<FlowTask[] | null>(null)
  const [total, setTotal] = useState(0)
  useEffect(() => {
    void quietCall(flowWorkApi.todoList, { query: { current: 1, size: 5 } })
      .then((page) => {
        setTasks(page.records.slice(0, 5))
        setTotal(page.total)
      })
      .catch(() => setTasks([]))
  }, [])
  return (
    <Card aria-label="我的待办">
      <CardHeader
        header={<Text weight="semibold">我的待办{total ? `（${total}）` : ''}</Text>}
        action={
          <Button appearance="transparent" size="small" onClick={() => navigate('/work/todo')}>
            更多
          </Button>
        }
      />
      {tasks === null ? (
        <div className={h.empty}>加载中…</div>
      ) : tasks.length === 0 ? (
        <div className={h.empty}>暂无待办</div>
      ) : (
        tasks.map((t) => (
          <div key={t.taskId ?? t.processInstanceId} className={s.row}>
            <TaskListLtr20Regular />
            <span className={s.name}>
              {t.processDefinitionName} · {t.taskName}
            </span>
            <span className={h.muted}>{String(t.createTime ?? '').slice(0, 16)}</span>
          </div>
        ))
      )}
    </Card>
  )
}
