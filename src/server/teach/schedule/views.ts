import { inArray } from 'drizzle-orm'
import type { Data } from '../../core/data'
import type { BatchPlanRow } from '../../db/schema/schedule'
import type { BatchView } from '../../../shared/api/schedule'
import { BATCH_STATUS_OPTIONS, COLLISION_STATUS } from '../../../shared/resources/schedule/codes'
import { labelOfCode } from '../../../shared/resources/teach/codes'
import { sectionSpanTime, type TermCalendar } from '../../../shared/resources/schedule/calendar'
import { formatSections, formatWeeks, WEEKDAY_NAMES } from '../../../shared/resources/schedule/weeks'
import { COLLISION_KINDS } from './collision/engine'
import { COLLISION_TABLES } from './check'
import { assignedStudents, splitList } from './load'
import { namesOf, type Names } from './names'
import { maybeTermCalendar } from './term'

/** Open collision rows per plan. */
async function openCounts(data: Data, ids: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>()
  if (!ids.length) return out
  for (const kind of COLLISION_KINDS) {
    const t = COLLISION_TABLES[kind]
    for (const side of [t.batchPlanId, t.otherBatchPlanId]) {
      const rows = await data.db
        .select({ id: side })
        .from(t)
        .where(data.rows(t, inArray(side, [...ids]), inArray(t.status, [COLLISION_STATUS.open])))
      for (const r of rows) out.set(r.id!, (out.get(r.id!) ?? 0) + 1)
    }
  }
  return out
}

export function viewOf(
  row: BatchPlanRow,
  names: Names,
  extra: { calendar?: TermCalendar | null; collisions?: number; students?: string[] } = {},
): BatchView {
  const weeks = String(row.weeks ?? '')
  const teachers = splitList(row.teacherIds).map((id) => {
    const t = names.teacher(id)
    return { id, name: t?.name ?? id, no: t?.no ?? '' }
  })
  const rooms = splitList(row.roomIds).map((id) => ({ id, name: names.room(id) ?? id }))
  const start = Number(row.startSection)
  const end = Number(row.endSection)
  return {
    ...(row as unknown as BatchView),
    batchName: `第${row.batchNo}批`,
    weeksText: formatWeeks(weeks),
    weekdayName: WEEKDAY_NAMES[Number(row.weekday)] ?? '',
    sectionsText: formatSections(start, end),
    timeText: extra.calendar ? sectionSpanTime(extra.calendar, start, end) : '',
    rooms,
    teachers,
    roomNames: rooms.map((r) => r.name).join('、'),
    teacherNames: teachers.map((t) => t.name).join('、'),
    statusName: labelOfCode(BATCH_STATUS_OPTIONS, row.status),
    collisionCount: extra.collisions ?? 0,
    studentNos: extra.students ?? [],
  }
}

/** Rows → views with names, times, open collision counts and assigned students. */
export async function viewsOf(
  data: Data,
  rows: readonly BatchPlanRow[],
  options: { students?: boolean } = {},
): Promise<BatchView[]> {
  if (!rows.length) return []
  const names = await namesOf(data, rows)
  const counts = await openCounts(
    data,
    rows.map((r) => r.id),
  )
  const students = options.students
    ? await assignedStudents(
        data,
        rows.map((r) => r.id),
      )
    : new Map<string, string[]>()
  const calendars = new Map<string, TermCalendar | null>()
  for (const term of new Set(rows.map((r) => String(r.academicYearId))))
    calendars.set(term, await maybeTermCalendar(data, term))
  return rows.map((row) =>
    viewOf(row, names, {
      calendar: calendars.get(String(row.academicYearId)),
      collisions: counts.get(row.id) ?? 0,
      students: students.get(row.id),
    }),
  )
}
