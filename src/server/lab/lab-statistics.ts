/**
 * 实验室统计: the register's totals (labs, rooms, seats, area, staff; labs by SJ6 category and type), each
 * lab's figures over a period (rooms, seats, area, staff, approved bookings, class hours used) with its
 * export, and each room's utilisation by kind of use, read from the occupancy registry (timetable,
 * bookings, open labs; closed periods are not use).
 */
import { and, eq, gte, lte, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { labStatisticsApi, type LabFigures, type RoomUse } from '../../shared/api/lab'
import { APPLY_STATUS } from '../../shared/resources/lab/options'
import { addDays, localToday, minutesOf } from '../../shared/resources/lab/time'
import type { Data } from '../core/data'
import { ok } from '../core/envelope'
import { route } from '../core/route'
import { sendXlsx } from '../base/spreadsheet'
import { labAppointment, labInfo, labRoom, labTeacher } from '../db/schema'
import { occupancy } from './occupancy'

const period = (q: { from?: string; to?: string }) => {
  const to = q.to ?? localToday()
  return { from: q.from ?? addDays(to, -29), to }
}

const hoursOf = (b: { start: string; end: string; classHours?: number }) =>
  b.classHours ?? Math.round(((minutesOf(b.end) - minutesOf(b.start)) / 45) * 10) / 10

async function roomUse(data: Data, from: string, to: string): Promise<RoomUse[]> {
  const rooms = await data.db
    .select({ id: labRoom.id, roomNo: labRoom.roomNo, roomName: labRoom.roomName, labName: labInfo.labName })
    .from(labRoom)
    .leftJoin(labInfo, eq(labInfo.id, labRoom.labId))
    .where(data.rows(labRoom))
    .orderBy(labRoom.roomNo)
  const busy = await occupancy(data, { roomIds: rooms.map((r) => r.id), from, to })
  const byRoom = new Map<string, RoomUse>(
    rooms.map((r) => [
      r.id,
      {
        roomId: r.id,
        roomNo: r.roomNo ?? '',
        roomName: r.roomName ?? '',
        labName: r.labName ?? '',
        classHours: 0,
        byKind: {},
      },
    ]),
  )
  for (const b of busy) {
    if (b.kind === 'closure') continue
    const use = byRoom.get(b.roomId)
    if (!use) continue
    const h = hoursOf(b)
    use.classHours = Math.round((use.classHours + h) * 10) / 10
    use.byKind[b.kind] = Math.round(((use.byKind[b.kind] ?? 0) + h) * 10) / 10
  }
  return [...byRoom.values()]
}

async function labFigures(data: Data, from: string, to: string): Promise<LabFigures[]> {
  const labs = await data.db.select().from(labInfo).where(data.rows(labInfo)).orderBy(labInfo.serial)
  const rooms = await data.db
    .select({
      labId: labRoom.labId,
      rooms: sql<number>`count(*)::int`,
      seats: sql<number>`coalesce(sum(${labRoom.seats}), 0)::int`,
      area: sql<number>`coalesce(sum(${labRoom.area}), 0)::float`,
    })
    .from(labRoom)
    .where(data.rows(labRoom))
    .groupBy(labRoom.labId)
  const staff = await data.db
    .select({ labId: labTeacher.labId, n: sql<number>`count(*)::int` })
    .from(labTeacher)
    .where(data.rows(labTeacher))
    .groupBy(labTeacher.labId)
  const bookings = await data.db
    .select({ labId: labAppointment.labId, n: sql<number>`count(*)::int` })
    .from(labAppointment)
    .where(
      data.rows(
        labAppointment,
        and(
          eq(labAppointment.status, APPLY_STATUS.approved),
          gte(labAppointment.appointmentDate, from),
          lte(labAppointment.appointmentDate, to),
        ),
      ),
    )
    .groupBy(labAppointment.labId)
  const use = await roomUse(data, from, to)
  const roomLab = new Map(
    (
      await data.db.select({ id: labRoom.id, labId: labRoom.labId }).from(labRoom).where(data.rows(labRoom))
    ).map((r) => [r.id, String(r.labId)]),
  )
  const hours = new Map<string, number>()
  for (const u of use) {
    const lab = roomLab.get(u.roomId)
    if (lab) hours.set(lab, Math.round(((hours.get(lab) ?? 0) + u.classHours) * 10) / 10)
  }
  const by = <T extends { labId: unknown }>(rows: T[]) => new Map(rows.map((r) => [String(r.labId), r]))
  const roomsBy = by(rooms)
  const staffBy = by(staff)
  const bookingsBy = by(bookings)
  return labs.map((l) => ({
    id: l.id,
    serial: l.serial ?? '',
    labName: l.labName ?? '',
    deptSerial: l.deptSerial ?? null,
    rooms: roomsBy.get(l.id)?.rooms ?? 0,
    seats: roomsBy.get(l.id)?.seats ?? 0,
    area: Math.round((roomsBy.get(l.id)?.area ?? 0) * 100) / 100,
    staff: staffBy.get(l.id)?.n ?? 0,
    bookings: bookingsBy.get(l.id)?.n ?? 0,
    classHours: hours.get(l.id) ?? 0,
  }))
}

export function registerLabStatisticsRoutes(app: FastifyInstance) {
  route(app, labStatisticsApi.statistical, async ({ data }) => {
    const labs = await data.db
      .select({ labKind: labInfo.labKind, labCategory: labInfo.labCategory, labType: labInfo.labType })
      .from(labInfo)
      .where(data.rows(labInfo))
    const [rooms] = await data.db
      .select({
        rooms: sql<number>`count(*)::int`,
        seats: sql<number>`coalesce(sum(${labRoom.seats}), 0)::int`,
        area: sql<number>`coalesce(sum(${labRoom.area}), 0)::float`,
      })
      .from(labRoom)
      .where(data.rows(labRoom))
    const staff = await data.repo(labTeacher).count()
    const tally = (key: 'labCategory' | 'labType') => {
      const counts = new Map<string, number>()
      for (const l of labs)
        if (l.labKind === 2 && l[key] != null)
          counts.set(String(l[key]), (counts.get(String(l[key])) ?? 0) + 1)
      return [...counts]
        .map(([code, count]) => ({ code, count }))
        .sort((a, b) => a.code.localeCompare(b.code))
    }
    return ok({
      centres: labs.filter((l) => l.labKind === 1).length,
      labs: labs.filter((l) => l.labKind === 2).length,
      rooms: rooms?.rooms ?? 0,
      seats: rooms?.seats ?? 0,
      area: Math.round((rooms?.area ?? 0) * 100) / 100,
      staff,
      byCategory: tally('labCategory'),
      byType: tally('labType'),
    })
  })

  route(app, labStatisticsApi.information, async ({ query, data }) => {
    const p = period(query)
    return ok(await labFigures(data, p.from, p.to))
  })

  route(app, labStatisticsApi.export, async ({ query, data, reply }) => {
    const p = period(query)
    const rows = (await labFigures(data, p.from, p.to)).map((l) => ({
      实验室编号: l.serial,
      实验室名称: l.labName,
      院系号: l.deptSerial ?? '',
      房间数: l.rooms,
      座位数: l.seats,
      '使用面积(m²)': l.area,
      人员数: l.staff,
      预约次数: l.bookings,
      使用学时: l.classHours,
    }))
    return sendXlsx(reply, `实验室统计-${p.from}-${p.to}.xlsx`, '实验室统计', rows)
  })

  route(app, labStatisticsApi.rooms, async ({ query, data }) => {
    const p = period(query)
    return ok(await roomUse(data, p.from, p.to))
  })
}
