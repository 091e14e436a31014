import { and, eq, inArray, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { equipmentResource, isValuable } from '../../shared/resources/assets/equipment'
import { equipmentUsageResource, LOW_USE_HOURS } from '../../shared/resources/assets/equipment-usage'
import { equipmentApi } from '../../shared/api/assets'
import { REPAIR_STATUS } from '../../shared/resources/repairs/repairs'
import type { Data } from '../core/data'
import { ok } from '../core/envelope'
import { bad } from '../core/errors'
import { registerResourceRoutes, type ResourceHooks } from '../core/resource-routes'
import { route } from '../core/route'
import { assetsEquipment, assetsEquipmentChange, assetsEquipmentUsage, deviceRepairs } from '../db/schema'
import { recordChange } from './changes'
import { checkEquipment, loadLinks } from './equipment-rules'
import { equipmentNumbers } from './numbering'

type Row = Record<string, unknown>

const given = (v: unknown) => v !== undefined && v !== null && v !== ''

/** Numbers of `candidates` a live row of the tenant already uses. */
export const takenNumbers = (data: Data) => async (candidates: string[]) =>
  new Set(
    (await data.repo(assetsEquipment).find([inArray(assetsEquipment.equipmentNo, candidates)])).map((r) =>
      String(r.equipmentNo),
    ),
  )

/** The year a new item's 仪器编号 is numbered in: its 购置 year. */
export const purchaseYear = (row: Row) =>
  Number(String(row.purchaseDate ?? '').slice(0, 4)) || new Date().getFullYear()

const equipmentHooks: ResourceHooks = {
  async beforeSave({ data, request, row, isNew }) {
    const id = String((request.body as Row).id ?? '')
    const old = isNew ? null : await data.repo(assetsEquipment).need(id, '数据不存在或无权修改')
    const merged: Row = { ...(old ?? {}) }
    for (const [k, v] of Object.entries(row)) if (v !== undefined) merged[k] = v
    const errors = checkEquipment(merged, await loadLinks(data, [merged]))
    if (errors.length) bad(errors.join('；'))
    row.price = merged.price
    row.scrapDate = merged.scrapDate
    if (isNew && !given(row.equipmentNo))
      [row.equipmentNo] = await equipmentNumbers(data, purchaseYear(merged), 1, takenNumbers(data))
    if (old)
      await recordChange(
        data,
        old,
        {
          statusCode: Number(merged.statusCode),
          price: merged.price as string,
          scrapDate: merged.scrapDate as string | null,
        },
        'form',
      )
  },
  async afterSave({ data, id, row, isNew }) {
    // A new item entered as already gone (丢失/报废/调出) was in use until its 减少日期.
    if (isNew && Number(row.statusCode) !== 1 && row.scrapDate)
      await recordChange(
        data,
        { id, statusCode: 1, price: row.price as string, purchaseDate: row.purchaseDate as string },
        { statusCode: Number(row.statusCode), scrapDate: row.scrapDate as string },
        'form',
      )
  },
  async beforeRemove({ data, ids }) {
    const open = await data
      .repo(deviceRepairs)
      .count(
        inArray(deviceRepairs.equipmentId, ids),
        inArray(deviceRepairs.repairStatus, [
          REPAIR_STATUS.waiting,
          REPAIR_STATUS.repairing,
          REPAIR_STATUS.returned,
        ]),
      )
    if (open) bad('所选设备有未办结的报修单，不能删除')
  },
}

const hours = (r: Row, k: string) => Number(r[k] ?? 0) || 0

const usageHooks: ResourceHooks = {
  async beforeSave({ data, request, row, isNew }) {
    const id = String((request.body as Row).id ?? '')
    const old = isNew ? null : await data.repo(assetsEquipmentUsage).need(id, '数据不存在或无权修改')
    const merged: Row = { ...(old ?? {}) }
    for (const [k, v] of Object.entries(row)) if (v !== undefined) merged[k] = v
    const equipment = await data.repo(assetsEquipment).need(String(merged.equipmentId), '仪器设备不存在')
    if (!isValuable(equipment))
      bad('该设备不是贵重仪器设备（分类号03类且单价40万元及以上），无需登记使用情况')
    const total = hours(merged, 'teachHours') + hours(merged, 'researchHours') + hours(merged, 'serviceHours')
    if (hours(merged, 'openHours') > total) bad('其中开放机时不能超过教学、科研、社会服务机时之和')
    if (total < LOW_USE_HOURS && !String(merged.lowUseReason ?? '').trim())
      bad(`年使用机时不足${LOW_USE_HOURS}小时，请填写说明`)
    const clash = await data
      .repo(assetsEquipmentUsage)
      .exists(
        eq(assetsEquipmentUsage.equipmentId, String(merged.equipmentId)),
        eq(assetsEquipmentUsage.academicYear, String(merged.academicYear)),
        isNew ? undefined : ne(assetsEquipmentUsage.id, id),
      )
    if (clash) bad(`该设备${String(merged.academicYear)}学年的使用情况已登记`)
    if (!given(merged.managerName)) row.managerName = '无'
  },
}

/** 仪器设备: the standard routes with the register's rules, its history and SJ3 usage. */
export function registerEquipmentRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, equipmentResource, assetsEquipment, equipmentHooks)
  registerResourceRoutes(app, equipmentUsageResource, assetsEquipmentUsage, usageHooks)

  route(app, equipmentApi.changes, async ({ data, query }) => {
    await data.repo(assetsEquipment, equipmentResource).need(query.equipmentId)
    const rows = await data
      .repo(assetsEquipmentChange)
      .find([and(eq(assetsEquipmentChange.equipmentId, query.equipmentId))])
    return ok(
      rows
        .sort((a, b) =>
          a.changeDate === b.changeDate ? a.id.localeCompare(b.id) : a.changeDate < b.changeDate ? -1 : 1,
        )
        .map((r) => ({
          ...r,
          fromPrice: String(r.fromPrice),
          toPrice: String(r.toPrice),
          createTime: r.createTime ?? '',
        })),
    )
  })
}
