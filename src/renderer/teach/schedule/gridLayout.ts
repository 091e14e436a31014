import { parseWeeks } from '../../../shared/resources/schedule/weeks'
import { periodRanges, type TermCalendar } from '../../../shared/resources/schedule/calendar'

/** One thing on a week grid: a batch plan (or, for the labs area, a booking). */
export interface GridEntry {
  id: string
  title: string
  weeks: readonly number[] | string
  weekday: number
  startSection: number
  endSection: number
  rooms?: readonly string[]
  classes?: readonly string[]
  teachers?: readonly string[]
  /** A short tag shown on the entry (未发布). */
  tag?: string
  kind?: 'batch' | 'booking'
}

/** Where an entry sits: its weekday column, its rows and its lane among entries sharing cells. */
export interface PlacedEntry {
  entry: GridEntry
  weeks: number[]
  lane: number
  lanes: number
  /** Another shown entry overlaps it in sections and shares a week. */
  conflict: boolean
}

export interface GridRow {
  section: number
  period: 1 | 2 | 3
  startTime: string
  endTime: string
}

/** The rows: the calendar's sections grouped by period, extended to the last section an entry uses. */
export function gridRows(calendar: TermCalendar | null, entries: readonly GridEntry[]): GridRow[] {
  const times = new Map((calendar?.sectionTimes ?? []).map((t) => [t.section, t]))
  const ranges = calendar ? periodRanges(calendar) : []
  const last = Math.max(
    ranges.length ? ranges[ranges.length - 1].end : 0,
    ...entries.map((e) => e.endSection),
    0,
  )
  const rows: GridRow[] = []
  for (let section = 1; section <= last; section++) {
    const period =
      ranges.find((r) => section >= r.start && section <= r.end)?.period ?? (ranges.length ? 3 : 1)
    const t = times.get(section)
    rows.push({ section, period, startTime: t?.startTime ?? '', endTime: t?.endTime ?? '' })
  }
  return rows
}

/** Teaching weekdays, plus any weekday an entry uses (a Saturday lab shows its column). */
export function gridWeekdays(calendar: TermCalendar | null, entries: readonly GridEntry[]): number[] {
  const days = new Set(calendar?.teachingWeekdays ?? [1, 2, 3, 4, 5])
  for (const e of entries) days.add(e.weekday)
  return [...days].sort((a, b) => a - b)
}

/** Entries taking place in `week`; all of them when week is null (全部周). */
export function entriesOfWeek(entries: readonly GridEntry[], week: number | null): GridEntry[] {
  return week == null ? [...entries] : entries.filter((e) => parseWeeks(e.weeks).includes(week))
}

/**
 * Lanes per weekday: entries whose sections overlap form a cluster; each gets the first free lane and
 * the cluster's lane count, so they sit side by side. Conflict = sections overlap and a week is shared.
 */
export function placeEntries(entries: readonly GridEntry[]): PlacedEntry[] {
  const byDay = new Map<number, GridEntry[]>()
  for (const e of entries) byDay.set(e.weekday, [...(byDay.get(e.weekday) ?? []), e])
  const placed: PlacedEntry[] = []
  for (const list of byDay.values()) {
    list.sort(
      (a, b) => a.startSection - b.startSection || a.endSection - b.endSection || (a.id < b.id ? -1 : 1),
    )
    let cluster: PlacedEntry[] = []
    let clusterEnd = -1
    const laneEnds: number[] = []
    const close = () => {
      for (const p of cluster) p.lanes = laneEnds.length
      cluster = []
      laneEnds.length = 0
    }
    for (const entry of list) {
      if (entry.startSection > clusterEnd) close()
      let lane = laneEnds.findIndex((end) => end < entry.startSection)
      if (lane < 0) lane = laneEnds.length
      laneEnds[lane] = entry.endSection
      const p: PlacedEntry = { entry, weeks: parseWeeks(entry.weeks), lane, lanes: 1, conflict: false }
      cluster.push(p)
      placed.push(p)
      clusterEnd = Math.max(clusterEnd, entry.endSection)
    }
    close()
  }
  for (const p of placed)
    p.conflict = placed.some(
      (q) =>
        q !== p &&
        q.entry.weekday === p.entry.weekday &&
        q.entry.startSection <= p.entry.endSection &&
        p.entry.startSection <= q.entry.endSection &&
        q.weeks.some((w) => p.weeks.includes(w)),
    )
  return placed
}
