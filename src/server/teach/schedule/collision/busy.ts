import {
  firstHoliday,
  holidayCells,
  periodRanges,
  periodOf,
  type TermCalendar,
} from '../../../../shared/resources/schedule/calendar'
import { maskToWeeks } from '../../../../shared/resources/schedule/weeks'
import { overlaps, type CollisionKind, type PlanSlot } from './engine'

/** One reason a candidate time is taken: a party it shares with a plan already there. */
export interface Clash {
  kind: CollisionKind
  /** Teacher id, room id, class number; for students the first shared student number. */
  partyKey: string
  other: PlanSlot
  /** Student clashes: every shared student. */
  students?: string[]
}

/**
 * Who is busy when, for one term: the live plans bucketed by (kind, weekday, party) — the same rule as
 * the collision engine, asked of one candidate at a time. timeList, timeWeekList, timeListAdjust, the
 * suggestions and generateTime all ask this index.
 */
export class BusyIndex {
  private readonly buckets = new Map<string, PlanSlot[]>()

  constructor(plans: readonly PlanSlot[]) {
    for (const p of plans) this.add(p)
  }

  add(p: PlanSlot): void {
    for (const t of new Set(p.teachers)) this.put(`teacher:${p.weekday}:${t}`, p)
    for (const r of new Set(p.rooms)) this.put(`room:${p.weekday}:${r}`, p)
    if (!p.assigned) for (const c of new Set(p.classes)) this.put(`class:${p.weekday}:${c}`, p)
    for (const s of new Set(p.students)) this.put(`student:${p.weekday}:${s}`, p)
  }

  private put(key: string, p: PlanSlot): void {
    const list = this.buckets.get(key)
    if (list) list.push(p)
    else this.buckets.set(key, [p])
  }

  private at(kind: CollisionKind, weekday: number, party: string): readonly PlanSlot[] {
    return this.buckets.get(`${kind}:${weekday}:${party}`) ?? []
  }

  /** Everything `candidate` would collide with, leaving out the plans in `exclude` (itself, moved ones). */
  clashes(candidate: PlanSlot, exclude: ReadonlySet<string> = new Set()): Clash[] {
    const out: Clash[] = []
    const live = (q: PlanSlot) => q.id !== candidate.id && !exclude.has(q.id) && overlaps(candidate, q)
    for (const t of new Set(candidate.teachers))
      for (const q of this.at('teacher', candidate.weekday, t))
        if (live(q)) out.push({ kind: 'teacher', partyKey: t, other: q })
    for (const r of new Set(candidate.rooms))
      for (const q of this.at('room', candidate.weekday, r))
        if (live(q)) out.push({ kind: 'room', partyKey: r, other: q })
    if (!candidate.assigned)
      for (const c of new Set(candidate.classes))
        for (const q of this.at('class', candidate.weekday, c))
          if (live(q)) out.push({ kind: 'class', partyKey: c, other: q })
    const shared = new Map<PlanSlot, string[]>()
    for (const s of new Set(candidate.students))
      for (const q of this.at('student', candidate.weekday, s))
        if ((candidate.assigned || q.assigned) && live(q)) {
          const list = shared.get(q)
          if (list) list.push(s)
          else shared.set(q, [s])
        }
    for (const [q, students] of shared)
      out.push({ kind: 'student', partyKey: students[0], other: q, students: students.sort() })
    return out
  }
}

export interface Cell {
  weekday: number
  section: number
  free: boolean
  holiday: boolean
  reasons: string[]
}

export type ReasonOf = (clash: Clash) => string

const at = (p: PlanSlot, over: Partial<PlanSlot>): PlanSlot => ({ ...p, ...over })

/**
 * The 星期 × 节次 grid of one candidate (its parties and weeks): each cell free, on a holiday (any of
 * the weeks), or busy with the reasons. Only teaching weekdays.
 */
export function cellGrid(
  calendar: TermCalendar,
  index: BusyIndex,
  candidate: PlanSlot,
  reason: ReasonOf,
  exclude: ReadonlySet<string> = new Set(),
): Cell[] {
  const cells: Cell[] = []
  const holidays = holidayCells(calendar)
  const weeks = maskToWeeks(candidate.weekMask)
  const total = calendar.morningSections + calendar.afternoonSections + calendar.eveningSections
  for (const weekday of [...calendar.teachingWeekdays].sort((a, b) => a - b)) {
    const holiday = weeks.some((w) => holidays.has(`${w}-${weekday}`))
    for (let section = 1; section <= total; section++) {
      const reasons = [
        ...new Set(
          index
            .clashes(at(candidate, { weekday, startSection: section, endSection: section }), exclude)
            .map(reason),
        ),
      ]
      cells.push({ weekday, section, free: !holiday && !reasons.length, holiday, reasons })
    }
  }
  return cells
}

export interface WeekCell {
  week: number
  free: boolean
  holiday: boolean
  reasons: string[]
}

/** One weekday and section range, week by week (the wizard's weeks strip). */
export function weekStrip(
  calendar: TermCalendar,
  index: BusyIndex,
  candidate: PlanSlot,
  reason: ReasonOf,
  exclude: ReadonlySet<string> = new Set(),
): WeekCell[] {
  const holidays = holidayCells(calendar)
  const out: WeekCell[] = []
  for (let week = 1; week <= calendar.weeks; week++) {
    const holiday =
      holidays.has(`${week}-${candidate.weekday}`) || !calendar.teachingWeekdays.includes(candidate.weekday)
    const reasons = [
      ...new Set(index.clashes(at(candidate, { weekMask: 1 << (week - 1) }), exclude).map(reason)),
    ]
    out.push({ week, free: !holiday && !reasons.length, holiday, reasons })
  }
  return out
}

export interface FreeTime {
  weekday: number
  startSection: number
  endSection: number
}

/**
 * Same-length blocks inside one period on a teaching weekday, no holiday in the plan's weeks, where
 * every party is free in all of them; same weekday first, then section distance, then weekday
 * distance (teaching.md 5.1). The plan's own time is left out.
 */
export function freeTimes(
  calendar: TermCalendar,
  index: BusyIndex,
  plan: PlanSlot,
  options: { exclude?: ReadonlySet<string>; limit?: number; weekdays?: readonly number[] } = {},
): FreeTime[] {
  const length = plan.endSection - plan.startSection + 1
  const weeks = maskToWeeks(plan.weekMask)
  const found: FreeTime[] = []
  const weekdays = (options.weekdays ?? calendar.teachingWeekdays).filter((d) =>
    calendar.teachingWeekdays.includes(d),
  )
  for (const weekday of weekdays) {
    if (firstHoliday(calendar, weeks, weekday)) continue
    for (const range of periodRanges(calendar))
      for (let start = range.start; start + length - 1 <= range.end; start++) {
        if (weekday === plan.weekday && start === plan.startSection) continue
        const candidate = at(plan, { weekday, startSection: start, endSection: start + length - 1 })
        if (!index.clashes(candidate, options.exclude).length)
          found.push({ weekday, startSection: start, endSection: start + length - 1 })
      }
  }
  found.sort(
    (x, y) =>
      Number(x.weekday !== plan.weekday) - Number(y.weekday !== plan.weekday) ||
      Math.abs(x.startSection - plan.startSection) - Math.abs(y.startSection - plan.startSection) ||
      Math.abs(x.weekday - plan.weekday) - Math.abs(y.weekday - plan.weekday) ||
      x.weekday - y.weekday ||
      x.startSection - y.startSection,
  )
  return found.slice(0, options.limit ?? 10)
}

export interface RoomOption {
  id: string
  labId: string | null
  capacity: number
}

/**
 * 启用 排课教室 other than the plan's, big enough, free at the plan's weeks, weekday and sections;
 * same lab first, then capacity ascending (teaching.md 5.1).
 */
export function freeRooms(
  index: BusyIndex,
  plan: PlanSlot,
  rooms: readonly RoomOption[],
  options: { studentCount: number; labId?: string | null; exclude?: ReadonlySet<string>; limit?: number },
): RoomOption[] {
  const own = new Set(plan.rooms)
  return rooms
    .filter((r) => !own.has(r.id) && r.capacity >= options.studentCount)
    .filter((r) => {
      const probe = {
        ...plan,
        id: `room-probe:${plan.id}`,
        teachers: [],
        classes: [],
        students: [],
        assigned: true,
        rooms: [r.id],
      }
      return !index.clashes(probe, new Set([plan.id, ...(options.exclude ?? [])])).length
    })
    .sort(
      (x, y) =>
        Number(x.labId !== options.labId) - Number(y.labId !== options.labId) ||
        x.capacity - y.capacity ||
        (x.id < y.id ? -1 : 1),
    )
    .slice(0, options.limit ?? 10)
}

/** Does a block stay inside one period? */
export function inOnePeriod(calendar: TermCalendar, start: number, end: number): boolean {
  return periodOf(calendar, start) === periodOf(calendar, end)
}
