import { eq } from 'drizzle-orm'
import type { Data } from '../../core/data'
import { labRoom, teachClassroom } from '../../db/schema'
import type { BatchPlanRow } from '../../db/schema/schedule'
import type { CollisionSuggestions, RoomChoice } from '../../../shared/api/schedule'
import { formatWhen, maskToWeeks } from '../../../shared/resources/schedule/weeks'
import { BATCH_STATUS } from '../../../shared/resources/schedule/codes'
import { BusyIndex, freeRooms, freeTimes } from './collision/busy'
import type { PlanSlot } from './collision/engine'
import { loadTermPlans, recordsOf } from './load'
import { namesOf } from './names'
import { termCalendar } from './term'
import { viewOf } from './views'

/** Every 启用 排课教室 with its capacity (排课容量, else the room's seats), lab and names. */
export async function enabledClassrooms(data: Data): Promise<RoomChoice[]> {
  const rows = await data.db
    .select({
      id: teachClassroom.roomId,
      capacity: teachClassroom.capacity,
      seats: labRoom.seats,
      labId: labRoom.labId,
      roomNo: labRoom.roomNo,
      roomName: labRoom.roomName,
    })
    .from(teachClassroom)
    .innerJoin(labRoom, eq(labRoom.id, teachClassroom.roomId))
    .where(data.rows(teachClassroom, eq(teachClassroom.status, 1), data.rows(labRoom)))
  const names = await namesOf(data, [], { roomIds: rows.map((r) => r.id!) })
  return rows.map((r) => ({
    id: r.id!,
    roomNo: String(r.roomNo ?? ''),
    roomName: String(r.roomName || r.roomNo || ''),
    labId: r.labId ?? null,
    labName: names.rooms.get(r.id!)?.labName ?? '',
    capacity: Number(r.capacity || r.seats || 0),
  }))
}

/** Free 启用 排课教室 at a slot, big enough, same lab first then smaller first (teaching.md 5.1, 9.7). */
export async function freeClassroomsAt(
  data: Data,
  plans: readonly PlanSlot[],
  slot: PlanSlot,
  options: { studentCount: number; labId?: string | null; exclude?: ReadonlySet<string>; limit?: number },
): Promise<RoomChoice[]> {
  const rooms = await enabledClassrooms(data)
  const byId = new Map(rooms.map((r) => [r.id, r]))
  const index = new BusyIndex(plans)
  return freeRooms(index, slot, rooms, options).map((r) => byId.get(r.id)!)
}

/**
 * Suggestions around one side of a collision: free rooms at its time and free same-length times for
 * all its parties in all its weeks (teaching.md 5.1).
 */
export async function suggestionsFor(
  data: Data,
  row: BatchPlanRow,
  side: 'A' | 'B',
): Promise<CollisionSuggestions> {
  const term = String(row.academicYearId)
  const calendar = await termCalendar(data, term)
  const plans = await loadTermPlans(data, term)
  const [slot] = await recordsOf(data, [row])
  const index = new BusyIndex(plans)
  const names = await namesOf(data, [row])
  const ownLab = names.rooms.get(slot.rooms[0] ?? '')?.labId ?? null
  const rooms = await freeClassroomsAt(data, plans, slot, {
    studentCount: Number(row.studentCount ?? 0),
    labId: ownLab,
  })
  const times = freeTimes(calendar, index, slot).map((t) => ({
    ...t,
    text: formatWhen(maskToWeeks(slot.weekMask), t.weekday, t.startSection, t.endSection),
  }))
  return {
    side,
    plan: viewOf(row, names, { calendar }),
    published: Number(row.status) === BATCH_STATUS.published,
    rooms,
    times,
    noTimes: times.length ? '' : '无可用时间（可改用建议房间或调整周次）',
  }
}
