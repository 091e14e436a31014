/**
 * 实验室检查 › 抽取数据: one row per room that a batch plan of the term uses, and the rooms added by
 * hand, with their lab, college, keeper and the term's batch count read afresh. Recorded findings stay;
 * a row whose room was deleted is flagged 来源数据已删除 (reports-portal.md 7).
 */
import { eq, inArray } from 'drizzle-orm'
import type { ExtractResult } from '../../shared/api/quality'
import type { Data } from '../core/data'
import { labRoom, qualityInspectionRoom } from '../db/schema'
import { deptNames, labsById } from '../lab/lab-info'
import { splitList } from '../teach/schedule/load'
import { termBatches } from './extract-courses'
import { syncSheet } from './sync'
import type { QualityTerm } from './terms'

type RoomRow = typeof labRoom.$inferSelect

/** Each room's number of the term's batch plans. */
export async function batchCountsByRoom(data: Data, termId: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>()
  for (const b of await termBatches(data, termId))
    for (const roomId of splitList(b.roomIds)) counts.set(roomId, (counts.get(roomId) ?? 0) + 1)
  return counts
}

/** The source columns of rooms' rows: names of the room, its lab and the lab's college. */
export async function roomSources(data: Data, rooms: RoomRow[], counts: Map<string, number>) {
  const labs = await labsById(
    data,
    rooms.map((r) => r.labId),
  )
  const colleges = await deptNames(
    data,
    [...labs.values()].map((l) => l.deptSerial),
  )
  return rooms.map((room) => {
    const lab = room.labId ? labs.get(room.labId) : undefined
    return {
      key: room.id,
      values: {
        roomId: room.id,
        roomNo: room.roomNo,
        roomName: room.roomName,
        labCode: lab?.serial ?? null,
        labName: lab?.labName ?? null,
        collegeSerialNum: lab?.deptSerial ?? null,
        collegeName: lab?.deptSerial ? (colleges.get(lab.deptSerial) ?? null) : null,
        manager: room.managerName ?? null,
        batchCount: counts.get(room.id) ?? 0,
      },
    }
  })
}

export async function extractRooms(data: Data, term: QualityTerm): Promise<ExtractResult> {
  const counts = await batchCountsByRoom(data, term.id)
  const added = await data
    .repo(qualityInspectionRoom)
    .find([eq(qualityInspectionRoom.academicYearId, term.id)])
  const ids = [...new Set([...counts.keys(), ...added.map((r) => String(r.roomId))])]
  const rooms = ids.length ? await data.repo(labRoom).find([inArray(labRoom.id, ids)]) : []
  return syncSheet(
    data,
    qualityInspectionRoom,
    term.id,
    qualityInspectionRoom.roomId,
    await roomSources(data, rooms, counts),
  )
}
