/**
 * 停用时段 of rooms: the routes that keep them and their place in the occupancy registry (a closed
 * period blocks every booking of the room, whole days or a daily window).
 */
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { labRoomApi, type RoomClosure } from '../../shared/api/lab'
import { addDays, daysFrom, minutesOf, overlaps } from '../../shared/resources/lab/time'
import type { Data } from '../core/data'
import { done, ok } from '../core/envelope'
import { bad } from '../core/errors'
import { route } from '../core/route'
import { labRoom, labRoomClosure } from '../db/schema'
import { kindLabel, occupancy, registerOccupancySource, type Busy } from './occupancy'

const asClosure = (r: typeof labRoomClosure.$inferSelect): RoomClosure => ({
  id: r.id,
  roomId: r.roomId,
  startDate: r.startDate,
  endDate: r.endDate,
  startTime: r.startTime,
  endTime: r.endTime,
  reason: r.reason,
})

registerOccupancySource({
  kind: 'closure',
  label: '停用时段',
  async list(data, { roomIds, from, to }) {
    const rows = await data.db
      .select()
      .from(labRoomClosure)
      .where(
        data.rows(
          labRoomClosure,
          inArray(labRoomClosure.roomId, roomIds),
          lte(labRoomClosure.startDate, to),
          gte(labRoomClosure.endDate, from),
        ),
      )
    const out: Busy[] = []
    for (const r of rows) {
      const first = r.startDate > from ? r.startDate : from
      const last = r.endDate < to ? r.endDate : to
      for (const date of daysFrom(first, last))
        out.push({
          roomId: r.roomId,
          date,
          start: r.startTime ?? '00:00',
          end: r.endTime ?? '24:00',
          kind: 'closure',
          title: `『${r.reason}』`,
          ref: { kind: 'closure', id: r.id },
          classHours: 0,
        })
    }
    return out
  },
})

/** Kinds a closed period may not cover: bookings people hold (the timetable keeps its own holidays). */
const BOOKINGS = new Set(['appointment', 'open'])

async function refuseBooked(
  data: Data,
  roomNo: string,
  body: { roomId: string; startDate: string; endDate: string; startTime?: string; endTime?: string },
) {
  const start = minutesOf(body.startTime ?? '00:00')
  const end = minutesOf(body.endTime ?? '24:00')
  const held = (
    await occupancy(data, { roomIds: [body.roomId], from: body.startDate, to: body.endDate })
  ).filter((b) => BOOKINGS.has(b.kind) && overlaps(start, end, minutesOf(b.start), minutesOf(b.end)))
  if (held.length)
    bad(
      `房间${roomNo}在该时段已有预约，请先处理：${held
        .slice(0, 5)
        .map((b) => `${b.date} ${b.start}-${b.end}${b.title}（${kindLabel(b.kind)}）`)
        .join('；')}${held.length > 5 ? `等${held.length}项` : ''}`,
    )
}

/** How far a closed period may reach (a room closed for longer is 停用). */
const MAX_DAYS = 366

export function registerClosureRoutes(app: FastifyInstance) {
  route(app, labRoomApi.closureList, async ({ query, data }) => {
    await data.repo(labRoom).need(query.roomId, '房间不存在或已删除')
    const rows = await data.repo(labRoomClosure).find([eq(labRoomClosure.roomId, query.roomId)], {
      sort: [asc(labRoomClosure.startDate), asc(labRoomClosure.id)],
    })
    return ok(rows.map(asClosure))
  })

  route(app, labRoomApi.closureSubmit, async ({ body, data }) => {
    if (body.endDate > addDays(body.startDate, MAX_DAYS))
      bad('停用时段不能超过一年，长期不用请将房间设为停用')
    const id = await data.transaction(async (tx) => {
      const room = await tx.repo(labRoom).need(body.roomId, '房间不存在或已删除')
      await refuseBooked(tx, room.roomNo ?? '', body)
      const values = {
        roomId: body.roomId,
        startDate: body.startDate,
        endDate: body.endDate,
        startTime: body.startTime ?? null,
        endTime: body.endTime ?? null,
        reason: body.reason,
      }
      const repo = tx.repo(labRoomClosure)
      if (!body.id) return (await repo.insert(values))[0]
      const changed = await repo.updateWhere(
        [and(eq(labRoomClosure.id, body.id), eq(labRoomClosure.roomId, body.roomId))],
        values,
      )
      if (!changed) bad('停用时段不存在或已删除')
      return body.id
    })
    return ok({ id })
  })

  route(app, labRoomApi.closureRemove, async ({ query, data }) => {
    await data.transaction((tx) => tx.repo(labRoomClosure).remove(query.ids))
    return done()
  })
}
