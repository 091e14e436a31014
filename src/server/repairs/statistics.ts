import { count, desc, eq, ne, sql, sum, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { repairsApi, type CountBy } from '../../shared/api/repairs'
import { REPAIR_DICTS, REPAIR_STATUS } from '../../shared/resources/repairs/repairs'
import type { Data } from '../core/data'
import { ok } from '../core/envelope'
import { route } from '../core/route'
import { deviceRepairs } from '../db/schema'
import { repairLabel } from './dictionaries'

const num = (v: unknown) => Number(v ?? 0) || 0

async function grouped(
  data: Data,
  where: SQL | undefined,
  key: SQL,
  name: (k: string) => string,
): Promise<CountBy[]> {
  const rows = await data.db
    .select({ key: sql<string>`${key}`, count: count() })
    .from(deviceRepairs)
    .where(where)
    .groupBy(key)
    .orderBy(desc(count()))
  return rows.map((r) => ({ key: String(r.key ?? ''), name: name(String(r.key ?? '')), count: num(r.count) }))
}

/**
 * 维修统计: requests of a year (by 报修时间; drafts left out) by state, fault, month (with costs),
 * lab and device, the mean time from report to completion and the total cost, which feeds SJ7's
 * 仪器设备维护经费.
 */
export function registerStatisticsRoute(app: FastifyInstance) {
  route(app, repairsApi.repStatistics, async ({ data, query }) => {
    const where = data.rows(
      deviceRepairs,
      ne(deviceRepairs.repairStatus, REPAIR_STATUS.draft),
      query.year ? sql`extract(year from ${deviceRepairs.reportTime}) = ${query.year}` : undefined,
      query.labSerial ? eq(deviceRepairs.labSerial, query.labSerial) : undefined,
    )
    const [totals] = await data.db
      .select({
        total: count(),
        done: sql<number>`count(*) filter (where ${deviceRepairs.repairStatus} = ${REPAIR_STATUS.done})`,
        open: sql<number>`count(*) filter (where ${deviceRepairs.repairStatus} in (${REPAIR_STATUS.waiting}, ${REPAIR_STATUS.repairing}, ${REPAIR_STATUS.returned}))`,
        cost: sum(deviceRepairs.totalCost),
        hours: sql<number>`avg(extract(epoch from ${deviceRepairs.finishTime} - ${deviceRepairs.reportTime}) / 3600) filter (where ${deviceRepairs.repairStatus} = ${REPAIR_STATUS.done})`,
      })
      .from(deviceRepairs)
      .where(where)
    const month = sql`to_char(${deviceRepairs.reportTime}, 'YYYY-MM')`
    const months = await data.db
      .select({ key: sql<string>`${month}`, count: count(), cost: sum(deviceRepairs.totalCost) })
      .from(deviceRepairs)
      .where(where)
      .groupBy(month)
      .orderBy(month)
    const equipment = await data.db
      .select({
        key: deviceRepairs.equipmentId,
        equipmentNo: deviceRepairs.equipmentNo,
        name: deviceRepairs.equipmentName,
        count: count(),
      })
      .from(deviceRepairs)
      .where(where)
      .groupBy(deviceRepairs.equipmentId, deviceRepairs.equipmentNo, deviceRepairs.equipmentName)
      .orderBy(desc(count()))
      .limit(10)
    return ok({
      total: num(totals?.total),
      open: num(totals?.open),
      done: num(totals?.done),
      totalCost: Math.round(num(totals?.cost) * 100) / 100,
      averageHours: Math.round(num(totals?.hours) * 10) / 10,
      byStatus: await grouped(data, where, sql`${deviceRepairs.repairStatus}`, (k) =>
        repairLabel(REPAIR_DICTS.status, k),
      ),
      byFault: await grouped(data, where, sql`${deviceRepairs.faultType}`, (k) =>
        repairLabel(REPAIR_DICTS.faultType, k),
      ),
      byMonth: months.map((m) => ({
        key: String(m.key ?? ''),
        name: String(m.key ?? ''),
        count: num(m.count),
        cost: num(m.cost),
      })),
      byLab: await grouped(
        data,
        where,
        sql`coalesce(${deviceRepairs.labSerial}, '')`,
        (k) => k || '未指定实验室',
      ),
      topEquipment: equipment.map((e) => ({
        key: String(e.key),
        equipmentNo: String(e.equipmentNo ?? ''),
        name: String(e.name ?? ''),
        count: num(e.count),
      })),
    })
  })
}
