import { Button } from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { experimentApi, type MyBooking } from '../../shared/api/experiment'
import { confirm, notify, usePermissions } from '../resource/shell-adapter'
import { call, quietCall } from '../shell/request'
import { SimpleTable } from '../teach/shared'
import { slotText } from './common'

/** 我的预约, 实验项目 tab: the student's bookings and 取消预约. */
export function MyExperimentBookings() {
  const can = usePermissions()
  const [rows, setRows] = useState<MyBooking[]>([])
  const [signal, setSignal] = useState(0)
  useEffect(() => {
    quietCall(experimentApi.stu.mySubscribe, { query: {} })
      .then(setRows)
      .catch(() => setRows([]))
  }, [signal])
  const cancel = async (b: MyBooking) => {
    if (!(await confirm(`确定取消预约 ${b.projectName} ${slotText(b)}？`))) return
    try {
      await call(experimentApi.stu.remove, {
        query: { timeId: String(b.timeId), stuSerial: String(b.studentNo) },
      })
      notify.success('已取消预约')
      setSignal((n) => n + 1)
    } catch {
      // the call showed the server's message
    }
  }
  return (
    <SimpleTable
      label="我的实验项目预约"
      head={['项目名称', '时间', '地点', '状态', '操作']}
      empty="暂无预约"
      rows={rows.map((b) => [
        b.projectName,
        slotText(b),
        b.roomName,
        Number(b.status) === 1 ? '已预约' : '已取消',
        Number(b.status) === 1 && can('open_mybooking_unsubscribe') ? (
          <Button
            size="small"
            appearance="transparent"
            title={b.cancelReason || undefined}
            onClick={() => void cancel(b)}
          >
            取消预约
          </Button>
        ) : null,
      ])}
    />
  )
}
