import { asc, eq, inArray } from 'drizzle-orm'
import type { PlanLine, ScheduleRow } from '../../../shared/api/teach'
import { parseNumberList } from '../../../shared/resources/teach/calendar'
import { Data } from '../../core/data'
import type { Executor } from '../../flow/db-types'
import type { Db } from '../../db/client'
import { academic, teachCourse, teachCoursePlan, teachCoursePlanProject, teachProject } from '../../db/schema'
import { labsByIds } from '../labs'
import { teachersByIds } from '../people'
import { deptNames } from '../sheets'
import type { PlanRow } from './plan-save'

/** Plans for the wire: term name, college name, the course's 实验学时, assistant names. */
export async function presentPlans(data: Data, rows: PlanRow[]) {
  if (!rows.length) return []
  const terms = new Map(
    (
      await data
        .repo(academic)
        .find([inArray(academic.id, [...new Set(rows.map((r) => String(r.academicYearId)))])])
    ).map((t) => [String(t.id), String(t.name ?? '')]),
  )
  const courses = new Map(
    (
      await data
        .repo(teachCourse)
        .find([inArray(teachCourse.id, [...new Set(rows.map((r) => String(r.courseId)))])])
    ).map((c) => [c.id, c]),
  )
  const depts = await deptNames(
    data,
    rows.map((r) => r.deptSerial),
  )
  const assistants = await teachersByIds(
    data,
    rows.flatMap((r) => String(r.assistantTeacherIds ?? '').split(',')),
  )
  return rows.map((r) => ({
    ...r,
    academicYearName: terms.get(String(r.academicYearId)) ?? '',
    deptName: depts.get(String(r.deptSerial)) ?? '',
    courseLabHours: Number(courses.get(String(r.courseId))?.labHours ?? 0),
    assistantTeacherNames: String(r.assistantTeacherIds ?? '')
      .split(',')
      .filter(Boolean)
      .map((id) => String(assistants.get(id)?.teacherName ?? ''))
      .join('、'),
  }))
}

/** Business fields of audit-list rows, by plan id. */
export async function describePlans(db: Executor, tenantId: string, ids: string[]) {
  const data = new Data({ db: db as Db, tenantId, user: null })
  const rows = await data.repo(teachCoursePlan).find([inArray(teachCoursePlan.id, ids)])
  const shown = await presentPlans(data, rows)
  return new Map(
    shown.map((p) => [
      p.id,
      {
        planId: p.id,
        courseNumber: p.courseNumber,
        courseName: p.courseName,
        teacherName: p.teacherName,
        classNos: p.classNos,
        studentCount: p.studentCount,
        labHours: p.labHours,
        courseLabHours: p.courseLabHours,
        academicYearName: p.academicYearName,
        deptName: p.deptName,
        planStatus: p.status,
        changeCount: p.changeCount,
        changeReason: p.changeReason,
      } as Record<string, unknown>,
    ]),
  )
}

/** The lines of plans with their projects' fields, in line order. */
export async function planLines(data: Data, planIds: string[]): Promise<PlanLine[]> {
  if (!planIds.length) return []
  const rows = await data.db
    .select({ line: teachCoursePlanProject, project: teachProject })
    .from(teachCoursePlanProject)
    .leftJoin(teachProject, eq(teachProject.id, teachCoursePlanProject.projectId))
    .where(data.rows(teachCoursePlanProject, inArray(teachCoursePlanProject.coursePlanId, planIds)))
    .orderBy(
      asc(teachCoursePlanProject.coursePlanId),
      asc(teachCoursePlanProject.sort),
      asc(teachCoursePlanProject.id),
    )
  const labs = await labsByIds(
    data,
    rows.map((r) => r.project?.labId),
  )
  return rows.map(({ line, project }) => ({
    id: line.id,
    coursePlanId: line.coursePlanId,
    projectId: line.projectId,
    hours: line.hours,
    groupSize: line.groupSize,
    requirement: line.requirement,
    planWeeks: line.planWeeks,
    content: line.content,
    sort: line.sort,
    experimentNumber: String(project?.experimentNumber ?? ''),
    experimentName: String(project?.experimentName ?? ''),
    experimentType: project?.experimentType ?? null,
    experimentCategory: project?.experimentCategory ?? null,
    labId: project?.labId ?? null,
    labName: (project?.labId && labs.get(project.labId)?.labName) || '',
  }))
}

/**
 * 进度表: a row per (planned week, line), by week; lines without planned weeks come last with week 0
 * (未安排周次).
 */
export function scheduleRows(lines: PlanLine[]): ScheduleRow[] {
  const out: ScheduleRow[] = []
  for (const line of lines) {
    const weeks = parseNumberList(line.planWeeks ?? '')
    for (const week of weeks.length ? weeks : [0])
      out.push({
        week,
        weekText: week ? `第${week}周` : '未安排周次',
        lineId: line.id,
        projectId: line.projectId,
        experimentNumber: line.experimentNumber,
        experimentName: line.experimentName,
        hours: weeks.length ? Math.round((line.hours / weeks.length) * 10) / 10 : line.hours,
        labName: line.labName,
        content: line.content,
      })
  }
  return out.sort((a, b) => (a.week || 999) - (b.week || 999) || 0)
}
