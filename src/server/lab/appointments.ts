/**
 * 实验室预约: drafts (submit, copy), approval through the `labAppointment` flow (handleApplyFor,
 * handleReApplyFor, decided in 待办事务), cancellation, and the booking form's helpers (check with
 * alternatives, week calendar). Pending and approved bookings occupy their room (occupancy source
 * `appointment`); every write that makes a booking occupy a room takes the room's row lock and checks
 * the booking rules first, and approval checks them again.
 */
import { gte, inArray, lte } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { appointmentApi, roomWeekApi } from '../../shared/api/lab'
import { appointmentResource } from '../../shared/resources/lab/appointment'
import { APPLY_STATUS } from '../../shared/resources/lab/options'
import { localToday, localNowTime } from '../../shared/resources/lab/time'
import { entitySchema } from '../../shared/resource/validate'
import { Data, dataOf } from '../core/data'
import { done, ok } from '../core/envelope'
import { requireApplicantOrManager } from '../core/applicant'
import { bad } from '../core/errors'
import { registerResourceRoutes } from '../core/resource-routes'
import { route } from '../core/route'
import { labAppointment } from '../db/schema'
import { flowManagers } from '../flow/managers'
import { deleteRecordProcess, onRecordEvent, startForRecord } from '../flow/business'
import { assertBookable, checkBooking, checkShape, roomFor } from './booking-rules'
import { registerOccupancySource } from './occupancy'
import { onRoomRemoval, withRooms } from './lab-room'
import { weekView } from './week'

type Row = Record<string, unknown>
type Booking = typeof labAppointment.$inferSelect

export const APPOINTMENT_FLOW = { processKey: 'labAppointment', businessTable: 'lab_appointment' } as const
const OCCUPYING = [APPLY_STATUS.pending, APPLY_STATUS.approved]
const MANAGES = flowManagers(APPOINTMENT_FLOW.processKey)
const EDITABLE: number[] = [APPLY_STATUS.draft, APPLY_STATUS.returned, APPLY_STATUS.cancelled]

const full = entitySchema(appointmentResource)
const partial = entitySchema(appointmentResource, { partial: true })
/** Fields a caller writes; the rest (lab, applicant, status, flow) are the server's. */
const OWN = [
  'roomId',
  'appointmentDate',
  'startTime',
  'endTime',
  'title',
  'purpose',
  'headcount',
  'courseName',
  'applicantPhone',
  'content',
] as const

registerOccupancySource({
  kind: 'appointment',
  label: '实验室预约',
  async list(data, { roomIds, from, to }) {
    const rows = await data.db
      .select()
      .from(labAppointment)
      .where(
        data.rows(
          labAppointment,
          inArray(labAppointment.roomId, roomIds),
          gte(labAppointment.appointmentDate, from),
          lte(labAppointment.appointmentDate, to),
          inArray(labAppointment.status, OCCUPYING),
        ),
      )
    return rows.map((r) => ({
      roomId: r.roomId!,
      date: r.appointmentDate!,
      start: r.startTime!,
      end: r.endTime!,
      kind: 'appointment',
      title: `『${r.title}』`,
      detail: `${r.applicantName ?? ''}${r.status === APPLY_STATUS.pending ? '（审核中）' : ''}`,
      ref: { kind: 'appointment', id: r.id },
    }))
  },
})

// A room with bookings still ahead stays until they are cancelled.
onRoomRemoval(async (data, roomIds) => {
  const ahead = await data
    .repo(labAppointment)
    .count(
      inArray(labAppointment.roomId, roomIds),
      inArray(labAppointment.status, OCCUPYING),
      gte(labAppointment.appointmentDate, localToday()),
    )
  if (ahead) bad(`所选房间还有${ahead}个未完成的预约，请先取消预约`)
})

const statusText = (s: number) => ['草稿', '审核中', '已退回', '已通过', '已撤销'][s] ?? String(s)

/** Validates and writes a booking (new or editable), checking it against the room; answers its id. */
async function saveBooking(data: Data, body: Row, allowed: number[] = EDITABLE): Promise<string> {
  const hasId = (typeof body.id === 'string' && body.id !== '') || typeof body.id === 'number'
  const id = hasId ? String(body.id) : undefined
  const parsed = (id ? partial : full).parse(body) as Row
  const repo = data.repo(labAppointment, appointmentResource)
  const current = id ? await repo.need(id, '预约不存在或无权修改') : null
  if (current) requireApplicantOrManager(current, data.me, MANAGES)
  if (current && !allowed.includes(current.status))
    bad(
      current.status === APPLY_STATUS.pending
        ? '审核中的预约不能修改'
        : current.status === APPLY_STATUS.approved
          ? '已通过的预约不能修改，如需变更请取消后重新预约'
          : `${statusText(current.status)}的预约不能修改`,
    )
  const values: Row = {}
  for (const key of OWN) if (parsed[key] !== undefined) values[key] = parsed[key]
  const merged = { ...(current ?? {}), ...values } as Booking
  const room = await roomFor(data, String(merged.roomId), { lock: true })
  await assertBookable(data, room, {
    roomId: room.id,
    date: merged.appointmentDate!,
    start: merged.startTime!,
    end: merged.endTime!,
    headcount: merged.headcount,
    exclude: id ? [{ kind: 'appointment', id }] : [],
  })
  values.labId = room.labId
  if (current) {
    await repo.update(current.id, values as never)
    return current.id
  }
  const me = data.me
  const [newId] = await repo.insert({
    ...values,
    applicantName: me.realName || me.account,
    status: APPLY_STATUS.draft,
  } as never)
  return newId
}

/** Saves and starts (or re-submits) the approval; the booking becomes 审核中 and occupies its room. */
async function apply(data: Data, body: Row, from: number[]) {
  return data.transaction(async (tx) => {
    const id = await saveBooking(tx, body, from)
    const row = await tx.repo(labAppointment).need(id)
    if (!from.includes(row.status))
      bad(
        row.status === APPLY_STATUS.draft
          ? '草稿请使用提交申请'
          : `${statusText(row.status)}的预约不能重新申请`,
      )
    const started = await startForRecord({
      db: tx.db,
      user: tx.me,
      ...APPOINTMENT_FLOW,
      businessId: id,
    })
    await tx.repo(labAppointment).update(id, {
      status: APPLY_STATUS.pending,
      processInstanceId: started.processInstanceId,
      applyTime: new Date(),
      approveTime: null,
      approveComment: null,
    })
    return { id, processInstanceId: started.processInstanceId }
  })
}

onRecordEvent(APPOINTMENT_FLOW, {
  resubmitted: async (data, id) => {
    await data.repo(labAppointment).update(id, { status: APPLY_STATUS.pending, applyTime: new Date() })
  },
  rejected: async (data, id, event) => {
    await data
      .repo(labAppointment)
      .update(id, { status: APPLY_STATUS.returned, approveComment: event.comment ?? null })
  },
  // Something may have taken the room since the booking was submitted (a published timetable): the
  // approval is refused, naming it, and the approver can reject instead.
  approved: async (data, id, event) => {
    const row = await data.repo(labAppointment).need(id, '预约不存在或已删除')
    const room = await roomFor(data, row.roomId!, { lock: true })
    const req = {
      roomId: room.id,
      date: row.appointmentDate!,
      start: row.startTime!,
      end: row.endTime!,
      headcount: row.headcount,
      exclude: [{ kind: 'appointment', id }],
    }
    checkShape(room, req, { allowPast: true })
    const check = await checkBooking(data, room, req)
    if (!check.ok) bad(`该预约与以下安排冲突，不能通过：${check.conflicts.map((c) => c.text).join('；')}`)
    await data.repo(labAppointment).update(id, {
      status: APPLY_STATUS.approved,
      approveTime: new Date(),
      approveComment: event.comment ?? null,
    })
  },
  cancelled: async (data, id) => {
    await data.repo(labAppointment).update(id, { status: APPLY_STATUS.cancelled })
  },
})

export function registerAppointmentRoutes(app: FastifyInstance) {
  const reads = { ...appointmentResource, routes: ['page', 'list', 'detail'] as const }
  registerResourceRoutes(app, { ...reads, routes: [...reads.routes] }, labAppointment, {
    present: (rows, request) => withRooms(dataOf(request), rows),
  })

  route(app, appointmentApi.submit, async ({ body, data }) => {
    const id = await data.transaction((tx) => saveBooking(tx, body as Row))
    return ok({ id })
  })

  route(app, appointmentApi.handleApplyFor, async ({ body, data }) =>
    ok(await apply(data, body as Row, [APPLY_STATUS.draft]), '提交成功'),
  )

  route(app, appointmentApi.handleReApplyFor, async ({ body, data }) => {
    if (!(body as Row).id) bad('请选择要重新申请的预约')
    return ok(await apply(data, body as Row, [APPLY_STATUS.returned, APPLY_STATUS.cancelled]), '重新提交成功')
  })

  route(app, appointmentApi.copy, async ({ body, data }) => {
    const id = await data.transaction(async (tx) => {
      const repo = tx.repo(labAppointment, appointmentResource)
      const from = await repo.need(body.id, '预约不存在或无权访问')
      const me = tx.me
      const copy: Row = {
        applicantName: me.realName || me.account,
        status: APPLY_STATUS.draft,
        labId: from.labId,
      }
      for (const key of OWN) copy[key] = from[key]
      return (await repo.insert(copy as never))[0]
    })
    return ok({ id }, '已复制为新的草稿')
  })

  route(app, appointmentApi.cancel, async ({ body, data }) => {
    await data.transaction(async (tx) => {
      const repo = tx.repo(labAppointment, appointmentResource)
      const row = await repo.need(body.id, '预约不存在或无权访问')
      requireApplicantOrManager(row, tx.me, MANAGES)
      if (row.status === APPLY_STATUS.pending && row.processInstanceId) {
        await deleteRecordProcess(tx, row.processInstanceId, '申请人撤回预约')
        await repo.update(row.id, { status: APPLY_STATUS.cancelled })
        return
      }
      if (row.status !== APPLY_STATUS.approved) bad(`${statusText(row.status)}的预约不能取消`)
      const today = localToday()
      if (row.appointmentDate! < today || (row.appointmentDate === today && row.startTime! <= localNowTime()))
        bad('预约已开始或已结束，不能取消')
      await repo.update(row.id, { status: APPLY_STATUS.cancelled })
    })
    return done('预约已取消')
  })

  route(app, appointmentApi.remove, async ({ query, data }) => {
    await data.transaction(async (tx) => {
      const repo = tx.repo(labAppointment, appointmentResource)
      const rows = await repo.needAll(query.ids, '部分预约不存在或无权删除')
      requireApplicantOrManager(rows, tx.me, MANAGES)
      const held = rows.find((r) => !EDITABLE.includes(r.status))
      if (held) bad(`${statusText(held.status)}的预约不能删除，请先取消`)
      // A returned booking's process waits on its applicant: it ends with the booking.
      for (const r of rows)
        if (r.status === APPLY_STATUS.returned && r.processInstanceId)
          await deleteRecordProcess(tx, r.processInstanceId, '申请人删除预约')
      await repo.remove(query.ids)
    })
    return done()
  })

  route(app, appointmentApi.check, async ({ query, data }) => {
    const room = await roomFor(data, query.roomId)
    const req = {
      roomId: room.id,
      date: query.appointmentDate,
      start: query.startTime,
      end: query.endTime,
      headcount: query.headcount,
      exclude: query.id ? [{ kind: 'appointment', id: query.id }] : [],
    }
    checkShape(room, req)
    return ok(await checkBooking(data, room, req))
  })

  route(app, appointmentApi.week, async ({ query, data }) =>
    ok(
      await weekView(data, {
        roomIds: query.roomIds,
        labId: query.labId,
        from: query.from,
        days: query.days,
        details: true,
      }),
    ),
  )
  route(app, roomWeekApi.week, async ({ query, data }) =>
    ok(
      await weekView(data, {
        roomIds: query.roomIds,
        labId: query.labId,
        from: query.from,
        days: query.days,
        details: false,
      }),
    ),
  )
}
