import {
  Button,
  Dropdown,
  Field,
  Option,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons'
import { useEffect, useMemo, useState } from 'react'
import { appointmentApi, labRoomApi, roomWeekApi, type LabRoom, type WeekView } from '../../shared/api/lab'
import { addDays, daysFrom, localToday, mondayOf } from '../../shared/resources/lab/time'
import { errorMessage, quietCall } from '../shell/request'

const useStyles = makeStyles({
  wrap: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, minHeight: 0, flex: 1 },
  bar: { display: 'flex', alignItems: 'end', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  scroll: { overflow: 'auto', flex: 1, minHeight: 0 },
  table: { borderCollapse: 'collapse', width: '100%', tableLayout: 'fixed', minWidth: '960px' },
  head: {
    position: 'sticky',
    top: 0,
    backgroundColor: tokens.colorNeutralBackground3,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    padding: tokens.spacingVerticalXS,
    fontWeight: tokens.fontWeightSemibold,
    zIndex: 1,
  },
  room: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    padding: tokens.spacingVerticalXS,
    verticalAlign: 'top',
    width: '160px',
  },
  cell: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    padding: '2px',
    verticalAlign: 'top',
    fontSize: tokens.fontSizeBase200,
  },
  block: {
    borderRadius: tokens.borderRadiusSmall,
    padding: '2px 4px',
    marginBottom: '2px',
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorNeutralForeground1,
  },
  closed: { backgroundColor: tokens.colorNeutralBackground5 },
  free: { color: tokens.colorPaletteGreenForeground1 },
  muted: { color: tokens.colorNeutralForeground3 },
})

const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日']

interface LabChoice {
  id: string
  name: string
}

/**
 * The week availability calendar of the rooms of one lab (实验室浏览, 实验室预约): a row per room, a
 * column per day, every busy block (timetable, bookings, open-lab slots, closed periods) in its cell.
 * `details` reads the bookers' calendar (who booked), otherwise the public one (kinds and titles).
 */
export function WeekCalendar({
  details = false,
  reloadSignal,
}: {
  details?: boolean
  reloadSignal?: number
}) {
  const s = useStyles()
  const [labs, setLabs] = useState<LabChoice[]>([])
  const [labId, setLabId] = useState('')
  const [from, setFrom] = useState(() => mondayOf(localToday()))
  const [view, setView] = useState<WeekView | null>(null)
  const [loading, setLoading] = useState(false)
  const [error, setError] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    // The token-free room list names the labs, so guests can pick one too.
    void quietCall(labRoomApi.unAuthPage, { query: { current: 1, size: 1000 } })
      .then((page) => {
        if (!live) return
        const seen = new Map<string, string>()
        for (const r of page.records as LabRoom[])
          if (r.labId && !seen.has(String(r.labId))) seen.set(String(r.labId), r.labName ?? '')
        const list = [...seen].map(([id, name]) => ({ id, name }))
        setLabs(list)
        setLabId((current) => current || list[0]?.id || '')
      })
      .catch((e) => live && setError(errorMessage(e)))
    return () => {
      live = false
    }
  }, [])

  useEffect(() => {
    if (!labId) return
    let live = true
    setLoading(true)
    const endpoint = details ? appointmentApi.week : roomWeekApi.week
    void quietCall(endpoint, { query: { labId, from, days: 7 } })
      .then((v) => {
        if (!live) return
        setView(v)
        setError(null)
      })
      .catch((e) => live && setError(errorMessage(e)))
      .finally(() => live && setLoading(false))
    return () => {
      live = false
    }
  }, [labId, from, details, reloadSignal])

  const days = useMemo(() => daysFrom(from, addDays(from, 6)), [from])
  const busyOf = useMemo(() => {
    const map = new Map<string, WeekView['busy']>()
    for (const b of view?.busy ?? []) {
      const key = `${b.roomId}|${b.date}`
      map.set(key, [...(map.get(key) ?? []), b])
    }
    for (const list of map.values()) list.sort((a, b) => a.start.localeCompare(b.start))
    return map
  }, [view])
  const lab = labs.find((l) => l.id === labId)

  return (
    <div className={s.wrap}>
      <div className={s.bar}>
        <Field label="实验室">
          <Dropdown
            aria-label="选择实验室"
            placeholder="选择实验室"
            value={lab?.name ?? ''}
            selectedOptions={labId ? [labId] : []}
            onOptionSelect={(_e, d) => d.optionValue && setLabId(d.optionValue)}
          >
            {labs.map((l) => (
              <Option key={l.id} value={l.id}>
                {l.name}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Button icon={<ChevronLeftRegular />} onClick={() => setFrom(addDays(from, -7))}>
          上一周
        </Button>
        <Button onClick={() => setFrom(mondayOf(localToday()))}>本周</Button>
        <Button icon={<ChevronRightRegular />} iconPosition="after" onClick={() => setFrom(addDays(from, 7))}>
          下一周
        </Button>
        <Text aria-label="日期范围">
          {from} ~ {addDays(from, 6)}
        </Text>
        {loading ? <Spinner size="tiny" /> : null}
      </div>
      {error ? <Text className={s.muted}>{error}</Text> : null}
      {!labId && !error ? <Text className={s.muted}>暂无可浏览的实验房间</Text> : null}
      {view ? (
        <div className={s.scroll}>
          <table className={s.table} aria-label="房间占用周历">
            <thead>
              <tr>
                <th className={s.head} style={{ width: 160 }}>
                  房间
                </th>
                {days.map((d, i) => (
                  <th key={d} className={s.head}>
                    周{WEEKDAYS[i]} {d.slice(5)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {view.rooms.map((room) => {
                const unavailable = room.status !== 1 || room.bookable !== 1
                return (
                  <tr key={room.id}>
                    <td className={s.room}>
                      <div>
                        {room.roomNo} {room.roomName}
                      </div>
                      <div className={s.muted}>
                        {room.seats}座 · {room.openStart}-{room.openEnd}
                        {unavailable ? ' · 不可预约' : ''}
                      </div>
                    </td>
                    {days.map((d) => {
                      const busy = busyOf.get(`${room.id}|${d}`) ?? []
                      return (
                        <td key={d} className={s.cell} data-room={room.roomNo} data-date={d}>
                          {busy.map((b, i) => (
                            <div
                              key={i}
                              className={`${s.block} ${b.kind === 'closure' ? s.closed : ''}`}
                              title={[b.kindLabel, b.title, b.detail].filter(Boolean).join(' ')}
                            >
                              {b.start}-{b.end} {b.title}（{b.kindLabel}）{b.detail ? ` ${b.detail}` : ''}
                            </div>
                          ))}
                          {!busy.length && !unavailable ? <span className={s.free}>空闲</span> : null}
                        </td>
                      )
                    })}
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  )
}
