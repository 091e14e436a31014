/**
 * 检查情况 › 抽取数据: per college (院系号 of the course's 开课院系 or the room's lab) and for 全校 ('*'),
 * the counts of both sheets (reports-portal.md 7). Rows flagged 来源数据已删除 are left out. Computed
 * only: a college without rows any more loses its row.
 */
import { eq } from 'drizzle-orm'
import type { ExtractResult } from '../../shared/api/quality'
import { RESULT_FAIL, WHOLE_SCHOOL } from '../../shared/resources/quality/inspection'
import type { Data } from '../core/data'
import { qualityInspectionCourse, qualityInspectionRoom, qualityInspectionSituation } from '../db/schema'
import { openRateOf } from './extract-courses'
import { groupBy } from './sync'
import type { QualityTerm } from './terms'

type CourseRow = typeof qualityInspectionCourse.$inferSelect
type RoomRow = typeof qualityInspectionRoom.$inferSelect

const hasText = (v: unknown) => typeof v === 'string' && v.trim() !== ''
const round1 = (n: number) => Math.round(n * 10) / 10

/** The summary columns of some course and room rows. */
export function summaryOf(courses: CourseRow[], rooms: RoomRow[]) {
  const withResult = (r: number) => courses.filter((c) => c.result === r).length
  const roomProblems = rooms.filter((r) => hasText(r.problems))
  const rectified = roomProblems.filter((r) => r.rectified === 1).length
  return {
    courseTotal: courses.length,
    courseInspected: courses.filter((c) => c.result !== null).length,
    courseExcellent: withResult(1),
    courseGood: withResult(2),
    coursePass: withResult(3),
    courseFail: withResult(RESULT_FAIL),
    avgOpenRate: String(
      courses.length ? round1(courses.reduce((s, c) => s + Number(c.openRate ?? 0), 0) / courses.length) : 0,
    ),
    roomTotal: rooms.length,
    roomInspected: rooms.filter((r) => r.result !== null).length,
    roomFail: rooms.filter((r) => r.result === RESULT_FAIL).length,
    problemCount: courses.filter((c) => hasText(c.problems)).length + roomProblems.length,
    rectifiedCount: rectified,
    // Rectification is recorded for rooms: the rate is over the rooms with problems.
    rectifyRate: String(openRateOf(rectified, roomProblems.length)),
  }
}

export async function summarise(data: Data, term: QualityTerm): Promise<ExtractResult> {
  const ofTerm = <T extends typeof qualityInspectionCourse | typeof qualityInspectionRoom>(table: T) =>
    data.repo(table).find([eq(table.academicYearId, term.id), eq(table.sourceMissing, 0)])
  const courses = (await ofTerm(qualityInspectionCourse)) as CourseRow[]
  const rooms = (await ofTerm(qualityInspectionRoom)) as RoomRow[]
  const college = (r: { collegeSerialNum: string | null }) => r.collegeSerialNum ?? ''
  const coursesBy = groupBy(courses, college)
  const roomsBy = groupBy(rooms, college)
  const names = new Map<string, string>()
  for (const r of [...courses, ...rooms]) if (r.collegeName) names.set(college(r), r.collegeName)
  const serials = [...new Set([...coursesBy.keys(), ...roomsBy.keys()])].sort()
  const rows = [
    { collegeSerialNum: WHOLE_SCHOOL, collegeName: '全校', ...summaryOf(courses, rooms) },
    ...serials.map((serial) => ({
      collegeSerialNum: serial,
      collegeName: names.get(serial) ?? (serial ? serial : '未指定学院'),
      ...summaryOf(coursesBy.get(serial) ?? [], roomsBy.get(serial) ?? []),
    })),
  ]
  return data.transaction(async (tx) => {
    const repo = tx.repo(qualityInspectionSituation)
    const existing = await repo.find([eq(qualityInspectionSituation.academicYearId, term.id)])
    const bySerial = new Map(existing.map((r) => [String(r.collegeSerialNum), r]))
    const result: ExtractResult = { added: 0, updated: 0, flagged: 0 }
    for (const row of rows) {
      const current = bySerial.get(row.collegeSerialNum)
      if (current) {
        await repo.update(current.id, row)
        result.updated += 1
      } else {
        await repo.insert({ ...row, academicYearId: term.id })
        result.added += 1
      }
    }
    const gone = existing.filter((r) => !rows.some((row) => row.collegeSerialNum === r.collegeSerialNum))
    if (gone.length) await repo.remove(gone.map((r) => r.id))
    return result
  })
}
