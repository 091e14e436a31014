import { and, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm'
import type { Data } from '../core/data'
import { baseStudent, baseTeacher, safetyPlanPerson, safetyPlanScope, user } from '../db/schema'
import { USER_TYPE } from '../../shared/resources/safety/exam'
import { describe, serialsBelow, text, type Person } from './people'

type ScopeRow = typeof safetyPlanScope.$inferSelect

/** The students or teachers one scope row matches (every non-empty field; 院系 covers its subtree). */
async function matchRow(data: Data, scope: ScopeRow) {
  const serials = await serialsBelow(data, scope.deptSerial ?? '')
  if (scope.userType === USER_TYPE.staff) {
    const rows = await data.repo(baseTeacher).find([inArray(baseTeacher.deptSerial, serials)])
    return rows.map((t) => ({
      key: `t:${t.teacherNo}`,
      userId: text(t.userId),
      userType: USER_TYPE.staff as number,
      userCode: text(t.teacherNo) ?? '',
      userName: text(t.teacherName) ?? '',
      deptSerial: text(t.deptSerial),
      majorSerial: null as string | null,
      grade: null as string | null,
      classNo: null as string | null,
    }))
  }
  const conditions: (SQL | undefined)[] = [inArray(baseStudent.deptSerial, serials)]
  if (scope.majorSerial) conditions.push(eq(baseStudent.majorSerial, scope.majorSerial as never))
  if (scope.grade) conditions.push(eq(baseStudent.grade, scope.grade as never))
  if (scope.classNo) conditions.push(eq(baseStudent.classNo, scope.classNo as never))
  const rows = await data.repo(baseStudent).find(conditions)
  return rows.map((s) => ({
    key: `s:${s.studentNo}`,
    userId: text(s.userId),
    userType: USER_TYPE.student as number,
    userCode: text(s.studentNo) ?? '',
    userName: text(s.studentName) ?? '',
    deptSerial: text(s.deptSerial),
    majorSerial: text(s.majorSerial),
    grade: text(s.grade),
    classNo: text(s.classNo),
  }))
}

/**
 * The people a plan's scope rows match: those with a live account become candidates, the others are
 * counted (未开通账号). Each person once, whatever number of rows match them.
 */
export async function matchScope(
  data: Data,
  scopes: ScopeRow[],
): Promise<{ people: Person[]; noAccount: number }> {
  const byKey = new Map<string, Awaited<ReturnType<typeof matchRow>>[number]>()
  for (const scope of scopes)
    for (const p of await matchRow(data, scope)) if (!byKey.has(p.key)) byKey.set(p.key, p)
  const all = [...byKey.values()]
  const ids = [...new Set(all.map((p) => p.userId).filter((id): id is string => !!id))]
  const live = new Set<string>()
  for (let i = 0; i < ids.length; i += 1000) {
    const rows = await data.db
      .select({ id: user.id })
      .from(user)
      .where(data.rows(user, inArray(user.id, ids.slice(i, i + 1000)), eq(user.status, 1)))
    for (const r of rows) live.add(r.id)
  }
  const withAccount = all.filter((p) => p.userId && live.has(p.userId))
  const unique = new Map(withAccount.map((p) => [p.userId!, p]))
  const people = await describe(
    data,
    [...unique.values()].map(({ key: _key, ...p }) => ({ ...p, userId: p.userId! })),
  )
  return { people, noAccount: all.length - withAccount.length }
}

/** How many people one scope row matches (the 考试范围 dialog's count). */
export async function countScope(data: Data, scope: ScopeRow): Promise<number> {
  return (await matchRow(data, scope)).length
}

/** Writes the candidates of a plan from people (those already listed are kept); answers how many were added. */
export async function writeCandidates(
  data: Data,
  planId: string,
  people: Person[],
  source: number,
): Promise<number> {
  const existing = await data.db
    .select({ userId: safetyPlanPerson.userId })
    .from(safetyPlanPerson)
    .where(
      data.rows(
        safetyPlanPerson,
        and(eq(safetyPlanPerson.planId, planId), isNotNull(safetyPlanPerson.userId)),
      ),
    )
  const taken = new Set(existing.map((r) => r.userId))
  const fresh = people.filter((p) => !taken.has(p.userId))
  await data.repo(safetyPlanPerson).insert(
    fresh.map((p) => ({
      planId,
      userId: p.userId,
      userType: p.userType,
      userCode: p.userCode,
      userName: p.userName,
      deptId: p.deptId,
      deptSerial: p.deptSerial,
      deptName: p.deptName,
      majorSerial: p.majorSerial,
      majorName: p.majorName,
      grade: p.grade,
      classNo: p.classNo,
      className: p.className,
      source,
      examStatus: 0,
    })),
  )
  return fresh.length
}

/** The live candidates of a plan. */
export async function candidateCount(data: Data, planId: string): Promise<number> {
  const [row] = await data.db
    .select({ n: sql<string>`count(*)` })
    .from(safetyPlanPerson)
    .where(data.rows(safetyPlanPerson, eq(safetyPlanPerson.planId, planId)))
  return Number(row.n)
}
