import { and, asc, countDistinct, eq, inArray, notInArray, sql } from 'drizzle-orm'
import type { Data } from '../core/data'
import {
  academic,
  labInfo,
  teachBatchAssStudent,
  teachBatchPlan,
  teachCourse,
  teachCoursePlan,
  teachCoursePlanProject,
  teachProject,
} from '../db/schema'
import { PLAN_STATUS } from '../../shared/resources/teach/codes'
import { BATCH_STATUS } from '../../shared/resources/schedule/codes'
import type { ProjectRecord, ProjectSource, SourceScope } from '../report/sources/registry'

/**
 * The SJ4 library as the statutory reports read it (teaching.md 2, reports-portal.md 5): projects of
 * the college's depts in an approved course plan or with a published batch in a term of the 学年,
 * unless only courses of category 3 课程设计 / 4 毕业设计 carry them. 实验者人数 = distinct students of
 * the published batches, else Σ 上课人数 of the approved plans, else the project's own figure. Codes are
 * the statutory ones the project keeps.
 */
const LEFT_OUT_COURSES = [3, 4]

const text = (v: unknown) => (v === null || v === undefined || v === '' ? null : String(v))

export const projectReportSource: ProjectSource = {
  async list(data: Data, scope: SourceScope): Promise<ProjectRecord[]> {
    if (!scope.deptSerials.length) return []
    const terms = (await data.repo(academic).find([eq(academic.academicYear, scope.academicYear)])).map(
      (t) => t.id,
    )
    if (!terms.length) return []
    const counted = and(data.rows(teachCourse), notInArray(teachCourse.courseCategory, LEFT_OUT_COURSES))

    const planned = await data.db
      .select({
        projectId: teachCoursePlanProject.projectId,
        students: sql<string>`coalesce(sum(${teachCoursePlan.studentCount}), 0)`,
      })
      .from(teachCoursePlanProject)
      .innerJoin(
        teachCoursePlan,
        and(eq(teachCoursePlan.id, teachCoursePlanProject.coursePlanId), data.rows(teachCoursePlan)),
      )
      .innerJoin(teachCourse, and(eq(teachCourse.id, teachCoursePlan.courseId), counted))
      .where(
        data.rows(
          teachCoursePlanProject,
          eq(teachCoursePlan.status, PLAN_STATUS.approved),
          inArray(teachCoursePlan.academicYearId, terms),
        ),
      )
      .groupBy(teachCoursePlanProject.projectId)

    const batched = await data.db
      .select({
        projectId: teachBatchPlan.projectId,
        students: countDistinct(teachBatchAssStudent.studentNo),
      })
      .from(teachBatchPlan)
      .innerJoin(teachCourse, and(eq(teachCourse.id, teachBatchPlan.courseId), counted))
      .leftJoin(
        teachBatchAssStudent,
        and(eq(teachBatchAssStudent.batchPlanId, teachBatchPlan.id), data.rows(teachBatchAssStudent)),
      )
      .where(
        data.rows(
          teachBatchPlan,
          eq(teachBatchPlan.status, BATCH_STATUS.published),
          inArray(teachBatchPlan.academicYearId, terms),
        ),
      )
      .groupBy(teachBatchPlan.projectId)

    const planStudents = new Map(planned.map((p) => [String(p.projectId), Number(p.students)]))
    const batchStudents = new Map(batched.map((b) => [String(b.projectId), Number(b.students)]))
    const ids = [...new Set([...planStudents.keys(), ...batchStudents.keys()])]
    if (!ids.length) return []
    const projects = await data
      .repo(teachProject)
      .find([inArray(teachProject.id, ids), inArray(teachProject.deptSerial, scope.deptSerials)], {
        sort: [asc(teachProject.experimentNumber)],
      })
    const labIds = [...new Set(projects.map((p) => p.labId).filter((x): x is string => !!x))]
    const labs = labIds.length ? await data.repo(labInfo).find([inArray(labInfo.id, labIds)]) : []
    const labOf = new Map(labs.map((l) => [l.id, l]))
    return projects.map((p) => {
      const lab = p.labId ? labOf.get(p.labId) : undefined
      const count = batchStudents.get(p.id) || planStudents.get(p.id) || p.experimenterCount || null
      return {
        id: p.id,
        experimentNo: p.experimentNumber ?? '',
        name: p.experimentName ?? '',
        category: text(p.experimentCategory),
        type: text(p.experimentType),
        isNetwork: Number(p.isNetwork) === 1,
        subjectCode: text(p.subjectCode),
        requirement: text(p.requirement),
        experimenterType: text(p.experimenterType),
        experimenterCount: count,
        groupSize: p.groupSize ?? null,
        hours: p.hours ?? null,
        independentCourse: Number(p.independentCourse) === 1,
        labCode: lab?.serial ?? null,
        labName: lab?.labName ?? null,
      }
    })
  },
}
