import { inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../core/envelope'
import { bad } from '../../core/errors'
import { route } from '../../core/route'
import { teachBatchAssStudent, teachBatchPlan } from '../../db/schema'
import { batchAssStudentApi } from '../../../shared/api/schedule'
import { assignStudents, checkWritten, needBatches } from './batches'
import { splitList, studentsOfClasses } from './load'
import { checkEditable, needClassrooms } from './rules'

/**
 * `batchassstudent/saveList [{batchPlanId, studentNos}]`: replaces each batch's students (`[]` = whole
 * classes). All listed batches are cleared first, so students can move between batches of a line in
 * one call; each batch's 实验人数 follows and must fit its rooms; then the collision check.
 */
export function registerStudentRoutes(app: FastifyInstance) {
  route(app, batchAssStudentApi.saveList, async ({ body, data }) =>
    data.transaction(async (tx) => {
      const rows = await needBatches(
        tx,
        body.map((b) => b.batchPlanId),
      )
      const byId = new Map(rows.map((r) => [r.id, r]))
      for (const r of rows) checkEditable(r)
      await tx.repo(teachBatchAssStudent).deleteWhere([
        inArray(
          teachBatchAssStudent.batchPlanId,
          rows.map((r) => r.id),
        ),
      ])
      for (const item of body) {
        const row = byId.get(item.batchPlanId)!
        const assigned = await assignStudents(tx, row, item.studentNos)
        let count = assigned
        if (count === undefined) {
          const byClass = await studentsOfClasses(tx, splitList(row.classNos))
          count = splitList(row.classNos).reduce((n, c) => n + (byClass.get(c)?.length ?? 0), 0)
        }
        const seats = [...(await needClassrooms(tx, splitList(row.roomIds))).values()].reduce(
          (a, b) => a + b,
          0,
        )
        if (count > seats) bad(`第${row.batchNo}批人数（${count}）超过房间容量（${seats}）`)
        await tx
          .repo(teachBatchPlan)
          .update(row.id, { studentCount: count, assigned: assigned === undefined ? 0 : 1 })
      }
      const fresh = await tx.repo(teachBatchPlan).find([
        inArray(
          teachBatchPlan.id,
          rows.map((r) => r.id),
        ),
      ])
      return ok({ ids: fresh.map((r) => r.id), collisions: await checkWritten(tx, fresh) }, '保存成功')
    }),
  )
}
