/** 开放实验统计: applications, slots, seats and attendance overall, by room and month, and per student. */
import { eq, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { openRoomApplyApi, type StudentStatistics } from '../../shared/api/open'
import { APPLY_STATUS } from '../../shared/resources/lab/options'
import { RESERVE_STATUS } from '../../shared/resources/open/room-reserve'
import type { Data } from '../core/data'
import { ok, page } from '../core/envelope'
import { parsePaging } from '../core/query'
import { route } from '../core/route'
import { sendXlsx } from '../base/spreadsheet'
import { labRoom, openRoomApply, openRoomReserve, openRoomSlot } from '../db/schema'
import { ruleInForce } from './credit'

const n = (v: unknown) => Number(v ?? 0)

async function studentRows(data: Data, query: Record<string, unknown>): Promise<StudentStatistics[]> {
  const rule = await ruleInForce(data)
  const rows = await data.db
    .select({
      studentNo: openRoomReserve.studentNo,
      studentName: sql<string>`max(${openRoomReserve.studentName})`,
      status: openRoomReserve.status,
      count: sql<number>`count(*)::int`,
      minutes: sql<number>`coalesce(sum(extract(epoch from (${openRoomReserve.endTime}::time - ${openRoomReserve.startTime}::time)) / 60), 0)::int`,
    })
    .from(openRoomReserve)
    .where(
      data.rows(
        openRoomReserve,
        query.studentNo ? eq(openRoomReserve.studentNo, String(query.studentNo)) : undefined,
      ),
    )
    .groupBy(openRoomReserve.studentNo, openRoomReserve.status)
  const byStudent = new Map<string, StudentStatistics>()
  for (const r of rows) {
    const s = byStudent.get(r.studentNo!) ?? {
      studentNo: r.studentNo!,
      studentName: r.studentName ?? '',
      reserved: 0,
      attended: 0,
      noShows: 0,
      lates: 0,
      cancelled: 0,
      hours: 0,
      score: rule?.fullScore ?? 100,
    }
    if (r.status === RESERVE_STATUS.cancelled) s.cancelled += r.count
    else s.reserved += r.count
    if (r.status === RESERVE_STATUS.attended || r.status === RESERVE_STATUS.late) {
      s.attended += r.count
      s.hours = Math.round((s.hours * 60 + n(r.minutes)) / 6) / 10
    }
    if (r.status === RESERVE_STATUS.noShow) s.noShows += r.count
    if (r.status === RESERVE_STATUS.late) s.lates += r.count
    byStudent.set(s.studentNo, s)
  }
  // The whole-history counts; the score uses the rule's points (the credit check itself counts from 计分起始日期).
  for (const s of byStudent.values())
    s.score =
      (rule?.fullScore ?? 100) - s.noShows * (rule?.noShowPoints ?? 0) - s.lates * (rule?.latePoints ?? 0)
  return [...byStudent.values()].sort((a, b) => a.studentNo.localeCompare(b.studentNo))
}

export function registerStatisticsRoutes(app: FastifyInstance) {
  route(app, openRoomApplyApi.statistics, async ({ data }) => {
    const [applies] = await data.db
      .select({
        all: sql<number>`count(*)::int`,
        approved: sql<number>`count(*) filter (where ${openRoomApply.status} = ${APPLY_STATUS.approved})::int`,
      })
      .from(openRoomApply)
      .where(data.rows(openRoomApply))
    const slots = await data.db
      .select({
        roomId: openRoomSlot.roomId,
        roomName: sql<string>`max(${labRoom.roomName})`,
        month: sql<string>`to_char(${openRoomSlot.slotDate}, 'YYYY-MM')`,
        slots: sql<number>`count(*)::int`,
        seats: sql<number>`sum(${openRoomSlot.capacity})::int`,
      })
      .from(openRoomSlot)
      .innerJoin(openRoomApply, eq(openRoomApply.id, openRoomSlot.applyId))
      .leftJoin(labRoom, eq(labRoom.id, openRoomSlot.roomId))
      .where(
        data.rows(openRoomSlot, data.rows(openRoomApply, eq(openRoomApply.status, APPLY_STATUS.approved))),
      )
      .groupBy(openRoomSlot.roomId, sql`to_char(${openRoomSlot.slotDate}, 'YYYY-MM')`)
    const reserves = await data.db
      .select({
        roomId: openRoomReserve.roomId,
        month: sql<string>`to_char(${openRoomReserve.slotDate}, 'YYYY-MM')`,
        status: openRoomReserve.status,
        count: sql<number>`count(*)::int`,
      })
      .from(openRoomReserve)
      .where(data.rows(openRoomReserve))
      .groupBy(
        openRoomReserve.roomId,
        sql`to_char(${openRoomReserve.slotDate}, 'YYYY-MM')`,
        openRoomReserve.status,
      )
    const live = reserves.filter((r) => r.status !== RESERVE_STATUS.cancelled)
    const attendedOf = (r: { status: number }) =>
      r.status === RESERVE_STATUS.attended || r.status === RESERVE_STATUS.late
    const rooms = new Map<
      string,
      { roomId: string; roomName: string; slots: number; reserved: number; attended: number }
    >()
    const months = new Map<string, { month: string; slots: number; reserved: number }>()
    for (const s of slots) {
      const room = rooms.get(s.roomId) ?? {
        roomId: s.roomId,
        roomName: s.roomName ?? '',
        slots: 0,
        reserved: 0,
        attended: 0,
      }
      room.slots += s.slots
      rooms.set(s.roomId, room)
      const month = months.get(s.month) ?? { month: s.month, slots: 0, reserved: 0 }
      month.slots += s.slots
      months.set(s.month, month)
    }
    for (const r of live) {
      const room = rooms.get(String(r.roomId))
      if (room) {
        room.reserved += r.count
        if (attendedOf(r)) room.attended += r.count
      }
      const month = months.get(r.month)
      if (month) month.reserved += r.count
    }
    return ok({
      applies: n(applies?.all),
      approved: n(applies?.approved),
      slots: slots.reduce((a, s) => a + s.slots, 0),
      seats: slots.reduce((a, s) => a + n(s.seats), 0),
      reserved: live.reduce((a, r) => a + r.count, 0),
      attended: live.filter(attendedOf).reduce((a, r) => a + r.count, 0),
      noShows: live.filter((r) => r.status === RESERVE_STATUS.noShow).reduce((a, r) => a + r.count, 0),
      byRoom: [...rooms.values()],
      byMonth: [...months.values()].sort((a, b) => a.month.localeCompare(b.month)),
    })
  })

  route(app, openRoomApplyApi.studentStatistics, async ({ query, data }) => {
    const rows = await studentRows(data, query)
    const paging = parsePaging(query)
    const start = (paging.current - 1) * paging.size
    return ok(page(rows.slice(start, start + paging.size), rows.length, paging.current, paging.size))
  })

  route(app, openRoomApplyApi.exportStudentStatistics, async ({ query, data, reply }) => {
    const rows = await studentRows(data, query)
    const sheet = rows.map((r) => ({
      学号: r.studentNo,
      姓名: r.studentName,
      预约次数: r.reserved,
      到课次数: r.attended,
      爽约次数: r.noShows,
      迟到次数: r.lates,
      取消次数: r.cancelled,
      实验学时: r.hours,
      信用分: r.score,
    }))
    if (!sheet.length)
      sheet.push({
        学号: '',
        姓名: '',
        预约次数: 0,
        到课次数: 0,
        爽约次数: 0,
        迟到次数: 0,
        取消次数: 0,
        实验学时: 0,
        信用分: 0,
      } as never)
    return sendXlsx(reply, '开放实验学生统计.xlsx', '学生统计', sheet)
  })
}
