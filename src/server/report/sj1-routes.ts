import { eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { z } from 'zod'
import {
  EquipmentPickQuery,
  MAX_PICKED_EQUIPMENT,
  sj1Api,
  type EquipmentStats,
  type PickableEquipment,
} from '../../shared/api/report'
import { ASSET_CLASS_TOP } from '../../shared/resources/report/asset-class'
import {
  REPORT_EQUIP_SOURCE,
  REPORT_EQUIP_STATUS,
  REPORT_USE_DIRECTION,
} from '../../shared/resources/report/codes'
import { toScaled, yuanToWan } from '../../shared/resources/report/decimal'
import { SOURCE, TASK_STATUS } from '../../shared/resources/report/tables'
import type { Data } from '../core/data'
import { ok, type Page } from '../core/envelope'
import { bad } from '../core/errors'
import { route } from '../core/route'
import { reportSubmission } from '../db/schema'
import { checkFlowDefinition } from './audit/submit'
import { sj1Row, sourceScope } from './extract'
import { nextRowNo, pageRecords, readScope, rowBase, rowsRepo, countRows, type ScopeQuery } from './records'
import { findTask, resolveCollege, settingsOf, touchSubmission, writeScope } from './scope'
import { requireSource, type EquipmentFilter } from './sources/registry'
import { ROW_TABLES } from './tables'

/**
 * SJ1's own calls: the whole list up to 5,000 rows, the 统计 tab's figures, and 导入设备 (picked
 * equipment items added with the SJ1 mapping).
 */
const MAX_UNPAGED = 5000

async function statistics(data: Data, query: ScopeQuery): Promise<EquipmentStats> {
  const { task, subs } = await readScope(data, 'sj1', query)
  const t = ROW_TABLES.sj1
  const big = settingsOf(task).bigItemPrice
  const where = data.rows(
    t,
    subs.length
      ? inArray(
          t.submissionId,
          subs.map((s) => s.id),
        )
      : sql`false`,
  )
  const [all] = await data.db
    .select({
      n: sql<number>`count(*)`,
      sum: sql<string>`coalesce(sum(${t.unitPrice}), 0)`,
      bigN: sql<number>`count(*) filter (where ${t.unitPrice} >= ${big})`,
      bigSum: sql<string>`coalesce(sum(${t.unitPrice}) filter (where ${t.unitPrice} >= ${big}), 0)`,
    })
    .from(t)
    .where(where)
  const by = async (key: SQL, name: (k: string) => string) => {
    const rows = await data.db
      .select({
        key: sql<string>`${key}`,
        n: sql<number>`count(*)`,
        sum: sql<string>`coalesce(sum(${t.unitPrice}), 0)`,
      })
      .from(t)
      .where(where)
      .groupBy(key)
      .orderBy(key)
    return rows.map((r) => ({
      key: r.key ?? '',
      name: name(r.key ?? ''),
      count: Number(r.n),
      amount: yuanToWan(toScaled(r.sum) ?? 0n),
    }))
  }
  const label = (items: readonly (readonly [string, string])[]) => (k: string) =>
    items.find(([c]) => c === k)?.[1] ?? (k || '未填')
  return {
    count: Number(all.n),
    amount: yuanToWan(toScaled(all.sum) ?? 0n),
    bigCount: Number(all.bigN),
    bigAmount: yuanToWan(toScaled(all.bigSum) ?? 0n),
    byClass: await by(sql`left(${t.classCode}, 2)`, label(ASSET_CLASS_TOP)),
    byDirection: await by(sql`${t.useDirection}`, label(REPORT_USE_DIRECTION.items)),
    byStatus: await by(sql`${t.statusCode}`, label(REPORT_EQUIP_STATUS.items)),
    bySource: await by(sql`${t.sourceCode}`, label(REPORT_EQUIP_SOURCE.items)),
    byYear: await by(sql`left(${t.purchaseMonth}, 4)`, (k) => (k ? `${k}年` : '未填')),
  }
}

/** Which of `numbers` are already an SJ1 仪器编号 of the task (any college: a number is reported once). */
async function takenNumbers(data: Data, taskId: string, numbers: string[]): Promise<Set<string>> {
  const t = ROW_TABLES.sj1
  if (!numbers.length) return new Set()
  const rows = await data.db
    .select({ no: t.equipmentNo })
    .from(t)
    .where(data.rows(t, eq(t.taskId, taskId), inArray(t.equipmentNo, numbers)))
  return new Set(rows.flatMap((r) => (r.no ? [r.no] : [])))
}

type PickQuery = z.output<typeof EquipmentPickQuery>

/** The picker's filters: the task and college of the scope, units under the college unless `units=all`. */
async function pickerFilter(data: Data, query: PickQuery) {
  const task = await findTask(data, query)
  if (task.status === TASK_STATUS.draft) bad('报表任务尚未下发')
  const college = (await resolveCollege(data, task, query.collegeSerialNum, { required: true }))!
  const filter: EquipmentFilter = {
    classCode: query.classCode || undefined,
    keyword: query.keyword || undefined,
    purchasedFrom: query.purchaseDateFrom || undefined,
    purchasedTo: query.purchaseDateTo || undefined,
    unitCodes: query.units === 'all' ? undefined : (await sourceScope(data, { task, college })).deptSerials,
  }
  return { task, filter }
}

async function equipmentPage(data: Data, query: PickQuery): Promise<Page<PickableEquipment>> {
  const { task, filter } = await pickerFilter(data, query)
  const found = await requireSource('equipment').search(data, filter, {
    current: query.current ?? 1,
    size: query.size ?? 10,
  })
  const taken = await takenNumbers(
    data,
    task.id,
    found.records.map((e) => e.assetNo),
  )
  return {
    ...found,
    records: found.records.map((e) => ({
      id: e.id,
      equipmentNo: e.assetNo,
      equipmentName: e.name,
      classCode: e.classCode,
      model: e.model,
      unitPrice: e.unitPrice,
      purchaseDate: e.acceptDate,
      statusCode: e.statusCode,
      unitCode: e.unitCode,
      unitName: e.unitName,
      imported: taken.has(e.assetNo),
    })),
  }
}

/** 全选匹配项: every matching item not yet in the task; more than 5,000 matches are refused. */
async function equipmentIds(data: Data, query: PickQuery) {
  const { task, filter } = await pickerFilter(data, query)
  const found = await requireSource('equipment').search(data, filter, {
    current: 1,
    size: MAX_PICKED_EQUIPMENT + 1,
  })
  if (found.total > MAX_PICKED_EQUIPMENT)
    bad(`符合条件的设备有${found.total}台，一次最多导入${MAX_PICKED_EQUIPMENT}台，请缩小筛选范围`)
  const taken = await takenNumbers(
    data,
    task.id,
    found.records.map((e) => e.assetNo),
  )
  return { ids: found.records.filter((e) => !taken.has(e.assetNo)).map((e) => e.id), total: found.total }
}

interface ImportEquipmentInput extends ScopeQuery {
  equipments: string[]
  processDefinitionId?: string
}

/** 导入设备: the picked items in SJ1's terms (sourceType 5); an 仪器编号 already in the task is skipped. */
async function importEquipment(data: Data, input: ImportEquipmentInput) {
  const source = requireSource('equipment')
  return data.transaction(async (tx) => {
    const scope = await writeScope(tx, 'sj1', input)
    if (input.processDefinitionId) {
      await checkFlowDefinition(tx, input.processDefinitionId)
      await tx.db
        .update(reportSubmission)
        .set({ processDefinitionId: input.processDefinitionId })
        .where(tx.rows(reportSubmission, eq(reportSubmission.id, scope.submission.id)))
    }
    const items = await source.byIds(tx, input.equipments)
    if (items.length !== new Set(input.equipments).size) bad('部分设备不存在或无权访问')
    const taken = await takenNumbers(
      tx,
      scope.task.id,
      items.map((e) => e.assetNo),
    )
    const src = await sourceScope(tx, scope)
    const skipped: string[] = []
    const fresh: Record<string, unknown>[] = []
    let rowNo = await nextRowNo(tx, 'sj1', scope.submission.id)
    for (const e of items.sort((a, b) => a.assetNo.localeCompare(b.assetNo))) {
      const row = sj1Row(e, scope, src)
      if (taken.has(e.assetNo)) skipped.push(`${e.assetNo}（已在本任务中）`)
      else if (!row) skipped.push(`${e.assetNo}（不属于SJ1统计范围）`)
      else
        fresh.push({
          ...row.values,
          ...rowBase(scope),
          rowNo: rowNo++,
          sourceType: SOURCE.equipment,
          sourceId: e.id,
        })
    }
    await rowsRepo(tx, 'sj1').insert(fresh as never, { createDept: scope.college.deptId })
    await touchSubmission(tx, scope.submission, await countRows(tx, 'sj1', scope.submission.id))
    return { added: fresh.length, skipped }
  })
}

export function registerSj1Routes(app: FastifyInstance) {
  route(app, sj1Api.listIgnorePageHelper, async ({ query, data }) => {
    const page = await pageRecords(data, 'sj1', { ...query, current: 1, size: MAX_UNPAGED + 1 })
    if (page.total > MAX_UNPAGED) bad('结果超过5000条，请缩小查询范围')
    return ok(page.records)
  })
  route(app, sj1Api.statisticalByConditions, async ({ query, data }) => ok(await statistics(data, query)))
  route(app, sj1Api.equipmentPage, async ({ query, data }) => ok(await equipmentPage(data, query)))
  route(app, sj1Api.equipmentIds, async ({ query, data }) => ok(await equipmentIds(data, query)))
  route(app, sj1Api.saveImportEquipment, async ({ body, data }) => {
    const result = await importEquipment(data, body)
    return ok(
      result,
      `导入${result.added}台设备${result.skipped.length ? `，跳过${result.skipped.length}台` : ''}`,
    )
  })
}
