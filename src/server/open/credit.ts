/**
 * The credit score of 开放规则: the enabled rule with the latest 计分起始日期 applies; a student's score is
 * its 满分 less the points of each 爽约 and 迟到 since that day. Below 最低信用分 the student cannot
 * reserve, and falling below cancels their reservations still ahead (seats freed).
 */
import { desc, eq, gte, inArray, sql } from 'drizzle-orm'
import type { CreditView } from '../../shared/api/open'
import { RESERVE_STATUS } from '../../shared/resources/open/room-reserve'
import { localToday } from '../../shared/resources/lab/time'
import type { Data } from '../core/data'
import { openRoomReserve, openRoomRules, openRoomSlot } from '../db/schema'

export async function ruleInForce(data: Data) {
  const [rule] = await data.db
    .select()
    .from(openRoomRules)
    .where(data.rows(openRoomRules, eq(openRoomRules.ruleStatus, 1)))
    .orderBy(sql`${openRoomRules.scoreFrom} desc nulls last`, desc(openRoomRules.createTime))
    .limit(1)
  return rule ?? null
}

export async function creditOf(data: Data, studentNo: string): Promise<CreditView> {
  const rule = await ruleInForce(data)
  const counts = await data.db
    .select({ status: openRoomReserve.status, n: sql<number>`count(*)::int` })
    .from(openRoomReserve)
    .where(
      data.rows(
        openRoomReserve,
        eq(openRoomReserve.studentNo, studentNo),
        inArray(openRoomReserve.status, [RESERVE_STATUS.noShow, RESERVE_STATUS.late]),
        rule?.scoreFrom ? gte(openRoomReserve.slotDate, rule.scoreFrom) : undefined,
      ),
    )
    .groupBy(openRoomReserve.status)
  const noShows = counts.find((c) => c.status === RESERVE_STATUS.noShow)?.n ?? 0
  const lates = counts.find((c) => c.status === RESERVE_STATUS.late)?.n ?? 0
  const fullScore = rule?.fullScore ?? 100
  const threshold = rule?.threshold ?? 0
  const score = fullScore - noShows * (rule?.noShowPoints ?? 0) - lates * (rule?.latePoints ?? 0)
  return {
    studentNo,
    score,
    fullScore,
    threshold,
    noShows,
    lates,
    blocked: !!rule && score < threshold,
    ruleName: rule?.ruleName ?? null,
  }
}

/** Cancels a blocked student's reservations still ahead and frees their seats. */
export async function cancelAhead(data: Data, studentNo: string): Promise<number> {
  const ahead = await data.db
    .select({ id: openRoomReserve.id, slotId: openRoomReserve.slotId })
    .from(openRoomReserve)
    .where(
      data.rows(
        openRoomReserve,
        eq(openRoomReserve.studentNo, studentNo),
        eq(openRoomReserve.status, RESERVE_STATUS.booked),
        gte(openRoomReserve.slotDate, localToday()),
      ),
    )
  if (!ahead.length) return 0
  await data.repo(openRoomReserve).update(
    ahead.map((r) => r.id),
    { status: RESERVE_STATUS.cancelled, remark: '信用分低于最低分，系统取消' },
  )
  await freeSeats(
    data,
    ahead.map((r) => String(r.slotId)),
  )
  return ahead.length
}

/** One seat back per slot id listed (a slot listed twice gets two). */
export async function freeSeats(data: Data, slotIds: string[]): Promise<void> {
  const counts = new Map<string, number>()
  for (const id of slotIds) counts.set(id, (counts.get(id) ?? 0) + 1)
  for (const [id, n] of counts)
    await data.db
      .update(openRoomSlot)
      .set({ taken: sql`greatest(${openRoomSlot.taken} - ${n}, 0)` })
      .where(data.rows(openRoomSlot, eq(openRoomSlot.id, id)))
}
