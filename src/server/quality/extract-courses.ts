/**
 * 课程检查 › 抽取数据: one row per course with at least one batch plan (status ≥ 1, 已提交 or 已发布) in
 * the term, its planned figures and 开出率 from those batches. Recorded findings stay; rows whose course
 * no longer has batches are flagged 来源数据已删除 (reports-portal.md 7).
 */
import { eq, gte } from 'drizzle-orm'
import type { ExtractResult } from '../../shared/api/quality'
import { BATCH_STATUS } from '../../shared/resources/schedule/codes'
import { parseWeeks } from '../../shared/resources/schedule/weeks'
import type { Data } from '../core/data'
import { qualityInspectionCourse, teachBatchPlan } from '../db/schema'
import type { BatchPlanRow } from '../db/schema/schedule'
import { deptNames } from '../lab/lab-info'
import { splitList } from '../teach/schedule/load'
import { namesOf } from '../teach/schedule/names'
import { weekOfTerm, type QualityTerm } from './terms'
import { groupBy, syncSheet } from './sync'

/** The term's batch plans that count for inspection (submitted or published). */
export function termBatches(data: Data, termId: string): Promise<BatchPlanRow[]> {
  return data
    .repo(teachBatchPlan)
    .find([eq(teachBatchPlan.academicYearId, termId), gte(teachBatchPlan.status, BATCH_STATUS.submitted)])
}

/** Teaching hours of a batch: sections × weeks (reports-portal.md 8). */
export const batchHours = (b: BatchPlanRow) =>
  Math.max(0, Number(b.endSection ?? 0) - Number(b.startSection ?? 0) + 1) * parseWeeks(b.weeks ?? '').length

/** 开出率 in percent with one decimal: done / planned × 100. */
export const openRateOf = (done: number, planned: number) =>
  planned ? Math.round((done / planned) * 1000) / 10 : 0

export async function extractCourses(data: Data, term: QualityTerm): Promise<ExtractResult> {
  const batches = (await termBatches(data, term.id)).filter((b) => b.courseId)
  const names = await namesOf(data, batches)
  const colleges = await deptNames(
    data,
    batches.map((b) => b.deptSerial),
  )
  const week = weekOfTerm(term)
  const byCourse = groupBy(batches, (b) => String(b.courseId))
  const sources = [...byCourse].map(([courseId, rows]) => {
    const first = rows[0]
    const done = rows.filter(
      (b) => b.status === BATCH_STATUS.published && Math.max(0, ...parseWeeks(b.weeks ?? '')) <= week,
    ).length
    return {
      key: courseId,
      values: {
        courseId,
        courseNumber: first.courseNumber,
        courseName: first.courseName,
        collegeSerialNum: first.deptSerial,
        collegeName: colleges.get(String(first.deptSerial)) ?? null,
        teacherNames: [...new Set(names.teacherNames(rows.flatMap((b) => splitList(b.teacherIds))))]
          .join('、')
          .slice(0, 500),
        classNos: [...new Set(rows.flatMap((b) => splitList(b.classNos)))].join(',').slice(0, 1000),
        plannedProjects: new Set(rows.map((b) => String(b.projectId))).size,
        plannedBatches: rows.length,
        plannedHours: rows.reduce((sum, b) => sum + batchHours(b), 0),
        doneBatches: done,
        openRate: String(openRateOf(done, rows.length)),
      },
      // A new row starts with 实验课表 = 有 when a batch of the course is published.
      initial: { hasSchedule: rows.some((b) => b.status === BATCH_STATUS.published) ? 1 : 0 },
    }
  })
  return syncSheet(data, qualityInspectionCourse, term.id, qualityInspectionCourse.courseId, sources)
}
