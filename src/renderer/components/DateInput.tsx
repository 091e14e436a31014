import { DatePicker } from '@fluentui/react-datepicker-compat'
import { Input, makeStyles } from '@fluentui/react-components'
import { useState } from 'react'
import { useLanguage } from '../i18n'
import {
  calendarFormatting,
  calendarStrings,
  formatDay,
  formatTime,
  joinDateTime,
  parseDay,
  parseTime,
  splitDateTime,
} from './dates'

/** Monday first, as Chinese calendars are (DayOfWeek.Monday). */
const MONDAY = 1

export interface DateInputProps {
  /** `yyyy-MM-dd`, or '' for none. */
  value: string
  onChange: (value: string) => void
  onBlur?: () => void
  disabled?: boolean
  placeholder?: string
  id?: string
  'aria-label'?: string
  'aria-invalid'?: boolean
}

/**
 * A date field in the product's format (`yyyy-MM-dd`, typed or picked from a Monday-first calendar
 * with zh or en texts) instead of the browser's locale-bound native input (mm/dd/yyyy in Chromium).
 */
export function DateInput(props: DateInputProps) {
  const language = useLanguage((s) => s.language)
  const date = props.value ? parseDay(props.value) : null
  return (
    <DatePicker
      id={props.id}
      aria-label={props['aria-label']}
      aria-invalid={props['aria-invalid']}
      value={date}
      disabled={props.disabled}
      allowTextInput
      placeholder={props.placeholder ?? 'yyyy-MM-dd'}
      firstDayOfWeek={MONDAY}
      strings={calendarStrings[language]}
      dateTimeFormatter={calendarFormatting[language]}
      formatDate={(d) => (d ? formatDay(d) : '')}
      parseDateFromString={(text) => parseDay(text)}
      onSelectDate={(d) => {
        // The picker re-announces its date when focus leaves it; only a new day is a change.
        const next = d ? formatDay(d) : ''
        if (next !== props.value) props.onChange(next)
      }}
      onBlur={props.onBlur}
    />
  )
}

const useStyles = makeStyles({
  row: { display: 'flex', gap: '8px', alignItems: 'center' },
  day: { flex: '1 1 60%', minWidth: 0 },
  time: { flex: '1 1 40%', minWidth: '96px' },
})

export interface DateTimeInputProps extends Omit<DateInputProps, 'value' | 'onChange'> {
  /** `yyyy-MM-dd HH:mm:ss`, or '' for none. */
  value: string
  onChange: (value: string) => void
}

/** A date and a typed 24-hour `HH:mm` time, on the wire as `yyyy-MM-dd HH:mm:ss`. */
export function DateTimeInput(props: DateTimeInputProps) {
  const styles = useStyles()
  const { day, time } = splitDateTime(props.value)
  // What is typed in the time box until it is committed (Enter or blur); null shows the value's time.
  // Not reset from the value by an effect: an effect runs after the screen updates, so a time typed
  // right after the day arrived (the box turns enabled with it) was overwritten by the day's 00:00.
  const [typed, setTyped] = useState<string | null>(null)
  // A typed time is taken when it is a real one (8:5 → 08:05); anything else goes back to the last.
  const commit = () => {
    if (typed === null) return
    setTyped(null)
    const t = parseTime(typed)
    if (!t) return
    const hhmm = formatTime(t[0], t[1])
    if (hhmm !== time) props.onChange(joinDateTime(day, hhmm))
  }
  return (
    <div className={styles.row}>
      <div className={styles.day}>
        <DateInput
          id={props.id}
          aria-label={props['aria-label']}
          aria-invalid={props['aria-invalid']}
          value={day}
          disabled={props.disabled}
          onBlur={props.onBlur}
          onChange={(d) => props.onChange(joinDateTime(d, time))}
        />
      </div>
      <Input
        className={styles.time}
        aria-label={props['aria-label'] ? `${props['aria-label']} HH:mm` : 'HH:mm'}
        placeholder="HH:mm"
        maxLength={5}
        disabled={props.disabled || !day}
        value={typed ?? time}
        onChange={(_, d) => setTyped(d.value)}
        onKeyDown={(e) => {
          // Enter takes the time; it does not also submit the surrounding form with the old one.
          if (e.key === 'Enter') {
            e.preventDefault()
            commit()
          }
        }}
        onBlur={() => {
          commit()
          props.onBlur?.()
        }}
      />
    </div>
  )
}
