/**
 * Room occupancy: one registry every area that puts people in a lab room plugs into, so a booking is
 * checked against all of them and the week calendar shows all of them.
 *
 *   registerOccupancySource({
 *     kind: 'batch',
 *     label: '排课',
 *     list: async (data, { roomIds, from, to }) => [...published batches as Busy rows],
 *   })
 *
 * A source answers the busy intervals of the given rooms between two days (both included): each with
 * its room, day, `HH:mm` start and end (half-open), a title naming the item (『电路实验·第1批』) and a
 * `ref` to the record, so a booking being edited does not clash with itself. Sources read through the
 * caller's `Data` with `data.repo(table)` (no data scope: occupancy is about rooms, not about whose
 * record it is) and must use the handle they are given (inside a booking's transaction).
 *
 * The lab area registers 实验室预约 (pending and approved) and 停用时段; the open area registers the
 * slots of pending and approved 开放实验室申请; scheduling registers published batches.
 */
import type { Data } from '../core/data'

export interface BusyRef {
  kind: string
  id: string
}

export interface Busy {
  roomId: string
  /** yyyy-MM-dd */
  date: string
  /** HH:mm, inclusive */
  start: string
  /** HH:mm, exclusive (`24:00` = end of day) */
  end: string
  kind: string
  /** What occupies the room, e.g. 『电路实验·第1批』; shown to everyone. */
  title: string
  /** Who and what more (teachers, classes, applicant), shown to staff and bookers, not to guests. */
  detail?: string
  ref: BusyRef
  /** 学时 the block counts for in utilisation figures; default its minutes / 45, one decimal. */
  classHours?: number
}

export interface OccupancyQuery {
  roomIds: string[]
  /** yyyy-MM-dd, both included */
  from: string
  to: string
}

export interface OccupancySource {
  /** Stable key, also `Busy.kind`, e.g. `appointment`. */
  kind: string
  /** zh name of the kind in messages: 排课, 实验室预约, 开放实验, 停用时段. */
  label: string
  list(data: Data, query: OccupancyQuery): Promise<Busy[]>
}

const sources = new Map<string, OccupancySource>()

/** Adds (or replaces, by kind) a source of busy intervals. Call at module load of the area. */
export function registerOccupancySource(source: OccupancySource): void {
  sources.set(source.kind, source)
}

export const occupancyKinds = (): { kind: string; label: string }[] =>
  [...sources.values()].map((s) => ({ kind: s.kind, label: s.label }))

export const kindLabel = (kind: string): string => sources.get(kind)?.label ?? kind

export interface OccupancyOptions {
  /** Records whose own intervals do not count (the booking being edited or approved). */
  exclude?: BusyRef[]
  /** Only these kinds. */
  kinds?: string[]
}

/** Every busy interval of the rooms in the date range, sorted by room, day and start. */
export async function occupancy(
  data: Data,
  query: OccupancyQuery,
  options: OccupancyOptions = {},
): Promise<Busy[]> {
  if (!query.roomIds.length || query.from > query.to) return []
  const skip = new Set((options.exclude ?? []).map((r) => `${r.kind}:${r.id}`))
  const out: Busy[] = []
  for (const source of sources.values()) {
    if (options.kinds && !options.kinds.includes(source.kind)) continue
    for (const busy of await source.list(data, query))
      if (!skip.has(`${busy.ref.kind}:${busy.ref.id}`)) out.push(busy)
  }
  return out.sort(
    (a, b) =>
      a.roomId.localeCompare(b.roomId) || a.date.localeCompare(b.date) || a.start.localeCompare(b.start),
  )
}
