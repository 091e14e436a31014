import { inArray } from 'drizzle-orm'
import type { Data } from '../../core/data'
import { baseClass, baseStudent, baseTeacher, labInfo, labRoom } from '../../db/schema'
import { splitList, type CheckRow } from './load'
import type { BatchLabel, PartyNames } from './collision/explain'

export interface TeacherName {
  id: string
  name: string
  no: string
  userId: string | null
}

export interface RoomName {
  id: string
  name: string
  no: string
  labId: string | null
  labName: string
  seats: number | null
}

/** Names of the teachers, rooms, classes and students some batch plans mention, read once. */
export class Names implements PartyNames {
  constructor(
    readonly teachers: Map<string, TeacherName>,
    readonly rooms: Map<string, RoomName>,
    readonly classes: Map<string, string>,
    readonly students: Map<string, string>,
  ) {}

  teacher = (id: string) => this.teachers.get(id)
  room = (id: string) => this.rooms.get(id)?.name
  className = (classNo: string) => this.classes.get(classNo)
  student = (studentNo: string) => this.students.get(studentNo)

  teacherNames = (ids: readonly string[]) => ids.map((id) => this.teachers.get(id)?.name ?? id)
  roomNames = (ids: readonly string[]) => ids.map((id) => this.rooms.get(id)?.name ?? id)
  classNames = (nos: readonly string[]) => nos.map((no) => this.classes.get(no) ?? no)

  label(row: CheckRow): BatchLabel {
    return {
      projectName: row.projectName ?? '',
      batchNo: Number(row.batchNo ?? 0),
      classNames: this.classNames(splitList(row.classNos)),
      roomNames: this.roomNames(splitList(row.roomIds)),
    }
  }
}

async function chunked<T>(values: readonly string[], read: (part: string[]) => Promise<T[]>): Promise<T[]> {
  const unique = [...new Set(values)].filter(Boolean)
  const out: T[] = []
  for (let i = 0; i < unique.length; i += 1000) out.push(...(await read(unique.slice(i, i + 1000))))
  return out
}

/** Loads the names of everything `rows` mention, plus `extra` parties (students of collisions, …). */
export async function namesOf(
  data: Data,
  rows: readonly CheckRow[],
  extra: { teacherIds?: string[]; roomIds?: string[]; classNos?: string[]; studentNos?: string[] } = {},
): Promise<Names> {
  const teacherIds = [...rows.flatMap((r) => splitList(r.teacherIds)), ...(extra.teacherIds ?? [])]
  const roomIds = [...rows.flatMap((r) => splitList(r.roomIds)), ...(extra.roomIds ?? [])]
  const classNos = [...rows.flatMap((r) => splitList(r.classNos)), ...(extra.classNos ?? [])]
  const teachers = await chunked(teacherIds, (part) =>
    data.db
      .select({
        id: baseTeacher.id,
        name: baseTeacher.teacherName,
        no: baseTeacher.teacherNo,
        userId: baseTeacher.userId,
      })
      .from(baseTeacher)
      .where(data.rows(baseTeacher, inArray(baseTeacher.id, part))),
  )
  const rooms = await chunked(roomIds, (part) =>
    data.db
      .select({
        id: labRoom.id,
        name: labRoom.roomName,
        no: labRoom.roomNo,
        labId: labRoom.labId,
        seats: labRoom.seats,
      })
      .from(labRoom)
      .where(data.rows(labRoom, inArray(labRoom.id, part))),
  )
  const labIds = [...new Set(rooms.map((r) => r.labId).filter((v): v is string => !!v))]
  const labs = await chunked(labIds, (part) =>
    data.db
      .select({ id: labInfo.id, name: labInfo.labName })
      .from(labInfo)
      .where(data.rows(labInfo, inArray(labInfo.id, part))),
  )
  const labNames = new Map(labs.map((l) => [l.id, String(l.name ?? '')]))
  const classes = await chunked(classNos, (part) =>
    data.db
      .select({ no: baseClass.classNo, name: baseClass.className })
      .from(baseClass)
      .where(data.rows(baseClass, inArray(baseClass.classNo, part))),
  )
  const students = await chunked(extra.studentNos ?? [], (part) =>
    data.db
      .select({ no: baseStudent.studentNo, name: baseStudent.studentName })
      .from(baseStudent)
      .where(data.rows(baseStudent, inArray(baseStudent.studentNo, part))),
  )
  return new Names(
    new Map(
      teachers.map((t) => [
        t.id,
        {
          id: t.id,
          name: String(t.name ?? ''),
          no: String(t.no ?? ''),
          userId: t.userId == null ? null : String(t.userId),
        },
      ]),
    ),
    new Map(
      rooms.map((r) => [
        r.id,
        {
          id: r.id,
          name: String(r.name || r.no || ''),
          no: String(r.no ?? ''),
          labId: r.labId ?? null,
          labName: r.labId ? (labNames.get(r.labId) ?? '') : '',
          seats: r.seats == null ? null : Number(r.seats),
        },
      ]),
    ),
    new Map(classes.map((c) => [String(c.no), String(c.name || c.no)])),
    new Map(students.map((s) => [String(s.no), String(s.name ?? '')])),
  )
}
