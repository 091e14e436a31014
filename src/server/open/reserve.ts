/**
 * 开放实验预约: students reserve a seat in a slot of an approved 开放实验室申请 (credit score first),
 * teachers add students to their own slots (all or none), staff add, mark attendance and cancel. A seat
 * is taken by one conditional update (`taken + n <= capacity`), so the last seat goes exactly once
 * however many ask at the same moment.
 */
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { creditBlockedMessage, openReserveApi, type OpenSlot } from '../../shared/api/open'
import { APPLY_STATUS } from '../../shared/resources/lab/options'
import { localNowTime, localToday } from '../../shared/resources/lab/time'
import { openRoomReserveResource, RESERVE_STATUS } from '../../shared/resources/open/room-reserve'
import { studentResource } from '../../shared/resources/base/student'
import type { Data } from '../core/data'
import { done, ok } from '../core/envelope'
import { bad } from '../core/errors'
import { registerResourceRoutes } from '../core/resource-routes'
import { route } from '../core/route'
import type { AuthUser } from '../core/context'
import { baseStudent, labRoom, openRoomApply, openRoomReserve, openRoomSlot } from '../db/schema'
import { cancelAhead, creditOf, freeSeats } from './credit'

type Row = Record<string, unknown>
const LIVE = [RESERVE_STATUS.booked, RESERVE_STATUS.attended, RESERVE_STATUS.noShow, RESERVE_STATUS.late]
const ATTENDANCE: number[] = [RESERVE_STATUS.attended, RESERVE_STATUS.noShow, RESERVE_STATUS.late]

/** A student who is nothing else reads and cancels only their own reservations. */
const onlyStudent = (u: AuthUser) =>
  u.roleAliases.includes('student') &&
  !u.roleAliases.some((r) => ['administrator', 'staff', 'teacher'].includes(r))

interface SlotRow {
  id: string
  applyId: string
  roomId: string
  slotDate: string
  startTime: string
  endTime: string
  capacity: number
  taken: number
  projectName: string | null
  applyStatus: number
  createUser: string | null
  roomName: string | null
  teacherName: string | null
}

function slotQuery(data: Data, ...conditions: Parameters<Data['rows']>[1][]) {
  return data.db
    .select({
      id: openRoomSlot.id,
      applyId: openRoomSlot.applyId,
      roomId: openRoomSlot.roomId,
      slotDate: openRoomSlot.slotDate,
      startTime: openRoomSlot.startTime,
      endTime: openRoomSlot.endTime,
      capacity: openRoomSlot.capacity,
      taken: openRoomSlot.taken,
      projectName: openRoomApply.projectName,
      applyStatus: openRoomApply.status,
      createUser: openRoomApply.createUser,
      roomName: labRoom.roomName,
      teacherName: openRoomApply.applicantName,
    })
    .from(openRoomSlot)
    .innerJoin(openRoomApply, eq(openRoomApply.id, openRoomSlot.applyId))
    .leftJoin(labRoom, eq(labRoom.id, openRoomSlot.roomId))
    .where(and(data.rows(openRoomSlot, ...conditions), data.rows(openRoomApply)))
}

const slotView = (s: SlotRow): OpenSlot => ({
  id: s.id,
  applyId: s.applyId,
  roomId: s.roomId,
  slotDate: s.slotDate,
  startTime: s.startTime,
  endTime: s.endTime,
  capacity: s.capacity,
  taken: s.taken,
  projectName: s.projectName ?? '',
  roomName: s.roomName ?? '',
  teacherName: s.teacherName ?? '',
  label: `${s.slotDate} ${s.startTime}-${s.endTime} ${s.projectName ?? ''} ${s.roomName ?? ''}（剩余${s.capacity - s.taken}）`,
})

const started = (s: { slotDate: string; startTime: string }) => {
  const today = localToday()
  return s.slotDate < today || (s.slotDate === today && s.startTime <= localNowTime())
}

/** Seats for the students in one slot, all or none; answers the new reservation ids. */
async function reserveSeats(
  data: Data,
  slotId: string,
  students: { studentNo: string; studentName: string }[],
  options: { credit: boolean; teacherOf?: string },
): Promise<string[]> {
  const [slot] = (await slotQuery(data, eq(openRoomSlot.id, slotId)).limit(1)) as SlotRow[]
  if (!slot) bad('开放时段不存在或已删除')
  if (slot.applyStatus !== APPLY_STATUS.approved) bad('该开放实验尚未通过审核，不能预约')
  if (options.teacherOf && slot.createUser !== options.teacherOf) bad('只能为自己申请的开放实验选择学生')
  if (started(slot)) bad('该时段已开始或已结束，不能预约')
  const nos = students.map((s) => s.studentNo)
  if (new Set(nos).size !== nos.length) bad('所选学生有重复')
  if (options.credit)
    for (const s of students) {
      const credit = await creditOf(data, s.studentNo)
      if (credit.blocked) bad(creditBlockedMessage(credit))
    }
  const already = await data.db
    .select({ studentNo: openRoomReserve.studentNo })
    .from(openRoomReserve)
    .where(
      data.rows(
        openRoomReserve,
        eq(openRoomReserve.slotId, slotId),
        inArray(openRoomReserve.studentNo, nos),
        inArray(openRoomReserve.status, LIVE),
      ),
    )
  if (already.length) bad(`${already.map((a) => a.studentNo).join('、')}已预约该时段`)
  const n = students.length
  const taken = await data.db
    .update(openRoomSlot)
    .set({ taken: sql`${openRoomSlot.taken} + ${n}` })
    .where(
      data.rows(
        openRoomSlot,
        eq(openRoomSlot.id, slotId),
        sql`${openRoomSlot.taken} + ${n} <= ${openRoomSlot.capacity}`,
      ),
    )
    .returning({ id: openRoomSlot.id })
  if (!taken.length) {
    const [now] = await data.db
      .select({ taken: openRoomSlot.taken, capacity: openRoomSlot.capacity })
      .from(openRoomSlot)
      .where(data.rows(openRoomSlot, eq(openRoomSlot.id, slotId)))
    const left = Math.max(0, (now?.capacity ?? 0) - (now?.taken ?? 0))
    bad(left ? `该时段只剩${left}个座位，不能预约${n}人` : '该时段已约满，请选择其他时段')
  }
  return data.repo(openRoomReserve, openRoomReserveResource).insert(
    students.map((s) => ({
      slotId,
      applyId: slot.applyId,
      roomId: slot.roomId,
      projectName: slot.projectName,
      roomName: slot.roomName,
      slotDate: slot.slotDate,
      startTime: slot.startTime,
      endTime: slot.endTime,
      studentNo: s.studentNo,
      studentName: s.studentName,
      status: RESERVE_STATUS.booked,
    })) as never,
  )
}

/** Students of the roster by 学号 (all must exist). */
async function rosterStudents(data: Data, nos: string[]) {
  const rows = await data.db
    .select({ studentNo: baseStudent.studentNo, studentName: baseStudent.studentName })
    .from(baseStudent)
    .where(data.rows(baseStudent, inArray(baseStudent.studentNo, nos)))
  const found = new Map(rows.map((r) => [String(r.studentNo), String(r.studentName ?? '')]))
  const missing = nos.filter((n) => !found.has(n))
  if (missing.length) bad(`学号（${missing.slice(0, 5).join('、')}）不存在`)
  return nos.map((studentNo) => ({ studentNo, studentName: found.get(studentNo)! }))
}

const teacherApplies = (data: Data) =>
  data.db
    .select({ id: openRoomApply.id })
    .from(openRoomApply)
    .where(data.rows(openRoomApply, eq(openRoomApply.createUser, data.me.userId)))

export function registerReserveRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, { ...openRoomReserveResource, routes: ['page', 'detail'] }, openRoomReserve, {
    readScope: (request) =>
      request.user && onlyStudent(request.user) ? [eq(openRoomReserve.studentNo, request.user.account)] : [],
  })

  route(app, openReserveApi.list, async ({ query, data }) => {
    const rows = await data.db
      .select()
      .from(openRoomReserve)
      .where(
        data.rows(
          openRoomReserve,
          query.batchPlanId ? eq(openRoomReserve.slotId, query.batchPlanId) : undefined,
          onlyStudent(data.me) ? eq(openRoomReserve.studentNo, data.me.account) : undefined,
        ),
      )
      .orderBy(asc(openRoomReserve.studentNo))
      .limit(2000)
    return ok(rows as never)
  })

  route(app, openReserveApi.batchList, async ({ query, data }) => {
    const rows = (await slotQuery(
      data,
      gte(openRoomSlot.slotDate, localToday()),
      query.roomId ? eq(openRoomSlot.roomId, String(query.roomId)) : undefined,
    )
      .orderBy(asc(openRoomSlot.slotDate), asc(openRoomSlot.startTime))
      .limit(500)) as SlotRow[]
    return ok(rows.filter((s) => s.applyStatus === APPLY_STATUS.approved && !started(s)).map(slotView))
  })

  route(app, openReserveApi.batchTeacherList, async ({ data }) => {
    const rows = (await slotQuery(data, inArray(openRoomSlot.applyId, teacherApplies(data)))
      .orderBy(desc(openRoomSlot.slotDate), asc(openRoomSlot.startTime))
      .limit(500)) as SlotRow[]
    return ok(rows.filter((s) => s.applyStatus === APPLY_STATUS.approved).map(slotView))
  })

  route(app, openReserveApi.pageTeacher, async ({ query, data }) => {
    const page = await data.repo(openRoomReserve, openRoomReserveResource).page(query, {
      where: [inArray(openRoomReserve.applyId, teacherApplies(data))],
    })
    return ok(page as never)
  })

  route(app, openReserveApi.selectStudentList, async ({ query, data }) => {
    const page = await data.repo(baseStudent, studentResource).page(query)
    return ok({
      ...page,
      records: page.records.map((r) => ({
        studentNo: String(r.studentNo),
        studentName: String(r.studentName ?? ''),
        classNo: (r.classNo as string | null) ?? null,
      })),
    })
  })

  route(app, openReserveApi.studentRecordList, async ({ data }) => {
    const rows = await data.db
      .select()
      .from(openRoomReserve)
      .where(data.rows(openRoomReserve, eq(openRoomReserve.studentNo, data.me.account)))
      .orderBy(desc(openRoomReserve.slotDate), desc(openRoomReserve.startTime))
      .limit(500)
    return ok(rows as never)
  })

  route(app, openReserveApi.credit, async ({ query, data }) => {
    const studentNo = !onlyStudent(data.me) && query.studentNo ? String(query.studentNo) : data.me.account
    return ok(await creditOf(data, studentNo))
  })

  route(app, openReserveApi.submit, async ({ body, data }) => {
    const [id] = await data.transaction((tx) =>
      reserveSeats(
        tx,
        body.slotId,
        [{ studentNo: tx.me.account, studentName: tx.me.realName || tx.me.account }],
        {
          credit: true,
        },
      ),
    )
    return ok({ id }, '预约成功')
  })

  route(app, openReserveApi.batchSave, async ({ body, data }) => {
    const ids = await data.transaction(async (tx) =>
      reserveSeats(tx, body.slotId, await rosterStudents(tx, body.studentNos), {
        credit: true,
        teacherOf: tx.me.roleAliases.includes('administrator') ? undefined : tx.me.userId,
      }),
    )
    return ok({ added: ids.length }, `已添加${ids.length}名学生`)
  })

  route(app, openReserveApi.save, async ({ body, data }) => {
    const b = body as Row
    const id = await data.transaction(async (tx) => {
      if (b.id) {
        const status = Number(b.status)
        if (!ATTENDANCE.includes(status)) bad('请选择签到、爽约或迟到')
        const repo = tx.repo(openRoomReserve, openRoomReserveResource)
        const row = await repo.need(String(b.id), '预约不存在或无权修改')
        if (row.status === RESERVE_STATUS.cancelled) bad('已取消的预约不能登记考勤')
        if (!started(row as never)) bad('时段开始后才能登记考勤')
        await repo.update(row.id, { status, remark: (b.remark as string | undefined) ?? row.remark })
        if (status !== RESERVE_STATUS.attended && (await creditOf(tx, row.studentNo!)).blocked)
          await cancelAhead(tx, row.studentNo!)
        return row.id
      }
      if (!b.slotId) bad('请选择开放时段')
      const no = String(b.studentNo ?? '').trim()
      if (!no) bad('请输入学号')
      const [id] = await reserveSeats(tx, String(b.slotId), await rosterStudents(tx, [no]), { credit: true })
      return id
    })
    return ok({ id })
  })

  route(app, openReserveApi.remove, async ({ query, data }) => {
    const cancelled = await data.transaction(async (tx) => {
      const rows = await tx
        .repo(openRoomReserve, openRoomReserveResource)
        .needAll(query.ids, '部分预约不存在或无权取消')
      const student = onlyStudent(tx.me)
      for (const r of rows) {
        if (student && r.studentNo !== tx.me.account) bad('只能取消自己的预约')
        if (r.status !== RESERVE_STATUS.booked) bad('只能取消已预约（未签到）的记录')
        if (student && started(r as never)) bad('时段已开始，不能取消')
      }
      await tx.repo(openRoomReserve).update(query.ids, { status: RESERVE_STATUS.cancelled })
      await freeSeats(
        tx,
        rows.map((r) => String(r.slotId)),
      )
      return rows.length
    })
    return done(`已取消${cancelled}条预约`)
  })
}
