import { Badge, Text, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { useMemo } from 'react'
import {
  dateOf,
  holidayCells,
  PERIOD_NAMES,
  type TermCalendar,
} from '../../../shared/resources/schedule/calendar'
import { formatWeeks, WEEKDAY_NAMES, WEEKDAY_NAMES_EN } from '../../../shared/resources/schedule/weeks'
import { useLanguage } from '../../i18n'
import {
  entriesOfWeek,
  gridRows,
  gridWeekdays,
  placeEntries,
  type GridEntry,
  type PlacedEntry,
} from './gridLayout'

export type { GridEntry } from './gridLayout'

const ROW_HEIGHT = 52

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    overflow: 'hidden',
    backgroundColor: tokens.colorNeutralBackground1,
    minWidth: '640px',
  },
  head: {
    padding: '6px 4px',
    textAlign: 'center',
    backgroundColor: tokens.colorNeutralBackground3,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    borderLeft: `1px solid ${tokens.colorNeutralStroke2}`,
    display: 'flex',
    flexDirection: 'column',
    gap: '2px',
  },
  date: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase200 },
  period: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    writingMode: 'vertical-rl',
    backgroundColor: tokens.colorNeutralBackground2,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    fontWeight: tokens.fontWeightSemibold,
  },
  section: {
    height: `${ROW_HEIGHT}px`,
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'center',
    alignItems: 'center',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    borderLeft: `1px solid ${tokens.colorNeutralStroke2}`,
    fontSize: tokens.fontSizeBase200,
  },
  time: { color: tokens.colorNeutralForeground3, fontSize: tokens.fontSizeBase100 },
  day: { position: 'relative', borderLeft: `1px solid ${tokens.colorNeutralStroke2}` },
  holiday: { backgroundColor: tokens.colorNeutralBackground4 },
  line: {
    position: 'absolute',
    left: 0,
    right: 0,
    height: `${ROW_HEIGHT}px`,
    boxSizing: 'border-box',
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  entry: {
    position: 'absolute',
    boxSizing: 'border-box',
    padding: '3px 5px',
    overflow: 'hidden',
    borderRadius: tokens.borderRadiusSmall,
    backgroundColor: tokens.colorBrandBackground2,
    border: `1px solid ${tokens.colorBrandStroke2}`,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    display: 'flex',
    flexDirection: 'column',
    gap: '1px',
    cursor: 'default',
  },
  clickable: { cursor: 'pointer', ':hover': { backgroundColor: tokens.colorBrandBackground2Hover } },
  booking: {
    backgroundColor: tokens.colorPaletteGreenBackground1,
    border: `1px solid ${tokens.colorPaletteGreenBorder1}`,
  },
  conflict: {
    backgroundColor: tokens.colorPaletteRedBackground1,
    border: `1px solid ${tokens.colorPaletteRedBorder2}`,
  },
  title: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorNeutralForeground1 },
  detail: {
    color: tokens.colorNeutralForeground2,
    whiteSpace: 'nowrap',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
  },
  tags: { display: 'flex', gap: '2px', flexWrap: 'wrap' },
})

export interface WeekGridProps {
  entries: readonly GridEntry[]
  /** The term's calendar: sections with times, periods, teaching weekdays, dates and holidays. */
  calendar: TermCalendar | null
  /** The week shown (entries containing it, dates in the header); null = 全部周. */
  week: number | null
  onEntryClick?: (entry: GridEntry) => void
  /** Accessible name of the grid. */
  label?: string
}

const TEXT = {
  conflict: { zh: '冲突', en: 'Clash' },
  holiday: { zh: '节假日', en: 'Holiday' },
  section: { zh: (n: number) => `第${n}节`, en: (n: number) => `S${n}` },
  periods: { zh: PERIOD_NAMES, en: ['', 'AM', 'PM', 'Eve'] },
}

/**
 * The 节次 × 星期 timetable grid (teaching.md 6): rows are sections with their times, grouped 上午/下午/
 * 晚上; columns the teaching weekdays plus any weekday with entries (with dates when a week is chosen);
 * an entry spans its sections; entries sharing cells sit side by side, marked 冲突 when they also share
 * a week. Reused by 我的课表, 教师课表, 实验室课表, the dashboard's 本周课表 and my-week.
 */
export function WeekGrid({ entries, calendar, week, onEntryClick, label }: WeekGridProps) {
  const styles = useStyles()
  const lang = useLanguage((s) => s.language)
  const shown = useMemo(() => entriesOfWeek(entries, week), [entries, week])
  const rows = useMemo(() => gridRows(calendar, shown), [calendar, shown])
  const weekdays = useMemo(() => gridWeekdays(calendar, shown), [calendar, shown])
  const placed = useMemo(() => placeEntries(shown), [shown])
  const holidays = useMemo(() => (calendar ? holidayCells(calendar) : new Set<string>()), [calendar])
  const periods = useMemo(() => {
    const groups: { period: 1 | 2 | 3; first: number; count: number }[] = []
    rows.forEach((r, i) => {
      const last = groups[groups.length - 1]
      if (last && last.period === r.period) last.count++
      else groups.push({ period: r.period, first: i, count: 1 })
    })
    return groups
  }, [rows])

  const dayNames = lang === 'zh' ? WEEKDAY_NAMES : WEEKDAY_NAMES_EN
  const columns = `36px 76px repeat(${weekdays.length}, minmax(110px, 1fr))`
  return (
    <div
      className={styles.grid}
      style={{ gridTemplateColumns: columns }}
      role="table"
      aria-label={label}
      data-testid="week-grid"
    >
      <div className={styles.head} style={{ gridColumn: '1 / span 2' }} />
      {weekdays.map((d) => {
        const holiday = week != null && holidays.has(`${week}-${d}`)
        return (
          <div key={d} className={styles.head} role="columnheader" data-weekday={d}>
            <Text weight="semibold">{dayNames[d]}</Text>
            {week != null && calendar ? (
              <span className={styles.date}>{dateOf(calendar, week, d).slice(5)}</span>
            ) : null}
            {holiday ? (
              <Badge size="small" color="informative">
                {TEXT.holiday[lang]}
              </Badge>
            ) : null}
          </div>
        )
      })}
      {periods.map((g) => (
        <div
          key={g.period}
          className={styles.period}
          style={{ gridColumn: 1, gridRow: `${g.first + 2} / span ${g.count}` }}
        >
          {TEXT.periods[lang][g.period]}
        </div>
      ))}
      {rows.map((r, i) => (
        <div
          key={r.section}
          className={styles.section}
          style={{ gridColumn: 2, gridRow: i + 2 }}
          role="rowheader"
        >
          <span>{TEXT.section[lang](r.section)}</span>
          {r.startTime ? <span className={styles.time}>{`${r.startTime}-${r.endTime}`}</span> : null}
        </div>
      ))}
      {weekdays.map((d, i) => (
        <div
          key={d}
          className={mergeClasses(styles.day, week != null && holidays.has(`${week}-${d}`) && styles.holiday)}
          style={{
            gridColumn: i + 3,
            gridRow: `2 / span ${Math.max(1, rows.length)}`,
            height: rows.length * ROW_HEIGHT,
          }}
          data-weekday={d}
        >
          {rows.map((r, k) => (
            <div key={r.section} className={styles.line} style={{ top: k * ROW_HEIGHT }} />
          ))}
          {placed
            .filter((p) => p.entry.weekday === d)
            .map((p) => (
              <EntryBox
                key={p.entry.id}
                placed={p}
                week={week}
                onClick={onEntryClick}
                styles={styles}
                lang={lang}
              />
            ))}
        </div>
      ))}
    </div>
  )
}

function EntryBox({
  placed,
  week,
  onClick,
  styles,
  lang,
}: {
  placed: PlacedEntry
  week: number | null
  onClick?: (entry: GridEntry) => void
  styles: ReturnType<typeof useStyles>
  lang: 'zh' | 'en'
}) {
  const { entry, lane, lanes, conflict } = placed
  const span = entry.endSection - entry.startSection + 1
  const className = mergeClasses(
    styles.entry,
    entry.kind === 'booking' && styles.booking,
    conflict && styles.conflict,
    onClick && styles.clickable,
  )
  const details = [entry.rooms?.join('、'), entry.classes?.join('、'), entry.teachers?.join('、')].filter(
    Boolean,
  ) as string[]
  return (
    <div
      className={className}
      role="cell"
      tabIndex={onClick ? 0 : undefined}
      data-entry={entry.id}
      data-start={entry.startSection}
      data-span={span}
      data-lane={lane}
      data-lanes={lanes}
      style={{
        top: (entry.startSection - 1) * ROW_HEIGHT + 2,
        height: span * ROW_HEIGHT - 4,
        left: `calc(${(lane / lanes) * 100}% + 2px)`,
        width: `calc(${100 / lanes}% - 4px)`,
      }}
      title={[entry.title, ...details, formatWeeks(entry.weeks)].join('\n')}
      onClick={onClick ? () => onClick(entry) : undefined}
      onKeyDown={onClick ? (e) => (e.key === 'Enter' ? onClick(entry) : undefined) : undefined}
    >
      <span className={styles.title}>{entry.title}</span>
      {details.map((d) => (
        <span key={d} className={styles.detail}>
          {d}
        </span>
      ))}
      {week == null ? <span className={styles.detail}>{formatWeeks(entry.weeks)}</span> : null}
      {conflict || entry.tag ? (
        <span className={styles.tags}>
          {conflict ? (
            <Badge size="small" color="danger">
              {TEXT.conflict[lang]}
            </Badge>
          ) : null}
          {entry.tag ? (
            <Badge size="small" color="warning">
              {entry.tag}
            </Badge>
          ) : null}
        </span>
      ) : null}
    </div>
  )
}

export default WeekGrid
