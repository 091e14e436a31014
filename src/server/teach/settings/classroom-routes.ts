import { asc, notInArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { classroomApi, type FreeRoom } from '../../../shared/api/teach'
import { teachClassroomResource } from '../../../shared/resources/teach/classroom'
import { dataOf } from '../../core/data'
import { ok } from '../../core/envelope'
import { bad } from '../../core/errors'
import { registerResourceRoutes } from '../../core/resource-routes'
import { route } from '../../core/route'
import { labRoom, teachClassroom } from '../../db/schema'
import { freeRoomSearch } from '../extensions'
import { labsByIds, needRoom, roomsByIds } from '../labs'

type Row = Record<string, unknown>

/**
 * 排课教室 (domain 1): a lab room once, with the capacity scheduling uses (default the room's seats),
 * and the picker of rooms not yet added (`lab/labroom/pageExcludeHasBeenUsedRoom`, domain 9.7).
 */
export function registerClassroomRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, teachClassroomResource, teachClassroom, {
    beforeSave: async ({ data, row, isNew, request }) => {
      const id = isNew ? null : String((request.body as Row).id)
      const before = id ? await data.repo(teachClassroom).need(id) : null
      const roomId = String(row.roomId ?? before?.roomId ?? '')
      const room = await needRoom(data, roomId)
      const taken = await data
        .repo(teachClassroom)
        .exists(
          sql`${teachClassroom.roomId} = ${room.id}`,
          id ? sql`${teachClassroom.id} <> ${id}` : undefined,
        )
      if (taken) bad('该房间已是排课教室')
      row.labId = room.labId
      if (row.capacity === undefined && !before)
        row.capacity = room.seats && room.seats > 0 ? Math.min(room.seats, 999) : 30
      if (row.status === undefined && !before) row.status = 1
    },
    present: async (rows, request) => {
      const data = dataOf(request)
      const rooms = await roomsByIds(
        data,
        rows.map((r) => r.roomId as string),
      )
      const labs = await labsByIds(
        data,
        rows.map((r) => (r.labId as string) ?? rooms.get(String(r.roomId))?.labId),
      )
      return rows.map((r) => {
        const room = rooms.get(String(r.roomId))
        return {
          ...r,
          roomName: room?.roomName ?? '',
          roomNo: room?.roomNo ?? '',
          seats: room?.seats ?? null,
          labName: labs.get(String(r.labId ?? room?.labId))?.labName ?? '',
        }
      })
    },
    conflicts: { teach_classroom_room_uq: '该房间已是排课教室' },
  })

  route(app, classroomApi.freeRooms, async ({ query, data }) => {
    // With a time (academicYearId, weeks, weekday, sections) scheduling answers the free 排课教室.
    const timed = freeRoomSearch()
    if (timed && query.academicYearId !== undefined && query.weekday !== undefined)
      return ok((await timed(data, query)) as never)
    const used = await data.repo(teachClassroom).find([])
    const page = await data.repo(labRoom).page(
      { ...query, status_equal: 1 },
      {
        where: [
          used.length
            ? notInArray(
                labRoom.id,
                used.map((c) => c.roomId as string),
              )
            : undefined,
        ],
        sort: [asc(labRoom.roomNo), asc(labRoom.id)],
      },
    )
    const labs = await labsByIds(
      data,
      page.records.map((r) => (r.labId ? String(r.labId) : null)),
    )
    const records: FreeRoom[] = page.records.map((r) => ({
      id: String(r.id),
      roomNo: String(r.roomNo ?? ''),
      roomName: String(r.roomName ?? ''),
      labId: r.labId ? String(r.labId) : null,
      labName: labs.get(String(r.labId))?.labName ?? '',
      seats: r.seats === null || r.seats === undefined ? null : Number(r.seats),
    }))
    return ok({ ...page, records })
  })
}
