import { eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { sj1Api, type EquipmentStats } from '../../shared/api/report'
import { ASSET_CLASS_TOP } from '../../shared/resources/report/asset-class'
import {
  REPORT_EQUIP_SOURCE,
  REPORT_EQUIP_STATUS,
  REPORT_USE_DIRECTION,
} from '../../shared/resources/report/codes'
import { toScaled, yuanToWan } from '../../shared/resources/report/decimal'
import { SOURCE } from '../../shared/resources/report/tables'
import type { Data } from '../core/data'
import { ok } from '../core/envelope'
import { bad } from '../core/errors'
import { route } from '../core/route'
import { reportSubmission } from '../db/schema'
import { checkFlowDefinition } from './audit/submit'
import { sj1Row, sourceScope } from './extract'
import { nextRowNo, pageRecords, readScope, rowBase, rowsRepo, countRows, type ScopeQuery } from './records'
import { settingsOf, touchSubmission, writeScope } from './scope'
import { requireSource } from './sources/registry'
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
    const t = ROW_TABLES.sj1
    const taken = new Set(
      (
        await tx.db
          .select({ no: t.equipmentNo })
          .from(t)
          .where(
            tx.rows(
              t,
              eq(t.taskId, scope.task.id),
              inArray(
                t.equipmentNo,
                items.map((e) => e.assetNo),
              ),
            ),
          )
      ).map((r) => r.no),
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
  route(app, sj1Api.saveImportEquipment, async ({ body, data }) => {
    const result = await importEquipment(data, body)
    return ok(
      result,
      `导入${result.added}台设备${result.skipped.length ? `，跳过${result.skipped.length}台` : ''}`,
    )
  })
}
