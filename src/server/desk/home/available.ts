/**
 * The `available` flags of every 首页 answer: whether each area has any row in the caller's scope.
 * A read that fails because an area's tables are missing (an older database) counts as unavailable,
 * so a widget shows 暂无数据 instead of an error.
 */
import { and, eq, gte, isNull, ne, or, sql, type SQL } from 'drizzle-orm'
import type { PgTable } from 'drizzle-orm/pg-core'
import type { Data } from '../../core/data'
import {
  assetsEquipment,
  experimentProjectStu,
  labAppointment,
  labInfo,
  openRoomReserve,
  teachBatchPlan,
} from '../../db/schema'
import type { HomeAvailable } from '../../../shared/api/home'
import { BATCH_STATUS } from '../../../shared/resources/schedule/codes'
import type { HomeScope } from './scope'

/** Any live row of `table` matching `where`; false when the table cannot be read. */
async function any(data: Data, table: PgTable, where?: SQL): Promise<boolean> {
  try {
    const rows = await data.db
      .select({ one: sql<number>`1` })
      .from(table)
      .where(data.rows(table, where))
      .limit(1)
    return rows.length > 0
  } catch {
    return false
  }
}

export async function availability(
  data: Data,
  scope: HomeScope,
  termId: string | null,
): Promise<HomeAvailable> {
  const college = scope.college
  const labs = await any(
    data,
    labInfo,
    and(
      or(isNull(labInfo.labKind), ne(labInfo.labKind, 1)),
      college ? eq(labInfo.deptSerial, college) : undefined,
    ),
  )
  const equipment = await any(
    data,
    assetsEquipment,
    college ? eq(assetsEquipment.deptSerial, college) : undefined,
  )
  const teaching =
    termId !== null &&
    (await any(
      data,
      teachBatchPlan,
      and(eq(teachBatchPlan.academicYearId, termId), gte(teachBatchPlan.status, BATCH_STATUS.published)),
    ))
  const open =
    (await any(data, labAppointment)) ||
    (await any(data, openRoomReserve)) ||
    (await any(data, experimentProjectStu))
  return { labs, equipment, teaching, open }
}
