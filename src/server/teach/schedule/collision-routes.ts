import { asc, desc, eq, or } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { done, ok } from '../../core/envelope'
import { bad } from '../../core/errors'
import { route } from '../../core/route'
import { teachBatchPlan } from '../../db/schema'
import { collisionApi, type CollisionRow } from '../../../shared/api/schedule'
import { collisionResources } from '../../../shared/resources/schedule/collision'
import { COLLISION_STATUS, COLLISION_STATUS_OPTIONS } from '../../../shared/resources/schedule/codes'
import { labelOfCode } from '../../../shared/resources/teach/codes'
import { formatSections, formatWeeks, WEEKDAY_NAMES } from '../../../shared/resources/schedule/weeks'
import { COLLISION_KINDS } from './collision/engine'
import { COLLISION_TABLES, markPlans } from './check'
import { suggestionsFor } from './suggestions'
import { viewsOf } from './views'

type Row = typeof COLLISION_TABLES.teacher.$inferSelect

const present = (r: Row): CollisionRow =>
  ({
    ...(r as unknown as CollisionRow),
    weeksText: formatWeeks(r.weeks),
    statusName: labelOfCode(COLLISION_STATUS_OPTIONS, r.status),
    weekdayName: WEEKDAY_NAMES[Number(r.weekday)] ?? '',
    sectionsText: formatSections(Number(r.startSection), Number(r.endSection)),
  }) as CollisionRow

/**
 * The four collision families (`teachercollision`, `addresscollision`, `classcollision`,
 * `studentcollision`): rows written by the checks; list (default 未处理 first), detail with both sides
 * and suggestions, 处理 with a 处理说明, delete (a later check brings a still-true row back).
 */
export function registerCollisionRoutes(app: FastifyInstance) {
  for (const kind of COLLISION_KINDS) {
    const api = collisionApi[kind]
    const table = COLLISION_TABLES[kind]
    const def = collisionResources[kind]

    for (const endpoint of [api.page, api.list])
      route(app, endpoint, async ({ query, data }) => {
        const batchPlanId = String(query.batchPlanId ?? '')
        const page = await data.repo(table, def).page(query, {
          filters: { skip: ['batchPlanId'] },
          where: /^\d{1,19}$/.test(batchPlanId)
            ? [or(eq(table.batchPlanId, batchPlanId), eq(table.otherBatchPlanId, batchPlanId))]
            : [],
          sort: [
            asc(table.status),
            desc(table.checkTime),
            asc(table.weekday),
            asc(table.startSection),
            asc(table.id),
          ],
        })
        return ok({ ...page, records: page.records.map(present) })
      })

    route(app, api.detail, async ({ query, data }) => {
      const row = await data.repo(table, def).need(query.id)
      const plans = await data
        .repo(teachBatchPlan)
        .find([or(eq(teachBatchPlan.id, row.batchPlanId!), eq(teachBatchPlan.id, row.otherBatchPlanId!))])
      const views = await viewsOf(data, plans, { students: true })
      const a = views.find((v) => v.id === row.batchPlanId) ?? null
      const b = views.find((v) => v.id === row.otherBatchPlanId) ?? null
      const side = query.side ?? 'B'
      const target = plans.find((p) => p.id === (side === 'A' ? row.batchPlanId : row.otherBatchPlanId))
      return ok({
        ...present(row),
        a,
        b,
        suggestions: target ? await suggestionsFor(data, target, side) : null,
      })
    })

    route(app, api.submit, async ({ body, data }) =>
      data.transaction(async (tx) => {
        const row = await tx.repo(table, def).need(body.id)
        if (Number(row.status) !== COLLISION_STATUS.open) bad('只有未处理的冲突可以处理')
        await tx.repo(table).update(row.id, {
          status: COLLISION_STATUS.handled,
          handleRemark: body.handleRemark,
          handleUser: tx.me.userId,
          handleTime: new Date(),
        })
        await markPlans(tx, String(row.academicYearId), [row.batchPlanId!, row.otherBatchPlanId!])
        return ok({ id: row.id }, '处理成功')
      }),
    )

    route(app, api.remove, async ({ query, data }) =>
      data.transaction(async (tx) => {
        const rows = await tx.repo(table, def).needAll(query.ids, '部分数据不存在或无权删除')
        await tx.repo(table).remove(query.ids)
        for (const term of new Set(rows.map((r) => String(r.academicYearId))))
          await markPlans(
            tx,
            term,
            rows
              .filter((r) => String(r.academicYearId) === term)
              .flatMap((r) => [r.batchPlanId!, r.otherBatchPlanId!]),
          )
        return done('删除成功')
      }),
    )
  }
}
