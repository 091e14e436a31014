/**
 * The rules every room booking obeys (实验室预约 and, through the slots they open, 开放实验室):
 * the room is enabled and bookable, the time lies inside its opening hours, the headcount fits its
 * seats, and nothing in the occupancy registry (timetable entries, pending or approved bookings, open
 * slots, closed periods) overlaps it. A refusal names what is in the way and offers what is free: other
 * rooms at the same time and the room's own free periods that day.
 */
import { eq, inArray, ne } from 'drizzle-orm'
import type { Data } from '../core/data'
import { bad } from '../core/errors'
import { labInfo, labRoom } from '../db/schema'
import { localNowTime, localToday, minutesOf, overlaps, timeOf } from '../../shared/resources/lab/time'
import { kindLabel, occupancy, type Busy, type BusyRef } from './occupancy'

export type Room = typeof labRoom.$inferSelect

export interface BookingRequest {
  roomId: string
  date: string
  start: string
  end: string
  headcount?: number | null
  /** The booking's own record(s), which never clash with themselves. */
  exclude?: BusyRef[]
}

/** A busy interval as the booker sees it. */
export interface Conflict {
  roomId: string
  roomNo: string
  date: string
  start: string
  end: string
  kind: string
  kindLabel: string
  title: string
  detail?: string
  /** 房间 A301 2025-10-08 08:00-10:00『电路实验·第1批』（排课） */
  text: string
}

export interface FreeRoom {
  id: string
  roomNo: string
  roomName: string
  labId: string
  labName: string
  seats: number
}

export interface FreeSlot {
  start: string
  end: string
}

export interface BookingCheck {
  ok: boolean
  conflicts: Conflict[]
  /** Other rooms free for the whole requested time (same lab first, then fewest seats); ≤ 10. */
  rooms: FreeRoom[]
  /** The room's free periods that day inside its opening hours (≥ 30 minutes each). */
  slots: FreeSlot[]
}

const MIN_SLOT = 30
const MAX_ROOMS = 10

/** The room (live, this tenant), or a 400. `lock` takes its row lock for the caller's transaction. */
export async function roomFor(data: Data, roomId: string, options: { lock?: boolean } = {}): Promise<Room> {
  const q = data.db
    .select()
    .from(labRoom)
    .where(data.rows(labRoom, eq(labRoom.id, roomId)))
    .limit(1)
  const [room] = options.lock ? await q.for('update') : await q
  return room ?? bad('所选房间不存在或已删除')
}

/** The rules that need no other booking: time shape, opening hours, seats, room state. */
export function checkShape(room: Room, req: BookingRequest, options: { allowPast?: boolean } = {}): void {
  const start = minutesOf(req.start)
  const end = minutesOf(req.end)
  if (end <= start) bad('结束时间必须晚于开始时间')
  if (end - start < 15) bad('预约时长不能少于15分钟')
  if (room.status !== 1) bad(`房间${room.roomNo}已停用，不能预约`)
  if (room.bookable !== 1) bad(`房间${room.roomNo}不开放预约`)
  const open = room.openStart ?? '00:00'
  const close = room.openEnd ?? '24:00'
  if (start < minutesOf(open) || end > minutesOf(close))
    bad(`房间${room.roomNo}的开放时间为${open}-${close}，请在开放时间内预约`)
  if (req.headcount != null && room.seats != null && req.headcount > room.seats)
    bad(`使用人数（${req.headcount}）超过房间${room.roomNo}的座位数（${room.seats}）`)
  if (!options.allowPast) {
    const today = localToday()
    if (req.date < today || (req.date === today && req.start < localNowTime())) bad('不能预约已经过去的时间')
  }
}

const conflictOf = (b: Busy, roomNo: string): Conflict => ({
  roomId: b.roomId,
  roomNo,
  date: b.date,
  start: b.start,
  end: b.end,
  kind: b.kind,
  kindLabel: kindLabel(b.kind),
  title: b.title,
  detail: b.detail,
  text: `房间${roomNo} ${b.date} ${b.start}-${b.end}${b.title}（${kindLabel(b.kind)}）`,
})

/** Free periods of [open, close) after removing the busy intervals, at least `min` minutes long. */
export function freePeriods(
  open: number,
  close: number,
  busy: { start: number; end: number }[],
  min = MIN_SLOT,
): FreeSlot[] {
  const out: FreeSlot[] = []
  let cursor = open
  for (const b of [...busy].sort((x, y) => x.start - y.start)) {
    if (b.start > cursor && b.start - cursor >= min)
      out.push({ start: timeOf(cursor), end: timeOf(Math.min(b.start, close)) })
    cursor = Math.max(cursor, b.end)
    if (cursor >= close) break
  }
  if (close - cursor >= min) out.push({ start: timeOf(cursor), end: timeOf(close) })
  return out.filter((s) => minutesOf(s.end) > minutesOf(s.start))
}

/** Conflicts of the request, and the alternatives when there are any. */
export async function checkBooking(data: Data, room: Room, req: BookingRequest): Promise<BookingCheck> {
  const start = minutesOf(req.start)
  const end = minutesOf(req.end)
  const dayBusy = await occupancy(
    data,
    { roomIds: [room.id], from: req.date, to: req.date },
    { exclude: req.exclude },
  )
  const conflicts = dayBusy
    .filter((b) => overlaps(start, end, minutesOf(b.start), minutesOf(b.end)))
    .map((b) => conflictOf(b, room.roomNo ?? ''))
  if (!conflicts.length) return { ok: true, conflicts, rooms: [], slots: [] }
  const today = localToday()
  const from =
    req.date === today
      ? Math.max(minutesOf(room.openStart ?? '00:00'), roundUp(minutesOf(localNowTime())))
      : minutesOf(room.openStart ?? '00:00')
  const slots = freePeriods(
    from,
    minutesOf(room.openEnd ?? '24:00'),
    dayBusy.map((b) => ({ start: minutesOf(b.start), end: minutesOf(b.end) })),
  )
  return { ok: false, conflicts, rooms: await freeRooms(data, room, req), slots }
}

const roundUp = (m: number) => Math.ceil(m / 10) * 10

/** Other enabled, bookable rooms with the seats, open then and with nothing booked then. */
async function freeRooms(data: Data, room: Room, req: BookingRequest): Promise<FreeRoom[]> {
  const candidates = await data.db
    .select({
      id: labRoom.id,
      roomNo: labRoom.roomNo,
      roomName: labRoom.roomName,
      labId: labRoom.labId,
      seats: labRoom.seats,
      openStart: labRoom.openStart,
      openEnd: labRoom.openEnd,
    })
    .from(labRoom)
    .where(data.rows(labRoom, ne(labRoom.id, room.id), eq(labRoom.status, 1), eq(labRoom.bookable, 1)))
  const start = minutesOf(req.start)
  const end = minutesOf(req.end)
  const fitting = candidates.filter(
    (c) =>
      (req.headcount == null || (c.seats ?? 0) >= req.headcount) &&
      minutesOf(c.openStart ?? '00:00') <= start &&
      minutesOf(c.openEnd ?? '24:00') >= end,
  )
  if (!fitting.length) return []
  const busy = await occupancy(data, { roomIds: fitting.map((c) => c.id), from: req.date, to: req.date })
  const taken = new Set(
    busy.filter((b) => overlaps(start, end, minutesOf(b.start), minutesOf(b.end))).map((b) => b.roomId),
  )
  const free = fitting
    .filter((c) => !taken.has(c.id))
    .sort(
      (a, b) =>
        Number(b.labId === room.labId) - Number(a.labId === room.labId) ||
        (a.seats ?? 0) - (b.seats ?? 0) ||
        (a.roomNo ?? '').localeCompare(b.roomNo ?? ''),
    )
    .slice(0, MAX_ROOMS)
  const labIds = [...new Set(free.map((f) => f.labId).filter((v): v is string => !!v))]
  const labs = labIds.length
    ? await data.db
        .select({ id: labInfo.id, labName: labInfo.labName })
        .from(labInfo)
        .where(data.rows(labInfo, inArray(labInfo.id, labIds)))
    : []
  const names = new Map(labs.map((l) => [l.id, l.labName]))
  return free.map((f) => ({
    id: f.id,
    roomNo: f.roomNo ?? '',
    roomName: f.roomName ?? '',
    labId: f.labId ?? '',
    labName: names.get(f.labId ?? '') ?? '',
    seats: f.seats ?? 0,
  }))
}

/**
 * The refusal of a clashing booking: what is in the way, then the free rooms and the room's free
 * periods that day.
 */
export function refusal(room: Room, req: BookingRequest, check: BookingCheck): string {
  const shown = check.conflicts.slice(0, 5).map((c) => c.text)
  const more = check.conflicts.length > 5 ? `等${check.conflicts.length}项` : ''
  const parts = [`该时段与以下安排冲突：${shown.join('；')}${more}`]
  if (check.rooms.length)
    parts.push(
      `同一时段可预约的空闲房间：${check.rooms
        .slice(0, 5)
        .map((r) => `${r.roomNo} ${r.roomName}（${r.seats}座）`)
        .join('、')}`,
    )
  else parts.push('同一时段没有其他空闲房间')
  if (check.slots.length)
    parts.push(
      `房间${room.roomNo}在${req.date}的空闲时段：${check.slots.map((s) => `${s.start}-${s.end}`).join('、')}`,
    )
  else parts.push(`房间${room.roomNo}在${req.date}已无空闲时段`)
  return parts.join('。')
}

/** Checks the request in full and refuses it (400) with the conflicts and alternatives named. */
export async function assertBookable(
  data: Data,
  room: Room,
  req: BookingRequest,
  options: { allowPast?: boolean } = {},
): Promise<void> {
  checkShape(room, req, options)
  const check = await checkBooking(data, room, req)
  if (!check.ok) bad(refusal(room, req, check))
}
