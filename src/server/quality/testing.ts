/**
 * A term to inspect, for the quality server tests and the e2e story: the schedule fixture (term
 * 2025-2026学年第一学期 unless named otherwise, the only current term; rooms A301/A305/A307, courses EE2001–EE2003) with its lab in
 * college 01 电子信息学院 and batch plans: EE2001 one published batch in A301 (weeks 3–10, sections
 * 1–2) and one submitted in A305, EE2002 one published in A301, EE2003 a draft only. Test support only.
 */
import { eq, ne } from 'drizzle-orm'
import { Data } from '../core/data'
import type { Db } from '../db/client'
import { academic, attach, labInfo, teachBatchPlan, teachCourse, teachCoursePlan } from '../db/schema'
import { addColleges } from '../base/testing'
import { addScheduleFixture, type ScheduleFixture } from '../teach/schedule/testing'
import { parseWeekRanges } from '../../shared/resources/teach/calendar'
import { joinWeeks, weeksToMask } from '../../shared/resources/schedule/weeks'

export interface QualityFixture extends ScheduleFixture {
  termName: string
  courses: Record<string, string>
  batches: string[]
}

export async function addQualityFixture(
  db: Db,
  options: { tenantId?: string; termName?: string } = {},
): Promise<QualityFixture> {
  const tenantId = options.tenantId ?? '000000'
  const data = new Data({ db, tenantId, user: null })
  await addColleges(db, tenantId, [['01', '电子信息学院']])
  const fixture = await addScheduleFixture(db, { tenantId })
  const termName = options.termName ?? '2025-2026学年第一学期'
  // The fixture's term is the only current one, named as asked (its 学年 follows the name).
  await data.repo(academic).updateWhere([ne(academic.id, fixture.termId)], { isCurrent: 0 })
  await data.repo(academic).update(fixture.termId, { name: termName, academicYear: termName.slice(0, 9) })
  await data.repo(labInfo).updateWhere([eq(labInfo.serial, 'DZ01')], { deptSerial: '01' })
  const courses: Record<string, string> = {}
  for (const c of await data.repo(teachCourse).find()) courses[String(c.courseNumber)] = c.id
  const batch = async (
    courseNumber: string,
    projectName: string,
    room: string,
    teacher: string,
    status: number,
    batchNo: number,
  ) => {
    const plan = await data.repo(teachCoursePlan).need(fixture.plans[courseNumber])
    const weeks = parseWeekRanges('3-10') ?? []
    const [id] = await data.repo(teachBatchPlan).insert({
      academicYearId: fixture.termId,
      coursePlanId: plan.id,
      coursePlanProjectId: fixture.lines[projectName],
      projectId: fixture.projects[projectName],
      courseId: courses[courseNumber],
      courseName: plan.courseName,
      courseNumber,
      projectName,
      deptSerial: '01',
      batchNo,
      weeks: joinWeeks(weeks),
      weekMask: weeksToMask(weeks),
      weekday: batchNo,
      startSection: 1,
      endSection: 2,
      roomIds: fixture.rooms[room],
      teacherIds: fixture.teachers[teacher],
      classNos: String(plan.classNos ?? ''),
      studentCount: 30,
      status,
    })
    return id
  }
  const batches = [
    await batch('EE2001', '电路实验', 'A301', 'T0123', 2, 1),
    await batch('EE2001', '电路实验', 'A305', 'T0123', 1, 2),
    await batch('EE2002', '模拟电子技术实验', 'A301', 'T0456', 2, 1),
    await batch('EE2003', '数字电路实验', 'A305', 'T0789', 0, 1),
  ]
  return { ...fixture, termName, courses, batches }
}

/** An uploaded photo's attachment row (what `put-file-attach` records). */
export async function addPhoto(db: Db, name: string, tenantId = '000000'): Promise<string> {
  const data = new Data({ db, tenantId, user: null })
  const [id] = await data.repo(attach).insert({
    link: `http://127.0.0.1/api/blade-resource/oss/file/${name}`,
    domain: 'http://127.0.0.1',
    name,
    originalName: name,
    extension: 'png',
    attachSize: 68,
  })
  return id
}
