import { asc, eq, inArray } from 'drizzle-orm'
import type { PgSelect } from 'drizzle-orm/pg-core'
import type { Data } from '../../core/data'
import { bad } from '../../core/errors'
import {
  teachCoursePlan,
  teachCoursePlanProject,
  teachNewBatchPlan,
  teachParameter,
  teachProject,
} from '../../db/schema'
import type { TeachCoursePlanProjectRow, TeachCoursePlanRow, TeachProjectRow } from '../../db/schema/teach'
import { PLAN_STATUS } from '../../../shared/resources/teach/codes'
import { TASK_STATUS } from '../../../shared/resources/schedule/codes'
import type { TermCalendar } from '../../../shared/resources/schedule/calendar'
import { splitList } from './load'
import { calendarFields, calendarFromRow, type CalendarRow } from './term'

/**
 * The columns of a line, its plan and project that scheduling reads: the read of every batch write
 * selects these only (whole rows made its result about ten times wider, all parsed and mapped).
 */
const lineFields = {
  id: teachCoursePlanProject.id,
  coursePlanId: teachCoursePlanProject.coursePlanId,
  projectId: teachCoursePlanProject.projectId,
  hours: teachCoursePlanProject.hours,
  planWeeks: teachCoursePlanProject.planWeeks,
}
const planFields = {
  id: teachCoursePlan.id,
  academicYearId: teachCoursePlan.academicYearId,
  courseId: teachCoursePlan.courseId,
  courseNumber: teachCoursePlan.courseNumber,
  courseName: teachCoursePlan.courseName,
  deptSerial: teachCoursePlan.deptSerial,
  teacherId: teachCoursePlan.teacherId,
  assistantTeacherIds: teachCoursePlan.assistantTeacherIds,
  classNos: teachCoursePlan.classNos,
  startWeek: teachCoursePlan.startWeek,
  endWeek: teachCoursePlan.endWeek,
  status: teachCoursePlan.status,
}
const projectFields = {
  id: teachProject.id,
  experimentName: teachProject.experimentName,
  labId: teachProject.labId,
}

/** A plan line (计划项目) with its approved plan, project and term calendar: what batches hang on. */
export interface LineContext {
  line: Pick<TeachCoursePlanProjectRow, keyof typeof lineFields>
  plan: Pick<TeachCoursePlanRow, keyof typeof planFields>
  project: Pick<TeachProjectRow, keyof typeof projectFields>
  calendar: TermCalendar
  classNos: string[]
}

/** What a line context is read as (`joinContext` brings the tables in). */
export const contextFields = (data: Data) => ({
  line: lineFields,
  plan: planFields,
  project: projectFields,
  ...calendarFields(data),
})

/**
 * Joins a line's plan and project (each live and in reach, else null) and the plan's term calendar
 * onto a read that has the lines (`teach_course_plan_project`) in it. A term with several parameter
 * rows gives a row per parameter: order by the parameter id and keep the first.
 */
export const joinContext = <T extends PgSelect>(data: Data, read: T): T =>
  // The selection is explicit, so the joins leave the row type alone (ContextRow says what may be null).
  read
    .leftJoin(
      teachCoursePlan,
      data.rows(teachCoursePlan, eq(teachCoursePlan.id, teachCoursePlanProject.coursePlanId)),
    )
    .leftJoin(teachProject, data.rows(teachProject, eq(teachProject.id, teachCoursePlanProject.projectId)))
    .leftJoin(
      teachParameter,
      data.rows(teachParameter, eq(teachParameter.academicYearId, teachCoursePlan.academicYearId)),
    ) as unknown as T

/** A row read with `contextFields` (a caller joining the lines in may find none). */
export type ContextRow = CalendarRow & {
  line: LineContext['line'] | null
  plan: LineContext['plan'] | null
  project: LineContext['project'] | null
}

export async function lineContext(data: Data, coursePlanProjectId: string): Promise<LineContext> {
  if (!/^\d{1,19}$/.test(coursePlanProjectId)) bad('主键格式不正确')
  return contextOf((await readLineContexts(data, [coursePlanProjectId])).get(coursePlanProjectId))
}

/**
 * The context rows of lines, in one read (undefined for a line gone or out of reach; a term with
 * several parameter rows gives its first by id).
 */
export async function readLineContexts(
  data: Data,
  lineIds: readonly string[],
): Promise<Map<string, ContextRow | undefined>> {
  const out = new Map<string, ContextRow | undefined>(lineIds.map((id) => [id, undefined]))
  if (!lineIds.length) return out
  const rows = await joinContext(
    data,
    data.db.select(contextFields(data)).from(teachCoursePlanProject).$dynamic(),
  )
    .where(data.rows(teachCoursePlanProject, inArray(teachCoursePlanProject.id, [...lineIds])))
    .orderBy(asc(teachCoursePlanProject.id), asc(teachParameter.id))
  for (const r of rows) if (r.line && !out.get(r.line.id)) out.set(r.line.id, r)
  return out
}

/** The context of a line as read with `contextFields`; refuses a missing line, plan, project or calendar. */
export function contextOf(row: ContextRow | undefined): LineContext {
  if (!row?.line) bad('计划项目不存在')
  const { line, plan, project } = row!
  if (!plan) bad('课程计划不存在')
  if (Number(plan!.status) !== PLAN_STATUS.approved) bad('只有已通过的课程计划可以排课')
  if (!project) bad('实验项目不存在')
  const calendar = calendarFromRow(String(plan!.academicYearId), row) ?? bad('请先设置该学年学期的教学参数')
  return {
    line: line!,
    plan: plan!,
    project: project!,
    calendar,
    classNos: splitList(String(plan!.classNos ?? '')),
  }
}

/** The line's 排课任务, made on first touch (status 0 待排). */
export async function ensureTask(data: Data, ctx: LineContext) {
  const repo = data.repo(teachNewBatchPlan)
  const found = await repo.first(eq(teachNewBatchPlan.coursePlanProjectId, ctx.line.id))
  if (found) return found
  const [id] = await repo.insert({
    academicYearId: String(ctx.plan.academicYearId),
    coursePlanId: String(ctx.plan.id),
    coursePlanProjectId: ctx.line.id,
    projectId: ctx.line.projectId,
    status: TASK_STATUS.pending,
  })
  return (await repo.get(id))!
}

/** A write that adds batches to lines moves their tasks 待排 → 排课中. */
export async function markScheduling(data: Data, contexts: Iterable<LineContext>): Promise<void> {
  for (const ctx of contexts) {
    const task = await ensureTask(data, ctx)
    if (Number(task.status) === TASK_STATUS.pending)
      await data.repo(teachNewBatchPlan).update(task.id, { status: TASK_STATUS.scheduling })
  }
}

/** Tasks of lines, by line id. */
export async function tasksOfLines(data: Data, lineIds: readonly string[]) {
  if (!lineIds.length) return new Map<string, typeof teachNewBatchPlan.$inferSelect>()
  const rows = await data
    .repo(teachNewBatchPlan)
    .find([inArray(teachNewBatchPlan.coursePlanProjectId, [...lineIds])])
  return new Map(rows.map((r) => [r.coursePlanProjectId, r]))
}
