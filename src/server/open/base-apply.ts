/**
 * 开放基地申请: off-campus practice, approved through the `openBase` flow. No room of ours is taken, so
 * a save only checks the weekly pattern and keeps its generated times on the row.
 */
import type { FastifyInstance } from 'fastify'
import { inArray } from 'drizzle-orm'
import { openBaseApplyApi } from '../../shared/api/open'
import { APPLY_STATUS } from '../../shared/resources/lab/options'
import { openBaseApplyResource } from '../../shared/resources/open/base-apply'
import { entitySchema } from '../../shared/resource/validate'
import { Data } from '../core/data'
import { done, ok } from '../core/envelope'
import { requireApplicantOrManager } from '../core/applicant'
import { bad } from '../core/errors'
import { registerResourceRoutes } from '../core/resource-routes'
import { route } from '../core/route'
import { openBaseApply } from '../db/schema'
import {
  deleteRecordProcess,
  onRecordEvent,
  registerApprovalRoutes,
  startForRecord,
  type FlowEvent,
} from '../flow/business'
import { flowManagers } from '../flow/managers'
import { generateTimes } from './times'

type Row = Record<string, unknown>
/** The columns the flow rules read (the definition's shared fields type the rest loosely). */
type Held = { id: string; status: number; processInstanceId: string | null }

export const OPEN_BASE_FLOW = { processKey: 'openBase', businessTable: 'open_base_apply' } as const
const EDITABLE: number[] = [APPLY_STATUS.draft, APPLY_STATUS.returned, APPLY_STATUS.cancelled]
const OWN = [
  'baseName',
  'company',
  'location',
  'projectName',
  'startDate',
  'endDate',
  'weekdays',
  'startTime',
  'endTime',
  'capacity',
  'content',
] as const
const MANAGES = flowManagers(OPEN_BASE_FLOW.processKey)
const full = entitySchema(openBaseApplyResource)
const partial = entitySchema(openBaseApplyResource, { partial: true })
const statusText = (s: number) => ['草稿', '审核中', '已退回', '已通过', '已撤销'][s] ?? String(s)

async function saveBase(data: Data, body: Row): Promise<string> {
  const id = body.id === undefined || body.id === null || body.id === '' ? undefined : String(body.id)
  const parsed = (id ? partial : full).parse(body) as Row
  const repo = data.repo(openBaseApply, openBaseApplyResource)
  const current = id ? ((await repo.need(id, '开放基地申请不存在或无权修改')) as unknown as Held & Row) : null
  if (current) requireApplicantOrManager(current, data.me, MANAGES)
  if (current && !EDITABLE.includes(current.status))
    bad(`${statusText(current.status)}的开放基地申请不能修改`)
  const values: Row = {}
  for (const key of OWN) if (parsed[key] !== undefined) values[key] = parsed[key]
  const times = generateTimes({ ...(current ?? {}), ...values } as never)
  values.timeSlots = JSON.stringify(times)
  values.slotCount = times.length
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

/** A flow step sets the status; the approver's comment is kept when returned or approved. */
const setStatus =
  (status: number) =>
  async (data: Data, id: string, event: FlowEvent): Promise<void> => {
    await data.repo(openBaseApply).update(id, {
      status,
      ...(status === APPLY_STATUS.returned || status === APPLY_STATUS.approved
        ? { approveComment: event.comment ?? null }
        : {}),
    })
  }

onRecordEvent(OPEN_BASE_FLOW, {
  resubmitted: setStatus(APPLY_STATUS.pending),
  rejected: setStatus(APPLY_STATUS.returned),
  approved: setStatus(APPLY_STATUS.approved),
  cancelled: setStatus(APPLY_STATUS.cancelled),
})

export function registerBaseApplyRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, { ...openBaseApplyResource, routes: ['page', 'detail'] }, openBaseApply)

  for (const endpoint of [openBaseApplyApi.save, openBaseApplyApi.update])
    route(app, endpoint, async ({ body, data }) =>
      ok({ id: await data.transaction((tx) => saveBase(tx, body as Row)) }),
    )

  route(app, openBaseApplyApi.generateTime, async ({ body }) => ok(generateTimes(body)))

  route(app, openBaseApplyApi.submit, async ({ body, data }) => {
    const result = await data.transaction(async (tx) => {
      const id = await saveBase(tx, body as Row)
      const row = await tx.repo(openBaseApply).need(id)
      const started = await startForRecord({ db: tx.db, user: tx.me, ...OPEN_BASE_FLOW, businessId: id })
      await tx.repo(openBaseApply).update(id, {
        status: APPLY_STATUS.pending,
        processInstanceId: started.processInstanceId,
        applyTime: new Date(),
        approveComment: null,
      })
      return { processInstanceId: started.processInstanceId, resubmitted: row.status !== APPLY_STATUS.draft }
    })
    return ok(result, result.resubmitted ? '重新提交成功' : '提交成功')
  })

  route(app, openBaseApplyApi.remove, async ({ query, data }) => {
    await data.transaction(async (tx) => {
      const repo = tx.repo(openBaseApply, openBaseApplyResource)
      const rows = (await repo.needAll(query.ids, '部分开放基地申请不存在或无权删除')) as unknown as (Held &
        Row)[]
      requireApplicantOrManager(rows, tx.me, MANAGES)
      const held = rows.find((r) => !EDITABLE.includes(r.status))
      if (held) bad(`${statusText(held.status)}的开放基地申请不能删除`)
      for (const r of rows)
        if (r.status === APPLY_STATUS.returned && r.processInstanceId)
          await deleteRecordProcess(tx, r.processInstanceId, '申请人删除开放基地申请')
      await repo.remove(query.ids)
    })
    return done()
  })

  registerApprovalRoutes(app, {
    basePath: '/api/open/openbaseapply',
    startPath: null,
    ...OPEN_BASE_FLOW,
    describe: async ({ db, tenantId, ids }) => {
      const data = new Data({ db, tenantId, user: null })
      const rows = await data.db
        .select()
        .from(openBaseApply)
        .where(data.rows(openBaseApply, inArray(openBaseApply.id, ids)))
      return new Map(
        rows.map((r) => [
          r.id,
          {
            baseName: r.baseName,
            projectName: r.projectName,
            startDate: r.startDate,
            endDate: r.endDate,
            slotCount: r.slotCount,
            applicantName: r.applicantName,
          },
        ]),
      )
    },
  })
}
