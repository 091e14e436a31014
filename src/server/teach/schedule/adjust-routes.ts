import { inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { Data } from '../../core/data'
import { ok, done } from '../../core/envelope'
import { bad } from '../../core/errors'
import { route } from '../../core/route'
import { onFlowEvent, registerApprovalRoutes, startForRecord, type FlowEvent } from '../../flow/business'
import type { Db } from '../../db/client'
import { teachBatchPlan, teachBatchPlanAdjust } from '../../db/schema'
import { adjustApi, AdjustInput } from '../../../shared/api/schedule'
import { adjustResource } from '../../../shared/resources/schedule/adjust'
import { ADJUST_STATUS } from '../../../shared/resources/schedule/codes'
import { weeksToMask } from '../../../shared/resources/schedule/weeks'
import { BusyIndex, cellGrid } from './collision/busy'
import {
  ADJUST_MANAGERS,
  applyAdjustment,
  adjustViews,
  checkRequest,
  requestOf,
  saveDraft,
  targetClashes,
} from './adjust'
import { loadTermPlans, recordsOf } from './load'
import { namesOf } from './names'
import { reasonOf, rowsById } from './reasons'
import { freeClassroomsAt } from './suggestions'
import { termCalendar } from './term'
import { requireApplicantOrManager } from '../../core/applicant'

const PROCESS_KEY = 'teachadjust'
const TABLE = 'teach_batch_plan_adjust'

const requestFrom = (body: ReturnType<typeof AdjustInput.parse>) => ({
  batchPlanId: body.batchPlanId,
  adjustWeeks: body.adjustWeeks,
  newWeeks: body.newWeeks,
  newWeekday: body.newWeekday,
  newStartSection: body.newStartSection,
  newEndSection: body.newEndSection,
  newRoomIds: body.newRoomIds,
  newTeacherIds: body.newTeacherIds,
  reason: body.reason,
})

/** The data layer of a flow event: its transaction, tenant and actor. */
function eventData(event: FlowEvent): Data {
  return new Data({
    db: event.tx as Db,
    tenantId: event.tenantId,
    user: {
      userId: event.actor.userId,
      tenantId: event.tenantId,
      account: '',
      userName: event.actor.realName,
      realName: event.actor.realName,
      roleIds: [],
      roleAliases: event.actor.roleAliases,
      deptIds: event.actor.deptIds,
      postIds: [],
      clientId: '',
      sessionId: '',
    },
  })
}

/** `/api/teach/teachbatchplanadjust/*` and the `teachadjust` flow (teaching.md 7). */
export function registerAdjustRoutes(app: FastifyInstance) {
  const scope = (data: Data) => data.repo(teachBatchPlanAdjust, adjustResource)

  for (const endpoint of [adjustApi.page, adjustApi.list])
    route(app, endpoint, async ({ query, data }) => {
      const page = await scope(data).page(query)
      return ok({ ...page, records: await adjustViews(data, page.records) })
    })

  route(app, adjustApi.detail, async ({ query, data }) => {
    const row = await scope(data).need(query.id)
    return ok((await adjustViews(data, [row], { plans: true }))[0])
  })

  route(app, adjustApi.save, async ({ body, data }) => {
    const id = await data.transaction((tx) => saveDraft(tx, requestFrom(body)))
    return ok({ id }, '保存成功')
  })

  route(app, adjustApi.update, async ({ body, data }) => {
    const id = await data.transaction((tx) => saveDraft(tx, requestFrom(body), body.id))
    return ok({ id }, '保存成功')
  })

  route(app, adjustApi.remove, async ({ query, data }) =>
    data.transaction(async (tx) => {
      const rows = await scope(tx).needAll(query.ids, '调课申请不存在或无权删除')
      requireApplicantOrManager(rows, tx.me, ADJUST_MANAGERS)
      if (
        rows.some((r) => ![ADJUST_STATUS.draft, ADJUST_STATUS.returned].includes(Number(r.status) as 0 | 2))
      )
        bad('只能删除草稿或已退回的调课申请')
      await scope(tx).remove(query.ids)
      return done('删除成功')
    }),
  )

  /**
   * 提交审核: saves the request when the body carries one, checks the target collides with nothing
   * but the moved occurrences (调整后存在冲突：…), and starts (or re-submits) `teachadjust`.
   */
  route(app, adjustApi.submit, async ({ body, data }) =>
    data.transaction(async (tx) => {
      let id = typeof body.id === 'string' || typeof body.id === 'number' ? String(body.id) : ''
      if (body.batchPlanId !== undefined) {
        const parsed = AdjustInput.safeParse(body)
        if (!parsed.success) bad(parsed.error.issues[0]?.message ?? '参数错误')
        id = await saveDraft(tx, requestFrom(parsed.data!), id || undefined)
      }
      if (!/^\d{1,19}$/.test(id)) bad('请选择要提交的调课申请')
      const row = await scope(tx).need(id, '调课申请不存在或无权提交')
      requireApplicantOrManager(row, tx.me, ADJUST_MANAGERS)
      if (![ADJUST_STATUS.draft, ADJUST_STATUS.returned].includes(Number(row.status) as 0 | 2))
        bad('该调课申请已提交')
      const plan = await tx.repo(teachBatchPlan).need(String(row.batchPlanId), '排课不存在')
      const req = requestOf(row)
      await checkRequest(tx, plan, req, row.id)
      const clashes = await targetClashes(tx, plan, req)
      if (clashes.length) bad(`调整后存在冲突：${clashes.join('；')}`)
      const started = await startForRecord({
        db: tx.db,
        user: tx.me,
        processKey: PROCESS_KEY,
        businessTable: TABLE,
        businessId: row.id,
      })
      await scope(tx).update(row.id, {
        status: ADJUST_STATUS.inApproval,
        processInstanceId: started.processInstanceId,
        submitTime: new Date(),
      })
      return ok(
        { processInstanceId: started.processInstanceId, resubmitted: started.resubmitted },
        started.resubmitted ? '重新提交成功' : '提交成功',
      )
    }),
  )

  route(app, adjustApi.timeListAdjust, async ({ query, data }) => {
    const plan = await data.repo(teachBatchPlan).need(query.batchPlanId, '排课不存在')
    const term = String(plan.academicYearId)
    const calendar = await termCalendar(data, term)
    const plans = await loadTermPlans(data, term)
    const [record] = await recordsOf(data, [plan])
    const moved = weeksToMask(query.adjustWeeks ?? [])
    const rest = (record.weekMask & ~moved) >>> 0
    const others = plans.filter((p) => p.id !== plan.id)
    const index = new BusyIndex(
      rest ? [...others, { ...record, id: `rest:${plan.id}`, weekMask: rest }] : others,
    )
    const names = await namesOf(
      data,
      plans.map((p) => p.row),
    )
    const target = {
      ...record,
      id: `adjust:${plan.id}`,
      weekMask: query.newWeeks?.length ? weeksToMask(query.newWeeks) : record.weekMask,
      teachers: query.teacherIds ?? record.teachers,
      rooms: query.roomIds ?? record.rooms,
    }
    const cells = cellGrid(calendar, index, target, reasonOf(names, rowsById(plans)))
    let freeRooms: Awaited<ReturnType<typeof freeClassroomsAt>> = []
    if (query.weekday && query.startSection && query.endSection)
      freeRooms = await freeClassroomsAt(
        data,
        rest ? [...others, { ...record, id: `rest:${plan.id}`, weekMask: rest }] : others,
        {
          ...target,
          weekday: query.weekday,
          startSection: query.startSection,
          endSection: query.endSection,
          rooms: [],
        },
        {
          studentCount: Number(plan.studentCount ?? 0),
          labId: names.rooms.get(record.rooms[0] ?? '')?.labId ?? null,
          limit: 50,
        },
      )
    return ok({ cells, freeRooms })
  })

  registerApprovalRoutes(app, {
    basePath: '/api/teach/teachbatchplanadjust',
    startPath: null,
    processKey: PROCESS_KEY,
    businessTable: TABLE,
    describe: async ({ db, tenantId, ids }) => {
      const data = new Data({ db, tenantId, user: null })
      const rows = await data.repo(teachBatchPlanAdjust).find([inArray(teachBatchPlanAdjust.id, ids)])
      const views = await adjustViews(data, rows)
      return new Map(views.map((v) => [v.id, v as unknown as Record<string, unknown>]))
    },
  })
}

const setStatus =
  (status: number) =>
  async (event: FlowEvent): Promise<void> => {
    if (event.businessId)
      await eventData(event).repo(teachBatchPlanAdjust).update(event.businessId, { status })
  }

// Once per process (module load), not per server instance.
onFlowEvent(PROCESS_KEY, {
  rejected: setStatus(ADJUST_STATUS.returned),
  resubmitted: setStatus(ADJUST_STATUS.inApproval),
  cancelled: setStatus(ADJUST_STATUS.cancelled),
  approved: async (event) => {
    if (event.businessId) await applyAdjustment(eventData(event), event.businessId)
  },
})
