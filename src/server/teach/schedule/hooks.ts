import { and, eq, inArray, or, sql } from 'drizzle-orm'
import type { Data } from '../../core/data'
import { bad } from '../../core/errors'
import { teachBatchPlan, teachNewBatchPlan } from '../../db/schema'
import { registerPlanLineDropGuard, registerPlanRevokeHandler, registerTermGuard } from '../extensions'
import { sectionsPerDay, teachingWeekdaysOf } from '../../../shared/resources/teach/calendar'
import { WEEKDAY_NAMES } from '../../../shared/resources/schedule/weeks'
import { clearRemoved } from './check'
import { dropLinks } from './load'

/**
 * Scheduling's rules inside the teach area's writes (src/server/teach/extensions.ts):
 * - a 教学参数 save may not leave batches outside the weeks, weekdays or sections
 *   (第19周已有2个排课，不能将教学周数改为18);
 * - a plan line with batches cannot be dropped (项目『X』已排课（3个批次），不能从计划中删除);
 * - 撤销计划 removes the plan's batches and tasks.
 */
export function registerScheduleHooks(): void {
  registerTermGuard(async ({ data, academicYearId, after }) => {
    const live = (extra: ReturnType<typeof sql>) =>
      data
        .repo(teachBatchPlan)
        .count(
          eq(teachBatchPlan.academicYearId, academicYearId),
          sql`${teachBatchPlan.weekday} is not null`,
          extra,
        )
    const weeks = Number(after.weeks)
    for (let w = 30; w > weeks; w--) {
      const n = await live(sql`(${teachBatchPlan.weekMask} & ${1 << (w - 1)}) <> 0`)
      if (n) bad(`第${w}周已有${n}个排课，不能将教学周数改为${weeks}`)
    }
    const days = teachingWeekdaysOf(after)
    for (let d = 1; d <= 7; d++) {
      if (days.includes(d)) continue
      const n = await live(sql`${teachBatchPlan.weekday} = ${d}`)
      if (n) bad(`${WEEKDAY_NAMES[d]}已有${n}个排课，不能取消该上课日`)
    }
    const perDay = sectionsPerDay(after)
    const n = await live(sql`${teachBatchPlan.endSection} > ${perDay}`)
    if (n) bad(`已有${n}个排课超出每天${perDay}节，不能减少每天节数`)
  })

  registerPlanLineDropGuard(async ({ data, lines }) => {
    for (const line of lines) {
      const n = await data.repo(teachBatchPlan).count(eq(teachBatchPlan.coursePlanProjectId, line.id))
      if (n) bad(`项目『${line.projectName}』已排课（${n}个批次），不能从计划中删除`)
    }
  })

  registerPlanRevokeHandler(async ({ data, coursePlanId, lineIds }) =>
    removePlanBatches(data, coursePlanId, lineIds),
  )
}

/** 撤销计划: the plan's batches go (with their links and collision rows), and its tasks. */
export async function removePlanBatches(data: Data, coursePlanId: string, lineIds: string[]): Promise<void> {
  const rows = await data
    .repo(teachBatchPlan)
    .find([
      or(
        eq(teachBatchPlan.coursePlanId, coursePlanId),
        lineIds.length ? inArray(teachBatchPlan.coursePlanProjectId, lineIds) : undefined,
      ),
    ])
  if (rows.length) {
    const ids = rows.map((r) => r.id)
    await data.repo(teachBatchPlan).remove(ids)
    await dropLinks(data, ids)
    for (const term of new Set(rows.map((r) => String(r.academicYearId))))
      await clearRemoved(
        data,
        term,
        rows.filter((r) => String(r.academicYearId) === term).map((r) => r.id),
      )
  }
  const tasks = await data
    .repo(teachNewBatchPlan)
    .find([and(eq(teachNewBatchPlan.coursePlanId, coursePlanId))])
  if (tasks.length) await data.repo(teachNewBatchPlan).remove(tasks.map((t) => t.id))
}
