import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../core/envelope'
import { bad } from '../../core/errors'
import { route } from '../../core/route'
import type { Data } from '../../core/data'
import { teachBatchPlan, teachBatchPlanRoom, teachBatchPlanTeacher } from '../../db/schema'
import type { BatchPlanRow } from '../../db/schema/schedule'
import { batchPlanApi } from '../../../shared/api/schedule'
import { BATCH_STATUS } from '../../../shared/resources/schedule/codes'
import { batchPlanResource } from '../../../shared/resources/schedule/batch-plan'
import {
  byStatus,
  checkWritten,
  createBatches,
  lockTerms,
  needBatches,
  updateBatches,
  type BatchItem,
} from './batches'
import { clearRemoved, openRowsOf, runCheck } from './check'
import { generateTimes } from './generate'
import { dropLinks } from './load'
import { viewsOf } from './views'

/** Conditions of the list filters that are not plain columns: a teacher or room via the link tables. */
export function partyFilters(data: Data, query: Record<string, unknown>): (SQL | undefined)[] {
  const out: (SQL | undefined)[] = []
  const teacherId = String(query.teacherId ?? '')
  const roomId = String(query.roomId ?? '')
  if (/^\d{1,19}$/.test(teacherId))
    out.push(
      inArray(
        teachBatchPlan.id,
        data.db
          .select({ id: teachBatchPlanTeacher.batchPlanId })
          .from(teachBatchPlanTeacher)
          .where(data.rows(teachBatchPlanTeacher, eq(teachBatchPlanTeacher.party, teacherId))),
      ),
    )
  if (/^\d{1,19}$/.test(roomId))
    out.push(
      inArray(
        teachBatchPlan.id,
        data.db
          .select({ id: teachBatchPlanRoom.batchPlanId })
          .from(teachBatchPlanRoom)
          .where(data.rows(teachBatchPlanRoom, eq(teachBatchPlanRoom.party, roomId))),
      ),
    )
  const week = Number(query.week)
  if (Number.isInteger(week) && week >= 1 && week <= 30)
    out.push(sql`(${teachBatchPlan.weekMask} & ${1 << (week - 1)}) <> 0`)
  return out
}

export const LIST_SKIP = ['teacherId', 'roomId', 'week']
export const listSort = [
  asc(teachBatchPlan.courseNumber),
  asc(teachBatchPlan.coursePlanProjectId),
  asc(teachBatchPlan.batchNo),
  asc(teachBatchPlan.id),
]

const itemOf = (b: {
  id?: string
  coursePlanProjectId?: string
  batchNo?: number
  weeks: number[]
  weekday?: number | null
  startSection?: number | null
  endSection?: number | null
  roomIds: string[]
  teacherIds: string[]
  classNos?: string[]
  studentNos?: string[]
}): BatchItem => ({ ...b })

/** `/api/teach/batchplan/*` except the timetables and exports. */
export function registerBatchPlanRoutes(app: FastifyInstance) {
  route(app, batchPlanApi.page, async ({ query, data }) => {
    const page = await data.repo(teachBatchPlan, batchPlanResource).page(query, {
      filters: { skip: LIST_SKIP },
      where: partyFilters(data, query),
      sort: listSort,
    })
    return ok({ ...page, records: await viewsOf(data, page.records) })
  })

  route(app, batchPlanApi.detail, async ({ query, data }) => {
    const row = await data.repo(teachBatchPlan).need(query.id)
    return ok((await viewsOf(data, [row], { students: true }))[0])
  })

  route(app, batchPlanApi.remove, async ({ query, data }) =>
    data.transaction(async (tx) => {
      const rows = await needBatches(tx, query.ids)
      if (byStatus(rows, BATCH_STATUS.published).length) bad('已发布的排课不能删除，请通过调课申请调整')
      await tx.repo(teachBatchPlan).remove(query.ids)
      await dropLinks(tx, query.ids)
      for (const term of new Set(rows.map((r) => String(r.academicYearId))))
        await clearRemoved(
          tx,
          term,
          rows.filter((r) => String(r.academicYearId) === term).map((r) => r.id),
        )
      return ok({ collisions: [] })
    }),
  )

  route(app, batchPlanApi.saveList, async ({ body, data }) =>
    ok(await data.transaction((tx) => createBatches(tx, body.map(itemOf)))),
  )

  route(app, batchPlanApi.updateList, async ({ body, data }) =>
    ok(await data.transaction((tx) => updateBatches(tx, body.map(itemOf)))),
  )

  route(app, batchPlanApi.batchUpdate, async ({ body, data }) =>
    data.transaction(async (tx) => {
      const rows = await needBatches(tx, body.ids)
      const items = rows.map((r): BatchItem => {
        const weekday = body.weekday ?? r.weekday
        const startSection = body.startSection ?? r.startSection
        const endSection = body.endSection ?? r.endSection
        return {
          id: r.id,
          weeks:
            body.weeks ??
            String(r.weeks ?? '')
              .split(',')
              .filter(Boolean)
              .map(Number),
          weekday,
          startSection,
          endSection,
          roomIds:
            body.roomIds ??
            String(r.roomIds ?? '')
              .split(',')
              .filter(Boolean),
          teacherIds:
            body.teacherIds ??
            String(r.teacherIds ?? '')
              .split(',')
              .filter(Boolean),
        }
      })
      return ok(await updateBatches(tx, items))
    }),
  )

  route(app, batchPlanApi.batchSubmit, async ({ body, data }) =>
    data.transaction(async (tx) => {
      const rows = await needBatches(tx, body.ids)
      if (rows.some((r) => Number(r.status) !== BATCH_STATUS.draft)) bad('只有未提交的排课可以提交')
      if (rows.some((r) => r.weekday == null)) bad('请先为排课安排时间')
      await tx.repo(teachBatchPlan).update(body.ids, { status: BATCH_STATUS.submitted })
      return ok({ ids: body.ids, collisions: await checkWritten(tx, rows) })
    }),
  )

  route(app, batchPlanApi.publish, async ({ body, data }) =>
    data.transaction(async (tx) => {
      const rows = await needBatches(tx, body.ids)
      await publish(tx, rows)
      return ok({ published: rows.length }, '发布成功')
    }),
  )

  route(app, batchPlanApi.collisionCheckAgain, async ({ body, data }) =>
    data.transaction(async (tx) => {
      const rows = await needBatches(tx, body.ids)
      return ok({ ids: body.ids, collisions: await checkWritten(tx, rows) })
    }),
  )

  route(app, batchPlanApi.collisionBatchCheckAgain, async ({ body, data }) =>
    data.transaction(async (tx) => {
      await lockTerms(tx, [body.academicYearId])
      const { notes: _notes, ...summary } = await runCheck(tx, body.academicYearId)
      return ok(summary)
    }),
  )

  route(app, batchPlanApi.generateTime, async ({ body, data }) =>
    data.transaction(async (tx) => {
      const rows = await needBatches(tx, body.ids)
      return ok(await generateTimes(tx, rows, body))
    }),
  )

  route(app, batchPlanApi.listByCoursePlanId, async ({ query, data }) => {
    const rows = await data
      .repo(teachBatchPlan)
      .find([eq(teachBatchPlan.coursePlanId, query.coursePlanId)], { sort: listSort })
    return ok(await viewsOf(data, rows))
  })

  route(app, batchPlanApi.listByCoursePlanList, async ({ query, data }) => {
    const rows = await data
      .repo(teachBatchPlan)
      .find([inArray(teachBatchPlan.coursePlanId, query.coursePlanIds)], { sort: listSort })
    return ok(await viewsOf(data, rows))
  })
}

/**
 * 发布: only 已提交 batches; their collisions are rechecked and any 未处理 row refuses the whole call
 * with the numbered list (teaching.md 5).
 */
export async function publish(data: Data, rows: BatchPlanRow[]): Promise<void> {
  if (rows.some((r) => Number(r.status) !== BATCH_STATUS.submitted)) bad('只有已提交的排课可以发布')
  await checkWritten(data, rows)
  const open: string[] = []
  for (const term of new Set(rows.map((r) => String(r.academicYearId))))
    open.push(
      ...(await openRowsOf(
        data,
        term,
        rows.filter((r) => String(r.academicYearId) === term).map((r) => r.id),
      )),
    )
  if (open.length) {
    const listed = open.slice(0, 20).map((d, i) => `${i + 1}. ${d}`)
    bad(
      `以下排课存在未处理的冲突，不能发布：\n${listed.join('\n')}${open.length > 20 ? `\n等${open.length}条` : ''}`,
    )
  }
  await data.repo(teachBatchPlan).update(
    rows.map((r) => r.id),
    { status: BATCH_STATUS.published, publishTime: new Date(), publishUser: data.me.userId },
  )
}
