import { asc, desc, eq, ilike, inArray, notInArray, or, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { repairsApi, type Repair } from '../../shared/api/repairs'
import { REPAIR_STATUS, repairsResource } from '../../shared/resources/repairs/repairs'
import { LEFT_STOCK_STATUS } from '../../shared/resources/assets/equipment'
import { entitySchema } from '../../shared/resource/validate'
import type { Data } from '../core/data'
import { done, ok } from '../core/envelope'
import { bad } from '../core/errors'
import { route } from '../core/route'
import { assetsEquipment, deviceRepairRecord, deviceRepairs, role, user } from '../db/schema'
import { documentNumber } from '../assets/numbering'
import { isOffice, ownRows } from '../assets/office'
import { openTasks } from './tasks'

type Row = Record<string, unknown>

/** Fields a reporter fills; the rest (number, device names, state, flow, technician) the server keeps. */
const FORM = ['equipmentId', 'location', 'faultType', 'urgency', 'faultDesc', 'reporterPhone'] as const
const OPEN = [REPAIR_STATUS.waiting, REPAIR_STATUS.repairing, REPAIR_STATUS.returned]
const EDITABLE: number[] = [REPAIR_STATUS.draft, REPAIR_STATUS.returned]
const REMOVABLE: number[] = [REPAIR_STATUS.draft, REPAIR_STATUS.cancelled]

const full = entitySchema(repairsResource)
const partial = entitySchema(repairsResource, { partial: true })

export const requestsOf = (data: Data) => data.repo(deviceRepairs, repairsResource)

/** A request the caller may act on as its reporter (the office acts on any of its data scope). */
export async function ownRequest(data: Data, id: string) {
  return (
    (await requestsOf(data).first(eq(deviceRepairs.id, id), ownRows(data.me, deviceRepairs.createUser))) ??
    bad('报修单不存在或无权操作')
  )
}

/** Rows with the caller's view of their open flow step. */
export async function withTasks(data: Data, rows: (typeof deviceRepairs.$inferSelect)[]): Promise<Repair[]> {
  const tasks = await openTasks(
    data,
    actorFromData(data),
    rows.map((r) => r.processInstanceId ?? ''),
  )
  return rows.map((r) => ({
    ...r,
    task: tasks.get(r.processInstanceId ?? '') ?? null,
  })) as unknown as Repair[]
}

export const actorFromData = (data: Data) => {
  const u = data.me
  return {
    userId: u.userId,
    tenantId: u.tenantId,
    realName: u.realName,
    roleAliases: u.roleAliases,
    deptIds: u.deptIds,
  }
}

/**
 * Saves a request as a draft (new) or the reporter's edit of a draft or returned one. The device
 * must be in the register and in stock, with no other request open.
 */
async function saveRequest(data: Data, body: Row, mode: 'submit' | 'update'): Promise<string> {
  const id = typeof body.id === 'string' || typeof body.id === 'number' ? String(body.id) : ''
  if (mode === 'update' && !id) bad('修改数据缺少主键')
  const parsed = (id ? partial : full).safeParse(body)
  if (!parsed.success) bad(parsed.error.issues[0]?.message ?? '报修单格式不正确')
  const values: Row = {}
  for (const k of FORM) if ((parsed.data as Row)[k] !== undefined) values[k] = (parsed.data as Row)[k]
  return data.transaction(async (tx) => {
    const repo = requestsOf(tx)
    const old = id ? await ownRequest(tx, id) : null
    if (old && !EDITABLE.includes(old.repairStatus ?? 0)) bad('报修单已提交，不能修改')
    const equipmentId = String(values.equipmentId ?? old?.equipmentId ?? '')
    if (!old || values.equipmentId !== undefined) {
      const equipment = await tx.repo(assetsEquipment).need(equipmentId, '报修设备不存在')
      if ((LEFT_STOCK_STATUS as readonly number[]).includes(Number(equipment.statusCode)))
        bad('该设备已丢失、报废或调出，不能报修')
      const busy = await repo.first(
        eq(deviceRepairs.equipmentId, equipmentId),
        inArray(deviceRepairs.repairStatus, [REPAIR_STATUS.draft, ...OPEN]),
        id ? notInArray(deviceRepairs.id, [id]) : undefined,
      )
      if (busy) bad(`该设备已有未办结的报修单（${busy.repairNo}）`)
      Object.assign(values, {
        equipmentNo: equipment.equipmentNo,
        equipmentName: equipment.equipmentName,
        labSerial: equipment.labSerial,
        location: values.location ?? equipment.location ?? null,
      })
    }
    if (old) {
      await repo.update(old.id, values as never)
      return old.id
    }
    const me = tx.me
    const [created] = await repo.insert({
      ...values,
      repairNo: await documentNumber(tx, 'BX'),
      reporterName: me.realName || me.account,
      repairStatus: REPAIR_STATUS.draft,
      totalCost: '0',
    } as never)
    return created
  })
}

export function registerRequestRoutes(app: FastifyInstance) {
  route(app, repairsApi.repList, async ({ data, query }) => {
    const mine = query.mine === '1' || query.mine === 1 || !isOffice(data.user)
    const page = await requestsOf(data).page(query, {
      filters: { skip: ['mine'] },
      where: [mine ? eq(deviceRepairs.createUser, data.me.userId) : undefined],
      sort: [desc(deviceRepairs.createTime), desc(deviceRepairs.id)],
    })
    return ok({ ...page, records: await withTasks(data, page.records) })
  })

  route(app, repairsApi.detail, async ({ data, query }) => {
    const me = data.me.userId
    const row = await requestsOf(data).first(
      eq(deviceRepairs.id, query.id),
      isOffice(data.me) ? undefined : or(eq(deviceRepairs.createUser, me), eq(deviceRepairs.repairerId, me)),
    )
    if (!row) bad('报修单不存在或无权查看')
    const [withTask] = await withTasks(data, [row!])
    const records = await data.repo(deviceRepairRecord).find([eq(deviceRepairRecord.repairsId, row!.id)], {
      sort: [desc(deviceRepairRecord.repairDate), desc(deviceRepairRecord.id)],
    })
    return ok({ ...withTask, records })
  })

  route(app, repairsApi.submit, async ({ data, body }) =>
    ok({ id: await saveRequest(data, body as Row, 'submit') }),
  )
  route(app, repairsApi.update, async ({ data, body }) =>
    ok({ id: await saveRequest(data, body as Row, 'update') }),
  )

  route(app, repairsApi.remove, async ({ data, query }) => {
    await data.transaction(async (tx) => {
      const rows = await requestsOf(tx).find([
        inArray(deviceRepairs.id, query.ids),
        ownRows(tx.me, deviceRepairs.createUser),
      ])
      if (rows.length !== query.ids.length) bad('部分报修单不存在或无权删除')
      if (rows.some((r) => !REMOVABLE.includes(r.repairStatus ?? 0))) bad('只能删除草稿或已撤销的报修单')
      await requestsOf(tx).remove(query.ids)
    })
    return done()
  })

  route(app, repairsApi.repairerSelect, async ({ data }) => {
    const roleIds = (await data.repo(role).find([inArray(role.roleAlias, ['staff', 'administrator'])])).map(
      (r) => r.id,
    )
    if (!roleIds.length) return ok([])
    const users = await data.repo(user).find(
      [
        eq(user.status, 1),
        sql`string_to_array(${user.roleId}, ',') && ARRAY[${sql.join(
          roleIds.map((r) => sql`${r}`),
          sql`, `,
        )}]::text[]`,
      ],
      { sort: [asc(user.account)], limit: 500 },
    )
    return ok(users.map((u) => ({ id: u.id, name: u.realName || u.name || u.account, account: u.account })))
  })

  route(app, repairsApi.equipmentSelect, async ({ data, query }) => {
    const keyword = query.keyword?.replace(/[%_\\]/g, '\\$&')
    const rows = await data
      .repo(assetsEquipment)
      .find(
        [
          notInArray(assetsEquipment.statusCode, [...LEFT_STOCK_STATUS]),
          keyword
            ? or(
                ilike(assetsEquipment.equipmentNo, `%${keyword}%`),
                ilike(assetsEquipment.equipmentName, `%${keyword}%`),
              )
            : undefined,
        ],
        { sort: [asc(assetsEquipment.equipmentNo)], limit: 20 },
      )
    return ok(
      rows.map((r) => ({
        id: r.id,
        equipmentNo: r.equipmentNo,
        equipmentName: r.equipmentName,
        model: r.model,
        labSerial: r.labSerial,
        location: r.location,
        statusCode: r.statusCode,
      })),
    )
  })
}
