import { eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { donateResource } from '../../shared/resources/assets/donate'
import { REPAIR_STATUS } from '../../shared/resources/repairs/repairs'
import { entitySchema } from '../../shared/resource/validate'
import { donateApi } from '../../shared/api/assets'
import type { Data } from '../core/data'
import { done, ok } from '../core/envelope'
import { bad } from '../core/errors'
import { registerResourceRoutes } from '../core/resource-routes'
import { route } from '../core/route'
import { assetsDonate, assetsEquipment, deviceRepairs } from '../db/schema'
import { recordChange } from './changes'
import { checkEquipment, loadLinks } from './equipment-rules'
import { equipmentNumbers, documentNumber } from './numbering'
import { takenNumbers } from './equipment-routes'

type Row = Record<string, unknown>

/** 经费来源 5 捐赠 and 仪器来源 2 捐赠 of every donated item. */
const DONATED = { source: 2, fundSource: 5 } as const

const text = (max: number, label: string) =>
  z.preprocess(
    (v) => (v === null || v === undefined ? '' : v),
    z.coerce.string().trim().max(max, `${label}不能超过${max}个字符`),
  )

const Item = z.object({
  id: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .string()
      .regex(/^\d{1,19}$/, '物品主键格式不正确')
      .optional(),
  ),
  equipmentNo: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .string()
      .regex(/^[A-Za-z0-9]{1,8}$/, '仪器编号为1至8位字母或数字')
      .optional(),
  ),
  equipmentName: text(50, '物品名称').refine((v) => v !== '', '请输入物品名称'),
  classCode: z.coerce.string().regex(/^(\d{2}){1,4}$/, '分类号应为2、4、6或8位数字'),
  model: text(50, '型号'),
  specification: text(200, '规格'),
  countryCode: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? '156' : v),
    z.coerce.string().regex(/^\d{3}$/, '国别码应为3位数字'),
  ),
  price: z.coerce
    .number({ error: '单价必须是数字' })
    .positive('单价必须大于0')
    .max(9999999999.99, '单价过大'),
  quantity: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 1 : v),
    z.coerce.number().int('数量必须是整数').min(1, '数量至少为1').max(999, '数量不能超过999'),
  ),
  unit: text(10, '计量单位'),
  manufacturer: text(100, '生产厂家'),
  useDirection: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 1 : v),
    z.coerce.number().int().min(1, '使用方向不正确').max(9, '使用方向不正确'),
  ),
})

const Items = z
  .array(Item, { error: '请登记捐赠物品' })
  .min(1, '请至少登记一件捐赠物品')
  .max(2000, '一次捐赠不能超过2000行物品')

const header = entitySchema(donateResource)
const headerPatch = entitySchema(donateResource, { partial: true })

const firstIssue = (e: z.ZodError, prefix = '') => `${prefix}${e.issues[0]?.message ?? '数据格式不正确'}`

const OPEN_REPAIRS = [REPAIR_STATUS.waiting, REPAIR_STATUS.repairing, REPAIR_STATUS.returned]

async function refuseOpenRepairs(data: Data, equipmentIds: string[], message: string) {
  if (!equipmentIds.length) return
  const n = await data
    .repo(deviceRepairs)
    .count(
      inArray(deviceRepairs.equipmentId, equipmentIds),
      inArray(deviceRepairs.repairStatus, OPEN_REPAIRS),
    )
  if (n) bad(message)
}

/**
 * Saves a donation with its items in one transaction: each item (× its quantity) is an equipment
 * row of 仪器来源 捐赠, accepted on the donation date by the receiving unit and lab. On an edit, items
 * sent with their id are updated, new ones added, and items left out removed from the register.
 */
async function saveDonation(data: Data, body: Row): Promise<string> {
  const isNew = !body.id
  const parsedHeader = (isNew ? header : headerPatch).safeParse(body)
  if (!parsedHeader.success) bad(firstIssue(parsedHeader.error))
  const parsedItems = Items.safeParse(body.items)
  if (!parsedItems.success) {
    const issue = parsedItems.error.issues[0]
    const line = typeof issue?.path[0] === 'number' ? `第${issue.path[0] + 1}行物品: ` : ''
    bad(`${line}${issue?.message ?? '捐赠物品格式不正确'}`)
  }
  const items = parsedItems.data!
  return data.transaction(async (tx) => {
    const donations = tx.repo(assetsDonate, donateResource)
    const old = isNew ? null : await donations.need(String(body.id), '捐赠记录不存在或无权修改')
    const head: Row = { ...(old ?? {}), ...parsedHeader.data }
    delete head.id
    const values: Row = { ...parsedHeader.data }
    delete values.id
    delete values.donateNo
    const itemCount = items.reduce((n, i) => n + i.quantity, 0)
    values.itemCount = itemCount
    values.totalValue = items.reduce((n, i) => n + Math.round(i.price * 100) * i.quantity, 0) / 100
    if (itemCount > 2000) bad('一次捐赠不能超过2000件物品')
    let id: string
    if (isNew) {
      values.donateNo = await documentNumber(tx, 'JZ')
      ;[id] = await donations.insert(values as never)
    } else {
      id = old!.id
      await donations.update(id, values as never)
    }

    const equipment = tx.repo(assetsEquipment)
    const existing = await equipment.find([eq(assetsEquipment.donateId, id)])
    const byId = new Map(existing.map((e) => [e.id, e]))
    const kept = new Set<string>()
    const shared = {
      purchaseDate: head.donateDate,
      deptSerial: head.deptSerial,
      labSerial: head.labSerial ?? null,
      source: DONATED.source,
      fundSource: DONATED.fundSource,
      donateId: id,
    }
    const links = await loadLinks(tx, [shared])
    const fresh: Row[] = []
    for (const [index, item] of items.entries()) {
      const base: Row = {
        equipmentName: item.equipmentName,
        classCode: item.classCode,
        model: item.model,
        specification: item.specification,
        countryCode: item.countryCode,
        price: item.price,
        unit: item.unit || '台',
        manufacturer: item.manufacturer,
        useDirection: item.useDirection,
        ...shared,
      }
      if (item.id) {
        const before = byId.get(item.id)
        if (!before) bad(`第${index + 1}行物品不属于该捐赠记录`)
        if (item.quantity !== 1) bad(`第${index + 1}行物品已入账，数量只能为1`)
        const row: Row = { ...before, ...base }
        const errors = checkEquipment(row, links)
        if (errors.length) bad(`第${index + 1}行物品: ${errors.join('；')}`)
        if (item.equipmentNo && item.equipmentNo !== before!.equipmentNo) row.equipmentNo = item.equipmentNo
        await recordChange(tx, before!, { price: row.price as string }, 'donate', { originId: id })
        const patch = { ...base, price: row.price, classCode: row.classCode, equipmentNo: row.equipmentNo }
        await equipment.update(item.id, patch as never)
        kept.add(item.id)
        continue
      }
      for (let n = 0; n < item.quantity; n++) {
        const row: Row = {
          ...base,
          statusCode: 1,
          equipmentNo: item.quantity === 1 ? item.equipmentNo : undefined,
        }
        const errors = checkEquipment(row, links)
        if (errors.length) bad(`第${index + 1}行物品: ${errors.join('；')}`)
        fresh.push(row)
      }
    }
    const gone = existing.filter((e) => !kept.has(e.id)).map((e) => e.id)
    await refuseOpenRepairs(tx, gone, '被移除的物品有未办结的报修单，不能移除')
    if (gone.length) await equipment.remove(gone)
    const typed = fresh.map((r) => r.equipmentNo).filter((v): v is string => typeof v === 'string')
    if (new Set(typed).size !== typed.length) bad('物品的仪器编号有重复')
    if (typed.length && (await takenNumbers(tx)(typed)).size) bad('物品的仪器编号已存在')
    const numbers = await equipmentNumbers(
      tx,
      Number(String(head.donateDate).slice(0, 4)),
      fresh.filter((r) => !r.equipmentNo).length,
      takenNumbers(tx),
    )
    for (const r of fresh) if (!r.equipmentNo) r.equipmentNo = numbers.shift()
    await equipment.insert(fresh as never)
    return id
  })
}

/** 资产捐赠: page/list/remove from the engine; detail and submit carry the donated items. */
export function registerDonateRoutes(app: FastifyInstance) {
  registerResourceRoutes(app, { ...donateResource, routes: ['page', 'list', 'remove'] }, assetsDonate, {
    async beforeRemove({ data, ids }) {
      const items = await data.repo(assetsEquipment).find([inArray(assetsEquipment.donateId, ids)])
      await refuseOpenRepairs(
        data,
        items.map((i) => i.id),
        '捐赠物品有未办结的报修单，不能删除',
      )
      if (items.length) await data.repo(assetsEquipment).remove(items.map((i) => i.id))
    },
  })

  route(app, donateApi.detail, async ({ data, query }) => {
    const row = await data.repo(assetsDonate, donateResource).need(query.id)
    const items = await data.repo(assetsEquipment).find([eq(assetsEquipment.donateId, row.id)])
    return ok({ ...row, items })
  })

  route(app, donateApi.submit, async ({ data, body }) => {
    await saveDonation(data, body as Row)
    return done()
  })
}
