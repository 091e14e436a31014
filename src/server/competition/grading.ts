import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { UpdateBatchBody } from '../../shared/api/competition'
import type { z } from 'zod'
import { APPLY_STATUS } from '../../shared/resources/competition'
import type { Data } from '../core/data'
import { bad } from '../core/errors'
import { competitionApply, competitionApplyScore } from '../db/schema'
import { now } from './clock'
import { num } from './names'
import { parameterOf } from './parameter-routes'
import { competitionRanks, reviewMean, suggestedGrade } from './review'
import type { ApplyRecordRow } from './applications'

/** Review and grading (domain A.4): scores, the figures derived from them and the grades. */

type Body = z.output<typeof UpdateBatchBody>

/** Recomputes avgScore and scoreCount of applications from their scores. */
async function refreshScores(data: Data, ids: string[]) {
  const scores = await data.repo(competitionApplyScore).find([inArray(competitionApplyScore.applyId, ids)])
  for (const id of ids) {
    const mine = scores.filter((s) => s.applyId === id).map((s) => Number(s.score))
    await data
      .repo(competitionApply)
      .update(id, { avgScore: reviewMean(mine)?.toFixed(2) ?? null, scoreCount: mine.length } as never)
  }
}

/**
 * Ranks the 学年's applications in 待评审, 已立项 and 未立项 with at least 最少评审人数 scores by mean
 * (competition ranking); the others lose their rank.
 */
export async function refreshRanks(data: Data, academicYear: string) {
  const p = await parameterOf(data, academicYear)
  const min = p.minReviewers ?? 3
  const rows = await data
    .repo(competitionApply)
    .find([
      eq(competitionApply.academicYear, academicYear),
      inArray(competitionApply.status, [
        APPLY_STATUS.reviewing,
        APPLY_STATUS.approved,
        APPLY_STATUS.rejected,
      ]),
    ])
  const ranked = rows.filter((r) => (r.scoreCount ?? 0) >= min && r.avgScore !== null)
  const ranks = competitionRanks(ranked.map((r) => ({ key: r.id, value: Number(r.avgScore) })))
  for (const r of rows) {
    const rank = ranks.get(r.id) ?? null
    if (rank !== r.rank) await data.repo(competitionApply).update(r.id, { rank } as never)
  }
}

/** The grade-list rows' extra figures: max and min score and the suggested grade. */
export async function gradeFigures(data: Data, academicYear: string, rows: ApplyRecordRow[]) {
  const p = await parameterOf(data, academicYear)
  const m = rows.filter((r) => r.rank !== null).length
  const ids = rows.map((r) => r.id)
  const extremes = ids.length
    ? await data.db
        .select({
          applyId: competitionApplyScore.applyId,
          max: sql<string>`max(${competitionApplyScore.score})`,
          min: sql<string>`min(${competitionApplyScore.score})`,
        })
        .from(competitionApplyScore)
        .where(data.rows(competitionApplyScore, inArray(competitionApplyScore.applyId, ids)))
        .groupBy(competitionApplyScore.applyId)
    : []
  const byId = new Map(extremes.map((e) => [e.applyId, e]))
  return new Map(
    rows.map((r) => [
      r.id,
      {
        maxScore: num(byId.get(r.id)?.max),
        minScore: num(byId.get(r.id)?.min),
        suggestedGrade:
          r.rank === null ? null : suggestedGrade(r.rank, m, p.gradeARatio ?? 20, p.gradeBRatio ?? 50),
      },
    ]),
  )
}

/** `updateBatch`: every item or none, the first refusal's message. */
export async function updateBatch(data: Data, body: Body): Promise<number> {
  const apps = data.repo(competitionApply)
  const rows = await apps.needAll(body.items.map((i) => i.id))
  const byId = new Map(rows.map((r) => [r.id, r]))
  const me = data.me
  if (body.action === 'score') {
    const at = now()
    for (const item of body.items) {
      const app = byId.get(item.id)!
      if (app.status !== APPLY_STATUS.reviewing) bad(`项目「${app.projectName}」不在评审阶段`)
      if (app.leaderUserId === me.userId) bad('不能评审本人负责的申报')
      const scores = data.repo(competitionApplyScore)
      const mine = await scores.first(
        eq(competitionApplyScore.applyId, app.id),
        eq(competitionApplyScore.reviewerUserId, me.userId),
      )
      const values = { score: item.score.toFixed(1), comment: item.comment ?? null, scoreTime: at }
      if (mine) await scores.update(mine.id, values)
      else
        await scores.insert({
          applyId: app.id,
          reviewerUserId: me.userId,
          reviewerName: me.realName || me.account,
          ...values,
        })
    }
    await refreshScores(data, [...byId.keys()])
  } else {
    const mins = new Map<string, number>()
    for (const item of body.items) {
      const app = byId.get(item.id)!
      if (app.status < APPLY_STATUS.reviewing) bad(`项目「${app.projectName}」不在评审阶段`)
      if (!mins.has(app.academicYear as string))
        mins.set(
          app.academicYear as string,
          (await parameterOf(data, app.academicYear as string)).minReviewers ?? 3,
        )
      const min = mins.get(app.academicYear as string)!
      if ((app.scoreCount ?? 0) < min)
        bad(`项目「${app.projectName}」评审人数不足（${app.scoreCount ?? 0}/${min}）`)
      if (app.status !== APPLY_STATUS.reviewing && (app.entryCount ?? 0) > 0)
        bad(`项目「${app.projectName}」已有报名，不能修改评定结果`)
      const budget = num(app.budget) ?? 0
      const funds = item.grade === 3 ? 0 : (item.approvedFunds ?? budget)
      if (funds > budget) bad('核定经费不能超过申请经费')
      await apps.update(app.id, {
        grade: item.grade,
        approvedFunds: funds.toFixed(2),
        status: item.grade === 3 ? APPLY_STATUS.rejected : APPLY_STATUS.approved,
        gradeUser: me.userId,
        gradeTime: now(),
      } as never)
    }
  }
  for (const year of new Set(rows.map((r) => String(r.academicYear)))) await refreshRanks(data, year)
  return body.items.length
}

/** Every score of an application, for the 评审结果 tab of holders of 申报评审. */
export async function scoresOf(data: Data, applyId: string) {
  const rows = await data
    .repo(competitionApplyScore)
    .find([eq(competitionApplyScore.applyId, applyId)], { sort: [asc(competitionApplyScore.scoreTime)] })
  return rows.map((r) => ({
    reviewerName: r.reviewerName ?? '',
    score: Number(r.score),
    comment: r.comment,
    scoreTime: r.scoreTime ? (r.scoreTime as unknown as string) : null,
  }))
}

/** The caller's own scores by application. */
export async function myScores(data: Data, ids: string[]) {
  if (!ids.length) return new Map<string, { score: number; comment: string | null }>()
  const rows = await data
    .repo(competitionApplyScore)
    .find([
      inArray(competitionApplyScore.applyId, ids),
      and(eq(competitionApplyScore.reviewerUserId, data.me.userId)),
    ])
  return new Map(rows.map((r) => [r.applyId, { score: Number(r.score), comment: r.comment }]))
}
