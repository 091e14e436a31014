/**
 * 首页 teaching figures (teachStatistics, teachStatisticsDetail and its export) over the published
 * batch plans (status 2) of a term: a batch's hours = (endSection − startSection + 1) × its number of
 * weeks, its 人时数 = hours × studentCount (reports-portal.md 8). A batch belongs to the college of its
 * course plan (开课院系) and to the lab of its first room (else its project's lab).
 */
import { eq, gte, inArray, isNotNull } from 'drizzle-orm'
import type { Data } from '../../core/data'
import { labInfo, labRoom, teachBatchPlan, teachCoursePlan, teachProject } from '../../db/schema'
import { splitList } from '../../teach/schedule/load'
import type { TeachDetailRow, TeachStatistics } from '../../../shared/api/home'
import { BATCH_STATUS } from '../../../shared/resources/schedule/codes'
import { parseWeeks } from '../../../shared/resources/schedule/weeks'
import { collegeNames, round2, type HomeScope } from './scope'

/** One published batch with what the figures group by. */
interface TaughtBatch {
  projectId: string
  courseKey: string
  college: string
  courseNumber: string
  courseName: string
  experimentNumber: string
  experimentName: string
  labId: string
  weeks: number[]
  sections: number
  students: number
}

const chunks = <T>(list: T[], size = 1000): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size))

async function taughtBatches(data: Data, termId: string, college: string | null): Promise<TaughtBatch[]> {
  const rows = await data.db
    .select({
      projectId: teachBatchPlan.projectId,
      courseId: teachBatchPlan.courseId,
      courseName: teachBatchPlan.courseName,
      projectName: teachBatchPlan.projectName,
      weeks: teachBatchPlan.weeks,
      startSection: teachBatchPlan.startSection,
      endSection: teachBatchPlan.endSection,
      roomIds: teachBatchPlan.roomIds,
      studentCount: teachBatchPlan.studentCount,
      college: teachCoursePlan.deptSerial,
      courseNumber: teachCoursePlan.courseNumber,
      planCourseName: teachCoursePlan.courseName,
    })
    .from(teachBatchPlan)
    .leftJoin(teachCoursePlan, eq(teachCoursePlan.id, teachBatchPlan.coursePlanId))
    .where(
      data.rows(
        teachBatchPlan,
        eq(teachBatchPlan.academicYearId, termId),
        gte(teachBatchPlan.status, BATCH_STATUS.published),
        isNotNull(teachBatchPlan.startSection),
        college ? eq(teachCoursePlan.deptSerial, college) : undefined,
      ),
    )
  const projectIds = [...new Set(rows.map((r) => String(r.projectId ?? '')).filter(Boolean))]
  const projects = new Map<string, { number: string; name: string; labId: string }>()
  for (const ids of chunks(projectIds)) {
    const found = await data.db
      .select({
        id: teachProject.id,
        number: teachProject.experimentNumber,
        name: teachProject.experimentName,
        labId: teachProject.labId,
      })
      .from(teachProject)
      .where(data.rows(teachProject, inArray(teachProject.id, ids)))
    for (const p of found)
      projects.set(p.id, { number: p.number ?? '', name: p.name ?? '', labId: String(p.labId ?? '') })
  }
  const roomLab = new Map(
    (
      await data.db.select({ id: labRoom.id, labId: labRoom.labId }).from(labRoom).where(data.rows(labRoom))
    ).map((r) => [r.id, String(r.labId ?? '')]),
  )
  return rows.map((r) => {
    const project = projects.get(String(r.projectId ?? ''))
    const firstRoom = splitList(r.roomIds)[0]
    return {
      projectId: String(r.projectId ?? ''),
      courseKey: String(r.courseId ?? r.courseNumber ?? r.courseName ?? ''),
      college: r.college ?? '',
      courseNumber: r.courseNumber ?? '',
      courseName: r.planCourseName ?? r.courseName ?? '',
      experimentNumber: project?.number ?? '',
      experimentName: project?.name ?? r.projectName ?? '',
      labId: (firstRoom && roomLab.get(firstRoom)) || project?.labId || '',
      weeks: parseWeeks(r.weeks),
      sections: Math.max(0, Number(r.endSection) - Number(r.startSection) + 1),
      students: Number(r.studentCount ?? 0),
    }
  })
}

const hoursOf = (b: TaughtBatch) => b.sections * b.weeks.length

async function labNames(data: Data, ids: Iterable<string>): Promise<Map<string, string>> {
  const wanted = [...new Set(ids)].filter(Boolean)
  const out = new Map<string, string>()
  for (const part of chunks(wanted)) {
    const rows = await data.db
      .select({ id: labInfo.id, name: labInfo.labName })
      .from(labInfo)
      .where(data.rows(labInfo, inArray(labInfo.id, part)))
    for (const r of rows) out.set(r.id, r.name ?? '')
  }
  return out
}

export async function teachStatistics(
  data: Data,
  scope: HomeScope,
  termId: string | null,
): Promise<Omit<TeachStatistics, 'available'>> {
  const batches = termId ? await taughtBatches(data, termId, scope.college) : []
  const byWeek = new Map<number, { batches: number; hours: number }>()
  const byCollege = new Map<
    string,
    { projects: Set<string>; batches: number; hours: number; studentHours: number }
  >()
  const byLab = new Map<string, { batches: number; hours: number }>()
  let hours = 0
  let studentHours = 0
  for (const b of batches) {
    const h = hoursOf(b)
    hours += h
    studentHours += h * b.students
    for (const w of b.weeks) {
      const week = byWeek.get(w) ?? { batches: 0, hours: 0 }
      week.batches++
      week.hours += b.sections
      byWeek.set(w, week)
    }
    const c = byCollege.get(b.college) ?? { projects: new Set(), batches: 0, hours: 0, studentHours: 0 }
    c.projects.add(b.projectId)
    c.batches++
    c.hours += h
    c.studentHours += h * b.students
    byCollege.set(b.college, c)
    if (b.labId) {
      const l = byLab.get(b.labId) ?? { batches: 0, hours: 0 }
      l.batches++
      l.hours += h
      byLab.set(b.labId, l)
    }
  }
  const names = await collegeNames(data, byCollege.keys())
  const top = [...byLab].sort((a, b) => b[1].hours - a[1].hours).slice(0, 10)
  const labs = await labNames(
    data,
    top.map(([id]) => id),
  )
  return {
    academicYearId: termId,
    projects: new Set(batches.map((b) => b.projectId)).size,
    courses: new Set(batches.map((b) => b.courseKey)).size,
    batches: batches.length,
    hours: round2(hours),
    studentHours: round2(studentHours),
    byWeek: [...byWeek].sort((a, b) => a[0] - b[0]).map(([week, w]) => ({ week, ...w })),
    byCollege: [...byCollege]
      .map(([serial, c]) => ({
        collegeSerialNum: serial,
        collegeName: serial ? (names.get(serial) ?? serial) : '未指定院系',
        projects: c.projects.size,
        batches: c.batches,
        hours: c.hours,
        studentHours: c.studentHours,
      }))
      .sort((a, b) => b.hours - a.hours),
    topLabs: top.map(([labId, l]) => ({ labId, labName: labs.get(labId) ?? '', ...l })),
  }
}

/** 教学统计明细: one row per (college, course, project, lab), ordered by college, course, project. */
export async function teachDetail(
  data: Data,
  scope: HomeScope,
  termId: string | null,
): Promise<TeachDetailRow[]> {
  const batches = termId ? await taughtBatches(data, termId, scope.college) : []
  const groups = new Map<
    string,
    { batch: TaughtBatch; batches: number; hours: number; students: number; studentHours: number }
  >()
  for (const b of batches) {
    const key = [b.college, b.courseKey, b.projectId, b.labId].join('|')
    const g = groups.get(key) ?? { batch: b, batches: 0, hours: 0, students: 0, studentHours: 0 }
    const h = hoursOf(b)
    g.batches++
    g.hours += h
    g.students += b.students
    g.studentHours += h * b.students
    groups.set(key, g)
  }
  const colleges = await collegeNames(
    data,
    batches.map((b) => b.college),
  )
  const labs = await labNames(
    data,
    batches.map((b) => b.labId),
  )
  return [...groups.values()]
    .map(({ batch: b, ...g }) => ({
      collegeName: b.college ? (colleges.get(b.college) ?? b.college) : '',
      courseNumber: b.courseNumber,
      courseName: b.courseName,
      experimentNumber: b.experimentNumber,
      experimentName: b.experimentName,
      labName: labs.get(b.labId) ?? '',
      ...g,
    }))
    .sort(
      (a, b) =>
        a.collegeName.localeCompare(b.collegeName) ||
        a.courseNumber.localeCompare(b.courseNumber) ||
        a.experimentNumber.localeCompare(b.experimentNumber) ||
        a.labName.localeCompare(b.labName),
    )
}
