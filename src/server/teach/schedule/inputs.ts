import { eq, inArray, or, sql, type SQL } from 'drizzle-orm'
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

/**
 * The read of `ask` (union all of the parts asked; undefined when nothing is). `classesOfPlans` adds the
 * classes of those batch plans, so an edit asks for its rows' classes in the statement that reads them.
 */
export function inputsRead(data: Data, ask: InputsAsk, classesOfPlans: readonly string[] = []) {
  const field = <T>(value: SQL, name: string) => sql<T>`${value}`.as(name)
  const parts = []
  if (ask.roomIds.length)
    parts.push(
      data.db
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
        .where(data.rows(teachClassroom, inArray(teachClassroom.roomId, [...ask.roomIds]))),
    )
  if (ask.teacherIds.length)
    parts.push(
      data.db
        .select({
          kind: field<string>(sql`'teacher'`, 'kind'),
          key: field<string>(sql`${baseTeacher.id}::text`, 'key'),
          value: field<string | null>(sql`null::text`, 'value'),
          n: field<number | null>(sql`null::int`, 'n'),
        })
        .from(baseTeacher)
        .where(data.rows(baseTeacher, inArray(baseTeacher.id, [...ask.teacherIds]))),
    )
  if (ask.classNos.length || classesOfPlans.length)
    parts.push(
      data.db
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
            or(
              ask.classNos.length ? inArray(baseStudent.classNo, [...ask.classNos]) : undefined,
              classesOfPlans.length
                ? inArray(
                    baseStudent.classNo,
                    data.db
                      .select({ classNo: sql`unnest(string_to_array(${teachBatchPlan.classNos}, ','))` })
                      .from(teachBatchPlan)
                      .where(data.rows(teachBatchPlan, inArray(teachBatchPlan.id, [...classesOfPlans]))),
                  )
                : undefined,
            ),
          ),
        ),
    )
  if (!parts.length) return undefined
  const [first, ...rest] = parts
  // The parts differ only in the table they read (a type unionAll cannot unify); rows are alike.
  return rest.length ? unionAll(first as never, ...(rest as unknown as [never])) : first
}

/** Reads what `inputs` lacks of `ask` (one statement; none when everything was asked before). */
export async function readInputs(data: Data, inputs: WriteInputs, ask: InputsAsk): Promise<void> {
  const missing = inputs.missing(ask)
  const read = inputsRead(data, missing)
  inputs.take(missing, read ? ((await read) as InputRow[]) : [])
}

/**
 * `read` as one json column of another statement's row (`WriteInputs.take` takes its value); with
 * `onlyWhere`, null on the rows that fail it (a read of several rows carries the inputs once).
 */
export function inputsColumn(read: NonNullable<ReturnType<typeof inputsRead>>, onlyWhere?: SQL) {
  const value = sql`(select coalesce(json_agg(i), '[]'::json) from (${read}) i)`
  return sql<InputRow[] | null>`${onlyWhere ? sql`case when ${onlyWhere} then ${value} end` : value}`.mapWith(
    // node-postgres and PGlite both parse json; a driver answering text is parsed here
    (json: unknown) => (typeof json === 'string' ? JSON.parse(json) : json) as InputRow[],
  )
}
