import { and, eq, sql } from 'drizzle-orm'
import type { Data } from '../core/data'
import { safetyCertSeq, safetyPaperPerson, safetyPlan, safetyPlanPerson, safetyScore } from '../db/schema'
import { EXAM_STATUS } from '../../shared/resources/safety/exam'
import { clock, dateText, num } from './clock'
import { scoreOf, type Answers, type SnapQuestion } from './scoring'

export type PaperPersonRow = typeof safetyPaperPerson.$inferSelect

export const SUBMIT_TYPE = { byCandidate: 1, timeout: 2 } as const

/** `AQ2025000123`: the next certificate number of the tenant's year (one counter row, `update … returning`). */
export async function nextCertificateNo(data: Data, year: number): Promise<string> {
  const [row] = await data.db
    .insert(safetyCertSeq)
    .values({ tenantId: data.tenantId, year, lastValue: 1 })
    .onConflictDoUpdate({
      target: [safetyCertSeq.tenantId, safetyCertSeq.year],
      set: { lastValue: sql`${safetyCertSeq.lastValue} + 1` },
    })
    .returning({ lastValue: safetyCertSeq.lastValue })
  return `AQ${year}${String(row.lastValue).padStart(6, '0')}`
}

/** issueDate + months − 1 day (`2025-11-20`, 24 → `2027-11-19`); 0 months = 长期有效 (null). */
export function validUntilOf(issue: Date, months: number): string | null {
  if (!months) return null
  const d = new Date(issue.getFullYear(), issue.getMonth() + months, issue.getDate())
  // A month without that day (31st) ends on its last day.
  if (d.getDate() !== issue.getDate()) d.setDate(0)
  d.setDate(d.getDate() - 1)
  return dateText(d)
}

/**
 * Hands a paper in: scores it from its snapshot, marks it 已交卷, writes the score row (and the
 * certificate of a pass) and the candidate's state. Exactly once: the paper row is locked and the
 * change is `… where status = 1`, so a sweeper of another process or a racing hand-in finds it done.
 * Answers the paper as it is afterwards.
 */
export async function finalise(
  data: Data,
  paperId: string,
  submitType: number,
): Promise<(PaperPersonRow & { finalisedHere?: boolean }) | null> {
  return data.transaction(async (tx) => {
    const [paper] = await tx.db
      .select()
      .from(safetyPaperPerson)
      .where(tx.rows(safetyPaperPerson, eq(safetyPaperPerson.id, paperId)))
      .for('update')
    if (!paper || paper.status !== 1) return paper ?? null
    const now = clock.now()
    // A time-out hands in at the deadline; the candidate's own hand-in when it arrives.
    const submitTime = submitType === SUBMIT_TYPE.timeout && now > paper.deadline ? paper.deadline : now
    const questions = paper.questions as SnapQuestion[]
    const { score, correct } = scoreOf(
      questions,
      (paper.answers ?? {}) as Answers,
      paper.multiplePartial === 1,
    )
    const [done] = await tx.db
      .update(safetyPaperPerson)
      .set({
        status: 2,
        submitTime,
        submitType,
        score: String(score),
        correctCount: correct,
        updateTime: now,
      })
      .where(
        tx.rows(safetyPaperPerson, and(eq(safetyPaperPerson.id, paperId), eq(safetyPaperPerson.status, 1))),
      )
      .returning()
    if (!done) return paper
    const passScore = num(paper.passScore) ?? 0
    const passed = score >= passScore ? 1 : 0
    const plan = await tx.repo(safetyPlan).need(paper.planId)
    const person = await tx.repo(safetyPlanPerson).need(paper.personId)
    await tx
      .repo(safetyPlanPerson)
      .update(person.id, { examStatus: EXAM_STATUS.submitted, score: String(score), passed })
    let certificate: { certificateNo: string; issueDate: string; validUntil: string | null } | null = null
    if (passed && plan.issueCertificate !== 0)
      certificate = {
        certificateNo: await nextCertificateNo(tx, submitTime.getFullYear()),
        issueDate: dateText(submitTime),
        validUntil: validUntilOf(submitTime, plan.certValidMonths ?? 24),
      }
    await tx.repo(safetyScore).insert({
      planId: plan.id,
      planName: plan.planName,
      rootPlanId: plan.rootPlanId ?? plan.id,
      examType: plan.examType ?? 1,
      paperPersonId: paper.id,
      userId: paper.userId,
      userType: person.userType,
      userCode: person.userCode,
      userName: person.userName,
      deptId: person.deptId,
      deptSerial: person.deptSerial,
      deptName: person.deptName,
      classNo: person.classNo,
      className: person.className,
      score: String(score),
      totalScore: String(num(paper.totalScore) ?? 0),
      passScore: String(passScore),
      passed,
      startTime: paper.startTime,
      submitTime,
      usedSeconds: Math.max(0, Math.round((submitTime.getTime() - paper.startTime.getTime()) / 1000)),
      submitType,
      certificateNo: certificate?.certificateNo ?? null,
      issueDate: certificate?.issueDate ?? null,
      validUntil: certificate?.validUntil ?? null,
    })
    return { ...done, finalisedHere: true }
  })
}
