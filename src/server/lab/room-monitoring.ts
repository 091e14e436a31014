/**
 * 房间监控: the devices of rooms (the engine's standard five and import), the lab → room tree the
 * screen filters by, and the room picker.
 */
import { asc, count, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { roomMonitoringApi, type RoomTreeNode } from '../../shared/api/lab'
import { roomMonitoringResource } from '../../shared/resources/lab/room-monitoring'
import { dataOf } from '../core/data'
import { ok } from '../core/envelope'
import { bad } from '../core/errors'
import { registerResourceRoutes, type ResourceHooks } from '../core/resource-routes'
import { route } from '../core/route'
import { registerImport } from '../base/spreadsheet'
import { labInfo, labRoom, labRoomMonitoring } from '../db/schema'
import { forest } from './lab-info'
import type { LabNode } from '../../shared/api/lab'
import { onRoomRemoval, withRooms } from './lab-room'

const hooks: ResourceHooks = {
  beforeSave: async ({ data, row }) => {
    if (row.roomId !== undefined && !(await data.repo(labRoom).get(String(row.roomId)))) bad('所选房间不存在')
  },
  present: (rows, request) => withRooms(dataOf(request), rows),
  readScope: (request) => [roomsChosen((request.query as Record<string, unknown>).roomIds)],
}

/**
 * `roomIds` (comma-separated): the rooms of the node chosen in the screen's tree; a lab without rooms
 * sends a value that names none, and so lists nothing.
 */
function roomsChosen(value: unknown) {
  if (value === undefined || value === '') return undefined
  const ids = String(value)
    .split(',')
    .filter((id) => /^\d+$/.test(id))
  return ids.length ? inArray(labRoomMonitoring.roomId, ids) : sql`false`
}

// A room's devices go with it.
onRoomRemoval(async (data, roomIds) => {
  await data
    .repo(labRoomMonitoring)
    .updateWhere([inArray(labRoomMonitoring.roomId, roomIds)], { isDeleted: 1 } as never)
})

export function registerRoomMonitoringRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, roomMonitoringResource, labRoomMonitoring, hooks)
  registerImport(app, roomMonitoringResource, labRoomMonitoring, {
    hooks,
    path: roomMonitoringResource.importPath,
  })

  route(app, roomMonitoringApi.roomTree, async ({ query, data }) => {
    const labs = await data.db
      .select()
      .from(labInfo)
      .where(data.rows(labInfo))
      .orderBy(asc(labInfo.sort), asc(labInfo.serial))
    const roomRepo = data.repo(labRoom)
    const rooms = await roomRepo.list(
      { roomNo: query.roomNo, roomName: query.roomName },
      { filters: { skip: ['tenantId'] }, sort: [asc(labRoom.roomNo)] },
    )
    const counts = rooms.length
      ? await data.db
          .select({ roomId: labRoomMonitoring.roomId, n: count() })
          .from(labRoomMonitoring)
          .where(
            data.rows(
              labRoomMonitoring,
              inArray(
                labRoomMonitoring.roomId,
                rooms.map((r) => r.id),
              ),
            ),
          )
          .groupBy(labRoomMonitoring.roomId)
      : []
    const monitors = new Map(counts.map((c) => [String(c.roomId), Number(c.n)]))
    const filtering = Boolean(query.roomNo || query.roomName)
    const roomsOf = new Map<string, RoomTreeNode[]>()
    for (const r of rooms) {
      const list = roomsOf.get(String(r.labId)) ?? []
      list.push({
        id: r.id,
        key: r.id,
        title: `${r.roomNo} ${r.roomName ?? ''}`.trim(),
        type: 'room',
        monitors: monitors.get(r.id) ?? 0,
      })
      roomsOf.set(String(r.labId), list)
    }
    const toNode = (n: LabNode): RoomTreeNode | null => {
      const children = [
        ...(n.children ?? []).map(toNode).filter((c): c is RoomTreeNode => c !== null),
        ...(roomsOf.get(n.id) ?? []),
      ]
      if (filtering && !children.length) return null
      return { id: n.id, key: n.id, title: n.title, type: 'lab', children }
    }
    return ok(
      forest(labs)
        .map(toNode)
        .filter((n): n is RoomTreeNode => n !== null),
    )
  })

  route(app, roomMonitoringApi.select, async ({ query, data }) => {
    const rows = await data.db
      .select({
        id: labRoom.id,
        roomNo: labRoom.roomNo,
        roomName: labRoom.roomName,
        labName: labInfo.labName,
      })
      .from(labRoom)
      .leftJoin(labInfo, eq(labInfo.id, labRoom.labId))
      .where(
        data.rows(
          labRoom,
          query.labId && /^\d+$/.test(String(query.labId))
            ? eq(labRoom.labId, String(query.labId))
            : undefined,
        ),
      )
      .orderBy(asc(labRoom.roomNo))
      .limit(5000)
    return ok(
      rows.map((r) => ({
        id: r.id,
        roomNo: r.roomNo ?? '',
        roomName: r.roomName ?? '',
        labName: r.labName ?? '',
      })),
    )
  })
}
