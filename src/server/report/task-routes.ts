import { count, desc, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { taskApi, type ApplyScope, type CellState, type ProgressMatrix } from '../../shared/api/report'
import { SUBMIT_STATUS, TASK_STATUS, type TableCode } from '../../shared/resources/report/tables'
import type { Data } from '../core/data'
import { done, ok } from '../core/envelope'
import { route } from '../core/route'
import { reportSubmission, reportTask } from '../db/schema'
import { presentSubmission } from './apply'
import {
  anySubmitted,
  callerCollege,
  findTask,
  tablesOf,
  taskColleges,
  taskSubmissions,
  type TaskRef,
} from './scope'
import { fmt, issueTask, issuedTasks, presentTask, removeTasks, saveTask, updateTask } from './tasks'

/** The progress matrix college × table of a task (查看). */
export async function progressMatrix(data: Data, ref: TaskRef & { id?: string }): Promise<ProgressMatrix> {
  const task = ref.id ? await data.repo(reportTask).need(ref.id) : await findTask(data, ref)
  const tables = tablesOf(task)
  const subs = await taskSubmissions(data, task.id)
  const colleges = await taskColleges(data, task)
  return {
    task: presentTask(task, await anySubmitted(data, task.id)),
    tables,
    colleges: colleges
      .map((c) => {
        const cells: Partial<Record<TableCode, CellState>> = {}
        for (const s of subs.filter((x) => x.collegeSerialNum === c.serial))
          cells[s.tableCode as TableCode] = {
            status: s.status,
            rowCount: s.rowCount,
            checkErrors: s.checkErrors,
            checkWarnings: s.checkWarnings,
            submitTime: s.submitTime ? fmt(s.submitTime) : null,
            submissionId: s.id,
          }
        return { collegeSerialNum: c.serial, collegeName: c.name, cells }
      })
      .filter((c) => Object.keys(c.cells).length || task.status === TASK_STATUS.draft),
  }
}

const today = () => {
  const d = new Date()
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`
}

/** The scopes the caller may fill in a year and their states (drives every SJ screen's scope bar). */
export async function applyScope(data: Data, ref: TaskRef, table?: TableCode): Promise<ApplyScope> {
  const tasks = await issuedTasks(data)
  const task = ref.taskSerialNum || ref.academicYear ? await findTask(data, ref) : (tasks[0] ?? null)
  const mine = await callerCollege(data)
  if (!task) return { tasks: [], task: null, callerCollege: mine?.serial ?? null, colleges: [], scopes: [] }
  const colleges = (await taskColleges(data, task)).filter((c) => !mine || c.serial === mine.serial)
  const subs = (await taskSubmissions(data, task.id, table)).filter(
    (s) => !mine || s.collegeSerialNum === mine.serial,
  )
  const late = !!task.deadline && task.deadline < today()
  return {
    tasks: tasks.map((t) => ({
      id: t.id,
      taskSerialNum: t.taskSerialNum,
      taskName: t.taskName,
      academicYear: t.academicYear,
      status: t.status,
      deadline: t.deadline,
    })),
    task: presentTask(task),
    callerCollege: mine?.serial ?? null,
    colleges: colleges
      .filter((c) => subs.some((s) => s.collegeSerialNum === c.serial))
      .map((c) => ({ collegeSerialNum: c.serial, collegeName: c.name })),
    scopes: subs.map((s) => ({
      ...presentSubmission(s),
      overdue:
        late &&
        [SUBMIT_STATUS.empty, SUBMIT_STATUS.filling, SUBMIT_STATUS.returned].includes(s.status as 0 | 1 | 3),
    })),
  }
}

export function registerTaskRoutes(app: FastifyInstance) {
  route(app, taskApi.page, async ({ query, data }) => {
    const page = await data.repo(reportTask).page(query, { sort: [desc(reportTask.academicYear)] })
    return ok({ ...page, records: page.records.map((t) => presentTask(t)) })
  })

  route(app, taskApi.detail, async ({ query, data }) => {
    const task = await data.repo(reportTask).need(query.id)
    return ok(presentTask(task, await anySubmitted(data, task.id)))
  })

  route(app, taskApi.save, async ({ body, data }) =>
    ok(presentTask(await data.transaction((tx) => saveTask(tx, body))), '保存成功'),
  )

  route(app, taskApi.update, async ({ body, data }) =>
    ok(presentTask(await data.transaction((tx) => updateTask(tx, body))), '修改成功'),
  )

  route(app, taskApi.remove, async ({ query, data }) => {
    await data.transaction((tx) => removeTasks(tx, query.ids))
    return done('删除成功')
  })

  route(app, taskApi.submit, async ({ body, data }) =>
    ok({ submissions: await data.transaction((tx) => issueTask(tx, body.id)) }, '下发成功'),
  )

  route(app, taskApi.reporttable, async ({ query, data }) =>
    ok(await progressMatrix(data, { ...query, id: query.id || undefined })),
  )

  route(app, taskApi.historyreporttable, async ({ query, data }) => {
    const page = await data.repo(reportTask).page(query, {
      where: [inArray(reportTask.status, [TASK_STATUS.issued, TASK_STATUS.finished])],
      filters: { skip: [] },
      sort: [desc(reportTask.academicYear)],
    })
    const ids = page.records.map((t) => t.id)
    const counts = ids.length
      ? await data.db
          .select({
            taskId: reportSubmission.taskId,
            table: reportSubmission.tableCode,
            colleges: count(),
            approved: sql<number>`count(*) filter (where ${reportSubmission.status} = ${SUBMIT_STATUS.approved})`,
            rows: sql<number>`coalesce(sum(${reportSubmission.rowCount}), 0)`,
          })
          .from(reportSubmission)
          .where(data.rows(reportSubmission, inArray(reportSubmission.taskId, ids)))
          .groupBy(reportSubmission.taskId, reportSubmission.tableCode)
      : []
    return ok({
      ...page,
      records: page.records.map((t) => ({
        ...presentTask(t),
        counts: Object.fromEntries(
          counts
            .filter((c) => c.taskId === t.id)
            .map((c) => [
              c.table,
              { colleges: Number(c.colleges), approved: Number(c.approved), rows: Number(c.rows) },
            ]),
        ),
      })),
    })
  })

  route(app, taskApi.getReportApplyData, async ({ query, data }) => ok(await applyScope(data, query)))
}
