import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Tab,
  TabList,
  Text,
  Textarea,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { useState } from 'react'
import { openBaseApplyApi, openRoomApplyApi, type OpenApprovalTask } from '../../shared/api/open'
import { defineResource, type FieldDef } from '../../shared/resource/types'
import type { Row } from '../resource/ResourceGrid'
import { notify, usePermissions } from '../resource/shell-adapter'
import { PagedList } from '../safety/PagedList'
import { call } from '../shell/request'

const useStyles = makeStyles({
  page: {
    height: '100%',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    boxSizing: 'border-box',
    minHeight: 0,
  },
  facts: { display: 'grid', gridTemplateColumns: '120px 1fr', gap: tokens.spacingVerticalXS },
  key: { color: tokens.colorNeutralForeground3 },
})

const col = (name: string, zh: string, columnWidth = 120): FieldDef => ({
  name,
  type: 'string',
  label: { zh, en: zh },
  columnWidth,
})

type Family = typeof openRoomApplyApi | typeof openBaseApplyApi

interface Kind {
  title: string
  family: Family
  permission: string
  /** The application's fields shown in the lists and the dialog. */
  fields: FieldDef[]
}

const taskDef = (name: string, fields: FieldDef[], done: boolean) =>
  defineResource({
    name,
    table: name,
    basePath: '',
    label: { zh: name, en: name },
    tenant: false,
    permission: name,
    fields: [
      ...fields,
      col('taskName', '审核环节'),
      col('startUser', '申请人', 100),
      ...(done
        ? [col('outcome', '审核结果', 90), col('comment', '审核意见', 160), col('endTime', '审核时间', 170)]
        : [col('createTime', '提交时间', 170)]),
    ],
  })

/** 开放实验室审核 / 开放基地审核: tabs 待审核 and 审核记录; 审核 opens the application with 同意 / 驳回. */
function AuditScreen({ kind }: { kind: Kind }) {
  const s = useStyles()
  const can = usePermissions()
  const [tab, setTab] = useState<'todo' | 'done'>('todo')
  const [open, setOpen] = useState<OpenApprovalTask | null>(null)
  const [signal, setSignal] = useState(0)
  const [comment, setComment] = useState('')
  const [error, setError] = useState('')
  const todo = tab === 'todo'
  const def = taskDef(`${kind.permission}_${tab}`, kind.fields, !todo)

  const complete = async (pass: boolean) => {
    if (!open) return
    if (!pass && !comment.trim()) {
      setError('驳回时请填写审核意见')
      return
    }
    try {
      await call(kind.family.completeTask, {
        body: {
          taskId: open.taskId,
          processInstanceId: open.processInstanceId,
          pass,
          comment: comment.trim() || '同意',
        },
      })
      notify.success(pass ? '已同意' : '已驳回')
      setOpen(null)
      setSignal((n) => n + 1)
    } catch {
      // toasted
    }
  }

  return (
    <section className={s.page} aria-label={kind.title}>
      <TabList selectedValue={tab} onTabSelect={(_e, d) => setTab(d.value as 'todo' | 'done')}>
        <Tab value="todo">待审核</Tab>
        <Tab value="done">审核记录</Tab>
      </TabList>
      <PagedList
        key={tab}
        def={def}
        endpoint={todo ? kind.family.auditList : kind.family.auditRecordList}
        query={{}}
        reloadSignal={signal}
        rowExtra={(row: Row) =>
          todo && can(kind.permission) ? (
            <Button
              size="small"
              appearance="subtle"
              onClick={() => {
                setComment('')
                setError('')
                setOpen(row as unknown as OpenApprovalTask)
              }}
            >
              审核
            </Button>
          ) : null
        }
      />
      {open ? (
        <Dialog open onOpenChange={(_e, d) => !d.open && setOpen(null)}>
          <DialogSurface>
            <DialogBody>
              <DialogTitle>审核</DialogTitle>
              <DialogContent>
                <div className={s.facts}>
                  {kind.fields.map((f) => (
                    <span key={f.name} style={{ display: 'contents' }}>
                      <Text className={s.key}>{f.label.zh}</Text>
                      <Text>{String(open[f.name] ?? '')}</Text>
                    </span>
                  ))}
                </div>
                <Field label="审核意见" validationMessage={error || undefined}>
                  <Textarea value={comment} maxLength={1000} onChange={(_e, d) => setComment(d.value)} />
                </Field>
              </DialogContent>
              <DialogActions>
                <Button onClick={() => setOpen(null)}>取消</Button>
                <Button onClick={() => void complete(false)}>驳回</Button>
                <Button appearance="primary" onClick={() => void complete(true)}>
                  同意
                </Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      ) : null}
    </section>
  )
}

const period = [
  col('startDate', '开始日期', 110),
  col('endDate', '结束日期', 110),
  col('slotCount', '时段数', 80),
]

export function RoomApplyAuditPage() {
  return (
    <AuditScreen
      kind={{
        title: '开放实验室审核',
        family: openRoomApplyApi,
        permission: 'open_roomapplyaudit_audit',
        fields: [
          col('projectName', '开放项目', 180),
          col('roomName', '开放房间', 120),
          ...period,
          col('startTime', '开始时间', 90),
          col('endTime', '结束时间', 90),
          col('capacity', '每时段人数', 100),
        ],
      }}
    />
  )
}

export function BaseApplyAuditPage() {
  return (
    <AuditScreen
      kind={{
        title: '开放基地审核',
        family: openBaseApplyApi,
        permission: 'open_baseapplyaudit_audit',
        fields: [col('baseName', '基地名称', 160), col('projectName', '实践项目', 160), ...period],
      }}
    />
  )
}
