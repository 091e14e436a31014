import { and, asc, eq, getTableColumns, gt, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Data } from '../core/data'
import { bad, BizError } from '../core/errors'
import { nextId } from '../core/ids'
import {
  safetyPaper,
  safetyPaperPerson,
  safetyPaperQuestion,
  safetyPlan,
  safetyPlanPerson,
  safetyQuestion,
} from '../db/schema'
import { EXAM_STATUS, PLAN_STATUS } from '../../shared/resources/safety/exam'
import { OPTION_KEYS, type QuestionType } from '../../shared/resources/safety/bank'
import { parseOptions } from '../../shared/resources/safety/question-rules'
import type { ExamPaper } from '../../shared/api/safety'
import { clock, GRACE_SECONDS, minuteText, num } from './clock'
import { finalise, SUBMIT_TYPE, type PaperPersonRow } from './finalise'
import { shuffle } from './generation'
import {
  drawKept,
  drawnRowsOf,
  labelIdsOf,
  notePlanPaper,
  paperPools,
  predraw,
  predrawFits,
  rowsOfKeptDraw,
  bankUnchanged,
  type Predraw,
} from './pool-cache'
import { studyMinutesOf } from './study'
import type { SnapQuestion } from './scoring'

type PlanRow = typeof safetyPlan.$inferSelect
type PaperRow = typeof safetyPaper.$inferSelect
type QuestionRow = typeof safetyQuestion.$inferSelect

/** What a candidate sees of their attempt: never a key, an analysis or a correctness (B.5). */
export function candidateView(
  plan: PlanRow,
  paper: Pick<
    PaperPersonRow,
    | 'id'
    | 'questions'
    | 'totalScore'
    | 'passScore'
    | 'startTime'
    | 'deadline'
    | 'version'
    | 'answers'
    | 'blurCount'
  >,
): ExamPaper {
  const now = clock.now()
  const questions = paper.questions as SnapQuestion[]
  return {
    paperPersonId: paper.id,
    planId: plan.id,
    planName: plan.planName ?? '',
    totalScore: num(paper.totalScore) ?? 0,
    passScore: num(paper.passScore) ?? 0,
    questionCount: questions.length,
    startTime: paper.startTime as unknown as string,
    deadline: paper.deadline as unknown as string,
    serverNow: now as unknown as string,
    remainingSeconds: Math.max(0, Math.floor((paper.deadline.getTime() - now.getTime()) / 1000)),
    version: paper.version,
    answers: (paper.answers ?? {}) as Record<string, string>,
    blurCount: paper.blurCount,
    questions: questions.map((q) => ({
      qid: q.qid,
      no: q.no,
      type: q.type,
      stem: q.stem,
      imageIds: q.imageIds,
      options: q.options,
      score: q.score,
    })),
  }
}

/**
 * The questions of the attempt: a fixed paper's list, or a random draw per candidate (mode 2): the
 * predraw when the start's read found it unchanged, else a draw from the kept pools; pools read
 * afresh when a drawn question left its pool.
 */
async function drawQuestions(
  data: Data,
  paper: PaperRow,
  checked?: { pre: Predraw; unchanged: boolean },
): Promise<QuestionRow[]> {
  if (paper.paperMode === 2) {
    const labelIds = labelIdsOf(paper)
    if (checked) {
      const { kept, chosen } = checked.pre
      const rows = await rowsOfKeptDraw(data, kept, chosen, checked.unchanged, labelIds)
      if (rows) return rows
    }
    for (let attempt = checked ? 1 : 0; attempt < 3; attempt++) {
      const rows = await drawKept(data, await paperPools(data, paper, attempt > 0), labelIds)
      if (rows) return rows
    }
    return bad('题库正在更新，请稍后重试')
  }
  const links = await data
    .repo(safetyPaperQuestion)
    .find([eq(safetyPaperQuestion.paperId, paper.id)], { sort: [asc(safetyPaperQuestion.sort)] })
  const rows = links.length
    ? await data.repo(safetyQuestion).find([
        inArray(
          safetyQuestion.id,
          links.map((l) => l.questionId),
        ),
      ])
    : []
  const byId = new Map(rows.map((r) => [r.id, r]))
  return links.map((l) => byId.get(l.questionId)).filter((q): q is QuestionRow => !!q)
}

/**
 * The snapshot of an attempt: questions grouped by type (单选, 多选, 判断), shuffled within the type
 * and their options relettered when the plan says so (判断 keeps 正确/错误), keys in the letters shown.
 */
export function snapshot(
  plan: Pick<PlanRow, 'shuffleQuestions' | 'shuffleOptions'>,
  paper: PaperRow,
  rows: QuestionRow[],
): SnapQuestion[] {
  const scoreOf = {
    1: num(paper.singleScore) ?? 0,
    2: num(paper.multipleScore) ?? 0,
    3: num(paper.judgeScore) ?? 0,
  }
  const out: SnapQuestion[] = []
  for (const type of [1, 2, 3] as QuestionType[]) {
    const ofType = rows.filter((q) => q.questionType === type)
    if (plan.shuffleQuestions !== 0) shuffle(ofType)
    for (const q of ofType) {
      let options = parseOptions(q.options)
      let key = q.answer ?? ''
      if (type !== 3 && plan.shuffleOptions !== 0) {
        const order = shuffle([...options])
        const letter = new Map(order.map((o, i) => [o.key, OPTION_KEYS[i]]))
        options = order.map((o, i) => ({ key: OPTION_KEYS[i], text: o.text }))
        key = key
          .split('')
          .map((k) => letter.get(k) ?? k)
          .sort()
          .join('')
      }
      out.push({
        qid: q.id,
        no: out.length + 1,
        type,
        stem: q.stem ?? '',
        imageIds: q.imageIds ?? null,
        options: type === 3 ? [] : options,
        key,
        score: scoreOf[type],
        analysis: q.analysis ?? null,
      })
    }
  }
  return out
}

/** The caller's live attempt at a plan, if any. */
export function attemptOf(data: Data, planId: string, userId: string) {
  return data
    .repo(safetyPaperPerson)
    .first(eq(safetyPaperPerson.planId, planId), eq(safetyPaperPerson.userId, userId))
}

/**
 * 开始考试 (getPaperQuestionsByUserUniapp, B.5): resume the caller's attempt, or start one after the
 * checks in order; the deadline is fixed here, by the server: min(now + duration, endTime).
 */
export async function startOrResume(data: Data, planId: string): Promise<ExamPaper> {
  const me = data.me
  // A random paper is drawn before the read, which then also checks the bank unchanged: a start is
  // this read and its insert (the embedded database serves one statement at a time), or with the plan
  // remembered, the insert alone (startAtOnce).
  const startedHere = `${data.tenantId}:${planId}:${me.userId}`
  // No draw for a candidate who started here: theirs is most likely a resume.
  const pre = started.has(startedHere) ? undefined : predraw(data.tenantId, planId)
  if (pre?.plan) {
    const paper = await startAtOnce(data, pre as Predraw & { plan: PlanRow })
    if (paper) {
      noteStarted(startedHere)
      return paper
    }
  }
  // One read: the plan with its paper, the caller's candidate row with their attempt.
  const [found] = await data.db
    .select({
      plan: safetyPlan,
      paper: safetyPaper,
      person: safetyPlanPerson,
      attempt: safetyPaperPerson,
      unchanged: pre ? bankUnchanged(data, pre.kept) : sql<null>`null`,
    })
    .from(safetyPlan)
    .leftJoin(safetyPaper, data.rows(safetyPaper, eq(safetyPaper.id, safetyPlan.paperId)))
    .leftJoin(
      safetyPlanPerson,
      data.rows(
        safetyPlanPerson,
        eq(safetyPlanPerson.planId, safetyPlan.id),
        eq(safetyPlanPerson.userId, me.userId),
      ),
    )
    .leftJoin(
      safetyPaperPerson,
      data.rows(
        safetyPaperPerson,
        eq(safetyPaperPerson.planId, safetyPlan.id),
        eq(safetyPaperPerson.userId, me.userId),
      ),
    )
    .where(data.rows(safetyPlan, eq(safetyPlan.id, planId)))
    .limit(1)
  const plan = found?.plan
  if (!plan || plan.status !== PLAN_STATUS.published) bad('考试不存在或未发布')
  const person = found.person
  if (!person) bad('您不在本次考试的考生名单中')
  const existing = found.attempt
  const now = clock.now()
  if (existing?.status === 2) bad('您已交卷，不能重复参加本次考试')
  if (existing) {
    if (now.getTime() > existing.deadline.getTime() + GRACE_SECONDS * 1000) {
      await finalise(data, existing.id, SUBMIT_TYPE.timeout)
      bad('考试时间已到，答卷已自动提交')
    }
    return candidateView(plan!, existing)
  }
  if (!plan!.startTime || now < plan!.startTime)
    bad(`考试尚未开始（开始时间：${plan!.startTime ? minuteText(plan!.startTime) : '未设置'}）`)
  if (!plan!.endTime || now >= plan!.endTime) bad('考试已结束')
  const required = plan!.requiredStudyMinutes ?? 0
  if (required > 0) {
    const minutes = await studyMinutesOf(data, me.userId)
    if (minutes < required)
      bad(`学习时长不足：本次考试要求完成${required}分钟安全学习，您已学习${minutes}分钟`)
  }
  const paper = found.paper
  if (!paper) bad('试卷不存在')
  if (paper!.paperMode === 2) notePlanPaper(data.tenantId, planId, paper!, plan!)
  const checked =
    pre && found.unchanged !== null && predrawFits(pre, data.tenantId, paper!)
      ? { pre, unchanged: found.unchanged }
      : undefined
  const questions = snapshot(plan!, paper!, await drawQuestions(data, paper!, checked))
  if (!questions.length) throw new BizError('试卷没有题目')
  // The attempt as written (no row read back: the snapshot is the largest value of the start).
  const attempt = { ...attemptOfStart(data, plan!, paper!, questions, now), personId: person!.id }
  // The attempt unless a racing start wrote one (on conflict), with its candidate's 答题中.
  const row = stamp(data)
  const insert = data.db
    .insert(safetyPaperPerson)
    .values({ ...row, ...attempt })
    .onConflictDoNothing({
      target: [safetyPaperPerson.tenantId, safetyPaperPerson.planId, safetyPaperPerson.userId],
      where: sql`is_deleted = 0`,
    })
    .returning({ id: safetyPaperPerson.id, personId: safetyPaperPerson.personId })
  const inserted = await writeStart(data, insert.getSQL(), row)
  noteStarted(startedHere)
  // A racing second start reads the first one's paper.
  return candidateView(
    plan!,
    inserted ? { ...attempt, id: inserted } : (await attemptOf(data, planId, me.userId))!,
  )
}

/**
 * Writes a start as one statement: `insert` (an insert of the attempt `returning id, person_id`, which
 * writes nothing when the start must not happen) and, with it, its candidate's 答题中. Answers the new
 * attempt's id, if one was written. A transaction would hold the embedded database across two round
 * trips of every start.
 */
async function writeStart(
  data: Data,
  insert: SQL,
  row: Pick<ReturnType<typeof stamp>, 'updateUser' | 'updateTime'>,
): Promise<string | undefined> {
  const mark = data.db
    .update(safetyPlanPerson)
    .set({ examStatus: EXAM_STATUS.inProgress, updateUser: row.updateUser, updateTime: row.updateTime })
    .where(
      data.rows(
        safetyPlanPerson,
        eq(safetyPlanPerson.examStatus, EXAM_STATUS.notStarted),
        sql`${safetyPlanPerson.id} in (select person_id from started)`,
      ),
    )
    .returning({ id: safetyPlanPerson.id })
  const written = await data.db.execute(
    sql`with started as (${insert}), marked as (${mark.getSQL()}) select id::text as id from started`,
  )
  return (written.rows as { id: string }[])[0]?.id
}

/** The attempt row of a start at `now` (its candidate row apart). */
function attemptOfStart(data: Data, plan: PlanRow, paper: PaperRow, questions: SnapQuestion[], now: Date) {
  return {
    planId: plan.id,
    userId: data.me.userId,
    paperId: paper.id,
    questions,
    answers: {},
    version: 0,
    multiplePartial: paper.multiplePartial ?? 0,
    totalScore: String(questions.reduce((s, q) => s + q.score, 0)),
    passScore: String(num(plan.passScore) ?? 0),
    startTime: now,
    deadline: new Date(Math.min(now.getTime() + (plan.duration ?? 60) * 60_000, plan.endTime!.getTime())),
    blurCount: 0,
    status: 1,
  }
}

/**
 * Candidates who started a plan through this process: their next call is a resume, which the read
 * answers (startAtOnce would send a snapshot only to find the attempt there). Only a hint.
 */
const started = new Set<string>()
const MAX_STARTED = 100_000
function noteStarted(key: string) {
  started.add(key)
  if (started.size > MAX_STARTED) started.delete(started.values().next().value!)
}

/** `column = value`, or `column is null` for a null value. */
const same = (column: PgColumn, value: unknown): SQL =>
  value === null || value === undefined ? isNull(column) : eq(column, value)

/** A stamp equal to `t` within a millisecond (one driver may round another's microseconds). */
const stampIs = (column: PgColumn, t: Date | null) =>
  t
    ? and(
        gt(column, new Date(t.getTime() - 1)),
        sql`${column} < ${sql.param(new Date(t.getTime() + 1), column)}`,
      )!
    : isNull(column)

/**
 * A start on a random paper in one statement: the snapshot built from the predraw and the plan and
 * paper as remembered, inserted only if, in that statement, the plan and paper are still as
 * remembered in every column the attempt and the checks use, the window is open, no study time is
 * required, the caller is a candidate without a live attempt and the bank is at the version the
 * pools were read at (bankUnchanged). Anything else inserts nothing and the start reads (startOrResume), which answers
 * with the right message, resumes, or draws again.
 */
async function startAtOnce(data: Data, pre: Predraw & { plan: PlanRow }): Promise<ExamPaper | undefined> {
  const { plan, paper } = pre
  const now = clock.now()
  const open =
    plan.status === PLAN_STATUS.published &&
    plan.paperId === paper.id &&
    paper.paperMode === 2 &&
    !!plan.startTime &&
    !!plan.endTime &&
    now >= plan.startTime &&
    now < plan.endTime &&
    (plan.requiredStudyMinutes ?? 0) <= 0
  const rows = open ? drawnRowsOf(pre, labelIdsOf(paper)) : null
  if (!rows) return undefined
  const questions = snapshot(plan, paper, rows)
  if (!questions.length) return undefined
  const attempt = attemptOfStart(data, plan, paper, questions, now)
  const row = { ...stamp(data), ...attempt }
  const columns = getTableColumns(safetyPaperPerson) as Record<string, PgColumn>
  const keys = Object.keys(row) as (keyof typeof row)[]
  const names = sql.join(
    [...keys.map((k) => sql.identifier(columns[k].name)), sql.identifier(safetyPaperPerson.personId.name)],
    sql`, `,
  )
  // Typed: parameters of a select list are not typed by the insert's columns.
  const values = sql.join(
    keys.map((k) => sql`${sql.param(row[k], columns[k])}::${sql.raw(columns[k].getSQLType())}`),
    sql`, `,
  )
  const planSame = data.rows(
    safetyPlan,
    eq(safetyPlan.id, plan.id),
    eq(safetyPlan.status, PLAN_STATUS.published),
    eq(safetyPlan.paperId, paper.id),
    lte(safetyPlan.startTime, now),
    gt(safetyPlan.endTime, now),
    stampIs(safetyPlan.endTime, plan.endTime),
    sql`coalesce(${safetyPlan.requiredStudyMinutes}, 0) <= 0`,
    same(safetyPlan.duration, plan.duration),
    same(safetyPlan.passScore, plan.passScore),
    same(safetyPlan.planName, plan.planName),
    same(safetyPlan.shuffleQuestions, plan.shuffleQuestions),
    same(safetyPlan.shuffleOptions, plan.shuffleOptions),
  )
  const paperSame = data.rows(
    safetyPaper,
    eq(safetyPaper.id, paper.id),
    stampIs(safetyPaper.updateTime, paper.updateTime),
  )
  const person = data.rows(
    safetyPlanPerson,
    eq(safetyPlanPerson.planId, plan.id),
    eq(safetyPlanPerson.userId, data.me.userId),
  )
  const insert = sql`insert into ${safetyPaperPerson} (${names})
    select ${values}, ${safetyPlanPerson.id} from ${safetyPlanPerson}
    where ${person}
      and exists (select 1 from ${safetyPlan} where ${planSame})
      and exists (select 1 from ${safetyPaper} where ${paperSame})
      and ${bankUnchanged(data, pre.kept)}
    on conflict (tenant_id, plan_id, user_id) where is_deleted = 0 do nothing
    returning id, person_id`
  const inserted = await writeStart(data, insert, row)
  return inserted ? candidateView(plan, { ...attempt, id: inserted }) : undefined
}

/** The managed columns of a row written without the repo (an insert with `on conflict`). */
function stamp(data: Data) {
  const now = clock.now()
  return {
    id: nextId(),
    tenantId: data.tenantId,
    createUser: data.user?.userId ?? null,
    createDept: data.user?.deptIds[0] ?? null,
    createTime: now,
    updateUser: data.user?.userId ?? null,
    updateTime: now,
    isDeleted: 0,
  }
}
