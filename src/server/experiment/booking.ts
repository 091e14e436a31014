import { eq, gt, inArray, lt, sql } from 'drizzle-orm'
import { SUBSCRIBE_PROJECT_STATUS } from '../../shared/resources/experiment/project'
import { BOOKING_SOURCE, BOOKING_STATUS } from '../../shared/resources/experiment/project-stu'
import type { Data } from '../core/data'
import { bad, BizError } from '../core/errors'
import { baseStudent, experimentProject, experimentProjectStu, experimentProjectTime } from '../db/schema'
import { myStudent, type StudentRow } from '../teach/people'
import { studentClash } from './busy'
import { paramsOf, windowOf, type Params } from './params'

/**
 * Booking a slot (domain 8). A student books only for themselves, in this order: window, published and
 * open, audience, advance hours, this slot or another of the project, projects per student, clashes,
 * then the seat (`booked_count + 1 where booked_count < capacity`, one statement). Staff adding
 * students skip the window, the advance hours and the project quota. Each student's bookings are
 * serialised by a transaction-scoped advisory lock, so concurrent requests cannot both pass a quota.
 */

type SlotRow = typeof experimentProjectTime.$inferSelect
type ProjectRow = typeof experimentProject.$inferSelect

const list = (v: string | null | undefined) =>
  String(v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

/** Whether a student is in a project's audience (every non-empty one) and the slot's classes. */
export function inAudience(student: StudentRow, project: ProjectRow, slot?: SlotRow | null): boolean {
  const classes = list(project.classNos)
  const depts = list(project.deptSerials)
  const grades = list(project.grades)
  const slotClasses = list(slot?.classNos)
  const classNo = String(student.classNo ?? '')
  if (classes.length && !classes.includes(classNo)) return false
  if (depts.length && !depts.includes(String(student.deptSerial ?? ''))) return false
  if (grades.length && !grades.includes(String(student.grade ?? ''))) return false
  if (slotClasses.length && !slotClasses.includes(classNo)) return false
  return true
}

/** When a slot starts (local time). */
export const startOf = (slot: Pick<SlotRow, 'date' | 'startTime'>) =>
  new Date(`${slot.date}T${slot.startTime ?? '00:00'}:00`)

export const tooLateMessage = (hours: number) => `该时段已开始或距开始不足${hours}小时，不能预约`

/** Serialises one student's booking writes until the transaction ends. */
async function lockStudent(data: Data, studentNo: string) {
  await data.db.execute(
    sql`select pg_advisory_xact_lock(hashtext(${`experiment-booking:${data.tenantId}:${studentNo}`}))`,
  )
}

export async function liveBookingsOf(data: Data, studentNo: string) {
  return data
    .repo(experimentProjectStu)
    .find([
      eq(experimentProjectStu.studentNo, studentNo),
      eq(experimentProjectStu.status, BOOKING_STATUS.booked),
    ])
}

export interface BookingCheck {
  student: StudentRow
  slot: SlotRow
  project: ProjectRow
  params: Params
  staff: boolean
  now: Date
}

/** Rules 1–7 of one booking (the seat is taken separately); the message of the first that fails. */
export async function bookingRefusal(
  data: Data,
  c: BookingCheck,
  rules: { seat?: boolean } = {},
): Promise<string | null> {
  const { student, slot, project, params, staff, now } = c
  if (!staff) {
    const w = windowOf(params, project, now)
    if (!w.open) return w.msg
  }
  if (Number(project.status) !== SUBSCRIBE_PROJECT_STATUS.published) return '该项目未发布'
  if (Number(slot.status) !== 1) return '该时段未开放'
  if (!inAudience(student, project, slot)) return '您不在该项目的预约范围内'
  if (!staff && startOf(slot).getTime() < now.getTime() + params.advanceHours * 3600_000)
    return tooLateMessage(params.advanceHours)
  const mine = await liveBookingsOf(data, String(student.studentNo))
  if (mine.some((b) => b.timeId === slot.id)) return '您已预约该时段'
  if (mine.filter((b) => b.projectId === project.id).length >= Number(project.maxSlots ?? 1))
    return '您已预约该项目的其他时段'
  if (!staff) {
    const projects = new Set(mine.map((b) => b.projectId))
    if (!projects.has(project.id) && projects.size >= params.maxProjects)
      return `每名学生最多预约${params.maxProjects}个项目`
  }
  const clash = await studentClash(
    data,
    { studentNo: String(student.studentNo), classNo: student.classNo ? String(student.classNo) : null },
    {
      id: slot.id,
      academicYearId: String(project.academicYearId),
      date: String(slot.date),
      week: Number(slot.week),
      weekday: Number(slot.weekday),
      startSection: Number(slot.startSection),
      endSection: Number(slot.endSection),
    },
  )
  if (clash) return clash
  if (rules.seat && Number(slot.bookedCount) >= Number(slot.capacity)) return '该时段已约满'
  return null
}

/** One booking, in the caller's transaction: the rules, the seat, the row. */
async function bookOne(data: Data, student: StudentRow, timeId: string, staff: boolean, params: Params) {
  await lockStudent(data, String(student.studentNo))
  const slot = await data.repo(experimentProjectTime).need(timeId, '预约时段不存在')
  const project = await data.repo(experimentProject).need(String(slot.projectId), '预约项目不存在')
  const now = new Date()
  const refusal = await bookingRefusal(data, { student, slot, project, params, staff, now })
  if (refusal) bad(refusal)
  const taken = await data.db
    .update(experimentProjectTime)
    .set({ bookedCount: sql`${experimentProjectTime.bookedCount} + 1`, updateTime: now })
    .where(
      data.rows(
        experimentProjectTime,
        eq(experimentProjectTime.id, slot.id),
        lt(experimentProjectTime.bookedCount, experimentProjectTime.capacity),
      ),
    )
    .returning({ id: experimentProjectTime.id })
  if (!taken.length) bad('该时段已约满')
  await data.repo(experimentProjectStu).insert({
    projectId: project.id,
    timeId: slot.id,
    studentNo: String(student.studentNo),
    studentName: String(student.studentName ?? ''),
    classNo: student.classNo ? String(student.classNo) : null,
    deptSerial: student.deptSerial ? String(student.deptSerial) : null,
    source: staff ? BOOKING_SOURCE.staff : BOOKING_SOURCE.student,
    status: BOOKING_STATUS.booked,
    subscribeTime: now,
  })
}

/** A student's own booking (only for themselves). */
export async function bookForSelf(data: Data, items: { timeId: string; stuSerial: string }[]) {
  const student = await myStudent(data)
  if (!student) bad('当前账号未关联学生信息')
  if (items.some((i) => i.stuSerial !== String(student!.studentNo))) bad('只能为本人预约')
  const params = await paramsOf(data)
  return data.transaction(async (tx) => {
    for (const item of items) await bookOne(tx, student!, item.timeId, false, params)
    return items.length
  })
}

/** Staff adding students to slots: all or nothing, a refusal names the student. */
export async function bookForStudents(data: Data, items: { timeId: string; stuSerial: string }[]) {
  const params = await paramsOf(data)
  return data.transaction(async (tx) => {
    const nos = [...new Set(items.map((i) => i.stuSerial))]
    const students = new Map(
      (await tx.repo(baseStudent).find([inArray(baseStudent.studentNo, nos)])).map((s) => [
        String(s.studentNo),
        s,
      ]),
    )
    for (const item of items) {
      const student = students.get(item.stuSerial)
      if (!student) bad(`学生${item.stuSerial}不存在`)
      try {
        await bookOne(tx, student!, item.timeId, true, params)
      } catch (e) {
        if (e instanceof BizError)
          bad(`学生${student!.studentName}（${item.stuSerial}）：${e.message.replace(/^您/, '该学生')}`)
        throw e
      }
    }
    return items.length
  })
}

/** Why a student may not cancel a booking now, or null (staff and the project's teachers always may). */
export function cancelRefusal(params: Params, slot: SlotRow, now = new Date()): string | null {
  if (!params.allowCancel) return '预约不允许取消，请联系指导教师'
  if (now.getTime() > startOf(slot).getTime() - params.cancelHours * 3600_000)
    return `距实验开始不足${params.cancelHours}小时，不能取消预约`
  return null
}

/** Cancels a live booking and frees its seat; the row stays (status 0) for statistics. */
export async function cancelBooking(data: Data, booking: typeof experimentProjectStu.$inferSelect) {
  const now = new Date()
  const changed = await data
    .repo(experimentProjectStu)
    .updateWhere(
      [eq(experimentProjectStu.id, booking.id), eq(experimentProjectStu.status, BOOKING_STATUS.booked)],
      {
        status: BOOKING_STATUS.cancelled,
        cancelTime: now,
        cancelUser: data.me.userId,
      },
    )
  if (!changed) bad('该预约已取消')
  await data.db
    .update(experimentProjectTime)
    .set({ bookedCount: sql`${experimentProjectTime.bookedCount} - 1`, updateTime: now })
    .where(
      data.rows(
        experimentProjectTime,
        eq(experimentProjectTime.id, String(booking.timeId)),
        gt(experimentProjectTime.bookedCount, 0),
      ),
    )
}
