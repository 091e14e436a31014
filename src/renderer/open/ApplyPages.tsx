import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
} from '@fluentui/react-components'
import { useState } from 'react'
import { openBaseApplyApi, openRoomApplyApi, type GeneratedTime, type OpenSlot } from '../../shared/api/open'
import type { ResourceDef } from '../../shared/resource/types'
import { APPLY_STATUS } from '../../shared/resources/lab/options'
import { openBaseApplyResource } from '../../shared/resources/open/base-apply'
import { openRoomApplyResource } from '../../shared/resources/open/room-apply'
import ResourcePage from '../resource/ResourcePage'
import type { Row } from '../resource/ResourceGrid'
import { notify, usePermissions } from '../resource/shell-adapter'
import { call } from '../shell/request'
import { SimpleTable } from './SimpleTable'

type Family = typeof openRoomApplyApi | typeof openBaseApplyApi
type Time = { date: string; startTime: string; endTime: string; taken?: number; capacity?: number }

const WEEKDAY = ['', '一', '二', '三', '四', '五', '六', '日']

/**
 * 开放实验室申请 / 开放基地申请: the generic list with 提交审核 (draft, returned or cancelled rows) and
 * 开放时段 (the dated times `generateTime` makes of the row's weekly pattern; for open labs the saved
 * slots with their reservations).
 */
function ApplyPage({ def, api, code }: { def: ResourceDef; api: Family; code: string }) {
  const can = usePermissions()
  const [signal, setSignal] = useState(0)
  const [times, setTimes] = useState<{ title: string; rows: Time[] } | null>(null)

  const submit = async (row: Row) => {
    try {
      await call(api.submit, { body: { id: String(row.id) } as never })
      notify.success('已提交审核')
      setSignal((n) => n + 1)
    } catch {
      // toasted
    }
  }
  const showTimes = async (row: Row) => {
    try {
      if (api === openRoomApplyApi) {
        const detail = await call(openRoomApplyApi.detail, { query: { id: String(row.id) } })
        const slots = (detail.slots ?? []) as OpenSlot[]
        setTimes({
          title: `${String(row.projectName)} 的开放时段`,
          rows: slots.map((s) => ({
            date: s.slotDate,
            startTime: s.startTime,
            endTime: s.endTime,
            taken: s.taken,
            capacity: s.capacity,
          })),
        })
      } else {
        const generated: GeneratedTime[] = await call(api.generateTime, { body: row as never })
        setTimes({ title: `${String(row.projectName)} 的开放时段`, rows: generated })
      }
    } catch {
      // toasted
    }
  }
  const rowExtra = (row: Row) => {
    const status = Number(row.status)
    const submittable: number[] = [APPLY_STATUS.draft, APPLY_STATUS.returned, APPLY_STATUS.cancelled]
    return (
      <>
        {submittable.includes(status) && can(`${code}_submit`) ? (
          <Button size="small" appearance="subtle" onClick={() => void submit(row)}>
            提交审核
          </Button>
        ) : null}
        {can(`${code}_generate`) || can(`${code}_view`) ? (
          <Button size="small" appearance="subtle" onClick={() => void showTimes(row)}>
            开放时段
          </Button>
        ) : null}
      </>
    )
  }
  return (
    <>
      <ResourcePage def={def} rowExtra={rowExtra} reloadSignal={signal} />
      {times ? (
        <Dialog open onOpenChange={(_e, d) => !d.open && setTimes(null)}>
          <DialogSurface style={{ maxWidth: 720 }}>
            <DialogBody>
              <DialogTitle>{times.title}</DialogTitle>
              <DialogContent style={{ maxHeight: 420, display: 'flex' }}>
                <SimpleTable
                  label="开放时段"
                  rows={times.rows}
                  keyOf={(t) => `${t.date}|${t.startTime}`}
                  columns={[
                    ['日期', (t) => t.date],
                    ['星期', (t) => `周${WEEKDAY[new Date(`${t.date}T00:00:00Z`).getUTCDay() || 7]}`],
                    ['时间', (t) => `${t.startTime}-${t.endTime}`],
                    ...(times.rows.some((t) => t.capacity != null)
                      ? ([['已约/座位', (t: Time) => `${t.taken ?? 0}/${t.capacity ?? ''}`]] as [
                          string,
                          (t: Time) => string,
                        ][])
                      : []),
                  ]}
                />
              </DialogContent>
              <DialogActions>
                <Button onClick={() => setTimes(null)}>关闭</Button>
              </DialogActions>
            </DialogBody>
          </DialogSurface>
        </Dialog>
      ) : null}
    </>
  )
}

export function RoomApplyPage() {
  return <ApplyPage def={openRoomApplyResource} api={openRoomApplyApi} code="open_roomapply" />
}

export function BaseApplyPage() {
  return <ApplyPage def={openBaseApplyResource} api={openBaseApplyApi} code="open_baseapply" />
}
