import {
  Button,
  Card,
  Checkbox,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Input,
  Tab,
  TabList,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { useCallback, useEffect, useState } from 'react'
import {
  creditBlockedMessage,
  openReserveApi,
  openRulesApi,
  type CreditView,
  type OpenReserve,
  type OpenSlot,
} from '../../shared/api/open'
import { openRoomReserveResource, RESERVE_STATUS } from '../../shared/resources/open/room-reserve'
import ResourcePage from '../resource/ResourcePage'
import type { Row } from '../resource/ResourceGrid'
import { confirm, notify, usePermissions } from '../resource/shell-adapter'
import { PagedList } from '../safety/PagedList'
import { call, quietCall } from '../shell/request'
import { SimpleTable, type Column } from './SimpleTable'

const useStyles = makeStyles({
  page: {
    height: '100%',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    boxSizing: 'border-box',
    minHeight: 0,
    overflow: 'auto',
  },
  card: {
    padding: tokens.spacingVerticalM,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  blocked: { color: tokens.colorPaletteRedForeground1 },
  rules: { whiteSpace: 'pre-wrap', color: tokens.colorNeutralForeground2 },
  bar: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
})

const slotColumns: Column<OpenSlot>[] = [
  ['日期', (s) => s.slotDate],
  ['时间', (s) => `${s.startTime}-${s.endTime}`],
  ['开放项目', (s) => s.projectName],
  ['房间', (s) => s.roomName],
  ['指导教师', (s) => s.teacherName],
  ['已约/座位', (s) => `${s.taken}/${s.capacity}`],
]

const STATUS_TEXT: Record<number, string> = {
  [RESERVE_STATUS.booked]: '已预约',
  [RESERVE_STATUS.cancelled]: '已取消',
  [RESERVE_STATUS.attended]: '已签到',
  [RESERVE_STATUS.noShow]: '爽约',
  [RESERVE_STATUS.late]: '迟到',
}

const recordColumns: Column<OpenReserve>[] = [
  ['日期', (r) => String(r.slotDate ?? '')],
  ['时间', (r) => `${String(r.startTime ?? '')}-${String(r.endTime ?? '')}`],
  ['开放项目', (r) => String(r.projectName ?? '')],
  ['房间', (r) => String(r.roomName ?? '')],
  ['状态', (r) => STATUS_TEXT[Number(r.status)] ?? ''],
]

/** 开放实验预约 (students): the credit score and the rules, then the open slots with 预约. */
export function ReservePage() {
  const s = useStyles()
  const can = usePermissions()
  const [slots, setSlots] = useState<OpenSlot[]>([])
  const [credit, setCredit] = useState<CreditView | null>(null)
  const [rules, setRules] = useState('')
  const load = useCallback(() => {
    void quietCall(openReserveApi.batchList, { query: {} })
      .then(setSlots)
      .catch(() => setSlots([]))
    void quietCall(openReserveApi.credit, { query: {} })
      .then(setCredit)
      .catch(() => setCredit(null))
  }, [])
  useEffect(() => {
    load()
    void quietCall(openRulesApi.list, { query: { ruleStatus: 1 } })
      .then((l) => {
        const list = (Array.isArray(l) ? l : l.records) as unknown as Row[]
        setRules(list.map((r) => `${String(r.ruleName)}：${String(r.content ?? '')}`).join('\n'))
      })
      .catch(() => undefined)
  }, [load])
  const reserve = async (slot: OpenSlot) => {
    try {
      await call(openReserveApi.submit, { body: { slotId: slot.id } })
      notify.success('预约成功')
    } catch {
      // toasted (full, clash, credit); the score and seats are read again, as a rule set or an
      // absence recorded since the page opened is why a seat is refused and the toast goes away
    }
    load()
  }
  return (
    <section className={s.page} aria-label="开放实验预约">
      <Card className={s.card} aria-label="信用分">
        <Text weight="semibold">
          我的信用分：{credit ? `${credit.score} / ${credit.fullScore}` : '-'}
          {credit?.ruleName
            ? `（最低${credit.threshold}分，爽约${credit.noShows}次、迟到${credit.lates}次）`
            : ''}
        </Text>
        {credit?.blocked ? <Text className={s.blocked}>{creditBlockedMessage(credit)}</Text> : null}
        {rules ? <Text className={s.rules}>{rules}</Text> : null}
      </Card>
      <SimpleTable
        label="开放时段"
        rows={slots}
        keyOf={(x) => x.id}
        columns={slotColumns}
        actions={(slot) =>
          can('open_reserve_submit') ? (
            <Button
              size="small"
              disabled={slot.taken >= slot.capacity || !!credit?.blocked}
              title={credit?.blocked ? creditBlockedMessage(credit) : undefined}
              onClick={() => void reserve(slot)}
            >
              {slot.taken >= slot.capacity ? '已约满' : '预约'}
            </Button>
          ) : null
        }
      />
    </section>
  )
}

/** 我的开放批次 (teachers): the slots of their approved applications, 选择学生, and who reserved. */
export function TeacherBatchPage() {
  const s = useStyles()
  const can = usePermissions()
  const [tab, setTab] = useState<'slots' | 'students'>('slots')
  const [slots, setSlots] = useState<OpenSlot[]>([])
  const [picking, setPicking] = useState<OpenSlot | null>(null)
  const [signal, setSignal] = useState(0)
  useEffect(() => {
    void quietCall(openReserveApi.batchTeacherList, { query: {} })
      .then(setSlots)
      .catch(() => setSlots([]))
  }, [signal])
  return (
    <section className={s.page} aria-label="我的开放批次">
      <TabList selectedValue={tab} onTabSelect={(_e, d) => setTab(d.value as 'slots' | 'students')}>
        <Tab value="slots">开放时段</Tab>
        <Tab value="students">预约学生</Tab>
      </TabList>
      {tab === 'slots' ? (
        <SimpleTable
          label="开放时段"
          rows={slots}
          keyOf={(x) => x.id}
          columns={slotColumns}
          actions={(slot) =>
            can('open_reserveteacher_student') ? (
              <Button size="small" appearance="subtle" onClick={() => setPicking(slot)}>
                选择学生
              </Button>
            ) : null
          }
        />
      ) : (
        <PagedList
          def={openRoomReserveResource}
          endpoint={openReserveApi.pageTeacher}
          query={{}}
          reloadSignal={signal}
        />
      )}
      {picking ? (
        <StudentPicker
          slot={picking}
          onClose={() => setPicking(null)}
          onDone={() => {
            setPicking(null)
            setSignal((n) => n + 1)
          }}
        />
      ) : null}
    </section>
  )
}

function StudentPicker({
  slot,
  onClose,
  onDone,
}: {
  slot: OpenSlot
  onClose: () => void
  onDone: () => void
}) {
  const s = useStyles()
  const [keyword, setKeyword] = useState('')
  const [rows, setRows] = useState<{ studentNo: string; studentName: string; classNo: string | null }[]>([])
  const [chosen, setChosen] = useState<Set<string>>(new Set())
  const search = useCallback(() => {
    const query = /^\d+$/.test(keyword) ? { studentNo: keyword } : keyword ? { studentName: keyword } : {}
    void quietCall(openReserveApi.selectStudentList, { query: { ...query, current: 1, size: 50 } })
      .then((p) => setRows(p.records))
      .catch(() => setRows([]))
  }, [keyword])
  useEffect(search, [search])
  const save = async () => {
    try {
      const r = await call(openReserveApi.batchSave, { body: { slotId: slot.id, studentNos: [...chosen] } })
      notify.success(`已添加${r.added}名学生`)
      onDone()
    } catch {
      // toasted (seats, credit, duplicates): nothing was added
    }
  }
  return (
    <Dialog open onOpenChange={(_e, d) => !d.open && onClose()}>
      <DialogSurface style={{ maxWidth: 720 }}>
        <DialogBody>
          <DialogTitle>
            选择学生（{slot.slotDate} {slot.startTime}-{slot.endTime}，剩余{slot.capacity - slot.taken}）
          </DialogTitle>
          <DialogContent style={{ display: 'flex', flexDirection: 'column', gap: 8, maxHeight: 440 }}>
            <div className={s.bar}>
              <Input
                aria-label="学号或姓名"
                placeholder="学号或姓名"
                value={keyword}
                onChange={(_e, d) => setKeyword(d.value)}
              />
              <Text>已选{chosen.size}人</Text>
            </div>
            <SimpleTable
              label="学生"
              rows={rows}
              keyOf={(r) => r.studentNo}
              columns={[
                [
                  '选择',
                  (r) => (
                    <Checkbox
                      aria-label={`选择${r.studentName}`}
                      checked={chosen.has(r.studentNo)}
                      onChange={(_e, d) => {
                        const next = new Set(chosen)
                        if (d.checked) next.add(r.studentNo)
                        else next.delete(r.studentNo)
                        setChosen(next)
                      }}
                    />
                  ),
                ],
                ['学号', (r) => r.studentNo],
                ['姓名', (r) => r.studentName],
                ['班级', (r) => r.classNo ?? ''],
              ]}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>取消</Button>
            <Button appearance="primary" disabled={!chosen.size} onClick={() => void save()}>
              确定
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
}

/** 开放预约管理 (staff): every reservation; 新增 for a student, 签到 / 迟到 / 爽约 after the slot starts, 删除 cancels. */
export function ReserveManagePage() {
  const can = usePermissions()
  const [signal, setSignal] = useState(0)
  const mark = async (row: Row, status: number, label: string) => {
    try {
      await call(openReserveApi.save, { body: { id: String(row.id), status } as never })
      notify.success(`已登记${label}`)
      setSignal((n) => n + 1)
    } catch {
      // toasted
    }
  }
  return (
    <ResourcePage
      def={openRoomReserveResource}
      reloadSignal={signal}
      rowExtra={(row) =>
        Number(row.status) !== RESERVE_STATUS.cancelled && can('open_reservemanage_add') ? (
          <>
            {(
              [
                [RESERVE_STATUS.attended, '签到'],
                [RESERVE_STATUS.late, '迟到'],
                [RESERVE_STATUS.noShow, '爽约'],
              ] as const
            ).map(([status, label]) => (
              <Button
                key={status}
                size="small"
                appearance="subtle"
                onClick={() => void mark(row, status, label)}
              >
                {label}
              </Button>
            ))}
          </>
        ) : null
      }
    />
  )
}

/** 我的预约's 开放实验室 tab: the student's open-lab reservations, with 取消 before the slot starts. */
export function MyOpenBookings() {
  const can = usePermissions()
  const [rows, setRows] = useState<OpenReserve[]>([])
  const [signal, setSignal] = useState(0)
  useEffect(() => {
    void quietCall(openReserveApi.studentRecordList, { query: {} })
      .then(setRows)
      .catch(() => setRows([]))
  }, [signal])
  const cancel = async (row: OpenReserve) => {
    if (!(await confirm('确定取消该开放实验预约？'))) return
    try {
      await call(openReserveApi.remove, { query: { ids: String(row.id) } as never })
      notify.success('预约已取消')
      setSignal((n) => n + 1)
    } catch {
      // toasted
    }
  }
  return (
    <SimpleTable
      label="我的开放实验预约"
      rows={rows}
      keyOf={(r) => String(r.id)}
      columns={recordColumns}
      actions={(r) =>
        Number(r.status) === RESERVE_STATUS.booked && can('open_mybooking_cancel') ? (
          <Button size="small" appearance="subtle" onClick={() => void cancel(r)}>
            取消
          </Button>
        ) : null
      }
    />
  )
}
