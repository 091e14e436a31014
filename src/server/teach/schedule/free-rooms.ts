import type { Data } from '../../core/data'
import { paginate } from '../../core/data'
import { parsePaging } from '../../core/query'
import type { Page } from '../../core/envelope'
import { FreeRoomTimeQuery, type RoomChoice } from '../../../shared/api/schedule'
import { weeksToMask } from '../../../shared/resources/schedule/weeks'
import { loadTermPlans } from './load'
import { freeClassroomsAt } from './suggestions'
import { checkTime } from './rules'
import { termCalendar } from './term'

/** Does a `lab/labroom/pageExcludeHasBeenUsedRoom` query name a time (the scheduling variant)? */
export const namesTime = (query: Record<string, unknown>): boolean =>
  ['academicYearId', 'weeks', 'weekday', 'startSection', 'endSection'].every(
    (k) => query[k] !== undefined && query[k] !== '',
  )

/**
 * `lab/labroom/pageExcludeHasBeenUsedRoom` with a time (teaching.md 9.7): the 启用 排课教室 free at the
 * term's weeks, weekday and sections (big enough when `studentCount` is given; `excludeIds` leaves
 * batch plans being edited out), same lab first then smaller first, paged. The teach area's route
 * answers the no-time variant and hands a timed query here.
 */
export async function freeClassroomsPage(
  data: Data,
  raw: Record<string, unknown>,
): Promise<Page<RoomChoice>> {
  const parsed = FreeRoomTimeQuery.safeParse(raw)
  if (!parsed.success)
    throw Object.assign(new Error(parsed.error.issues[0]?.message ?? '参数错误'), { statusCode: 400 })
  const q = parsed.data
  const calendar = await termCalendar(data, q.academicYearId)
  checkTime(calendar, {
    weeks: q.weeks,
    weekday: q.weekday,
    startSection: q.startSection,
    endSection: q.endSection,
  })
  const plans = await loadTermPlans(data, q.academicYearId)
  const slot = {
    id: 'free-room-probe',
    weekMask: weeksToMask(q.weeks),
    weekday: q.weekday,
    startSection: q.startSection,
    endSection: q.endSection,
    teachers: [],
    rooms: [],
    classes: [],
    assigned: true,
    students: [],
  }
  const rooms = await freeClassroomsAt(data, plans, slot, {
    studentCount: q.studentCount ?? 0,
    exclude: new Set(q.excludeIds ?? []),
    limit: 10000,
  })
  return paginate(parsePaging(raw), {
    rows: async (limit, offset) => rooms.slice(offset, offset + limit),
    count: async () => rooms.length,
  })
}
