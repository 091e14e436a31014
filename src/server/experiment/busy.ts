import { and, eq, gte, inArray, sql } from 'drizzle-orm'
import { WEEKDAY_ZH } from '../../shared/resources/teach/calendar'
import type { Data } from '../core/data'
import {
  experimentProject,
  experimentProjectStu,
  experimentProjectTime,
  teachBatchAssStudent,
  teachBatchPlan,
  teachBatchPlanClass,
  teachBatchPlanRoom,
  teachBatchPlanTeacher,
} from '../db/schema'

/**
 * What else occupies a room, a teacher or a student at a (date, week, weekday, sections): other booking
 * slots and scheduled batches (status ≥ 1; for a student only published ones that include them).
 * Loaded once per call, then asked per candidate.
 */

export interface Span {
  date: string
  week: number
  weekday: number
  startSection: number
  endSection: number
}

const overlaps = (
  a: Pick<Span, 'startSection' | 'endSection'>,
  b: Pick<Span, 'startSection' | 'endSection'>,
) => a.startSection <= b.endSection && b.startSection <= a.endSection

export const spanText = (s: Pick<Span, 'week' | 'weekday' | 'startSection' | 'endSection'>) =>
  `第${s.week}周${WEEKDAY_ZH[s.weekday]}第${s.startSection === s.endSection ? s.startSection : `${s.startSection}-${s.endSection}`}节`

interface BusySlot extends Span {
  id: string
  projectId: string
  projectName: string
  roomId: string | null
  teacherIds: string[]
}
interface BusyBatch {
  id: string
  name: string
  weekMask: number
  weekday: number
  startSection: number
  endSection: number
  rooms: Set<string>
  teachers: Set<string>
}

const ids = (v: string | null | undefined) =>
  String(v ?? '')
    .split(',')
    .filter(Boolean)

/** Booking slots on given dates (live), with their project names. */
async function slotsOn(data: Data, dates: string[], exceptIds: Set<string>): Promise<BusySlot[]> {
  if (!dates.length) return []
  const rows = await data.db
    .select({ slot: experimentProjectTime, projectName: experimentProject.projectName })
    .from(experimentProjectTime)
    .innerJoin(experimentProject, eq(experimentProject.id, experimentProjectTime.projectId))
    .where(
      and(
        data.rows(experimentProjectTime, inArray(experimentProjectTime.date, dates)),
        data.rows(experimentProject),
      ),
    )
  return rows
    .filter((r) => !exceptIds.has(r.slot.id))
    .map(({ slot, projectName }) => ({
      id: slot.id,
      projectId: String(slot.projectId),
      projectName: String(projectName ?? ''),
      date: String(slot.date),
      week: Number(slot.week),
      weekday: Number(slot.weekday),
      startSection: Number(slot.startSection),
      endSection: Number(slot.endSection),
      roomId: slot.roomId,
      teacherIds: ids(slot.teacherIds),
    }))
}

/** Scheduled batches of a term (status ≥ 1) with their rooms and teachers. */
async function batchesOf(data: Data, academicYearId: string): Promise<BusyBatch[]> {
  const rows = await data
    .repo(teachBatchPlan)
    .find([eq(teachBatchPlan.academicYearId, academicYearId), gte(teachBatchPlan.status, 1)])
  if (!rows.length) return []
  const batchIds = rows.map((r) => r.id)
  const rooms = await data.repo(teachBatchPlanRoom).find([inArray(teachBatchPlanRoom.batchPlanId, batchIds)])
  const teachers = await data
    .repo(teachBatchPlanTeacher)
    .find([inArray(teachBatchPlanTeacher.batchPlanId, batchIds)])
  const by = (links: { batchPlanId: string; party: string }[]) => {
    const m = new Map<string, Set<string>>()
    for (const l of links) m.set(l.batchPlanId, (m.get(l.batchPlanId) ?? new Set()).add(l.party))
    return m
  }
  const roomBy = by(rooms)
  const teacherBy = by(teachers)
  return rows.map((r) => ({
    id: r.id,
    name: `${r.projectName ?? ''}·第${r.batchNo ?? 1}批`,
    weekMask: Number(r.weekMask ?? 0),
    weekday: Number(r.weekday),
    startSection: Number(r.startSection),
    endSection: Number(r.endSection),
    rooms: roomBy.get(r.id) ?? new Set(),
    teachers: teacherBy.get(r.id) ?? new Set(),
  }))
}

const inWeek = (mask: number, week: number) => week >= 1 && week <= 31 && ((mask >>> (week - 1)) & 1) === 1

/** Rooms and teachers busy at candidate slots (slot generation). */
export async function roomTeacherBusy(
  data: Data,
  academicYearId: string,
  dates: string[],
  replacedSlotIds: Set<string>,
) {
  const slots = await slotsOn(data, dates, replacedSlotIds)
  const batches = await batchesOf(data, academicYearId)
  const planned: BusySlot[] = []
  return {
    /** The reason a candidate cannot be made, or null. */
    conflict(c: Span & { roomId: string; teacherIds: string[]; projectId: string }): string | null {
      for (const b of batches)
        if (
          b.weekday === c.weekday &&
          inWeek(b.weekMask, c.week) &&
          overlaps(b, c) &&
          (b.rooms.has(c.roomId) || c.teacherIds.some((t) => b.teachers.has(t)))
        )
          return `与『${b.name}』冲突`
      for (const s of [...slots, ...planned])
        if (
          s.date === c.date &&
          overlaps(s, c) &&
          (s.roomId === c.roomId || c.teacherIds.some((t) => s.teacherIds.includes(t)))
        )
          return s.projectId === c.projectId && s.roomId === c.roomId && s.startSection === c.startSection
            ? '已有相同时段'
            : `与『${s.projectName}』的预约时段冲突`
      return null
    },
    /** Remembers a slot made in this call, so later candidates see it. */
    add(c: Span & { roomId: string; teacherIds: string[]; projectId: string }) {
      planned.push({ ...c, id: '', projectName: '本次生成的时段' })
    },
  }
}

export interface StudentRef {
  studentNo: string
  classNo: string | null
}

/**
 * What a student already has at a slot's time: their live bookings (other slots) and the published
 * batches that include them (assigned, or whole classes when a batch assigns nobody).
 */
export async function studentClash(
  data: Data,
  student: StudentRef,
  slot: Span & { id: string; academicYearId: string },
): Promise<string | null> {
  const mine = await data.db
    .select({ slot: experimentProjectTime, projectName: experimentProject.projectName })
    .from(experimentProjectStu)
    .innerJoin(experimentProjectTime, eq(experimentProjectTime.id, experimentProjectStu.timeId))
    .innerJoin(experimentProject, eq(experimentProject.id, experimentProjectStu.projectId))
    .where(
      and(
        data.rows(
          experimentProjectStu,
          eq(experimentProjectStu.studentNo, student.studentNo),
          eq(experimentProjectStu.status, 1),
        ),
        data.rows(experimentProjectTime, eq(experimentProjectTime.date, slot.date)),
      ),
    )
  for (const m of mine)
    if (
      m.slot.id !== slot.id &&
      overlaps({ startSection: Number(m.slot.startSection), endSection: Number(m.slot.endSection) }, slot)
    )
      return `该时段与您的其他安排冲突：『${m.projectName}』${spanText({ week: Number(m.slot.week), weekday: Number(m.slot.weekday), startSection: Number(m.slot.startSection), endSection: Number(m.slot.endSection) })}`
  const candidates = await data.db
    .select({ batch: teachBatchPlan })
    .from(teachBatchPlan)
    .where(
      data.rows(
        teachBatchPlan,
        eq(teachBatchPlan.academicYearId, slot.academicYearId),
        eq(teachBatchPlan.status, 2),
        eq(teachBatchPlan.weekday, slot.weekday),
        sql`${teachBatchPlan.startSection} <= ${slot.endSection} and ${teachBatchPlan.endSection} >= ${slot.startSection}`,
      ),
    )
  const inThisWeek = candidates.map((c) => c.batch).filter((b) => inWeek(Number(b.weekMask ?? 0), slot.week))
  if (!inThisWeek.length) return null
  const batchIds = inThisWeek.map((b) => b.id)
  const assigned = await data
    .repo(teachBatchAssStudent)
    .find([inArray(teachBatchAssStudent.batchPlanId, batchIds)])
  const assignedBy = new Map<string, Set<string>>()
  for (const a of assigned)
    assignedBy.set(a.batchPlanId, (assignedBy.get(a.batchPlanId) ?? new Set()).add(a.studentNo))
  const classes = student.classNo
    ? await data
        .repo(teachBatchPlanClass)
        .find([
          inArray(teachBatchPlanClass.batchPlanId, batchIds),
          eq(teachBatchPlanClass.party, student.classNo),
        ])
    : []
  const classBatches = new Set(classes.map((c) => c.batchPlanId))
  for (const b of inThisWeek) {
    const who = assignedBy.get(b.id)
    const includes = who ? who.has(student.studentNo) : classBatches.has(b.id)
    if (includes)
      return `该时段与您的其他安排冲突：『${b.projectName ?? ''}·第${b.batchNo ?? 1}批』${spanText({ ...slot, startSection: Number(b.startSection), endSection: Number(b.endSection) })}`
  }
  return null
}
