/**
 * The week calendar of rooms: the rooms (given, or every room of a lab) and everything that occupies
 * them over a few days, from the occupancy registry in one read per source.
 */
import { asc, eq, inArray } from 'drizzle-orm'
import type { WeekRoom, WeekView } from '../../shared/api/lab'
import { addDays } from '../../shared/resources/lab/time'
import type { Data } from '../core/data'
import { bad } from '../core/errors'
import { labInfo, labRoom } from '../db/schema'
import { kindLabel, occupancy } from './occupancy'

export interface WeekOptions {
  roomIds?: string[]
  labId?: string
  from: string
  days: number
  /** Add who and what more (`detail`): for bookers and staff, not for guests. */
  details: boolean
}

export async function weekView(data: Data, o: WeekOptions): Promise<WeekView> {
  const to = addDays(o.from, o.days - 1)
  const rows = await data.db
    .select({
      id: labRoom.id,
      roomNo: labRoom.roomNo,
      roomName: labRoom.roomName,
      labId: labRoom.labId,
      labName: labInfo.labName,
      seats: labRoom.seats,
      openStart: labRoom.openStart,
      openEnd: labRoom.openEnd,
      status: labRoom.status,
      bookable: labRoom.bookable,
    })
    .from(labRoom)
    .leftJoin(labInfo, eq(labInfo.id, labRoom.labId))
    .where(
      data.rows(labRoom, o.roomIds?.length ? inArray(labRoom.id, o.roomIds) : eq(labRoom.labId, o.labId!)),
    )
    .orderBy(asc(labRoom.roomNo))
  if (o.roomIds?.length && rows.length !== o.roomIds.length) bad('部分房间不存在或已删除')
  const rooms: WeekRoom[] = rows.map((r) => ({
    id: r.id,
    roomNo: r.roomNo ?? '',
    roomName: r.roomName ?? '',
    labId: r.labId ?? '',
    labName: r.labName ?? '',
    seats: r.seats ?? 0,
    openStart: r.openStart ?? '00:00',
    openEnd: r.openEnd ?? '24:00',
    status: r.status,
    bookable: r.bookable ?? 0,
  }))
  const busy = await occupancy(data, { roomIds: rooms.map((r) => r.id), from: o.from, to })
  return {
    from: o.from,
    to,
    rooms,
    busy: busy.map((b) => ({
      roomId: b.roomId,
      date: b.date,
      start: b.start,
      end: b.end,
      kind: b.kind,
      kindLabel: kindLabel(b.kind),
      title: b.title,
      ...(o.details && b.detail ? { detail: b.detail } : {}),
    })),
  }
}
