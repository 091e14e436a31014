import { asc, inArray } from 'drizzle-orm'
import type { Data } from '../core/data'
import { labInfo, labRoom } from '../db/schema'
import { labsById } from '../lab/lab-info'

/**
 * What teaching reads of the lab area: labs (name, SJ6 serial) and their rooms (name, number, seats).
 * The lab area owns both tables; this is the one place teaching touches them.
 */

export interface LabRef {
  id: string
  labName: string
  serial: string | null
  status: number
}
export interface RoomRef {
  id: string
  roomNo: string
  roomName: string
  labId: string | null
  seats: number | null
  status: number
}

const labOf = (r: typeof labInfo.$inferSelect): LabRef => ({
  id: String(r.id),
  labName: String(r.labName ?? ''),
  serial: r.serial ? String(r.serial) : null,
  status: Number(r.status),
})
const roomOf = (r: typeof labRoom.$inferSelect): RoomRef => ({
  id: String(r.id),
  roomNo: String(r.roomNo ?? ''),
  roomName: String(r.roomName ?? ''),
  labId: r.labId ? String(r.labId) : null,
  seats: r.seats === null || r.seats === undefined ? null : Number(r.seats),
  status: Number(r.status),
})

export async function labsByIds(
  data: Data,
  ids: (string | null | undefined)[],
): Promise<Map<string, LabRef>> {
  const rows = await labsById(data, ids)
  return new Map([...rows].map(([id, r]) => [id, labOf(r)]))
}

export async function needLab(data: Data, id: string): Promise<LabRef> {
  return labOf(await data.repo(labInfo).need(id, '所选实验室不存在'))
}

/** Every lab of the tenant (pickers, imports by 实验室编号). */
export async function allLabs(data: Data): Promise<LabRef[]> {
  const rows = await data
    .repo(labInfo)
    .find([], { sort: [asc(labInfo.serial), asc(labInfo.id)], limit: 10000 })
  return rows.map(labOf)
}

export async function roomsByIds(
  data: Data,
  ids: (string | null | undefined)[],
): Promise<Map<string, RoomRef>> {
  const wanted = [...new Set(ids.filter((s): s is string => !!s))]
  if (!wanted.length) return new Map()
  const rows = await data.repo(labRoom).find([inArray(labRoom.id, wanted)])
  return new Map(rows.map((r) => [String(r.id), roomOf(r)]))
}

export async function needRoom(data: Data, id: string): Promise<RoomRef> {
  return roomOf(await data.repo(labRoom).need(id, '实验房间不存在'))
}
