import { count, eq, sql } from 'drizzle-orm'
import { toScaled } from '../../shared/resources/report/decimal'
import { SUBMIT_STATUS, type TableCode } from '../../shared/resources/report/tables'
import type { Data } from '../core/data'
import { reportSubmission, reportTask } from '../db/schema'
import type { TaskRow } from './scope'
import { col, rowTable } from './tables'

/**
 * Figures one table gives another: SJ1 counts and sums for SJ2, SJ6 for SJ7, and last year's approved
 * reports of a college (SJ2-08, Y-01 and the carried-forward 上学年末).
 */

/** SJ1 figures of one college of a task: count, Σ单价 (元, scaled), and those at or above `big`. */
export async function sj1Figures(data: Data, taskId: string, college: string, big: number) {
  const t = rowTable('sj1')
  const price = col(t, 'unitPrice')
  const [r] = await data.db
    .select({
      n: count(),
      sum: sql<string>`coalesce(sum(${price}), 0)`,
      bigN: sql<number>`count(*) filter (where ${price} >= ${big})`,
      bigSum: sql<string>`coalesce(sum(${price}) filter (where ${price} >= ${big}), 0)`,
    })
    .from(t)
    .where(data.rows(t, eq(t.taskId, taskId), eq(t.collegeSerialNum, college)))
  return {
    count: Number(r.n),
    sum: toScaled(r.sum) ?? 0n,
    bigCount: Number(r.bigN),
    bigSum: toScaled(r.bigSum) ?? 0n,
  }
}

/** SJ1 rows of a college accepted in a span of months (YYYYMM, inclusive): count and Σ单价. */
export async function sj1Added(data: Data, taskId: string, college: string, from: string, to: string) {
  const t = rowTable('sj1')
  const month = col(t, 'purchaseMonth')
  const [r] = await data.db
    .select({ n: count(), sum: sql<string>`coalesce(sum(${col(t, 'unitPrice')}), 0)` })
    .from(t)
    .where(
      data.rows(
        t,
        eq(t.taskId, taskId),
        eq(t.collegeSerialNum, college),
        sql`${month} between ${from} and ${to}`,
      ),
    )
  return { count: Number(r.n), sum: toScaled(r.sum) ?? 0n }
}

/** SJ6 figures of one college of a task: labs, Σ面积, Σ运行经费, Σ材料费 (scaled). */
export async function sj6Figures(data: Data, taskId: string, college: string) {
  const t = rowTable('sj6')
  const [r] = await data.db
    .select({
      n: count(),
      area: sql<string>`coalesce(sum(${col(t, 'area')}), 0)`,
      running: sql<string>`coalesce(sum(${col(t, 'runningFunds')}), 0)`,
      material: sql<string>`coalesce(sum(${col(t, 'materialFunds')}), 0)`,
    })
    .from(t)
    .where(data.rows(t, eq(t.taskId, taskId), eq(t.collegeSerialNum, college)))
  return {
    count: Number(r.n),
    area: toScaled(r.area) ?? 0n,
    running: toScaled(r.running) ?? 0n,
    material: toScaled(r.material) ?? 0n,
  }
}

/** The task of the year before (2023-2024 for 2024-2025). */
export function previousTask(data: Data, task: Pick<TaskRow, 'academicYear'>) {
  const first = Number(task.academicYear.slice(0, 4)) - 1
  return data.repo(reportTask).first(eq(reportTask.academicYear, `${first}-${first + 1}`))
}

/** Last year's approved submission of a college and table, or null. */
export async function lastApproved(
  data: Data,
  task: Pick<TaskRow, 'academicYear'>,
  college: string,
  table: TableCode,
) {
  const prev = await previousTask(data, task)
  if (!prev) return null
  return data
    .repo(reportSubmission)
    .first(
      eq(reportSubmission.taskId, prev.id),
      eq(reportSubmission.collegeSerialNum, college),
      eq(reportSubmission.tableCode, table),
      eq(reportSubmission.status, SUBMIT_STATUS.approved),
    )
}

/** The first row of a submission (SJ2, SJ7: the single record). */
export async function singleRow(data: Data, table: TableCode, submissionId: string) {
  const t = rowTable(table)
  const [row] = (await data.db
    .select()
    .from(t)
    .where(data.rows(t, eq(t.submissionId, submissionId)))
    .orderBy(t.rowNo)
    .limit(1)) as Record<string, unknown>[]
  return row ?? null
}
