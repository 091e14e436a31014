import { eq, inArray, type SQL } from 'drizzle-orm'
import type { Data } from '../../core/data'
import {
  baseStudent,
  teachBatchAssStudent,
  teachBatchPlan,
  teachBatchPlanClass,
  teachBatchPlanRoom,
  teachBatchPlanTeacher,
} from '../../db/schema'
import type { BatchPlanRow } from '../../db/schema/schedule'
import type { PlanSlot } from './collision/engine'

/** A live batch plan as the checks see it: its row and its slot (parties and effective students). */
export interface PlanRecord extends PlanSlot {
  row: BatchPlanRow
}

export const splitList = (value: string | null | undefined): string[] => [
  ...new Set(
    String(value ?? '')
      .split(/[,，、\s]+/)
      .map((s) => s.trim())
      .filter(Boolean),
  ),
]

/** Live students of classes, by class number. */
export async function studentsOfClasses(
  data: Data,
  classNos: readonly string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>()
  const unique = [...new Set(classNos)]
  for (let i = 0; i < unique.length; i += 1000) {
    const rows = await data.db
      .select({ studentNo: baseStudent.studentNo, classNo: baseStudent.classNo })
      .from(baseStudent)
      .where(data.rows(baseStudent, inArray(baseStudent.classNo, unique.slice(i, i + 1000))))
    for (const r of rows) {
      const list = out.get(String(r.classNo)) ?? []
      list.push(String(r.studentNo))
      out.set(String(r.classNo), list)
    }
  }
  return out
}

/** Assigned students of batch plans, by plan id. */
export async function assignedStudents(
  data: Data,
  planIds: readonly string[],
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>()
  for (let i = 0; i < planIds.length; i += 1000) {
    const rows = await data.db
      .select({ batchPlanId: teachBatchAssStudent.batchPlanId, studentNo: teachBatchAssStudent.studentNo })
      .from(teachBatchAssStudent)
      .where(
        data.rows(
          teachBatchAssStudent,
          inArray(teachBatchAssStudent.batchPlanId, planIds.slice(i, i + 1000)),
        ),
      )
    for (const r of rows) {
      const list = out.get(r.batchPlanId) ?? []
      list.push(r.studentNo)
      out.set(r.batchPlanId, list)
    }
  }
  return out
}

/** Rows → records: parties from the row's columns, E(p) from assigned students or the classes'. */
export async function recordsOf(data: Data, rows: readonly BatchPlanRow[]): Promise<PlanRecord[]> {
  const assigned = await assignedStudents(
    data,
    rows.map((r) => r.id),
  )
  const wholeClasses = rows.filter((r) => !assigned.has(r.id)).flatMap((r) => splitList(r.classNos))
  const byClass = await studentsOfClasses(data, wholeClasses)
  return rows.map((row) => {
    const own = assigned.get(row.id)
    const classes = splitList(row.classNos)
    return {
      row,
      id: row.id,
      // A batch without a time yet overlaps nothing.
      weekMask: row.weekday == null ? 0 : Number(row.weekMask ?? 0),
      weekday: Number(row.weekday ?? 0),
      startSection: Number(row.startSection),
      endSection: Number(row.endSection),
      teachers: splitList(row.teacherIds),
      rooms: splitList(row.roomIds),
      classes,
      assigned: !!own,
      students: own ?? classes.flatMap((c) => byClass.get(c) ?? []),
    }
  })
}

/** Live batch plans matching the conditions, as records. */
export async function loadPlans(data: Data, ...conditions: (SQL | undefined)[]): Promise<PlanRecord[]> {
  const rows = await data.repo(teachBatchPlan).find(conditions)
  return recordsOf(data, rows)
}

export const loadTermPlans = (data: Data, academicYearId: string) =>
  loadPlans(data, eq(teachBatchPlan.academicYearId, academicYearId))

/**
 * The plans that may collide with `changed`: sharing a teacher, room or class on the same weekday (by
 * the link tables' index), or holding assigned students among E(p) on that weekday; the changed ones too.
 */
export async function loadNeighbours(
  data: Data,
  academicYearId: string,
  changed: readonly PlanRecord[],
): Promise<PlanRecord[]> {
  if (!changed.length) return []
  const ids = new Set(changed.map((p) => p.id))
  const weekdays = [...new Set(changed.map((p) => p.weekday))]
  for (const weekday of weekdays) {
    const onDay = changed.filter((p) => p.weekday === weekday)
    const links = [
      [teachBatchPlanTeacher, onDay.flatMap((p) => p.teachers)],
      [teachBatchPlanRoom, onDay.flatMap((p) => p.rooms)],
      [teachBatchPlanClass, onDay.flatMap((p) => p.classes)],
    ] as const
    for (const [table, parties] of links) {
      const unique = [...new Set(parties)]
      for (let i = 0; i < unique.length; i += 1000) {
        const rows = await data.db
          .select({ id: table.batchPlanId })
          .from(table)
          .where(
            data.rows(
              table,
              eq(table.academicYearId, academicYearId),
              eq(table.weekday, weekday),
              inArray(table.party, unique.slice(i, i + 1000)),
            ),
          )
        for (const r of rows) ids.add(r.id)
      }
    }
    const students = [...new Set(onDay.flatMap((p) => p.students))]
    for (let i = 0; i < students.length; i += 1000) {
      const rows = await data.db
        .selectDistinct({ id: teachBatchAssStudent.batchPlanId })
        .from(teachBatchAssStudent)
        .where(
          data.rows(
            teachBatchAssStudent,
            eq(teachBatchAssStudent.academicYearId, academicYearId),
            eq(teachBatchAssStudent.weekday, weekday),
            inArray(teachBatchAssStudent.studentNo, students.slice(i, i + 1000)),
          ),
        )
      for (const r of rows) ids.add(r.id)
    }
  }
  const known = new Map(changed.map((p) => [p.id, p]))
  const missing = [...ids].filter((id) => !known.has(id))
  const others: PlanRecord[] = []
  for (let i = 0; i < missing.length; i += 1000)
    others.push(...(await loadPlans(data, inArray(teachBatchPlan.id, missing.slice(i, i + 1000)))))
  return [...changed, ...others]
}

/** Replaces a plan's link rows (teachers, rooms, classes) and the weekday of its assigned students. */
export async function writeLinks(data: Data, row: BatchPlanRow): Promise<void> {
  const base = { batchPlanId: row.id, academicYearId: row.academicYearId!, weekday: Number(row.weekday ?? 0) }
  for (const [table, parties] of [
    [teachBatchPlanTeacher, splitList(row.teacherIds)],
    [teachBatchPlanRoom, splitList(row.roomIds)],
    [teachBatchPlanClass, splitList(row.classNos)],
  ] as const) {
    await data.repo(table).deleteWhere([eq(table.batchPlanId, row.id)])
    if (parties.length) await data.repo(table).insert(parties.map((party) => ({ ...base, party })))
  }
  await data
    .repo(teachBatchAssStudent)
    .updateWhere([eq(teachBatchAssStudent.batchPlanId, row.id)], { weekday: Number(row.weekday ?? 0) })
}

/** Drops the link rows and assigned students of removed plans. */
export async function dropLinks(data: Data, ids: readonly string[]): Promise<void> {
  if (!ids.length) return
  for (const table of [teachBatchPlanTeacher, teachBatchPlanRoom, teachBatchPlanClass, teachBatchAssStudent])
    await data.repo(table).deleteWhere([inArray(table.batchPlanId, [...ids])])
}
