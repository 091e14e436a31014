import { eq, inArray, ne, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { registerResourceRoutes } from '../core/resource-routes'
import { route } from '../core/route'
import { done, ok } from '../core/envelope'
import { bad } from '../core/errors'
import { dataOf, type Data } from '../core/data'
import { idList } from '../../shared/resource/validate'
import {
  safetyCategory,
  safetyLabel,
  safetyPaper,
  safetyPaperQuestion,
  safetyPlan,
  safetyQuestion,
} from '../db/schema'
import { categoryResource, questionResource, questionSheetResource } from '../../shared/resources/safety/bank'
import {
  checkQuestion,
  judgeText,
  parseOptions,
  stemKeyOf,
} from '../../shared/resources/safety/question-rules'
import { parseProportions } from '../../shared/resources/safety/proportions'
import { safetyBankApi, type CategoryNode } from '../../shared/api/safety'
import { sendXlsx } from '../base/spreadsheet'
import { categoryTree, generate } from './generation'
import { invalidateBank } from './pool-cache'

type Row = Record<string, unknown>

const MAX_LEVELS = 3
const listOf = (v: unknown) =>
  String(v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)

// ---- categories ----

async function checkCategory(data: Data, row: Row, id: string | null) {
  const tree = await categoryTree(data)
  const current = id ? await data.repo(safetyCategory).need(id, '数据不存在或无权修改') : null
  const parentId = String(row.parentId ?? current?.parentId ?? '0') || '0'
  row.parentId = parentId
  if (parentId !== '0' && !tree.name.has(parentId)) bad('上级分类不存在')
  if (id && tree.subtree(id).includes(parentId)) bad('上级分类不能是自身或其下级')
  const name = String(row.categoryName ?? current?.categoryName ?? '').trim()
  const clash = await data
    .repo(safetyCategory)
    .exists(
      eq(safetyCategory.parentId, parentId),
      eq(safetyCategory.categoryName, name),
      id ? ne(safetyCategory.id, id) : undefined,
    )
  if (clash) bad('同级分类名称已存在')
  let parentLevel = 0
  for (
    let at = parentId;
    at !== '0' && tree.name.has(at) && parentLevel < 10;
    at = tree.parent.get(at) ?? '0'
  )
    parentLevel++
  const height = id ? Math.max(...tree.subtree(id).map((c) => depthBelow(tree, c, id))) + 1 : 1
  if (parentLevel + height > MAX_LEVELS) bad('分类最多三级')
}

function depthBelow(tree: Awaited<ReturnType<typeof categoryTree>>, node: string, top: string): number {
  let d = 0
  for (let at = node; at !== top && d < 10; at = tree.parent.get(at) ?? top) d++
  return d
}

async function papersUsingCategory(data: Data, ids: string[]) {
  const papers = await data.repo(safetyPaper).find([sql`${safetyPaper.categoryProportion} is not null`])
  return papers.filter((p) =>
    (parseProportions(p.categoryProportion) ?? []).some((r) => ids.includes(r.categoryId)),
  )
}

async function removeCategories(data: Data, ids: string[]) {
  const repo = data.repo(safetyCategory)
  await repo.needAll(ids, '部分数据不存在或无权删除')
  if (await repo.exists(inArray(safetyCategory.parentId, ids), sql`${safetyCategory.id} not in ${ids}`))
    bad('请先删除子分类')
  const n = await data.repo(safetyQuestion).count(inArray(safetyQuestion.categoryId, ids))
  if (n > 0) bad(`该分类下有${n}道题目，不能删除`)
  const [paper] = await papersUsingCategory(data, ids)
  if (paper) bad(`分类已被试卷「${paper.paperName}」使用，不能删除`)
  await repo.remove(ids)
}

async function categoryForest(data: Data): Promise<CategoryNode[]> {
  const rows = await data
    .repo(safetyCategory)
    .find([], { sort: [sql`${safetyCategory.sort} asc`, sql`${safetyCategory.id} asc`] })
  const nodes = new Map<string, CategoryNode>(
    rows.map((r) => [r.id, { id: r.id, title: r.categoryName ?? '', parentId: r.parentId ?? '0' }]),
  )
  const roots: CategoryNode[] = []
  for (const node of nodes.values()) {
    const parent = nodes.get(node.parentId)
    if (parent) (parent.children ??= []).push(node)
    else roots.push(node)
  }
  return roots
}

// ---- questions ----

/** Fixed papers of plans in approval or later that hold one of the questions (they may not change). */
async function lockedPaperOf(data: Data, questionIds: string[]) {
  const rows = await data.db
    .select({ paperName: safetyPaper.paperName })
    .from(safetyPaperQuestion)
    .innerJoin(safetyPaper, eq(safetyPaper.id, safetyPaperQuestion.paperId))
    .innerJoin(safetyPlan, eq(safetyPlan.paperId, safetyPaper.id))
    .where(
      data.rows(
        safetyPaperQuestion,
        inArray(safetyPaperQuestion.questionId, questionIds),
        data.rows(safetyPaper),
        data.rows(safetyPlan, sql`${safetyPlan.status} >= 1`),
      ),
    )
    .limit(1)
  return rows[0]?.paperName ?? null
}

/** Checks and normalises a question row in place (options JSON, sorted key, stem key). */
async function checkQuestionRow(data: Data, row: Row, id: string | null) {
  const current = id ? await data.repo(safetyQuestion).need(id, '数据不存在或无权修改') : null
  const type = Number(row.questionType ?? current?.questionType)
  const checked = checkQuestion(
    type,
    row.options !== undefined ? row.options : current?.options,
    row.answer !== undefined ? row.answer : current?.answer,
  )
  if ('error' in checked) bad(checked.error)
  else {
    row.options = type === 3 ? null : JSON.stringify(checked.options)
    row.answer = checked.answer
  }
  const stem = String(row.stem ?? current?.stem ?? '')
  if (!stem.trim()) bad('请输入题干')
  row.stemKey = stemKeyOf(stem)
  if (listOf(row.labelIds ?? current?.labelIds).length > 5) bad('标签最多选择5个')
  if (listOf(row.imageIds ?? current?.imageIds).length > 3) bad('题干图片最多上传3张')
  const categoryId = String(row.categoryId ?? current?.categoryId ?? '')
  if (!(await data.repo(safetyCategory).exists(eq(safetyCategory.id, categoryId)))) bad('题目分类不存在')
  const clash = await data
    .repo(safetyQuestion)
    .exists(
      eq(safetyQuestion.questionType, type),
      eq(safetyQuestion.stemKey, String(row.stemKey)),
      id ? ne(safetyQuestion.id, id) : undefined,
    )
  if (clash) bad('题目已存在（同题型、同题干）')
  if (current && Number(row.status) === 0 && current.status === 1) {
    const paper = await lockedPaperOf(data, [current.id])
    if (paper) bad(`题目已被试卷「${paper}」使用，不能停用`)
  }
}

const SHEET = questionSheetResource.fields
const OPTION_NAMES = ['optionA', 'optionB', 'optionC', 'optionD', 'optionE', 'optionF'] as const
const TYPE_BY_TEXT: Record<string, number> = { 单选题: 1, 多选题: 2, 判断题: 3, 单选: 1, 多选: 2, 判断: 3 }
const DIFFICULTY_BY_TEXT: Record<string, number> = { 易: 1, 中: 2, 难: 3 }
const STATUS_BY_TEXT: Record<string, number> = { 启用: 1, 停用: 0 }

const valueOf = (raw: unknown, byText: Record<string, number>, fallback: number | null) => {
  const text = String(raw ?? '').trim()
  if (!text) return fallback
  if (text in byText) return byText[text]
  const n = Number(text)
  return Object.values(byText).includes(n) ? n : undefined
}

/**
 * 题目导入 (B.9): every row checked (category path or unique name, labels by name, the key's forms,
 * duplicates inside the file and against the bank), then all rows written, or none with every row's
 * message.
 */
async function importQuestions(data: Data, sheet: Row[]) {
  const tree = await categoryTree(data)
  const byPath = new Map<string, string[]>()
  for (const id of tree.name.keys()) {
    for (const key of new Set([tree.path(id), tree.name.get(id)!]))
      byPath.set(key, [...(byPath.get(key) ?? []), id])
  }
  const labels = await data.repo(safetyLabel).find()
  const labelId = new Map(labels.map((l) => [l.labelName ?? '', l.id]))
  const errors: string[] = []
  const rows: Row[] = []
  const seen = new Map<string, number>()
  for (const [i, cells] of sheet.entries()) {
    const line = i + 2
    const fail = (msg: string) => errors.push(`第${line}行：${msg}`)
    const type = valueOf(cells.questionType, TYPE_BY_TEXT, null)
    if (!type) {
      fail('题型只能是单选题、多选题或判断题')
      continue
    }
    const path = String(cells.categoryPath ?? '')
      .trim()
      .replace(/\s*[/／>＞]\s*/g, '/')
    const categories = byPath.get(path) ?? []
    if (!path) {
      fail('请填写题目分类')
      continue
    }
    if (categories.length !== 1) {
      fail(categories.length ? `题目分类「${path}」不唯一，请填写完整路径` : `题目分类「${path}」不存在`)
      continue
    }
    const labelNames = String(cells.labelNames ?? '')
      .split(/[、,，]/)
      .map((s) => s.trim())
      .filter(Boolean)
    const unknown = labelNames.find((n) => !labelId.has(n))
    if (unknown) {
      fail(`标签「${unknown}」不存在`)
      continue
    }
    if (labelNames.length > 5) {
      fail('标签最多选择5个')
      continue
    }
    const stem = String(cells.stem ?? '').trim()
    if (!stem) {
      fail('请填写题干')
      continue
    }
    if (stem.length > 1000) {
      fail('题干不能超过1000个字符')
      continue
    }
    const options = OPTION_NAMES.map((name, k) => ({
      key: 'ABCDEF'[k],
      text: String(cells[name] ?? '').trim(),
    }))
    while (options.length && !options[options.length - 1].text) options.pop()
    const checked = checkQuestion(type, JSON.stringify(options), cells.answerText)
    if ('error' in checked) {
      fail(checked.error)
      continue
    }
    const difficulty = valueOf(cells.difficulty, DIFFICULTY_BY_TEXT, 2)
    if (difficulty === undefined) {
      fail('难度只能是易、中或难')
      continue
    }
    const status = valueOf(cells.status, STATUS_BY_TEXT, 1)
    if (status === undefined) {
      fail('状态只能是启用或停用')
      continue
    }
    const stemKey = stemKeyOf(stem)
    const key = `${type}|${stemKey}`
    const earlier = seen.get(key)
    if (earlier) {
      fail(`与第${earlier}行题目重复`)
      continue
    }
    seen.set(key, line)
    rows.push({
      line,
      questionType: type,
      categoryId: categories[0],
      labelIds: labelNames.map((n) => labelId.get(n)).join(','),
      stem,
      stemKey,
      options: type === 3 ? null : JSON.stringify(checked.options),
      answer: checked.answer,
      analysis: String(cells.analysis ?? '').trim() || null,
      difficulty,
      status,
    })
  }
  // Against the bank, in chunks (an import holds up to 5,000 rows).
  for (let i = 0; i < rows.length; i += 500) {
    const chunk = rows.slice(i, i + 500)
    const existing = await data.repo(safetyQuestion).find([
      inArray(
        safetyQuestion.stemKey,
        chunk.map((r) => String(r.stemKey)),
      ),
    ])
    const taken = new Set(existing.map((q) => `${q.questionType}|${q.stemKey}`))
    for (const r of chunk)
      if (taken.has(`${r.questionType}|${r.stemKey}`))
        errors.push(`第${r.line}行：题目已存在（同题型、同题干）`)
  }
  if (errors.length) {
    errors.sort((a, b) => Number(/\d+/.exec(a)![0]) - Number(/\d+/.exec(b)![0]))
    bad(errors.slice(0, 20).join('；') + (errors.length > 20 ? `；等${errors.length}处错误` : ''))
  }
  await data.repo(safetyQuestion).insert(rows.map(({ line: _line, ...r }) => r as never))
  return rows.length
}

async function exportQuestions(data: Data, query: Row) {
  const tree = await categoryTree(data)
  const labels = new Map((await data.repo(safetyLabel).find()).map((l) => [l.id, l.labelName ?? '']))
  const rows = []
  const repo = data.repo(safetyQuestion, questionResource)
  for (let current = 1; ; current++) {
    const page = await repo.page({ ...query, current, size: 5000 })
    rows.push(...page.records)
    if (page.records.length < 5000 || rows.length >= page.total || rows.length >= 100000) break
  }
  const label = (name: string) => SHEET.find((f) => f.name === name)!.label.zh
  const typeText = { 1: '单选题', 2: '多选题', 3: '判断题' } as Record<number, string>
  const sheet = rows.map((q) => {
    const options = parseOptions(q.options)
    const out: Row = {
      [label('questionType')]: typeText[q.questionType ?? 1],
      [label('categoryPath')]: tree.path(q.categoryId ?? ''),
      [label('labelNames')]: listOf(q.labelIds)
        .map((id) => labels.get(id) ?? '')
        .filter(Boolean)
        .join('、'),
      [label('stem')]: q.stem ?? '',
    }
    OPTION_NAMES.forEach((name, k) => (out[label(name)] = options[k]?.text ?? ''))
    out[label('answerText')] = q.questionType === 3 ? judgeText(q.answer ?? '') : (q.answer ?? '')
    out[label('analysis')] = q.analysis ?? ''
    out[label('difficulty')] = { 1: '易', 2: '中', 3: '难' }[q.difficulty ?? 2] ?? '中'
    out[label('status')] = q.status === 0 ? '停用' : '启用'
    return out
  })
  if (!sheet.length) sheet.push(Object.fromEntries(SHEET.map((f) => [f.label.zh, ''])))
  return sheet
}

/**
 * Every write to the bank or its categories makes the tenant's kept pools stale (pool-cache), once
 * its transaction committed and before its reply goes out: the next start reads the pools again.
 */
function invalidatePoolsOnWrite(app: FastifyInstance) {
  const bankPaths = [`${categoryResource.basePath}/`, `${questionResource.basePath}/`]
  app.addHook('onSend', async (request, _reply, payload) => {
    const path = request.routeOptions.url ?? ''
    if (request.method !== 'POST' || !bankPaths.some((p) => path.startsWith(p))) return payload
    // the caller's tenant, and the one a platform administrator may name instead
    const named = [(request.body as Row | undefined)?.tenantId, (request.query as Row | undefined)?.tenantId]
    for (const tenantId of [request.user?.tenantId, ...named])
      if (typeof tenantId === 'string' && tenantId) invalidateBank(tenantId)
    return payload
  })
}

export function registerBankRoutes(app: FastifyInstance) {
  invalidatePoolsOnWrite(app)
  registerResourceRoutes(
    app,
    { ...categoryResource, routes: ['list', 'page', 'detail', 'submit'] },
    safetyCategory,
    {
      beforeSave: ({ data, row, isNew, request }) =>
        checkCategory(data, row, isNew ? null : String((request.body as Row).id)),
    },
  )
  app.post(
    `${categoryResource.basePath}/remove`,
    { schema: { querystring: z.object({ ids: idList }).loose() } },
    async (request) => {
      await dataOf(request).transaction((tx) =>
        removeCategories(tx, (request.query as { ids: string[] }).ids),
      )
      return done()
    },
  )
  route(app, safetyBankApi.category.tree, async ({ data }) => ok(await categoryForest(data)))

  registerResourceRoutes(app, questionResource, safetyQuestion, {
    // `categoryTree=<id>`: the questions of a category and every category below it (the tree at the left).
    readScope: (request) => {
      const at = (request.query as Row | undefined)?.categoryTree
      if (typeof at !== 'string' || !/^\d{1,19}$/.test(at)) return []
      return [
        sql`${safetyQuestion.categoryId} in (with recursive sub as (select id from safety_exam_ques_bank_category where id = ${at} and is_deleted = 0 union all select c.id from safety_exam_ques_bank_category c join sub on c.parent_id = sub.id where c.is_deleted = 0) select id from sub)`,
      ]
    },
    beforeSave: ({ data, row, isNew, request }) =>
      checkQuestionRow(data, row, isNew ? null : String((request.body as Row).id)),
    beforeRemove: async ({ data, ids }) => {
      const paper = await lockedPaperOf(data, ids)
      if (paper) bad(`题目已被试卷「${paper}」使用，不能删除`)
    },
    present: async (rows, request) => {
      const tree = await categoryTree(dataOf(request))
      return rows.map((r) => ({
        ...r,
        stemKey: undefined,
        categoryName: tree.path(String(r.categoryId ?? '')),
      }))
    },
  })
  route(app, safetyBankApi.question.saveImportQuestions, async ({ data, body }) =>
    ok({ count: await data.transaction((tx) => importQuestions(tx, body.questions)) }, '导入成功'),
  )
  route(app, safetyBankApi.question.pageExport, async ({ data, query, reply }) =>
    sendXlsx(reply, '题库.xlsx', '题库', await exportQuestions(data, query)),
  )
  route(app, safetyBankApi.question.fixedExamQuestionGeneration, async ({ data, query }) => {
    const proportions = parseProportions(query.categoryProportionArray)
    if (!proportions) bad('分类比例格式不正确')
    const result = await generate(
      data,
      proportions!,
      { 1: query.singleCount, 2: query.multipleCount, 3: query.judgeCount },
      listOf(query.labelIds),
    )
    return ok(result)
  })
}
