import { eq, inArray, sql, type SQL } from 'drizzle-orm'
import { union, unionAll, type PgSelect } from 'drizzle-orm/pg-core'
import { jsonFields } from '../../db/json-reads'
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

/**
 * The columns of a batch plan that the collision check, its explanations and its status marks read.
 * Reads for a check select these only: PGlite's cost grows with every column of every row returned,
 * and a whole row is about twice as wide.
 */
export const checkFields = {
  id: teachBatchPlan.id,
  academicYearId: teachBatchPlan.academicYearId,
  coursePlanProjectId: teachBatchPlan.coursePlanProjectId,
  projectId: teachBatchPlan.projectId,
  courseName: teachBatchPlan.courseName,
  projectName: teachBatchPlan.projectName,
  batchNo: teachBatchPlan.batchNo,
  weeks: teachBatchPlan.weeks,
  weekMask: teachBatchPlan.weekMask,
  weekday: teachBatchPlan.weekday,
  startSection: teachBatchPlan.startSection,
  endSection: teachBatchPlan.endSection,
  roomIds: teachBatchPlan.roomIds,
  teacherIds: teachBatchPlan.teacherIds,
  classNos: teachBatchPlan.classNos,
  studentCount: teachBatchPlan.studentCount,
  assigned: teachBatchPlan.assigned,
  status: teachBatchPlan.status,
  collisionStatus: teachBatchPlan.collisionStatus,
}
export type CheckRow = Pick<BatchPlanRow, keyof typeof checkFields>

/** A live batch plan as the checks see it: its row and its slot (parties and effective students). */
export interface PlanRecord extends PlanSlot {
  row: CheckRow
}

export const splitList = (value: string | null | undefined): string[] => [
  ...new Set(
    String(value ?? '')
      .split(/[,，、\s]+/)
      .map((s) => s.trim())
      .filter(Boolean),
  ),
]

/** Distinct values in chunks of at most `size` (bind parameters per statement stay bounded). */
const chunks = (values: readonly string[], size = 5000): string[][] => {
  const unique = [...new Set(values)]
  const out: string[][] = []
  for (let i = 0; i < unique.length; i += size) out.push(unique.slice(i, i + size))
  return out
}

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

/**
 * Live students by class number as a write has read them: handed on to the write's collision check so
 * the same classes are not read again.
 */
export type ClassStudents = Map<string, string[]>

/** Adds the students of the classes `known` lacks (one read); answers `known`. */
export async function classStudents(
  data: Data,
  classNos: readonly string[],
  known: ClassStudents = new Map(),
): Promise<ClassStudents> {
  const missing = [...new Set(classNos)].filter((c) => !known.has(c))
  if (!missing.length) return known
  const read = await studentsOfClasses(data, missing)
  for (const c of missing) known.set(c, read.get(c) ?? [])
  return known
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

/**
 * The assigned students of plans and the live students of classes, in one read (union all): by plan id
 * and by class number.
 */
async function studentsOf(
  data: Data,
  planIds: readonly string[],
  classNos: readonly string[],
): Promise<{ assigned: Map<string, string[]>; byClass: Map<string, string[]> }> {
  const assigned = new Map<string, string[]>()
  const byClass = new Map<string, string[]>()
  const parts = [
    ...chunks(planIds).map((chunk) =>
      data.db
        .select({
          plan: sql<number>`1`.as('plan'),
          key: sql<string>`${teachBatchAssStudent.batchPlanId}::text`.as('key'),
          studentNo: teachBatchAssStudent.studentNo,
        })
        .from(teachBatchAssStudent)
        .where(data.rows(teachBatchAssStudent, inArray(teachBatchAssStudent.batchPlanId, chunk))),
    ),
    ...chunks(classNos).map((chunk) =>
      data.db
        .select({
          plan: sql<number>`0`.as('plan'),
          key: sql<string>`${baseStudent.classNo}::text`.as('key'),
          studentNo: baseStudent.studentNo,
        })
        .from(baseStudent)
        .where(data.rows(baseStudent, inArray(baseStudent.classNo, chunk))),
    ),
  ]
  if (!parts.length) return { assigned, byClass }
  const [first, ...rest] = parts
  // The parts differ only in the table they read (a type unionAll cannot unify); rows are alike.
  const rows = (
    rest.length ? await unionAll(first as never, ...(rest as unknown as [never])) : await first
  ) as {
    plan: number
    key: string
    studentNo: string
  }[]
  for (const r of rows) {
    const map = Number(r.plan) === 1 ? assigned : byClass
    const list = map.get(String(r.key)) ?? []
    list.push(String(r.studentNo))
    map.set(String(r.key), list)
  }
  return { assigned, byClass }
}

/**
 * Rows → records: parties from the row's columns, E(p) from assigned students (read only for rows
 * marked `assigned`, which every write keeps) or the classes' (those in `known` are not read again).
 */
export async function recordsOf(
  data: Data,
  rows: readonly CheckRow[],
  known?: ClassStudents,
): Promise<PlanRecord[]> {
  const { assigned, byClass } = await studentsOf(
    data,
    rows.filter((r) => Number(r.assigned) === 1).map((r) => r.id),
    rows.flatMap((r) => splitList(r.classNos)).filter((c) => !known?.has(c)),
  )
  for (const [classNo, students] of known ?? []) byClass.set(classNo, students)
  return rows.map((row) => recordOf(row, assigned.get(row.id), byClass))
}

/** One record: E(p) = `own` (the assigned students) when given, else its classes' students. */
function recordOf(row: CheckRow, own: string[] | undefined, byClass: ClassStudents): PlanRecord {
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
}

/** Live batch plans matching the conditions, as records. */
export async function loadPlans(data: Data, ...conditions: (SQL | undefined)[]): Promise<PlanRecord[]> {
  const rows = await data.repo(teachBatchPlan).find(conditions)
  return recordsOf(data, rows)
}

export const loadTermPlans = (data: Data, academicYearId: string) =>
  loadPlans(data, eq(teachBatchPlan.academicYearId, academicYearId))

/** `checkFields` made json-safe once (every incremental check selects them). */
export const CHECK_JSON_FIELDS = jsonFields(checkFields)

/**
 * The values of `neighbourRead` for `changed`: per weekday they are on (in `days` order), its parties
 * and effective students; the plans themselves are left out of the answer.
 */
export function neighbourValues(academicYearId: string, changed: readonly PlanRecord[]) {
  const days = [...new Set(changed.map((p) => p.weekday))]
  const values: Record<string, unknown> = { year: academicYearId, changed: changed.map((p) => p.id) }
  days.forEach((weekday, i) => {
    const onDay = changed.filter((p) => p.weekday === weekday)
    const distinct = (list: (p: PlanRecord) => readonly string[]) => [...new Set(onDay.flatMap(list))]
    Object.assign(values, {
      [`day${i}`]: weekday,
      [`teachers${i}`]: distinct((p) => p.teachers),
      [`rooms${i}`]: distinct((p) => p.rooms),
      [`classes${i}`]: distinct((p) => p.classes),
      [`students${i}`]: distinct((p) => p.students),
    })
  })
  return { days: days.length, values }
}

/**
 * The read of the plans that may collide with the changed ones (neighbourValues, over `days`
 * weekdays): sharing a teacher, room or class on the same weekday (by the link tables' index), or
 * holding assigned students among E(p) on that weekday, each with its assigned students (`own`). Its
 * text depends only on `days` (kept, Data.kept); its rows come through json (`jsonFields`):
 * `neighbourRecords` makes the records.
 */
export function neighbourRead(data: Data, days: number): PgSelect {
  const value = (name: string) => sql.placeholder(name)
  const year = value('year')
  const parts = []
  for (let i = 0; i < days; i++) {
    const byParty = [
      [teachBatchPlanTeacher, teachBatchPlanTeacher.party, `teachers${i}`],
      [teachBatchPlanRoom, teachBatchPlanRoom.party, `rooms${i}`],
      [teachBatchPlanClass, teachBatchPlanClass.party, `classes${i}`],
      [teachBatchAssStudent, teachBatchAssStudent.studentNo, `students${i}`],
    ] as const
    for (const [table, party, list] of byParty)
      parts.push(
        data.db
          .select({ id: table.batchPlanId })
          .from(table)
          .where(
            data.rows(
              table,
              eq(table.academicYearId, year),
              eq(table.weekday, value(`day${i}`)),
              sql`${party} = any(${value(list)})`,
            ),
          ),
      )
  }
  const [first, ...rest] = parts
  // The parts differ only in the table they read (a type union cannot unify); rows are alike.
  const neighbourIds = union(first as never, ...(rest as unknown as [never]))
  // `= any(array(…))` lets the planner fetch the few neighbours by key instead of scanning the term.
  return data.db
    .select({ ...CHECK_JSON_FIELDS, own: assignedList(data).as('own') })
    .from(teachBatchPlan)
    .where(
      data.rows(
        teachBatchPlan,
        sql`${teachBatchPlan.id} = any(array(${neighbourIds}))`,
        sql`not (${teachBatchPlan.id} = any(${value('changed')}))`,
      ),
    )
    .$dynamic()
}

/** A row of `neighbourRead`. */
export type NeighbourRow = CheckRow & { own: string | null }

/** The changed plans and their neighbours as records, in id order after the changed ones. */
export async function neighbourRecords(
  data: Data,
  changed: readonly PlanRecord[],
  found: readonly NeighbourRow[],
  known?: ClassStudents,
): Promise<PlanRecord[]> {
  const sorted = [...found].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1))
  // Whole-class neighbours' students can only meet a changed plan's in a student collision when that
  // plan has assigned students (teaching.md 5): otherwise they are not read and left empty.
  const byClass: ClassStudents = new Map(known ?? [])
  if (changed.some((p) => p.assigned))
    await classStudents(
      data,
      sorted.filter((f) => f.own == null).flatMap((f) => splitList(f.classNos)),
      byClass,
    )
  return [
    ...changed,
    ...sorted.map(({ own, ...row }) => recordOf(row, own == null ? undefined : own.split(','), byClass)),
  ]
}

/** A plan's assigned students, comma-joined (null for a whole-class plan): a correlated subquery. */
const assignedList = (data: Data) =>
  sql<string | null>`case when ${teachBatchPlan.assigned} = 1 then (${data.db
    .select({ list: sql`string_agg(${teachBatchAssStudent.studentNo}, ',')` })
    .from(teachBatchAssStudent)
    .where(data.rows(teachBatchAssStudent, eq(teachBatchAssStudent.batchPlanId, teachBatchPlan.id)))}) end`

/**
 * Brings a plan's link rows (teachers, rooms, classes) and the weekday of its assigned students in line
 * with the row. Given the row as it was before the write, only what changed is rewritten.
 */
export async function writeLinks(data: Data, row: CheckRow, before?: CheckRow): Promise<void> {
  const weekday = Number(row.weekday ?? 0)
  const sameDay = !!before && Number(before.weekday ?? 0) === weekday
  const base = { batchPlanId: row.id, academicYearId: row.academicYearId!, weekday }
  for (const [table, column] of [
    [teachBatchPlanTeacher, 'teacherIds'],
    [teachBatchPlanRoom, 'roomIds'],
    [teachBatchPlanClass, 'classNos'],
  ] as const) {
    const parties = splitList(row[column])
    const repo = data.repo(table)
    if (before && sameParties(splitList(before[column]), parties)) {
      if (!sameDay) await repo.updateWhere([eq(table.batchPlanId, row.id)], { weekday })
      continue
    }
    await repo.deleteWhere([eq(table.batchPlanId, row.id)])
    if (parties.length) await repo.insert(parties.map((party) => ({ ...base, party })))
  }
  if (!sameDay)
    await data
      .repo(teachBatchAssStudent)
      .updateWhere([eq(teachBatchAssStudent.batchPlanId, row.id)], { weekday })
}

const sameParties = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x))

/** Drops the link rows and assigned students of removed plans. */
export async function dropLinks(data: Data, ids: readonly string[]): Promise<void> {
  if (!ids.length) return
  for (const table of [teachBatchPlanTeacher, teachBatchPlanRoom, teachBatchPlanClass, teachBatchAssStudent])
    await data.repo(table).deleteWhere([inArray(table.batchPlanId, [...ids])])
}
