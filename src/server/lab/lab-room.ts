/**
 * 实验房间 routes: the engine's standard five with the room rules as hooks, and the token-free room
 * list (`unAuthPage`) that 实验室浏览 and the booking form read.
 */
import { asc, count, eq, inArray, isNotNull, notInArray, sum } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { labRoomApi, type LabRoom } from '../../shared/api/lab'
import { labRoomResource } from '../../shared/resources/lab/lab-room'
import { minutesOf } from '../../shared/resources/lab/time'
import { dataOf, publicDataOf, type Data } from '../core/data'
import { ok } from '../core/envelope'
import { bad } from '../core/errors'
import { registerResourceRoutes, type ResourceHooks } from '../core/resource-routes'
import { route } from '../core/route'
import { registerImport } from '../base/spreadsheet'
import { assetsEquipment, labInfo, labRoom, labRoomClosure } from '../db/schema'
import { LEFT_STOCK_STATUS } from '../../shared/resources/assets/equipment'
import { publicTenant } from '../auth/public-tenant'
import { labsById } from './lab-info'

type Row = Record<string, unknown>

/** Rooms with their lab's name, serial and college. */
export async function presentRooms(data: Data, rows: Row[]): Promise<Row[]> {
  const labs = await labsById(
    data,
    rows.map((r) => r.labId as string | null),
  )
  return rows.map((r) => {
    const lab = labs.get(String(r.labId))
    return {
      ...r,
      labName: lab?.labName ?? null,
      labSerial: lab?.serial ?? null,
      deptSerial: lab?.deptSerial ?? null,
    }
  })
}

/** Rows that name a room (`roomId`) with that room's number and name and its lab's name. */
export async function withRooms(data: Data, rows: Row[]): Promise<Row[]> {
  const ids = [...new Set(rows.map((r) => r.roomId).filter((v): v is string => typeof v === 'string'))]
  const rooms = ids.length
    ? await presentRooms(
        data,
        (await data.db
          .select()
          .from(labRoom)
          .where(data.rows(labRoom, inArray(labRoom.id, ids)))) as Row[],
      )
    : []
  const byId = new Map(rooms.map((r) => [String(r.id), r]))
  return rows.map((r) => {
    const room = byId.get(String(r.roomId))
    return {
      ...r,
      roomNo: room?.roomNo ?? null,
      roomName: room?.roomName ?? null,
      labName: room?.labName ?? null,
    }
  })
}

/** What a removal leaves behind: the room's closed periods go with it. */
const removeHooks: Pick<ResourceHooks, 'beforeRemove'> = {
  beforeRemove: async ({ data, ids }) => {
    for (const check of roomRemovalChecks) await check(data, ids)
    await data.repo(labRoomClosure).deleteWhere([inArray(labRoomClosure.roomId, ids)])
  },
}

/** Checks other modules add before rooms are removed (a room with open bookings stays). */
const roomRemovalChecks: ((data: Data, roomIds: string[]) => Promise<void>)[] = []
export const onRoomRemoval = (check: (data: Data, roomIds: string[]) => Promise<void>) => {
  roomRemovalChecks.push(check)
}

const hooks: ResourceHooks = {
  beforeSave: async ({ data, row, isNew, request }) => {
    // Synced by 同步设备, never by a form.
    delete row.equipmentCount
    delete row.equipmentValue
    const bodyId = isNew ? undefined : (request.body as Row | null)?.id
    // An import that covers existing rows names them by room number, not by id.
    const id =
      typeof bodyId === 'string'
        ? bodyId
        : isNew
          ? undefined
          : (await data.repo(labRoom).first(eq(labRoom.roomNo, String(row.roomNo))))?.id
    const current = id ? await data.repo(labRoom).get(id) : null
    const labId = (row.labId ?? current?.labId) as string | undefined
    if (row.labId !== undefined && !(await data.repo(labInfo).get(String(labId)))) bad('所属实验室不存在')
    const open = String(row.openStart ?? current?.openStart ?? '08:00')
    const close = String(row.openEnd ?? current?.openEnd ?? '22:00')
    if (minutesOf(close) <= minutesOf(open)) bad('开放结束时间必须晚于开放开始时间')
  },
  ...removeHooks,
  present: (rows, request) => presentRooms(dataOf(request), rows),
}

/** The room fields shown to anyone. */
const publicRoom = (r: Row) => ({
  id: r.id,
  roomNo: r.roomNo,
  roomName: r.roomName,
  labId: r.labId,
  labName: r.labName,
  labSerial: r.labSerial,
  roomType: r.roomType,
  building: r.building,
  floor: r.floor,
  area: r.area,
  seats: r.seats,
  openStart: r.openStart,
  openEnd: r.openEnd,
  bookable: r.bookable,
  equipmentCount: r.equipmentCount,
  managerName: r.managerName,
  status: r.status,
})

export function registerLabRoomRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, labRoomResource, labRoom, hooks)
  registerImport(app, labRoomResource, labRoom, { hooks, path: labRoomResource.importPath })
  route(app, labRoomApi.equipmentSyncToRoom, async ({ data }) => {
    const synced = await syncEquipmentToRooms(data)
    return ok(synced, `已同步${synced.rooms}个房间的设备（共${synced.equipment}台件）`)
  })

  route(
    app,
    labRoomApi.unAuthPage,
    async ({ query, request }) => {
      const data = publicDataOf(request, await publicTenant(request))
      const page = await data
        .repo(labRoom)
        .page(
          { ...query, status: undefined, status_equal: 1 },
          { filters: { skip: ['tenantId'] }, sort: [asc(labRoom.roomNo), asc(labRoom.id)] },
        )
      const records = (await presentRooms(data, page.records as Row[])).map(publicRoom)
      return ok({ ...page, records: records as unknown as LabRoom[] })
    },
    { config: { public: true, rateLimit: { max: 120, timeWindow: '1 minute' } } },
  )
}

/** 同步设备: each room's 设备台件 and 设备金额 from the register, items that left the stock excluded. */
export async function syncEquipmentToRooms(data: Data): Promise<{ rooms: number; equipment: number }> {
  return data.transaction(async (tx) => {
    const totals = await tx.db
      .select({ roomId: assetsEquipment.roomId, items: count(), value: sum(assetsEquipment.price) })
      .from(assetsEquipment)
      .where(
        tx.rows(
          assetsEquipment,
          isNotNull(assetsEquipment.roomId),
          notInArray(assetsEquipment.statusCode, [...LEFT_STOCK_STATUS]),
        ),
      )
      .groupBy(assetsEquipment.roomId)
    const byRoom = new Map(totals.map((t) => [String(t.roomId), t]))
    const rooms = tx.repo(labRoom, labRoomResource)
    let equipment = 0
    const inScope = await rooms.find()
    for (const room of inScope) {
      const total = byRoom.get(String(room.id))
      equipment += total?.items ?? 0
      await rooms.update(String(room.id), {
        equipmentCount: total?.items ?? 0,
        equipmentValue: total?.value ?? '0',
      })
    }
    return { rooms: inScope.length, equipment }
  })
}
