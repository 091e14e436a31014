import { eq, sql, type SQL } from 'drizzle-orm'
import { unionAll } from 'drizzle-orm/pg-core'
import type { Data } from '../../core/data'
import { baseStudent, baseTeacher, labRoom, teachBatchPlan, teachClassroom } from '../../db/schema'
import type { ClassStudents } from './load'

/** What a batch is checked against: rooms, teachers and the classes whose students it takes. */
export interface InputsAsk {
  roomIds: readonly string[]
  teacherIds: readonly string[]
  classNos: readonly string[]
}

/** A row of the inputs read: a room with its capacity, a live teacher, or a class's live student. */
interface InputRow {
  kind: 'room' | 'teacher' | 'student'
  key: string
  /** The student number of a student row. */
  value: string | null
  /** A room's capacity; null when it is not an enabled 排课教室. */
  n: number | null
}

/**
 * The rooms, teachers and classes' students one write has read, each asked id remembered as found or
 * not: a batch reads only what no earlier read of the write asked (an edit's first read rides on the
 * read of its rows, `inputsColumn`).
 */
export class WriteInputs {
  /** Asked rooms: capacity (a capacity left empty falls back to the room's seats), null when not an enabled 排课教室. */
  readonly rooms = new Map<string, number | null>()
  /** Asked teachers: live or not. */
  readonly teachers = new Map<string, boolean>()
  /** Asked classes' live students: handed on to the write's collision check, which reads none again. */
  readonly students: ClassStudents = new Map()

  /** What of `ask` has not been asked yet. */
  missing(ask: InputsAsk): InputsAsk {
    return {
      roomIds: [...new Set(ask.roomIds)].filter((id) => !this.rooms.has(id)),
      teacherIds: [...new Set(ask.teacherIds)].filter((id) => !this.teachers.has(id)),
      classNos: [...new Set(ask.classNos)].filter((c) => !this.students.has(c)),
    }
  }

  /** Takes a read's rows; what `ask` named and the rows lack is remembered as missing. */
  take(ask: InputsAsk, rows: readonly InputRow[]): void {
    for (const id of ask.roomIds) if (!this.rooms.has(id)) this.rooms.set(id, null)
    for (const id of ask.teacherIds) if (!this.teachers.has(id)) this.teachers.set(id, false)
    const byClass: ClassStudents = new Map()
    for (const r of rows)
      if (r.kind === 'room') this.rooms.set(r.key, r.n == null ? null : Number(r.n))
      else if (r.kind === 'teacher') this.teachers.set(r.key, true)
      else byClass.set(r.key, [...(byClass.get(r.key) ?? []), String(r.value)])
    for (const [classNo, students] of byClass) this.students.set(classNo, students)
    for (const c of ask.classNos) if (!this.students.has(c)) this.students.set(c, [])
  }
}

/** The placeholders of the inputs read, by what they stand for (`inputsValues` gives their values). */
const INPUT = {
  rooms: sql.placeholder('inputRooms'),
  teachers: sql.placeholder('inputTeachers'),
  classes: sql.placeholder('inputClasses'),
  plans: sql.placeholder('inputPlans'),
}

/** The values of the inputs read: `ask`, and the batch plans whose own classes it reads too. */
export const inputsValues = (ask: InputsAsk, classesOfPlans: readonly string[] = []) => ({
  inputRooms: ask.roomIds,
  inputTeachers: ask.teacherIds,
  inputClasses: ask.classNos,
  inputPlans: classesOfPlans,
})

/**
 * The read of what `inputsValues` names (union all of rooms, teachers and students; a part given no
 * ids reads nothing): one text for every write, kept (Data.kept). The classes of the plans it is given
 * are read too, so an edit asks for its rows' classes in the statement that reads them.
 */
export function inputsRead(data: Data) {
  const field = <T>(value: SQL, name: string) => sql<T>`${value}`.as(name)
  const rooms = data.db
    .select({
      kind: field<string>(sql`'room'`, 'kind'),
      key: field<string>(sql`${teachClassroom.roomId}::text`, 'key'),
      value: field<string | null>(sql`null::text`, 'value'),
      n: field<number | null>(
        sql`case when ${teachClassroom.status} = 1 then coalesce(nullif(${teachClassroom.capacity}, 0), ${labRoom.seats}, 0) end::int`,
        'n',
      ),
    })
    .from(teachClassroom)
    .leftJoin(labRoom, data.rows(labRoom, eq(labRoom.id, teachClassroom.roomId)))
    .where(data.rows(teachClassroom, sql`${teachClassroom.roomId} = any(${INPUT.rooms})`))
  const teachers = data.db
    .select({
      kind: field<string>(sql`'teacher'`, 'kind'),
      key: field<string>(sql`${baseTeacher.id}::text`, 'key'),
      value: field<string | null>(sql`null::text`, 'value'),
      n: field<number | null>(sql`null::int`, 'n'),
    })
    .from(baseTeacher)
    .where(data.rows(baseTeacher, sql`${baseTeacher.id} = any(${INPUT.teachers})`))
  const plansClasses = data.db
    .select({ classNo: sql`unnest(string_to_array(${teachBatchPlan.classNos}, ','))` })
    .from(teachBatchPlan)
    .where(data.rows(teachBatchPlan, sql`${teachBatchPlan.id} = any(${INPUT.plans})`))
  const students = data.db
    .select({
      kind: field<string>(sql`'student'`, 'kind'),
      key: field<string>(sql`${baseStudent.classNo}::text`, 'key'),
      value: field<string | null>(sql`${baseStudent.studentNo}::text`, 'value'),
      n: field<number | null>(sql`null::int`, 'n'),
    })
    .from(baseStudent)
    .where(
      data.rows(
        baseStudent,
        // `= any(array(…))`: the planner fetches the classes' students by index; as `in (…)` it hashes
        // the plans' classes and scans every student of the school (≈ 1 ms at 3,700).
        sql`(${baseStudent.classNo} = any(${INPUT.classes}) or ${baseStudent.classNo} = any(array(${plansClasses})))`,
      ),
    )
  // The parts differ only in the table they read (a type unionAll cannot unify); rows are alike.
  return unionAll(rooms as never, ...([teachers, students] as unknown as [never]))
}

/** Reads what `inputs` lacks of `ask` (one statement; none when everything was asked before). */
export async function readInputs(data: Data, inputs: WriteInputs, ask: InputsAsk): Promise<void> {
  const missing = inputs.missing(ask)
  const asked = missing.roomIds.length || missing.teacherIds.length || missing.classNos.length
  const rows = asked
    ? await data.kept<InputRow>('schedule.inputs', () => inputsRead(data), inputsValues(missing))
    : []
  inputs.take(missing, rows)
}

/**
 * `read` as one json column of another statement's row (`inputRowsOf` reads its value); null on the
 * rows that fail `onlyWhere` (a read of several rows carries the inputs once).
 */
export const inputsColumn = (read: ReturnType<typeof inputsRead>, onlyWhere: SQL) =>
  sql`case when ${onlyWhere} then (select coalesce(json_agg(i), '[]'::json) from (${read}) i) end`

/** The value of `inputsColumn` as rows (node-postgres and PGlite parse json; a driver answering text is parsed here). */
export const inputRowsOf = (json: unknown): InputRow[] =>
  json == null ? [] : ((typeof json === 'string' ? JSON.parse(json) : json) as InputRow[])
