import { Button, Tab, TabList, makeStyles, tokens } from '@fluentui/react-components'
import { useState } from 'react'
import { appointmentApi } from '../../shared/api/lab'
import { APPLY_STATUS } from '../../shared/resources/lab/options'
import { appointmentResource } from '../../shared/resources/lab/appointment'
import ResourcePage from '../resource/ResourcePage'
import type { Row } from '../resource/ResourceGrid'
import { confirm, notify, usePermissions } from '../resource/shell-adapter'
import { call } from '../shell/request'
import { WeekCalendar } from './WeekCalendar'

const useStyles = makeStyles({
  page: { height: '100%', display: 'flex', flexDirection: 'column', minHeight: 0 },
  tabs: { padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL} 0` },
  week: {
    flex: 1,
    minHeight: 0,
    display: 'flex',
    flexDirection: 'column',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
  },
})

/**
 * 实验室预约: the bookings (drafts saved with 新增/修改) with the labAppointment flow's row actions
 * (提交申请, 重新申请, 复制, 撤销), and the week calendar of what occupies the rooms. A clash is refused by
 * the server with the conflicting items, free rooms then and the room's free periods that day.
 */
export default function AppointmentPage() {
  const s = useStyles()
  const can = usePermissions()
  const [tab, setTab] = useState<'list' | 'week'>('list')
  const [signal, setSignal] = useState(0)
  const reload = () => setSignal((n) => n + 1)

  const run = async (action: () => Promise<unknown>, message: string) => {
    try {
      await action()
      notify.success(message)
      reload()
    } catch {
      // the server's message is toasted
    }
  }
  const body = (row: Row) => ({ body: { id: String(row.id) } })

  const rowExtra = (row: Row) => {
    const status = Number(row.status)
    return (
      <>
        {status === APPLY_STATUS.draft && can('lab_appointment_apply') ? (
          <Button
            size="small"
            appearance="subtle"
            onClick={() => void run(() => call(appointmentApi.handleApplyFor, body(row)), '已提交审核')}
          >
            提交申请
          </Button>
        ) : null}
        {(status === APPLY_STATUS.returned || status === APPLY_STATUS.cancelled) &&
        can('lab_appointment_reapply') ? (
          <Button
            size="small"
            appearance="subtle"
            onClick={() => void run(() => call(appointmentApi.handleReApplyFor, body(row)), '已重新提交审核')}
          >
            重新申请
          </Button>
        ) : null}
        {can('lab_appointment_copy') ? (
          <Button
            size="small"
            appearance="subtle"
            onClick={() => void run(() => call(appointmentApi.copy, body(row)), '已复制为新的草稿')}
          >
            复制
          </Button>
        ) : null}
        {(status === APPLY_STATUS.pending || status === APPLY_STATUS.approved) &&
        can('lab_appointment_edit') ? (
          <Button
            size="small"
            appearance="subtle"
            onClick={() =>
              void (async () => {
                if (
                  !(await confirm(status === APPLY_STATUS.pending ? '确定撤回该预约？' : '确定取消该预约？'))
                )
                  return
                await run(() => call(appointmentApi.cancel, body(row)), '预约已取消')
              })()
            }
          >
            {status === APPLY_STATUS.pending ? '撤回' : '取消预约'}
          </Button>
        ) : null}
      </>
    )
  }

  return (
    <section className={s.page} aria-label="实验室预约">
      <TabList
        className={s.tabs}
        selectedValue={tab}
        onTabSelect={(_e, d) => setTab(d.value as 'list' | 'week')}
      >
        <Tab value="list">预约记录</Tab>
        <Tab value="week">房间占用</Tab>
      </TabList>
      {tab === 'list' ? (
        <ResourcePage def={appointmentResource} rowExtra={rowExtra} reloadSignal={signal} />
      ) : (
        <div className={s.week}>
          <WeekCalendar details reloadSignal={signal} />
        </div>
      )}
    </section>
  )
}
