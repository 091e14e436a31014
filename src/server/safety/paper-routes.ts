import { asc, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { registerResourceRoutes } from '../core/resource-routes'
import { route } from '../core/route'
import { ok } from '../core/envelope'
import { bad } from '../core/errors'
import type { Data } from '../core/data'
import { safetyPaper, safetyPaperQuestion, safetyPlan, safetyQuestion } from '../db/schema'
import { paperResource, QUESTION_TYPE_NAMES, type QuestionType } from '../../shared/resources/safety/bank'
import { parseProportions } from '../../shared/resources/safety/proportions'
import { parseOptions } from '../../shared/resources/safety/question-rules'
import { safetyBankApi, type PaperDetail } from '../../shared/api/safety'
import { categoryTree, checkProportionTree } from './generation'
import { num, round1 } from './clock'

type Row = Record<string, unknown>
type PaperRow = typeof safetyPaper.$inferSelect

const listOf = (v: unknown): string[] =>
  (Array.isArray(v) ? v.map(String) : String(v ?? '').split(',')).map((s) => s.trim()).filter(Boolean)

/** Σ count × score of a paper (its 总分). */
export const totalOf = (
  p: Pick<
    PaperRow,
    'singleCount' | 'singleScore' | 'multipleCount' | 'multipleScore' | 'judgeCount' | 'judgeScore'
  >,
) =>
  round1(
    (p.singleCount ?? 0) * (num(p.singleScore) ?? 0) +
      (p.multipleCount ?? 0) * (num(p.multipleScore) ?? 0) +
      (p.judgeCount ?? 0) * (num(p.judgeScore) ?? 0),
  )

/** The first plan in approval or later that uses the paper, or null (the paper may not change then). */
export async function lockingPlan(data: Data, paperId: string, fromStatus = 1) {
  return data
    .repo(safetyPlan)
    .first(eq(safetyPlan.paperId, paperId), sql`${safetyPlan.status} >= ${fromStatus}`)
}

async function checkPaper(data: Data, row: Row, body: Row, id: string | null) {
  const current = id ? await data.repo(safetyPaper).need(id, '数据不存在或无权修改') : null
  if (current) {
    const plan = await lockingPlan(data, current.id)
    if (plan) bad(`试卷已被考试计划「${plan.planName}」使用，不能修改`)
  }
  const merged = { ...(current ?? {}), ...row } as PaperRow & Row
  for (const [count, score, name] of [
    ['singleCount', 'singleScore', '单选题'],
    ['multipleCount', 'multipleScore', '多选题'],
    ['judgeCount', 'judgeScore', '判断题'],
  ] as const) {
    const value = num(merged[score]) ?? 0
    if (Number(merged[count] ?? 0) > 0 && (value < 0.5 || value > 20)) bad(`${name}分值须在0.5到20之间`)
    if (Math.round(value * 2) !== value * 2) bad(`${name}分值须为0.5的倍数`)
  }
  const total = totalOf(merged)
  if (total < 1 || total > 1000) bad('试卷总分须在1到1000之间')
  row.totalScore = total
  if (listOf(merged.labelIds).length > 5) bad('标签最多选择5个')
  const mode = Number(merged.paperMode ?? 1)
  if (
    merged.categoryProportion !== undefined &&
    merged.categoryProportion !== null &&
    merged.categoryProportion !== ''
  ) {
    const proportions = parseProportions(merged.categoryProportion)
    if (!proportions) bad('分类比例格式不正确')
    checkProportionTree(proportions!, await categoryTree(data))
    row.categoryProportion = JSON.stringify(proportions)
  } else if (mode === 2) bad('请设置分类比例')
  if (mode === 1) {
    const given = body.questionIds !== undefined ? listOf(body.questionIds) : null
    const ids = given ?? (current ? await paperQuestionIds(data, current.id) : [])
    if (new Set(ids).size !== ids.length) bad('试卷题目不能重复')
    const questions = ids.length
      ? await data.repo(safetyQuestion).find([inArray(safetyQuestion.id, ids)])
      : []
    if (questions.length !== ids.length) bad('部分题目不存在')
    for (const [type, count] of [
      [1, merged.singleCount],
      [2, merged.multipleCount],
      [3, merged.judgeCount],
    ] as [QuestionType, number | null][]) {
      const chosen = questions.filter((q) => q.questionType === type).length
      if (chosen !== (count ?? 0))
        bad(`试卷题目数量与题型设置不一致：${QUESTION_TYPE_NAMES[type]}应为${count ?? 0}道，已选${chosen}道`)
    }
    const off = questions.find((q) => q.status !== 1)
    if (off) bad(`题目「${(off.stem ?? '').slice(0, 30)}」已停用`)
  }
}

async function paperQuestionIds(data: Data, paperId: string) {
  const rows = await data
    .repo(safetyPaperQuestion)
    .find([eq(safetyPaperQuestion.paperId, paperId)], { sort: [asc(safetyPaperQuestion.sort)] })
  return rows.map((r) => r.questionId)
}

async function saveQuestions(data: Data, paperId: string, body: Row, row: Row) {
  const mode = Number(row.paperMode ?? (await data.repo(safetyPaper).need(paperId)).paperMode)
  if (mode === 2) {
    await data.repo(safetyPaperQuestion).deleteWhere([eq(safetyPaperQuestion.paperId, paperId)])
    return
  }
  if (body.questionIds === undefined) return
  const ids = listOf(body.questionIds)
  const questions = await data.repo(safetyQuestion).find([inArray(safetyQuestion.id, ids)])
  const typeOf = new Map(questions.map((q) => [q.id, q.questionType ?? 1]))
  await data.repo(safetyPaperQuestion).deleteWhere([eq(safetyPaperQuestion.paperId, paperId)])
  await data
    .repo(safetyPaperQuestion)
    .insert(
      ids.map((questionId, sort) => ({ paperId, questionId, questionType: typeOf.get(questionId)!, sort })),
    )
}

/** A paper with its questions (keys: a bank screen) and its proportions with category names. */
async function paperDetail(data: Data, id: string): Promise<PaperDetail> {
  const paper = await data.repo(safetyPaper).need(id)
  const tree = await categoryTree(data)
  const ids = await paperQuestionIds(data, id)
  const rows = ids.length ? await data.repo(safetyQuestion).find([inArray(safetyQuestion.id, ids)]) : []
  const byId = new Map(rows.map((r) => [r.id, r]))
  return {
    ...(paper as unknown as PaperDetail),
    totalScore: num(paper.totalScore) ?? 0,
    questions: ids
      .map((qid) => byId.get(qid))
      .filter((q) => !!q)
      .map((q) => ({
        id: q.id,
        questionType: q.questionType ?? 1,
        categoryId: q.categoryId ?? '',
        categoryName: tree.path(q.categoryId ?? ''),
        stem: q.stem ?? '',
        options: parseOptions(q.options),
        answer: q.answer ?? '',
        difficulty: q.difficulty ?? 2,
      })),
    proportions: (parseProportions(paper.categoryProportion) ?? []).map((p) => ({
      ...p,
      categoryName: tree.path(p.categoryId),
    })),
  }
}

export function registerPaperRoutes(app: FastifyInstance) {
  registerResourceRoutes(
    app,
    { ...paperResource, routes: ['list', 'page', 'submit', 'remove'] },
    safetyPaper,
    {
      beforeSave: ({ data, row, isNew, request }) =>
        checkPaper(data, row, request.body as Row, isNew ? null : String((request.body as Row).id)),
      afterSave: ({ data, id, row, request }) => saveQuestions(data, id, request.body as Row, row),
      beforeRemove: async ({ data, ids }) => {
        for (const id of ids) {
          const plan = await lockingPlan(data, id, 0)
          if (plan) bad(`试卷已被考试计划「${plan.planName}」使用，不能删除`)
        }
        await data.repo(safetyPaperQuestion).deleteWhere([inArray(safetyPaperQuestion.paperId, ids)])
      },
    },
  )
  route(app, safetyBankApi.paper.detail, async ({ data, query }) => ok(await paperDetail(data, query.id)))
  route(app, safetyBankApi.paper.select, async ({ data }) => {
    const rows = await data
      .repo(safetyPaper)
      .find([eq(safetyPaper.status, 1)], { sort: [asc(safetyPaper.paperName)] })
    return ok(
      rows.map((r) => ({ id: r.id, paperName: r.paperName ?? '', totalScore: num(r.totalScore) ?? 0 })),
    )
  })
}
