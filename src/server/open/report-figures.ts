import { and, between, countDistinct, eq, inArray, sql } from 'drizzle-orm'
import { APPLY_STATUS } from '../../shared/resources/lab/options'
import { RESERVE_STATUS } from '../../shared/resources/open/room-reserve'
import type { Data } from '../core/data'
import { labRoom, openRoomApply, openRoomReserve } from '../db/schema'

export interface OpenLabFigures {
  /** Distinct approved open-lab applications (开放项目) with someone attending. */
  projects: number
  /** Distinct students who attended. */
  people: number
  /** Σ slot hours (clock hours) of every attendance, rounded. */
  personHours: number
}

/**
 * SJ6 26–31 (开放实验) of labs over a span of days: attendances (已签到 or 迟到, as 开放实验统计 counts
 * 实验学时) of approved applications in the labs' rooms. Every participant is a student of the school
 * (reservations carry a 学号), so these are the 校内 figures.
 */
export async function openFiguresByLab(
  data: Data,
  labIds: string[],
  from: string,
  to: string,
): Promise<Map<string, OpenLabFigures>> {
  const out = new Map<string, OpenLabFigures>()
  if (!labIds.length) return out
  const R = openRoomReserve
  const minutes = sql`(extract(epoch from (${R.endTime}::time - ${R.startTime}::time)) / 60)`
  const rows = await data.db
    .select({
      labId: labRoom.labId,
      projects: countDistinct(R.applyId),
      people: countDistinct(R.studentNo),
      minutes: sql<string>`coalesce(sum(${minutes}), 0)`,
    })
    .from(R)
    .innerJoin(labRoom, and(eq(labRoom.id, R.roomId), data.rows(labRoom)))
    .innerJoin(
      openRoomApply,
      and(
        eq(openRoomApply.id, R.applyId),
        data.rows(openRoomApply, eq(openRoomApply.status, APPLY_STATUS.approved)),
      ),
    )
    .where(
      data.rows(
        R,
        inArray(labRoom.labId, labIds),
        inArray(R.status, [RESERVE_STATUS.attended, RESERVE_STATUS.late]),
        between(R.slotDate, from, to),
      ),
    )
    .groupBy(labRoom.labId)
  for (const r of rows)
    out.set(String(r.labId), {
      projects: Number(r.projects),
      people: Number(r.people),
      personHours: Math.round(Number(r.minutes) / 60),
    })
  return out
}
