import { and, eq, inArray } from 'drizzle-orm'
import { registerOccupancySource, type Busy } from '../../lab/occupancy'
import { teachBatchPlan, teachBatchPlanRoom } from '../../db/schema'
import { BATCH_STATUS } from '../../../shared/resources/schedule/codes'
import { dateOf } from '../../../shared/resources/schedule/calendar'
import { parseWeeks } from '../../../shared/resources/schedule/weeks'
import { batchTitle } from './collision/explain'
import { splitList } from './load'
import { namesOf } from './names'
import { maybeTermCalendar } from './term'

/**
 * Published batches occupy their rooms (src/server/lab/occupancy.ts): a lab booking over a timetable
 * entry is refused, and the labs' week calendar shows them. Each (week, weekday) of a batch in the
 * asked days becomes one interval from its first section's start to its last section's end.
 */
registerOccupancySource({
  kind: 'batch',
  label: '排课',
  async list(data, { roomIds, from, to }) {
    const rows = await data.db
      .selectDistinct({ plan: teachBatchPlan, roomId: teachBatchPlanRoom.party })
      .from(teachBatchPlanRoom)
      .innerJoin(teachBatchPlan, eq(teachBatchPlan.id, teachBatchPlanRoom.batchPlanId))
      .where(
        and(
          data.rows(teachBatchPlanRoom, inArray(teachBatchPlanRoom.party, roomIds)),
          data.rows(teachBatchPlan, eq(teachBatchPlan.status, BATCH_STATUS.published)),
        ),
      )
    if (!rows.length) return []
    const names = await namesOf(
      data,
      rows.map((r) => r.plan),
    )
    const calendars = new Map<string, Awaited<ReturnType<typeof maybeTermCalendar>>>()
    const out: Busy[] = []
    for (const { plan, roomId } of rows) {
      if (plan.weekday == null) continue
      const term = String(plan.academicYearId)
      if (!calendars.has(term)) calendars.set(term, await maybeTermCalendar(data, term))
      const calendar = calendars.get(term)
      if (!calendar) continue
      const start = calendar.sectionTimes.find((t) => t.section === Number(plan.startSection))?.startTime
      const end = calendar.sectionTimes.find((t) => t.section === Number(plan.endSection))?.endTime
      if (!start || !end) continue
      for (const week of parseWeeks(plan.weeks)) {
        const date = dateOf(calendar, week, Number(plan.weekday))
        if (date < from || date > to) continue
        out.push({
          roomId,
          date,
          start,
          end,
          kind: 'batch',
          title: batchTitle({ projectName: String(plan.projectName ?? ''), batchNo: Number(plan.batchNo) }),
          detail: [
            names.teacherNames(splitList(plan.teacherIds)).join('、'),
            names.classNames(splitList(plan.classNos)).join('、'),
          ]
            .filter(Boolean)
            .join('，'),
          ref: { kind: 'batch', id: plan.id },
        })
      }
    }
    return out
  },
})
