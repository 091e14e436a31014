import { Button, Dropdown, Option, makeStyles } from '@fluentui/react-components'
import { useEffect, useState } from 'react'
import { batchPlanApi, type TimetableOwnerRow } from '../../../shared/api/schedule'
import { quietCall } from '../../shell/request'
import { WEEKDAY_NAMES } from '../../../shared/resources/schedule/weeks'

const useStyles = makeStyles({
  strip: { display: 'flex', flexWrap: 'wrap', gap: '4px' },
  week: { minWidth: '36px', padding: '0 4px' },
})

/** The weeks strip: one toggle per teaching week (holidays or busy weeks may be marked by the caller). */
export function WeeksPicker({
  weeks,
  value,
  onChange,
  mark,
  label,
}: {
  weeks: number
  value: number[]
  onChange: (weeks: number[]) => void
  /** A week's state in a week list (timeWeekList): shown as the button's colour and title. */
  mark?: (week: number) => { free: boolean; holiday: boolean; reasons: string[] } | undefined
  label: string
}) {
  const s = useStyles()
  return (
    <div className={s.strip} role="group" aria-label={label}>
      {Array.from({ length: weeks }, (_, i) => i + 1).map((w) => {
        const on = value.includes(w)
        const m = mark?.(w)
        return (
          <Button
            key={w}
            size="small"
            className={s.week}
            appearance={on ? 'primary' : 'secondary'}
            aria-pressed={on}
            title={m ? (m.holiday ? '节假日' : m.reasons.join('\n')) : undefined}
            style={
              m && !m.free && !on
                ? { textDecoration: 'line-through', color: m.holiday ? '#999' : '#c50f1f' }
                : undefined
            }
            onClick={() => onChange(on ? value.filter((x) => x !== w) : [...value, w].sort((a, b) => a - b))}
          >
            {w}
          </Button>
        )
      })}
    </div>
  )
}

/** Options of a picker, loaded once. */
function useOwners(kind: 'teacher' | 'room', termId: string) {
  const [rows, setRows] = useState<TimetableOwnerRow[]>([])
  useEffect(() => {
    const endpoint = kind === 'teacher' ? batchPlanApi.allTeachers : batchPlanApi.allLabrooms
    quietCall(endpoint, {
      query: { current: 1, size: 1000, all: '1', ...(termId ? { academicYearId: termId } : {}) },
    })
      .then((p) => setRows(p.records))
      .catch(() => setRows([]))
  }, [kind, termId])
  return rows
}

/** A multi-select of teachers (工号 姓名) or rooms (排课教室). */
export function OwnerPicker({
  kind,
  termId,
  value,
  onChange,
  label,
  extra = [],
}: {
  kind: 'teacher' | 'room'
  termId: string
  value: string[]
  onChange: (ids: string[]) => void
  label: string
  extra?: { id: string; name: string }[]
}) {
  const rows = useOwners(kind, termId)
  const options = [
    ...extra.filter((e) => !rows.some((r) => r.id === e.id)).map((e) => ({ id: e.id, text: e.name })),
    ...rows.map((r) => ({ id: r.id, text: kind === 'teacher' ? `${r.name}（${r.no}）` : r.name })),
  ]
  const text = options
    .filter((o) => value.includes(o.id))
    .map((o) => o.text)
    .join('、')
  return (
    <Dropdown
      aria-label={label}
      multiselect
      placeholder={label}
      value={text}
      selectedOptions={value}
      onOptionSelect={(_, d) => onChange(d.selectedOptions)}
    >
      {options.map((o) => (
        <Option key={o.id} value={o.id}>
          {o.text}
        </Option>
      ))}
    </Dropdown>
  )
}

/** 星期 select over the teaching weekdays (or all seven). */
export function WeekdaySelect({
  value,
  onChange,
  days = [1, 2, 3, 4, 5, 6, 7],
  label,
}: {
  value: number | null
  onChange: (d: number | null) => void
  days?: number[]
  label: string
}) {
  return (
    <Dropdown
      aria-label={label}
      placeholder={label}
      value={value ? WEEKDAY_NAMES[value] : ''}
      selectedOptions={value ? [String(value)] : []}
      onOptionSelect={(_, d) => onChange(d.optionValue ? Number(d.optionValue) : null)}
    >
      {days.map((d) => (
        <Option key={d} value={String(d)}>
          {WEEKDAY_NAMES[d]}
        </Option>
      ))}
    </Dropdown>
  )
}

/** A section number select (第n节). */
export function SectionSelect({
  value,
  onChange,
  max,
  label,
}: {
  value: number | null
  onChange: (n: number) => void
  max: number
  label: string
}) {
  return (
    <Dropdown
      aria-label={label}
      placeholder={label}
      value={value ? `第${value}节` : ''}
      selectedOptions={value ? [String(value)] : []}
      onOptionSelect={(_, d) => d.optionValue && onChange(Number(d.optionValue))}
    >
      {Array.from({ length: max }, (_, i) => i + 1).map((n) => (
        <Option key={n} value={String(n)}>{`第${n}节`}</Option>
      ))}
    </Dropdown>
  )
}
