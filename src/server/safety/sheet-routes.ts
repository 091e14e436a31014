import { and, asc, desc, eq, inArray, lt, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { route } from '../core/route'
import { done, ok } from '../core/envelope'
import { bad } from '../core/errors'
import { Data, liveRows } from '../core/data'
import { safetyPaperPerson, safetyPlan, safetyPlanPerson, safetyScore } from '../db/schema'
import { EXAM_STATUS } from '../../shared/resources/safety/exam'
import { safetyExamApi, type AnswerSheet, type PaperSubmitAnswer } from '../../shared/api/safety'
import { holdsMenu } from '../auth/permissions'
import { clock, GRACE_SECONDS, num } from './clock'
import { finalise, SUBMIT_TYPE, type PaperPersonRow } from './finalise'
import { checkAnswers, earned, type Answers, type SnapQuestion } from './scoring'

const LATE = '考试时间已到，答卷已按最后保存的答案自动提交'

function result(paper: PaperPersonRow, showScore: boolean): PaperSubmitAnswer {
  const score = num(paper.score)
  return {
    version: paper.version,
    status: paper.status,
    submitTime: (paper.submitTime as unknown as string) ?? null,
    score: showScore ? score : null,
    passed: showScore && score !== null ? (score >= (num(paper.passScore) ?? 0) ? 1 : 0) : null,
    serverNow: clock.now() as unknown as string,
  }
}

/**
 * 保存/交卷 (B.5): newer versions of the answers are kept (older ones are ignored, even when they
 * arrive late), a hand-in scores the paper once, a second hand-in answers the stored result, and
 * anything after deadline + 15 s finalises what was saved.
 */
async function submitPaper(
  data: Data,
  body: { id: string; answers: Answers; version: number; final: number; blurCount: number },
) {
  const me = data.me
  const papers = data.repo(safetyPaperPerson)
  const paper = await papers.first(eq(safetyPaperPerson.id, body.id), eq(safetyPaperPerson.userId, me.userId))
  if (!paper) bad('数据不存在或无权访问')
  const plan = await data.repo(safetyPlan).need(paper!.planId)
  const showScore = plan.showScore !== 0
  const message = checkAnswers(paper!.questions as SnapQuestion[], body.answers)
  if (message) bad(message)
  if (paper!.status === 2) {
    if (body.final) return ok(result(paper!, showScore), '已交卷')
    bad('您已交卷，不能修改答案')
  }
  const now = clock.now()
  if (now.getTime() > paper!.deadline.getTime() + GRACE_SECONDS * 1000) {
    const handed = (await finalise(data, paper!.id, SUBMIT_TYPE.timeout))!
    if (body.final) return ok(result(handed, showScore), LATE)
    bad(LATE)
  }
  if (body.version > paper!.version) {
    const changed = await papers.updateWhere(
      [
        eq(safetyPaperPerson.id, paper!.id),
        eq(safetyPaperPerson.status, 1),
        lt(safetyPaperPerson.version, body.version),
      ],
      {
        answers: body.answers,
        version: body.version,
        blurCount: Math.max(paper!.blurCount, body.blurCount),
        lastSaveTime: now,
      },
    )
    if (!changed) {
      // Someone else got there first: a newer save, or the hand-in of another tab or the sweeper.
      const fresh = (await papers.get(paper!.id))!
      if (fresh.status === 2 && !body.final) bad('您已交卷，不能修改答案')
      if (!body.final) return ok({ ...result(fresh, false), stale: true, score: null, passed: null })
    }
  } else if (!body.final) return ok({ ...result(paper!, false), stale: true, score: null, passed: null })
  if (!body.final) {
    const saved = (await papers.get(paper!.id))!
    return ok({ ...result(saved, false), score: null, passed: null, submitTime: null })
  }
  const handed = (await finalise(data, paper!.id, SUBMIT_TYPE.byCandidate))!
  return ok(result(handed, showScore), handed.submitType === SUBMIT_TYPE.byCandidate ? '交卷成功' : '已交卷')
}

/**
 * An answer sheet: staff (成绩管理) see keys, answers, points and 切屏次数; a candidate sees their own,
 * with keys and analyses only after hand-in, when the plan shows answers and has ended.
 */
async function sheetOf(data: Data, id: string): Promise<AnswerSheet> {
  const me = data.me
  const staff = await holdsMenu(data.db, me, 'safety_score')
  const paper = await data
    .repo(safetyPaperPerson)
    .first(eq(safetyPaperPerson.id, id), staff ? undefined : eq(safetyPaperPerson.userId, me.userId))
  if (!paper) bad('数据不存在或无权访问')
  const person = await data
    .repo(safetyPlanPerson, { name: 'safetyexamscore', permission: 'safety_score' })
    .first(eq(safetyPlanPerson.id, paper!.personId))
  if (!person && staff && paper!.userId !== me.userId) bad('数据不存在或无权访问')
  const plan = await data.repo(safetyPlan).need(paper!.planId)
  const now = clock.now()
  const submitted = paper!.status === 2
  const showKeys = staff || (submitted && plan.showAnswer === 1 && !!plan.endTime && now >= plan.endTime)
  const showScore = staff || (submitted && plan.showScore !== 0)
  const answers = (paper!.answers ?? {}) as Answers
  const partial = paper!.multiplePartial === 1
  const score = num(paper!.score)
  return {
    id: paper!.id,
    planId: plan.id,
    planName: plan.planName ?? '',
    userName: person?.userName ?? '',
    userCode: person?.userCode ?? '',
    deptName: person?.deptName ?? '',
    status: paper!.status,
    startTime: paper!.startTime as unknown as string,
    deadline: paper!.deadline as unknown as string,
    submitTime: (paper!.submitTime as unknown as string) ?? null,
    submitType: paper!.submitType ?? null,
    score: showScore ? score : null,
    totalScore: num(paper!.totalScore) ?? 0,
    passScore: num(paper!.passScore) ?? 0,
    passed: showScore && score !== null ? (score >= (num(paper!.passScore) ?? 0) ? 1 : 0) : null,
    blurCount: paper!.blurCount,
    showKeys,
    questions: (paper!.questions as SnapQuestion[]).map((q) => ({
      qid: q.qid,
      no: q.no,
      type: q.type,
      stem: q.stem,
      imageIds: q.imageIds,
      options: q.options,
      score: q.score,
      myAnswer: answers[q.qid] ?? null,
      key: showKeys ? q.key : null,
      analysis: showKeys ? q.analysis : null,
      earned: showKeys && submitted ? earned(q, answers[q.qid], partial) : null,
    })),
  }
}

/** 答卷 rows (no questions): a plan's for staff (data scope on the candidate's college), else the caller's own. */
async function sheetPage(data: Data, query: Record<string, unknown>) {
  const me = data.me
  const staff = await holdsMenu(data.db, me, 'safety_score')
  const scope = staff
    ? await data.repo(safetyPlanPerson, { name: 'safetyexamscore', permission: 'safety_score' }).where()
    : undefined
  const planId =
    typeof query.planId === 'string' && /^\d{1,19}$/.test(query.planId) ? query.planId : undefined
  const page = await data.repo(safetyPaperPerson).page(query, {
    filters: false,
    where: [
      staff ? undefined : eq(safetyPaperPerson.userId, me.userId),
      planId ? eq(safetyPaperPerson.planId, planId) : undefined,
      staff && scope
        ? sql`exists (select 1 from ${safetyPlanPerson} where ${safetyPlanPerson.id} = ${safetyPaperPerson.personId} and ${scope})`
        : undefined,
    ],
    sort: [desc(safetyPaperPerson.startTime), asc(safetyPaperPerson.id)],
  })
  const people = page.records.length
    ? await data.repo(safetyPlanPerson).find([
        inArray(
          safetyPlanPerson.id,
          page.records.map((r) => r.personId),
        ),
      ])
    : []
  const personOf = new Map(people.map((p) => [p.id, p]))
  return {
    ...page,
    records: page.records.map(({ questions: _q, answers: _a, ...r }) => ({
      ...r,
      score: staff || r.status === 2 ? num(r.score) : null,
      userName: personOf.get(r.personId)?.userName ?? '',
      userCode: personOf.get(r.personId)?.userCode ?? '',
      deptName: personOf.get(r.personId)?.deptName ?? '',
    })),
  }
}

/** 作废答卷: the paper and its score are voided and the candidate may start again while the plan is open. */
async function voidSheets(data: Data, ids: string[]) {
  await data.transaction(async (tx) => {
    const papers = await tx.repo(safetyPaperPerson).needAll(ids, '部分数据不存在或无权删除')
    await tx.repo(safetyPaperPerson).remove(ids)
    const scores = await tx.repo(safetyScore).find([inArray(safetyScore.paperPersonId, ids)])
    if (scores.length) {
      await tx.repo(safetyScore).update(
        scores.map((s) => s.id),
        { status: 0 },
      )
      await tx.repo(safetyScore).remove(scores.map((s) => s.id))
    }
    await tx.repo(safetyPlanPerson).update(
      papers.map((p) => p.personId),
      { examStatus: EXAM_STATUS.notStarted, score: null, passed: null },
    )
  })
}

export function registerSheetRoutes(app: FastifyInstance) {
  const api = safetyExamApi.paperPerson
  route(app, api.submit, async ({ data, body }) => submitPaper(data, body))
  route(app, api.detail, async ({ data, query }) => ok(await sheetOf(data, query.id)))
  route(app, api.page, async ({ data, query }) => ok(await sheetPage(data, query)))
  route(app, api.list, async ({ data, query }) =>
    ok((await sheetPage(data, { ...query, current: 1, size: 1000 })).records),
  )
  route(app, api.remove, async ({ data, query }) => {
    await voidSheets(data, query.ids)
    return done('作废成功')
  })
}

/** Papers past deadline + grace still open, any tenant: what the sweeper finalises. */
export async function sweepExpired(db: Data['db'], now = clock.now()): Promise<number> {
  const due = await db
    .select({ id: safetyPaperPerson.id, tenantId: safetyPaperPerson.tenantId })
    .from(safetyPaperPerson)
    .where(
      and(
        liveRows(safetyPaperPerson),
        eq(safetyPaperPerson.status, 1),
        lt(safetyPaperPerson.deadline, new Date(now.getTime() - GRACE_SECONDS * 1000)),
      ),
    )
    .orderBy(asc(safetyPaperPerson.deadline))
    .limit(500)
  let finalised = 0
  for (const row of due) {
    const data = new Data({ db, tenantId: row.tenantId, user: null })
    const after = await finalise(data, row.id, SUBMIT_TYPE.timeout)
    if (after?.finalisedHere) finalised++
  }
  return finalised
}
