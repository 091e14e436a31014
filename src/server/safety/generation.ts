import { randomInt } from 'node:crypto'
import { eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Data } from '../core/data'
import { bad } from '../core/errors'
import { safetyCategory, safetyQuestion } from '../db/schema'
import { QUESTION_TYPE_NAMES, type QuestionType } from '../../shared/resources/safety/bank'
import { allocate, checkProportions, type Proportion } from '../../shared/resources/safety/proportions'
import { parseOptions } from '../../shared/resources/safety/question-rules'
import type { GeneratedQuestion, Quota } from '../../shared/api/safety'
import { namesLabel } from './learning-routes'

/** The tenant's category tree in memory (a bank has tens of categories, not thousands). */
export interface CategoryTree {
  name: Map<string, string>
  parent: Map<string, string>
  /** A category and every category below it. */
  subtree(id: string): string[]
  /** 通用安全/消防安全 */
  path(id: string): string
}

export async function categoryTree(data: Data): Promise<CategoryTree> {
  const rows = await data.repo(safetyCategory).find()
  const name = new Map(rows.map((r) => [r.id, r.categoryName ?? '']))
  const parent = new Map(rows.map((r) => [r.id, r.parentId ?? '0']))
  const children = new Map<string, string[]>()
  for (const r of rows) children.set(r.parentId ?? '0', [...(children.get(r.parentId ?? '0') ?? []), r.id])
  return {
    name,
    parent,
    subtree(id) {
      const out: string[] = []
      const walk = (at: string) => {
        out.push(at)
        for (const c of children.get(at) ?? []) walk(c)
      }
      if (name.has(id)) walk(id)
      return out
    },
    path(id) {
      const parts: string[] = []
      for (let at = id, guard = 0; name.has(at) && guard < 10; at = parent.get(at) ?? '0', guard++)
        parts.unshift(name.get(at)!)
      return parts.join('/')
    },
  }
}

/** Proportion rules that need the tree: known categories, none containing another. */
export function checkProportionTree(rows: Proportion[], tree: CategoryTree): void {
  const message = checkProportions(rows)
  if (message) bad(message)
  for (const r of rows) if (!tree.name.has(r.categoryId)) bad('题目分类不存在')
  for (const a of rows)
    for (const b of rows)
      if (a !== b && tree.subtree(a.categoryId).includes(b.categoryId))
        bad(`所选分类存在包含关系：「${tree.name.get(a.categoryId)}」包含「${tree.name.get(b.categoryId)}」`)
}

export type Counts = Record<QuestionType, number>
export type QuestionRow = typeof safetyQuestion.$inferSelect

const anyLabel = (labelIds: string[]) =>
  labelIds.length
    ? sql`(${sql.join(
        labelIds.map((l) => namesLabel(safetyQuestion.labelIds, l)),
        sql` or `,
      )})`
    : undefined

/** The pool of a quota: the 启用 questions of a type in some categories (with any of the labels). */
const poolOf = (data: Data, categoryIds: string[], types: QuestionType[], labelIds: string[]) =>
  data.rows(
    safetyQuestion,
    inArray(safetyQuestion.categoryId, categoryIds),
    inArray(safetyQuestion.questionType, types),
    eq(safetyQuestion.status, 1),
    anyLabel(labelIds),
  )

/** A quota with its pool: the ids of the 启用 questions of its type in its category's subtree. */
export interface Pool extends Quota {
  subtree: string[]
  ids: string[]
}

/** What the pools of some proportions draw from: the paper's types, each proportion's subtree. */
export interface PoolScope {
  types: QuestionType[]
  subtrees: Map<string, string[]>
  /** The pools' questions (none when the paper asks for no type or names no category). */
  where: SQL | undefined
}

export function poolScope(
  data: Data,
  categories: CategoryTree,
  proportions: Proportion[],
  counts: Counts,
  labelIds: string[],
): PoolScope {
  const types = ([1, 2, 3] as QuestionType[]).filter((t) => counts[t])
  const subtrees = new Map(proportions.map((p) => [p.categoryId, categories.subtree(p.categoryId)]))
  const everyCategory = [...new Set([...subtrees.values()].flat())]
  const where =
    types.length && everyCategory.length ? poolOf(data, everyCategory, types, labelIds) : undefined
  return { types, subtrees, where }
}

/** The questions of a pool scope with their category, type and stamp, by id (one query). */
export async function poolMembers(data: Data, scope: PoolScope) {
  if (!scope.where) return []
  return data.db
    .select({
      id: safetyQuestion.id,
      categoryId: safetyQuestion.categoryId,
      questionType: safetyQuestion.questionType,
      updateTime: safetyQuestion.updateTime,
    })
    .from(safetyQuestion)
    .where(scope.where)
    .orderBy(safetyQuestion.id)
}

type Member = Pick<QuestionRow, 'id' | 'categoryId' | 'questionType'>

/**
 * Per type and proportion: the quota (largest remainder) and its pool (the category's subtree, with
 * any of the labels) from the scope's questions. Proportion categories never contain one another
 * (checkProportionTree), so a question falls in one pool of its type at most.
 */
export function poolsOf(
  members: Member[],
  scope: PoolScope,
  categories: CategoryTree,
  proportions: Proportion[],
  counts: Counts,
): Pool[] {
  const pools: Pool[] = []
  for (const type of scope.types) {
    const shares = allocate(
      counts[type],
      proportions.map((p) => p.proportion),
    )
    for (const [i, p] of proportions.entries()) {
      if (!shares[i]) continue
      const subtree = scope.subtrees.get(p.categoryId)!
      const inSubtree = new Set(subtree)
      const ids = members
        .filter((r) => r.questionType === type && inSubtree.has(r.categoryId ?? ''))
        .map((r) => r.id)
      pools.push({
        categoryId: p.categoryId,
        categoryName: categories.name.get(p.categoryId) ?? '',
        questionType: type,
        need: shares[i],
        have: ids.length,
        subtree,
        ids,
      })
    }
  }
  return pools
}

/** The pools of some proportions, read in one query of ids. */
export async function loadPools(
  data: Data,
  categories: CategoryTree,
  proportions: Proportion[],
  counts: Counts,
  labelIds: string[],
): Promise<Pool[]> {
  const scope = poolScope(data, categories, proportions, counts, labelIds)
  return poolsOf(await poolMembers(data, scope), scope, categories, proportions, counts)
}

/** Every shortage of the pools named at once (400). */
export function checkShortage(pools: Quota[]): void {
  const short = pools.filter((q) => q.have < q.need)
  if (short.length) bad(`题库题目不足：${short.map(shortageText).join('；')}`)
}

/**
 * A draw from the pools: per quota `need` ids uniformly without replacement (crypto source), then the
 * drawn rows read by id. Answers null when a drawn question left its pool since the pools were read
 * (deleted, 停用, moved, relabelled): the caller reads the pools again and draws again.
 */
export async function drawFromPools(
  data: Data,
  pools: Pool[],
  labelIds: string[],
): Promise<QuestionRow[] | null> {
  checkShortage(pools)
  return rowsOfDraw(data, pools, drawIds(pools), labelIds)
}

/** Per quota, `need` of its pool's ids. */
export const drawIds = (pools: Pool[]) => pools.map((pool) => draw(pool.ids, pool.need))

/** The drawn rows read by id; null when one left its pool (deleted, 停用, moved, relabelled). */
export async function rowsOfDraw(
  data: Data,
  pools: Pool[],
  chosen: string[][],
  labelIds: string[],
): Promise<QuestionRow[] | null> {
  const ids = chosen.flat()
  const found = ids.length ? await data.repo(safetyQuestion).find([inArray(safetyQuestion.id, ids)]) : []
  return drawnRows(pools, chosen, new Map(found.map((r) => [r.id, r])), labelIds)
}

/** The drawn rows in draw order; null when one is missing or no longer in its pool. */
export function drawnRows(
  pools: Pool[],
  chosen: string[][],
  byId: Map<string, QuestionRow>,
  labelIds: string[],
): QuestionRow[] | null {
  const stillIn = (row: QuestionRow | undefined, pool: Pool) =>
    !!row &&
    row.status === 1 &&
    row.questionType === pool.questionType &&
    pool.subtree.includes(row.categoryId ?? '') &&
    (!labelIds.length ||
      String(row.labelIds ?? '')
        .split(',')
        .some((l) => labelIds.includes(l)))
  if (!pools.every((pool, i) => chosen[i].every((id) => stillIn(byId.get(id), pool)))) return null
  return chosen.flat().map((id) => byId.get(id)!)
}

const shortageText = (q: Quota) =>
  `「${q.categoryName}」${QUESTION_TYPE_NAMES[q.questionType as QuestionType]}需要${q.need}道，现有${q.have}道`

/** k of `ids` drawn uniformly without replacement (partial Fisher–Yates over a crypto source). */
export function draw<T>(ids: T[], k: number): T[] {
  const a = [...ids]
  for (let i = 0; i < k; i++) {
    const j = i + randomInt(a.length - i)
    ;[a[i], a[j]] = [a[j], a[i]]
  }
  return a.slice(0, k)
}

/** Shuffles in place (Fisher–Yates, crypto source). */
export function shuffle<T>(a: T[]): T[] {
  for (let i = a.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[a[i], a[j]] = [a[j], a[i]]
  }
  return a
}

/**
 * Draws a paper by proportions (B.3): per type, quotas by largest remainder over the categories,
 * pools of 启用 questions in each subtree (with any of `labelIds`), every shortage named at once.
 * Answers the drawn question rows in draw order.
 */
export async function drawRows(
  data: Data,
  proportions: Proportion[],
  counts: Counts,
  labelIds: string[] = [],
  tree?: CategoryTree,
): Promise<{ rows: QuestionRow[]; quotas: Quota[]; categories: CategoryTree }> {
  const categories = tree ?? (await categoryTree(data))
  checkProportionTree(proportions, categories)
  for (let attempt = 0; attempt < 3; attempt++) {
    const pools = await loadPools(data, categories, proportions, counts, labelIds)
    const rows = await drawFromPools(data, pools, labelIds)
    if (rows) return { rows, quotas: pools.map(quotaOf), categories }
  }
  return bad('题库正在更新，请稍后重试')
}

/** A pool without its ids (what 按比例组卷 reports). */
export const quotaOf = ({ subtree: _subtree, ids: _ids, ...quota }: Pool): Quota => quota

/** A drawn paper as 按比例组卷 shows it (keys included: a bank screen). */
export async function generate(
  data: Data,
  proportions: Proportion[],
  counts: Counts,
  labelIds: string[] = [],
  tree?: CategoryTree,
): Promise<{ questions: GeneratedQuestion[]; quotas: Quota[] }> {
  const { rows, quotas, categories } = await drawRows(data, proportions, counts, labelIds, tree)
  return {
    questions: rows.map((q) => ({
      id: q.id,
      questionType: q.questionType ?? 1,
      categoryId: q.categoryId ?? '',
      categoryName: categories.name.get(q.categoryId ?? '') ?? '',
      stem: q.stem ?? '',
      options: parseOptions(q.options),
      answer: q.answer ?? '',
      difficulty: q.difficulty ?? 2,
    })),
    quotas,
  }
}

/** The supply check of a random paper at 提交审核 and 发布: every shortage named. */
export async function checkSupply(data: Data, proportions: Proportion[], counts: Counts, labelIds: string[]) {
  const categories = await categoryTree(data)
  checkProportionTree(proportions, categories)
  checkShortage(await loadPools(data, categories, proportions, counts, labelIds))
}
