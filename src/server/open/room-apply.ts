/**
 * 开放实验室申请: drafts (save/update), approval through the `openRoom` flow (submit; audit-list,
 * auditRecord-list and complete-task from the flow module), and the dated slots every save generates
 * from the weekly pattern. Pending and approved applications occupy their room (occupancy source
 * `open`); a save takes the room's row lock and refuses a slot that clashes, naming the conflict and the
 * alternatives as a room booking does.
 */
import { asc, eq, gte, inArray, lte } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { openRoomApplyApi, type OpenSlot } from '../../shared/api/open'
import { APPLY_STATUS } from '../../shared/resources/lab/options'
import { minutesOf, overlaps } from '../../shared/resources/lab/time'
import { openRoomApplyResource } from '../../shared/resources/open/room-apply'
import { entitySchema } from '../../shared/resource/validate'
import { Data, dataOf } from '../core/data'
import { done, ok } from '../core/envelope'
import { requireApplicantOrManager } from '../core/applicant'
import { bad } from '../core/errors'
import { registerResourceRoutes } from '../core/resource-routes'
import { route } from '../core/route'
import { openRoomApply, openRoomReserve, openRoomSlot } from '../db/schema'
import { deleteRecordProcess, onRecordEvent, registerApprovalRoutes, startForRecord } from '../flow/business'
import { flowManagers } from '../flow/managers'
import { assertBookable, checkShape, roomFor } from '../lab/booking-rules'
import { withRooms } from '../lab/lab-room'
import { occupancy, registerOccupancySource } from '../lab/occupancy'
import { generateTimes } from './times'

type Row = Record<string, unknown>
/** The columns the flow rules read (the definition's shared fields type the rest loosely). */
type Held = { id: string; status: number; processInstanceId: string | null }

export const OPEN_ROOM_FLOW = { processKey: 'openRoom', businessTable: 'open_room_apply' } as const
const MANAGES = flowManagers(OPEN_ROOM_FLOW.processKey)
const OCCUPYING = [APPLY_STATUS.pending, APPLY_STATUS.approved]
const EDITABLE: number[] = [APPLY_STATUS.draft, APPLY_STATUS.returned, APPLY_STATUS.cancelled]
const OWN = [
  'projectName',
  'roomId',
  'openType',
  'startDate',
  'endDate',
  'weekdays',
  'startTime',
  'endTime',
  'capacity',
  'content',
] as const

const full = entitySchema(openRoomApplyResource)
const partial = entitySchema(openRoomApplyResource, { partial: true })
const statusText = (s: number) => ['草稿', '审核中', '已退回', '已通过', '已撤销'][s] ?? String(s)

registerOccupancySource({
  kind: 'open',
  label: '开放实验',
  async list(data, { roomIds, from, to }) {
    const rows = await data.db
      .select({
        slot: openRoomSlot,
        projectName: openRoomApply.projectName,
        who: openRoomApply.applicantName,
      })
      .from(openRoomSlot)
      .innerJoin(openRoomApply, eq(openRoomApply.id, openRoomSlot.applyId))
      .where(
        data.rows(
          openRoomSlot,
          inArray(openRoomSlot.roomId, roomIds),
          gte(openRoomSlot.slotDate, from),
          lte(openRoomSlot.slotDate, to),
          data.rows(openRoomApply, inArray(openRoomApply.status, OCCUPYING)),
        ),
      )
    return rows.map(({ slot, projectName, who }) => ({
      roomId: slot.roomId,
      date: slot.slotDate,
      start: slot.startTime,
      end: slot.endTime,
      kind: 'open',
      title: `『${String(projectName)}』`,
      detail: who ? String(who) : undefined,
      ref: { kind: 'open', id: slot.applyId },
    }))
  },
})

/** Writes an application (new or editable) and regenerates its slots, refusing clashes; answers its id. */
async function saveApply(data: Data, body: Row, allowed: number[] = EDITABLE): Promise<string> {
  const id = body.id === undefined || body.id === null || body.id === '' ? undefined : String(body.id)
  const parsed = (id ? partial : full).parse(body) as Row
  const repo = data.repo(openRoomApply, openRoomApplyResource)
  const current = id ? ((await repo.need(id, '开放申请不存在或无权修改')) as unknown as Held & Row) : null
  if (current) requireApplicantOrManager(current, data.me, MANAGES)
  if (current && !allowed.includes(current.status)) bad(`${statusText(current.status)}的开放申请不能修改`)
  const values: Row = {}
  for (const key of OWN) if (parsed[key] !== undefined) values[key] = parsed[key]
  const merged = { ...(current ?? {}), ...values } as Row
  const times = generateTimes(merged as never)
  const room = await roomFor(data, String(merged.roomId), { lock: true })
  const exclude = id ? [{ kind: 'open', id }] : []
  const first = { roomId: room.id, date: times[0].date, start: times[0].startTime, end: times[0].endTime }
  checkShape(room, { ...first, headcount: Number(merged.capacity) })
  // One read of the whole period; the first clashing slot is refused with its alternatives.
  const busy = await occupancy(
    data,
    { roomIds: [room.id], from: times[0].date, to: times.at(-1)!.date },
    { exclude },
  )
  const [s, e] = [minutesOf(String(merged.startTime)), minutesOf(String(merged.endTime))]
  const clash = times.find((t) =>
    busy.some((b) => b.date === t.date && overlaps(s, e, minutesOf(b.start), minutesOf(b.end))),
  )
  if (clash)
    await assertBookable(data, room, {
      roomId: room.id,
      date: clash.date,
      start: clash.startTime,
      end: clash.endTime,
      exclude,
    })
  values.labId = room.labId
  values.slotCount = times.length
  let applyId: string
  if (current) {
    await repo.update(current.id, values as never)
    applyId = current.id
    await data.repo(openRoomSlot).deleteWhere([eq(openRoomSlot.applyId, applyId)])
  } else {
    const me = data.me
    ;[applyId] = await repo.insert({
      ...values,
      applicantName: me.realName || me.account,
      status: APPLY_STATUS.draft,
    } as never)
  }
  await data.repo(openRoomSlot).insert(
    times.map((t) => ({
      applyId,
      roomId: room.id,
      slotDate: t.date,
      startTime: t.startTime,
      endTime: t.endTime,
      capacity: Number(merged.capacity),
      taken: 0,
    })),
  )
  return applyId
}

export async function slotsOf(data: Data, applyIds: string[]): Promise<OpenSlot[]> {
  if (!applyIds.length) return []
  const rows = await data.db
    .select()
    .from(openRoomSlot)
    .where(data.rows(openRoomSlot, inArray(openRoomSlot.applyId, applyIds)))
    .orderBy(asc(openRoomSlot.slotDate), asc(openRoomSlot.startTime))
  return rows.map((r) => ({
    id: r.id,
    applyId: r.applyId,
    roomId: r.roomId,
    slotDate: r.slotDate,
    startTime: r.startTime,
    endTime: r.endTime,
    capacity: r.capacity,
    taken: r.taken,
  }))
}

onRecordEvent(OPEN_ROOM_FLOW, {
  resubmitted: async (data, id) => {
    await data.repo(openRoomApply).update(id, { status: APPLY_STATUS.pending, applyTime: new Date() })
  },
  rejected: async (data, id, event) => {
    await data
      .repo(openRoomApply)
      .update(id, { status: APPLY_STATUS.returned, approveComment: event.comment ?? null })
  },
  approved: async (data, id, event) => {
    await data
      .repo(openRoomApply)
      .update(id, { status: APPLY_STATUS.approved, approveComment: event.comment ?? null })
  },
  cancelled: async (data, id) => {
    await data.repo(openRoomApply).update(id, { status: APPLY_STATUS.cancelled })
  },
})

export function registerRoomApplyRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, { ...openRoomApplyResource, routes: ['page', 'list'] }, openRoomApply, {
    present: (rows, request) => withRooms(dataOf(request), rows),
  })

  route(app, openRoomApplyApi.detail, async ({ query, data }) => {
    const row = await data
      .repo(openRoomApply, openRoomApplyResource)
      .need(query.id, '开放申请不存在或无权访问')
    const [shown] = await withRooms(data, [row as Row])
    return ok({ ...shown, slots: await slotsOf(data, [String(row.id)]) } as never)
  })

  for (const endpoint of [openRoomApplyApi.save, openRoomApplyApi.update])
    route(app, endpoint, async ({ body, data }) =>
      ok({ id: await data.transaction((tx) => saveApply(tx, body as Row)) }),
    )

  route(app, openRoomApplyApi.generateTime, async ({ body }) => ok(generateTimes(body)))

  route(app, openRoomApplyApi.submit, async ({ body, data }) => {
    const result = await data.transaction(async (tx) => {
      const id = await saveApply(tx, body as Row)
      const row = await tx.repo(openRoomApply).need(id)
      const started = await startForRecord({ db: tx.db, user: tx.me, ...OPEN_ROOM_FLOW, businessId: id })
      await tx.repo(openRoomApply).update(id, {
        status: APPLY_STATUS.pending,
        processInstanceId: started.processInstanceId,
        applyTime: new Date(),
        approveComment: null,
      })
      return { processInstanceId: started.processInstanceId, resubmitted: row.status !== APPLY_STATUS.draft }
    })
    return ok(result, result.resubmitted ? '重新提交成功' : '提交成功')
  })

  route(app, openRoomApplyApi.remove, async ({ query, data }) => {
    await data.transaction(async (tx) => {
      const rows = (await tx
        .repo(openRoomApply, openRoomApplyResource)
        .needAll(query.ids, '部分开放申请不存在或无权删除')) as unknown as (Held & Row)[]
      requireApplicantOrManager(rows, tx.me, MANAGES)
      const held = rows.find((r) => !EDITABLE.includes(r.status))
      if (held) bad(`${statusText(held.status)}的开放申请不能删除`)
      for (const r of rows)
        if (r.status === APPLY_STATUS.returned && r.processInstanceId)
          await deleteRecordProcess(tx, r.processInstanceId, '申请人删除开放申请')
      await tx.repo(openRoomSlot).deleteWhere([inArray(openRoomSlot.applyId, query.ids)])
      await tx.repo(openRoomReserve).deleteWhere([inArray(openRoomReserve.applyId, query.ids)])
      await tx.repo(openRoomApply).remove(query.ids)
    })
    return done()
  })

  registerApprovalRoutes(app, {
    basePath: '/api/open/openroomapply',
    startPath: null,
    ...OPEN_ROOM_FLOW,
    describe: async ({ db, tenantId, ids }) => {
      const data = new Data({ db, tenantId, user: null })
      const rows = await withRooms(
        data,
        (await data.db
          .select()
          .from(openRoomApply)
          .where(data.rows(openRoomApply, inArray(openRoomApply.id, ids)))) as Row[],
      )
      return new Map(
        rows.map((r) => [
          String(r.id),
          {
            projectName: r.projectName,
            roomName: r.roomName,
            startDate: r.startDate,
            endDate: r.endDate,
            startTime: r.startTime,
            endTime: r.endTime,
            capacity: r.capacity,
            slotCount: r.slotCount,
            applicantName: r.applicantName,
          },
        ]),
      )
    },
  })
}
