import { eq } from 'drizzle-orm'
import type { Data } from '../../core/data'
import { bad } from '../../core/errors'
import { teachBatchPlan } from '../../db/schema'
import type { BatchPlanRow } from '../../db/schema/schedule'
import { firstHoliday, periodRanges, type TermCalendar } from '../../../shared/resources/schedule/calendar'
import { formatWhen, joinWeeks, parseWeeks, weeksToMask } from '../../../shared/resources/schedule/weeks'
import { BATCH_STATUS } from '../../../shared/resources/schedule/codes'
import type { CollisionNote } from '../../../shared/api/schedule'
import { BusyIndex } from './collision/busy'
import { checkWritten } from './batches'
import { loadTermPlans, recordsOf, writeLinks } from './load'
import { namesOf } from './names'
import { reasonOf, rowsById } from './reasons'
import { termCalendar } from './term'

export interface GenerateOptions {
  weeks?: number[]
  weekdays?: number[]
  blocks?: { startSection: number; endSection: number }[]
}

interface Placed {
  id: string
  batchName: string
  text: string
}
interface Failed {
  id: string
  batchName: string
  reason: string
}

/** Same-length blocks inside one period, in day order. */
function blocksOf(calendar: TermCalendar, length: number) {
  const out: { startSection: number; endSection: number }[] = []
  for (const r of periodRanges(calendar))
    for (let s = r.start; s + length - 1 <= r.end; s++)
      out.push({ startSection: s, endSection: s + length - 1 })
  return out
}

/**
 * 生成时间: each unpublished batch (in course, line and batch order) takes the first free slot — the
 * given or teaching weekdays × the given blocks (or same-length blocks, 2 sections for a batch without
 * one) — where no party is busy in any of its weeks and no week falls on a holiday. Batches placed
 * earlier in the call count as busy for the later ones. Answers placed and not placed, with reasons.
 */
export async function generateTimes(
  data: Data,
  rows: BatchPlanRow[],
  options: GenerateOptions,
): Promise<{ placed: Placed[]; failed: Failed[]; collisions: CollisionNote[] }> {
  for (const r of rows)
    if (Number(r.status) === BATCH_STATUS.published) bad('已发布的排课不能修改，请通过调课申请调整')
  const placed: Placed[] = []
  const failed: Failed[] = []
  const written: BatchPlanRow[] = []
  const terms = [...new Set(rows.map((r) => String(r.academicYearId)))]
  for (const term of terms) {
    const calendar = await termCalendar(data, term)
    const mine = rows
      .filter((r) => String(r.academicYearId) === term)
      .sort(
        (a, b) =>
          String(a.courseNumber).localeCompare(String(b.courseNumber)) ||
          String(a.coursePlanProjectId).localeCompare(String(b.coursePlanProjectId)) ||
          Number(a.batchNo) - Number(b.batchNo),
      )
    const ids = new Set(mine.map((r) => r.id))
    const others = (await loadTermPlans(data, term)).filter((p) => !ids.has(p.id))
    const index = new BusyIndex(others)
    const candidates = await recordsOf(data, mine)
    const names = await namesOf(data, [...others.map((p) => p.row), ...mine])
    // Batches placed earlier in the call are named in the later ones' reasons too.
    const known = rowsById(others)
    const reason = reasonOf(names, known)
    const weekdays = (options.weekdays?.length ? options.weekdays : calendar.teachingWeekdays).filter((d) =>
      calendar.teachingWeekdays.includes(d),
    )
    for (const plan of candidates) {
      const row = plan.row
      const batchName = `${row.projectName}第${row.batchNo}批`
      const weeks = options.weeks?.length ? options.weeks : parseWeeks(row.weeks)
      if (weeks.some((w) => w < 1 || w > calendar.weeks)) {
        failed.push({ id: row.id, batchName, reason: `周次必须在1到${calendar.weeks}之间` })
        continue
      }
      const length =
        row.startSection != null && row.endSection != null
          ? Number(row.endSection) - Number(row.startSection) + 1
          : 2
      const blocks = options.blocks?.length ? options.blocks : blocksOf(calendar, length)
      let found: { weekday: number; startSection: number; endSection: number } | null = null
      let firstReason = ''
      for (const weekday of weekdays) {
        const holiday = firstHoliday(calendar, weeks, weekday)
        if (holiday) {
          firstReason ||= `第${holiday.week}周星期${'一二三四五六日'[weekday - 1]}（${holiday.date}）为节假日`
          continue
        }
        for (const block of blocks) {
          const candidate = { ...plan, weekMask: weeksToMask(weeks), weekday, ...block }
          const clashes = index.clashes(candidate)
          if (!clashes.length) {
            found = { weekday, ...block }
            break
          }
          firstReason ||= `${formatWhen(weeks, weekday, block.startSection, block.endSection)} ${reason(clashes[0])}`
        }
        if (found) break
      }
      if (!found) {
        failed.push({
          id: row.id,
          batchName,
          reason: `没有可用的时间${firstReason ? `（如：${firstReason}）` : ''}`,
        })
        continue
      }
      await data
        .repo(teachBatchPlan)
        .update(row.id, { weeks: joinWeeks(weeks), weekMask: weeksToMask(weeks), ...found })
      const fresh = (await data.repo(teachBatchPlan).first(eq(teachBatchPlan.id, row.id)))!
      await writeLinks(data, fresh)
      index.add({ ...plan, weekMask: weeksToMask(weeks), ...found })
      known.set(row.id, fresh)
      placed.push({
        id: row.id,
        batchName,
        text: formatWhen(weeks, found.weekday, found.startSection, found.endSection),
      })
      written.push(fresh)
    }
  }
  return { placed, failed, collisions: await checkWritten(data, written) }
}
