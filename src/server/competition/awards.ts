import { and, asc, between, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { AwardRow, AwardSum, ClassSummaryRow } from '../../shared/api/competition'
import { APPLY_STATUS } from '../../shared/resources/competition'
import { Data, type Query } from '../core/data'
import type { Db } from '../db/client'
import {
  baseClass,
  baseStudent,
  competitionApply,
  competitionAppointmentMember,
  competitionFinalResult,
} from '../db/schema'
import { yearOr } from './caller'
import { classNames, collegeNames, majorNames, splitIds } from './names'
import { parameterOf } from './parameter-routes'

/**
 * 获奖统计 (domain A.8): counted rows are submitted final results (status 1) with an award 1–5, of the
 * 学年 asked (default current); the statistics, the class summary, 校赛数据 and SJ6 #12 all read them.
 */

const R = competitionFinalResult
const M = competitionAppointmentMember

export interface AwardFilters {
  academicYear: string
  finalLevel?: number
  deptSerial?: string
  projectId?: string
  award?: number
}

export async function awardFilters(data: Data, query: Query): Promise<AwardFilters> {
  const pick = (k: string) => {
    const v = query[k] ?? query[`${k}_equal`]
    return typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : undefined
  }
  const int = (k: string) => (pick(k) && /^\d{1,4}$/.test(pick(k)!) ? Number(pick(k)) : undefined)
  return {
    academicYear: await yearOr(data, pick('academicYear')),
    finalLevel: int('finalLevel'),
    deptSerial: pick('deptSerial'),
    projectId: pick('projectId') && /^\d{1,19}$/.test(pick('projectId')!) ? pick('projectId') : undefined,
    award: int('award'),
  }
}

/** The counted rows of one entry type under the filters (the result's college is the leader's). */
export function counted(data: Data, f: AwardFilters, entryType?: number): SQL | undefined {
  return data.rows(
    R,
    eq(R.status, 1),
    between(R.award, 1, 5),
    eq(R.academicYear, f.academicYear),
    entryType ? eq(R.entryType, entryType) : undefined,
    f.finalLevel ? eq(R.finalLevel, f.finalLevel) : undefined,
    f.deptSerial ? eq(R.deptSerial, f.deptSerial) : undefined,
    f.projectId ? eq(R.projectId, f.projectId) : undefined,
    f.award ? eq(R.award, f.award) : undefined,
  )
}

export const AWARD_SORT = [asc(R.finalLevel), asc(R.award), asc(R.projectId), asc(R.id)]

export async function presentAwards(data: Data, rows: (typeof R.$inferSelect)[]): Promise<AwardRow[]> {
  const projectIds = [...new Set(rows.map((r) => r.projectId!))]
  const projects = projectIds.length
    ? await data.repo(competitionApply).find([inArray(competitionApply.id, projectIds)])
    : []
  const byId = new Map(projects.map((p) => [p.id, p]))
  const colleges = await collegeNames(
    data,
    rows.map((r) => r.deptSerial),
  )
  const classes = await classNames(
    data,
    rows.map((r) => r.classNo),
  )
  return rows.map((r) => ({
    id: r.id,
    academicYear: String(r.academicYear),
    projectId: String(r.projectId),
    projectName: String(byId.get(r.projectId!)?.projectName ?? ''),
    competitionName: String(byId.get(r.projectId!)?.competitionName ?? ''),
    finalLevel: Number(r.finalLevel),
    award: Number(r.award),
    entryType: Number(r.entryType),
    teamName: r.teamName,
    leaderName: r.leaderName,
    memberNos: String(r.memberNos ?? ''),
    memberNames: String(r.memberNames ?? ''),
    teacherNames: r.teacherNames,
    deptSerial: r.deptSerial,
    deptName: colleges.get(String(r.deptSerial)) ?? '',
    classNo: r.classNo,
    className: classes.get(String(r.classNo)) ?? String(r.classNo ?? ''),
    awardDate: r.awardDate,
    certificateNo: r.certificateNo,
  }))
}

/** `-sum`: totals by award, level, college, level × award and college × award, from one grouping. */
export async function awardSum(data: Data, f: AwardFilters, entryType: number): Promise<AwardSum> {
  const groups = await data.db
    .select({ level: R.finalLevel, award: R.award, dept: R.deptSerial, n: sql<number>`count(*)::int` })
    .from(R)
    .where(counted(data, f, entryType))
    .groupBy(R.finalLevel, R.award, R.deptSerial)
  const add = <K>(map: Map<K, number>, key: K, n: number) => map.set(key, (map.get(key) ?? 0) + n)
  const byAward = new Map<number, number>()
  const byLevel = new Map<number, number>()
  const byDept = new Map<string, number>()
  const matrix = new Map<string, number>()
  const deptAward = new Map<string, number>()
  let total = 0
  for (const g of groups) {
    const n = Number(g.n)
    const dept = g.dept ?? ''
    total += n
    add(byAward, Number(g.award), n)
    add(byLevel, Number(g.level), n)
    add(byDept, dept, n)
    add(matrix, `${g.level}|${g.award}`, n)
    add(deptAward, `${dept}|${g.award}`, n)
  }
  const names = await collegeNames(data, [...byDept.keys()])
  const deptName = (s: string) => names.get(s) ?? (s || '未知院系')
  return {
    total,
    byAward: [...byAward].sort((a, b) => a[0] - b[0]).map(([award, count]) => ({ award, count })),
    byLevel: [...byLevel].sort((a, b) => a[0] - b[0]).map(([finalLevel, count]) => ({ finalLevel, count })),
    byDept: [...byDept]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([deptSerial, count]) => ({ deptSerial, deptName: deptName(deptSerial), count })),
    matrix: [...matrix].map(([k, count]) => {
      const [finalLevel, award] = k.split('|').map(Number)
      return { finalLevel, award, count }
    }),
    deptAward: [...deptAward].map(([k, count]) => {
      const [deptSerial, award] = k.split('|')
      return { deptSerial, deptName: deptName(deptSerial), award: Number(award), count }
    }),
  }
}

/** One decimal, half-up. */
const rate = (part: number, whole: number) => (whole ? Math.round((part * 1000) / whole) / 10 : 0)

/**
 * `class-summary` (A.8): a row per class of the parameter's 统计专业 (every class when none), filtered by
 * college and major, plus the 合计 row.
 */
export async function classSummary(data: Data, query: Query): Promise<ClassSummaryRow[]> {
  const year = await yearOr(data, query.academicYear)
  const majors = splitIds((await parameterOf(data, year)).majorSerials)
  const text = (k: string) => {
    const v = query[k] ?? query[`${k}_equal`]
    return typeof v === 'string' && v.trim() ? v.trim() : undefined
  }
  const dept = text('deptSerial')
  const major = text('majorSerial')
  const classes = await data
    .repo(baseClass)
    .find(
      [
        majors.length ? inArray(baseClass.majorSerial, majors) : undefined,
        dept ? eq(baseClass.deptSerial, dept) : undefined,
        major ? eq(baseClass.majorSerial, major) : undefined,
      ],
      { sort: [asc(baseClass.deptSerial), asc(baseClass.classNo)] },
    )
  const nos = classes.map((c) => String(c.classNo))
  if (!nos.length) return [totalRow([], 0, 0)]
  const students = await data.db
    .select({ classNo: baseStudent.classNo, n: sql<number>`count(*)::int` })
    .from(baseStudent)
    .where(data.rows(baseStudent, inArray(baseStudent.classNo, nos)))
    .groupBy(baseStudent.classNo)
  // Members go with their entry (a withdrawn entry's members are removed too).
  const liveMembers = data.rows(M, eq(M.academicYear, year), inArray(M.classNo, nos))
  const participants = await data.db
    .select({ classNo: M.classNo, n: sql<number>`count(distinct ${M.studentNo})::int` })
    .from(M)
    .where(liveMembers)
    .groupBy(M.classNo)
  const awardWhere = and(data.rows(M, inArray(M.classNo, nos)), counted(data, { academicYear: year }))
  const awarded = await data.db
    .select({
      classNo: M.classNo,
      awardees: sql<number>`count(distinct ${M.studentNo})::int`,
      times: sql<number>`count(*)::int`,
      national: sql<number>`count(*) filter (where ${R.finalLevel} <= 2)::int`,
      provincial: sql<number>`count(*) filter (where ${R.finalLevel} = 3)::int`,
      other: sql<number>`count(*) filter (where ${R.finalLevel} >= 4)::int`,
    })
    .from(R)
    .innerJoin(M, eq(M.appointmentId, R.appointmentId))
    .where(awardWhere)
    .groupBy(M.classNo)
  const [distinctAll] = await data.db
    .select({ n: sql<number>`count(distinct ${M.studentNo})::int` })
    .from(M)
    .where(liveMembers)
  const [awardeesAll] = await data.db
    .select({ n: sql<number>`count(distinct ${M.studentNo})::int` })
    .from(R)
    .innerJoin(M, eq(M.appointmentId, R.appointmentId))
    .where(awardWhere)
  const by = <T extends { classNo: string | null }>(rows: T[]) =>
    new Map(rows.map((r) => [String(r.classNo), r]))
  const s = by(students)
  const p = by(participants)
  const a = by(awarded)
  const colleges = await collegeNames(
    data,
    classes.map((c) => c.deptSerial as string),
  )
  const majorLabels = await majorNames(
    data,
    classes.map((c) => c.majorSerial as string),
  )
  const rows: ClassSummaryRow[] = classes.map((c) => {
    const no = String(c.classNo)
    const studentCount = Number(s.get(no)?.n ?? 0)
    const part = Number(p.get(no)?.n ?? 0)
    const aw = a.get(no)
    return {
      classNo: no,
      className: String(c.className ?? no),
      deptName: colleges.get(String(c.deptSerial)) ?? '',
      majorName: majorLabels.get(String(c.majorSerial)) ?? '',
      studentCount,
      participants: part,
      participationRate: rate(part, studentCount),
      awardees: Number(aw?.awardees ?? 0),
      awardPersonTimes: Number(aw?.times ?? 0),
      national: Number(aw?.national ?? 0),
      provincial: Number(aw?.provincial ?? 0),
      other: Number(aw?.other ?? 0),
      isTotal: false,
    }
  })
  return [...rows, totalRow(rows, Number(distinctAll?.n ?? 0), Number(awardeesAll?.n ?? 0))]
}

function totalRow(rows: ClassSummaryRow[], participants: number, awardees: number): ClassSummaryRow {
  const sum = (k: keyof ClassSummaryRow) => rows.reduce((t, r) => t + Number(r[k]), 0)
  const studentCount = sum('studentCount')
  return {
    classNo: '',
    className: '合计',
    deptName: '',
    majorName: '',
    studentCount,
    participants,
    participationRate: rate(participants, studentCount),
    awardees,
    awardPersonTimes: sum('awardPersonTimes'),
    national: sum('national'),
    provincial: sum('provincial'),
    other: sum('other'),
    isTotal: true,
  }
}

/** 校赛数据's computed counts of colleges for a 学年 (A.2), by 院系号. */
export async function campusCounts(data: Data, academicYear: string, serials: string[]) {
  const zero = () => ({
    projectCount: 0,
    entryCount: 0,
    participantCount: 0,
    awardNational: 0,
    awardProvincial: 0,
    awardSchool: 0,
  })
  const out = new Map(serials.map((s) => [s, zero()]))
  if (!serials.length) return out
  const A = competitionApply
  const projects = await data.db
    .select({
      dept: A.deptSerial,
      n: sql<number>`count(*)::int`,
      entries: sql<number>`coalesce(sum(${A.entryCount}), 0)::int`,
    })
    .from(A)
    .where(
      data.rows(
        A,
        eq(A.academicYear, academicYear),
        eq(A.status, APPLY_STATUS.approved),
        inArray(A.deptSerial, serials),
      ),
    )
    .groupBy(A.deptSerial)
  for (const p of projects)
    Object.assign(out.get(String(p.dept))!, { projectCount: Number(p.n), entryCount: Number(p.entries) })
  const people = await data.db
    .select({ dept: M.deptSerial, n: sql<number>`count(distinct ${M.studentNo})::int` })
    .from(M)
    .where(data.rows(M, eq(M.academicYear, academicYear), inArray(M.deptSerial, serials)))
    .groupBy(M.deptSerial)
  for (const p of people) out.get(String(p.dept))!.participantCount = Number(p.n)
  const awards = await data.db
    .select({
      dept: M.deptSerial,
      national: sql<number>`count(distinct ${R.id}) filter (where ${R.finalLevel} <= 2)::int`,
      provincial: sql<number>`count(distinct ${R.id}) filter (where ${R.finalLevel} = 3)::int`,
      school: sql<number>`count(distinct ${R.id}) filter (where ${R.finalLevel} >= 4)::int`,
    })
    .from(R)
    .innerJoin(M, eq(M.appointmentId, R.appointmentId))
    .where(and(counted(data, { academicYear }), data.rows(M, inArray(M.deptSerial, serials))))
    .groupBy(M.deptSerial)
  for (const a of awards)
    Object.assign(out.get(String(a.dept))!, {
      awardNational: Number(a.national),
      awardProvincial: Number(a.provincial),
      awardSchool: Number(a.school),
    })
  return out
}

/**
 * SJ6 #12 学生获奖情况 (moe-reports section 7, domain A.8): per laboratory, the submitted results of the
 * 学年 with 特等奖 to 三等奖 at 省部级 or above, of projects that name the lab they rely on (依托实验室);
 * a team counts once. The report's extraction prefills its field 12 from this; the row stays editable.
 */
export async function studentAwardsByLab(
  db: Db,
  tenantId: string,
  academicYear: string,
): Promise<{ labId: string; count: number }[]> {
  const data = new Data({ db, tenantId, user: null })
  const rows = await db
    .select({ labId: competitionApply.labId, n: sql<number>`count(*)::int` })
    .from(R)
    .innerJoin(competitionApply, eq(competitionApply.id, R.projectId))
    .where(
      and(
        data.rows(
          R,
          eq(R.status, 1),
          between(R.award, 1, 4),
          sql`${R.finalLevel} <= 3`,
          eq(R.academicYear, academicYear),
        ),
        data.rows(competitionApply, sql`${competitionApply.labId} is not null`),
      ),
    )
    .groupBy(competitionApply.labId)
  return rows
    .map((r) => ({ labId: String(r.labId), count: Number(r.n) }))
    .sort((a, b) => a.labId.localeCompare(b.labId))
}
