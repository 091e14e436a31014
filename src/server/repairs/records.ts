import { desc, eq, inArray, sum } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { repairsApi } from '../../shared/api/repairs'
import { REPAIR_STATUS, repairRecordResource } from '../../shared/resources/repairs/repairs'
import { entitySchema } from '../../shared/resource/validate'
import type { Data } from '../core/data'
import { done, ok } from '../core/envelope'
import { bad } from '../core/errors'
import { route } from '../core/route'
import { deviceRepairRecord } from '../db/schema'
import { isOffice } from '../assets/office'
import { requestsOf } from './requests'

const full = entitySchema(repairRecordResource)
const partial = entitySchema(repairRecordResource, { partial: true })

const records = (data: Data) => data.repo(deviceRepairRecord)

/** The request a record belongs to, while it is being repaired, and only for the office or its technician. */
async function repairingRequest(data: Data, repairsId: string) {
  const request = await requestsOf(data).need(repairsId, '报修单不存在或无权操作')
  if (request.repairStatus !== REPAIR_STATUS.repairing) bad('只能为维修中的报修单登记或删除维修记录')
  if (!isOffice(data.me) && request.repairerId !== data.me.userId) bad('只有派工的维修人可以登记维修记录')
  return request
}

/** 维修费用 of a request: the sum of its records. */
async function refreshCost(data: Data, repairsId: string) {
  const [{ total }] = await data.db
    .select({ total: sum(deviceRepairRecord.cost) })
    .from(deviceRepairRecord)
    .where(data.rows(deviceRepairRecord, eq(deviceRepairRecord.repairsId, repairsId)))
  await requestsOf(data).update(repairsId, { totalCost: String(total ?? 0) })
}

/** 维修记录: saveRep (add or edit), getRep (a request's records, or one), delRep. */
export function registerRecordRoutes(app: FastifyInstance) {
  route(app, repairsApi.saveRep, async ({ data, body }) => {
    const input = body as Record<string, unknown>
    const id = input.id ? String(input.id) : ''
    const parsed = (id ? partial : full).safeParse(input)
    if (!parsed.success) bad(parsed.error.issues[0]?.message ?? '维修记录格式不正确')
    const values = { ...(parsed.data as Record<string, unknown>) }
    delete values.id
    const saved = await data.transaction(async (tx) => {
      const old = id ? await records(tx).need(id, '维修记录不存在') : null
      const repairsId = String(old?.repairsId ?? values.repairsId ?? '')
      if (old) delete values.repairsId
      await repairingRequest(tx, repairsId)
      let recordId = id
      if (old) await records(tx).update(id, values as never)
      else [recordId] = await records(tx).insert({ ...values, repairsId } as never)
      await refreshCost(tx, repairsId)
      return recordId
    })
    return ok({ id: saved }, '维修记录已保存')
  })

  route(app, repairsApi.getRep, async ({ data, query }) => {
    const rows = query.id
      ? [await records(data).need(query.id, '维修记录不存在')]
      : await records(data).find([eq(deviceRepairRecord.repairsId, query.repairsId!)], {
          sort: [desc(deviceRepairRecord.repairDate), desc(deviceRepairRecord.id)],
        })
    for (const repairsId of new Set(rows.map((r) => String(r.repairsId))))
      await requestsOf(data).need(repairsId, '报修单不存在或无权查看')
    return ok(rows)
  })

  route(app, repairsApi.delRep, async ({ data, query }) => {
    await data.transaction(async (tx) => {
      const rows = await records(tx).find([inArray(deviceRepairRecord.id, query.ids)])
      if (rows.length !== query.ids.length) bad('部分维修记录不存在或无权删除')
      const requests = [...new Set(rows.map((r) => String(r.repairsId)))]
      for (const r of requests) await repairingRequest(tx, r)
      await records(tx).remove(query.ids)
      for (const r of requests) await refreshCost(tx, r)
    })
    return done('删除成功')
  })
}
