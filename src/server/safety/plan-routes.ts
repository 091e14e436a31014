import { eq, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { registerResourceRoutes } from '../core/resource-routes'
import { route } from '../core/route'
import { ok } from '../core/envelope'
import { bad } from '../core/errors'
import { Data, dataOf } from '../core/data'
import { parsePaging } from '../core/query'
import { parseDateTime } from '../core/serialize'
import { entitySchema } from '../../shared/resource/validate'
import { onFlowEvent, startForRecord } from '../flow/business'
import { flowManagers } from '../flow/managers'
import { requireApplicantOrManager } from '../core/applicant'
import {
  safetyNotice,
  safetyPaper,
  safetyPaperPerson,
  safetyPlan,
  safetyPlanPerson,
  safetyPlanScope,
} from '../db/schema'
import { EXAM_STATUS, PLAN_STATUS, planResource, planScopeResource } from '../../shared/resources/safety/exam'
import { parseProportions } from '../../shared/resources/safety/proportions'
import { safetyPlanApi, type PlanView } from '../../shared/api/safety'
import { holdsMenu } from '../auth/permissions'
import { clock, num } from './clock'
import { candidateCount, countScope, matchScope, writeCandidates } from './candidates'
import { checkSupply } from './generation'
import { labelIdsOf, typeCountsOf } from './pool-cache'
import { warmPublished } from './pool-warming'

type Row = Record<string, unknown>
type PlanRow = typeof safetyPlan.$inferSelect

export const PLAN_TABLE = 'safety_exam_plan'
const PLAN_SCOPE_KEY = { name: planResource.name, permission: planResource.permission }
/** Besides its author, the roles of flow `exam`'s approval step change a plan. */
const MANAGES = flowManagers('exam')
const fullSchema = entitySchema(planResource)
const partialSchema = entitySchema(planResource, { partial: true })
const STATUS_TEXT = ['草稿', '审核中', '已退回', '已审核', '已发布']

export function phaseOf(plan: Pick<PlanRow, 'status' | 'startTime' | 'endTime'>, now = clock.now()): string {
  if (plan.status !== PLAN_STATUS.published) return STATUS_TEXT[plan.status] ?? ''
  if (plan.startTime && now < plan.startTime) return '未开始'
  if (plan.endTime && now >= plan.endTime) return '已结束'
  return '进行中'
}

/** Field rules of a plan (B.4); `forApproval` also needs the times. Fills 及格分 from the paper. */
async function checkPlan(data: Data, plan: Row, forApproval: boolean) {
  const paperId = String(plan.paperId ?? '')
  if (!paperId) bad('请选择试卷')
  const paper = await data.repo(safetyPaper).get(paperId)
  if (!paper) bad('请选择试卷')
  if (paper!.status !== 1) bad('试卷已停用')
  const total = num(paper!.totalScore) ?? 0
  const start = plan.startTime as Date | null | undefined
  const end = plan.endTime as Date | null | undefined
  if (forApproval && (!start || !end)) bad('请设置考试时间')
  if (start && end) {
    if (end <= start) bad('考试结束时间必须晚于开始时间')
    if (Number(plan.duration ?? 60) * 60_000 > end.getTime() - start.getTime())
      bad('考试时长不能超过考试时间段')
  }
  if (plan.passScore === undefined || plan.passScore === null || plan.passScore === '')
    plan.passScore = String(Math.round(total * 0.8 * 10) / 10)
  const pass = Number(plan.passScore)
  if (!(pass > 0)) bad('及格分必须大于0')
  if (pass > total) bad(`及格分不能大于试卷总分（${total}）`)
  return paper!
}

/** The saved row of a plan submit (add in 草稿, edit in 0/2; in 4 only a later end and the remark). */
async function savePlan(data: Data, body: Row): Promise<string> {
  const id = typeof body.id === 'string' && body.id ? body.id : null
  const parsed = (id ? partialSchema : fullSchema).parse(body) as Row
  delete parsed.id
  for (const key of ['startTime', 'endTime'])
    if (typeof parsed[key] === 'string')
      parsed[key] = parsed[key] === '' ? null : parseDateTime(String(parsed[key]))
  // Server-kept columns are never taken from a body.
  for (const key of [
    'status',
    'examType',
    'parentPlanId',
    'rootPlanId',
    'processInstanceId',
    'publishTime',
    'publishUser',
    'collectTime',
    'candidateCount',
  ])
    delete parsed[key]
  const repo = data.repo(safetyPlan, PLAN_SCOPE_KEY)
  if (!id) {
    await checkPlan(data, parsed, false)
    const [newId] = await repo.insert({
      ...parsed,
      status: PLAN_STATUS.draft,
      examType: 1,
      candidateCount: 0,
    } as never)
    await repo.update(newId, { rootPlanId: newId })
    return newId
  }
  const current = await repo.need(id, '数据不存在或无权修改')
  requireApplicantOrManager(current, data.me, MANAGES)
  if (current.status === PLAN_STATUS.auditing) bad('审核中的考试计划不能修改')
  if (current.status === PLAN_STATUS.approved) bad('已审核的考试计划不能修改')
  if (current.status === PLAN_STATUS.published) {
    for (const [key, value] of Object.entries(parsed)) {
      if (key === 'remark' || key === 'endTime') continue
      const was = (current as Row)[key]
      const same =
        value instanceof Date
          ? was instanceof Date && was.getTime() === value.getTime()
          : String(was ?? '') === String(value ?? '') || num(was) === num(value)
      if (!same) bad('已发布的考试计划只能延长结束时间')
    }
    const end = parsed.endTime as Date | undefined
    if (end && current.endTime && end < current.endTime) bad('已发布的考试计划只能延长结束时间')
    await repo.update(id, {
      endTime: end ?? current.endTime,
      remark: (parsed.remark as string | undefined) ?? current.remark,
    })
    return id
  }
  const merged = { ...current, ...parsed }
  await checkPlan(data, merged, false)
  await repo.update(id, { ...parsed, passScore: merged.passScore } as never)
  return id
}

/** 提交审核 / 重新申请: save, check what approval needs, start (or re-submit) flow `exam`. */
async function applyFor(data: Data, request: FastifyRequest, body: Row, again: boolean) {
  return data.transaction(async (tx) => {
    const id = await savePlan(tx, body)
    const plan = await tx.repo(safetyPlan, PLAN_SCOPE_KEY).need(id)
    if (again && plan.status !== PLAN_STATUS.returned) bad('只有已退回的考试计划可以重新申请')
    if (!again && plan.status !== PLAN_STATUS.draft && plan.status !== PLAN_STATUS.returned)
      bad('只有草稿或已退回的考试计划可以提交审核')
    const paper = await checkPlan(tx, plan as Row, true)
    if (plan.examType === 2) {
      if (!(await candidateCount(tx, id))) bad('补考计划没有考生')
    } else if (!(await tx.repo(safetyPlanScope).exists(eq(safetyPlanScope.planId, id)))) bad('请设置考试范围')
    if (paper.paperMode === 2) await checkPaperSupply(tx, paper)
    const started = await startForRecord({
      db: tx.db,
      user: request.user!,
      processKey: 'exam',
      businessTable: PLAN_TABLE,
      businessId: id,
    })
    await tx
      .repo(safetyPlan)
      .update(id, { status: PLAN_STATUS.auditing, processInstanceId: started.processInstanceId })
    return id
  })
}

async function checkPaperSupply(data: Data, paper: typeof safetyPaper.$inferSelect) {
  await checkSupply(
    data,
    parseProportions(paper.categoryProportion) ?? [],
    typeCountsOf(paper),
    labelIdsOf(paper),
  )
}

/** 发布: approved plans whose end is ahead become 已发布 and get their candidates, all or none. */
async function publish(data: Data, ids: string[]) {
  const now = clock.now()
  return data.transaction(async (tx) => {
    const plans = await tx.repo(safetyPlan, PLAN_SCOPE_KEY).needAll(ids)
    const refused = plans.flatMap((p) =>
      p.status !== PLAN_STATUS.approved
        ? [`「${p.planName}」（未审核通过）`]
        : p.endTime && p.endTime <= now
          ? [`「${p.planName}」结束时间已过`]
          : [],
    )
    if (refused.length) bad(`以下考试计划不能发布：${refused.join('、')}`)
    let candidates = 0
    let skipped = 0
    for (const plan of plans) {
      const paper = await tx.repo(safetyPaper).need(plan.paperId ?? '', '试卷不存在')
      if (paper.paperMode === 2) await checkPaperSupply(tx, paper)
      if (plan.examType !== 2) {
        const scopes = await tx.repo(safetyPlanScope).find([eq(safetyPlanScope.planId, plan.id)])
        const { people, noAccount } = await matchScope(tx, scopes)
        await writeCandidates(tx, plan.id, people, 1)
        skipped += noAccount
      }
      const count = await candidateCount(tx, plan.id)
      candidates += count
      await tx.repo(safetyPlan).update(plan.id, {
        status: PLAN_STATUS.published,
        publishTime: now,
        publishUser: tx.me.userId,
        candidateCount: count,
      })
    }
    return { published: plans.length, candidates, skippedNoAccount: skipped }
  })
}

/** 复制: a 草稿 「原名称（副本）」 with the same settings and scope rows, no candidates. */
async function copyPlan(data: Data, id: string) {
  return data.transaction(async (tx) => {
    const source = await tx.repo(safetyPlan, PLAN_SCOPE_KEY).need(id)
    const copy: Row = { ...source }
    for (const key of [
      'id',
      'tenantId',
      'createUser',
      'createDept',
      'createTime',
      'updateUser',
      'updateTime',
      'isDeleted',
      'processInstanceId',
      'publishTime',
      'publishUser',
      'collectTime',
      'parentPlanId',
    ])
      delete copy[key]
    const [newId] = await tx.repo(safetyPlan).insert({
      ...copy,
      planName: `${source.planName}（副本）`.slice(0, 100),
      status: PLAN_STATUS.draft,
      examType: 1,
      candidateCount: 0,
    } as never)
    await tx.repo(safetyPlan).update(newId, { rootPlanId: newId })
    const scopes = await tx.repo(safetyPlanScope).find([eq(safetyPlanScope.planId, id)])
    await tx.repo(safetyPlanScope).insert(
      scopes.map((s) => ({
        planId: newId,
        userType: s.userType,
        deptSerial: s.deptSerial,
        majorSerial: s.majorSerial,
        grade: s.grade,
        classNo: s.classNo,
      })),
    )
    return newId
  })
}

/** Names, phase and counts of plans for the managing list. */
async function present(data: Data, plans: PlanRow[]): Promise<PlanView[]> {
  const paperIds = [...new Set(plans.map((p) => p.paperId).filter((x): x is string => !!x))]
  const papers = paperIds.length ? await data.repo(safetyPaper).find([inArray(safetyPaper.id, paperIds)]) : []
  const paperById = new Map(papers.map((p) => [p.id, p]))
  return plans.map((p) => ({
    ...(p as unknown as PlanView),
    passScore: num(p.passScore) as never,
    paperName: paperById.get(p.paperId ?? '')?.paperName ?? '',
    totalScore: num(paperById.get(p.paperId ?? '')?.totalScore) ?? 0,
    phase: phaseOf(p),
  }))
}

/** The candidate's view of a plan: their state, score (when shown) and whether 开始考试 is open. */
async function candidateRows(data: Data, plans: PlanRow[]): Promise<PlanView[]> {
  const me = data.me
  const now = clock.now()
  const ids = plans.map((p) => p.id)
  const people = ids.length
    ? await data
        .repo(safetyPlanPerson)
        .find([inArray(safetyPlanPerson.planId, ids), eq(safetyPlanPerson.userId, me.userId)])
    : []
  const papers = ids.length
    ? await data
        .repo(safetyPaperPerson)
        .find([inArray(safetyPaperPerson.planId, ids), eq(safetyPaperPerson.userId, me.userId)])
    : []
  const notices = await data.repo(safetyNotice).find([
    inArray(
      safetyNotice.id,
      plans.map((p) => p.noticeId ?? '0'),
    ),
  ])
  const shown = await present(data, plans)
  return shown.map((plan, i) => {
    const raw = plans[i]
    const person = people.find((p) => p.planId === raw.id)
    const paper = papers.find((p) => p.planId === raw.id)
    let reason: string | null = null
    if (paper?.status === 2) reason = '已交卷'
    else if (!paper && raw.startTime && now < raw.startTime) reason = '考试尚未开始'
    else if (raw.endTime && now >= raw.endTime && !paper) reason = '考试已结束'
    const showScore = raw.showScore !== 0 && paper?.status === 2
    return {
      ...plan,
      myStatus: person?.examStatus ?? EXAM_STATUS.notStarted,
      myScore: showScore ? num(paper!.score) : null,
      myPassed: showScore ? (person?.passed ?? null) : null,
      canStart: !reason,
      reason,
      paperPersonId: paper?.id ?? null,
      noticeTitle: notices.find((n) => n.id === raw.noticeId)?.title ?? null,
    }
  })
}

async function planPage(data: Data, request: FastifyRequest, query: Row) {
  const manager = query.mine !== '1' && (await holdsMenu(data.db, data.me, 'safety_plan'))
  if (manager) {
    const page = await data.repo(safetyPlan, PLAN_SCOPE_KEY).page(query, { filters: { skip: ['mine'] } })
    return { ...page, records: await present(data, page.records) }
  }
  // Candidates: published plans they are listed in, newest first.
  const me = data.me
  const page = await data.repo(safetyPlan).page(
    { current: query.current, size: query.size, planName: query.planName },
    {
      where: [
        eq(safetyPlan.status, PLAN_STATUS.published),
        sql`exists (select 1 from safety_exam_plan_person pp where pp.plan_id = ${safetyPlan.id} and pp.user_id = ${me.userId} and pp.is_deleted = 0)`,
      ],
      sort: [sql`${safetyPlan.startTime} desc`],
    },
    parsePaging(query),
  )
  return { ...page, records: await candidateRows(data, page.records) }
}

async function planDetail(data: Data, request: FastifyRequest, id: string): Promise<PlanView> {
  if (await holdsMenu(data.db, data.me, 'safety_plan')) {
    const plan = await data.repo(safetyPlan, PLAN_SCOPE_KEY).need(id)
    const [view] = await present(data, [plan])
    const counts = await data.db
      .select({ status: safetyPlanPerson.examStatus, n: sql<string>`count(*)` })
      .from(safetyPlanPerson)
      .where(data.rows(safetyPlanPerson, eq(safetyPlanPerson.planId, id)))
      .groupBy(safetyPlanPerson.examStatus)
    const n = (s: number) => Number(counts.find((c) => c.status === s)?.n ?? 0)
    return {
      ...view,
      counts: {
        candidates: counts.reduce((s, c) => s + Number(c.n), 0),
        submitted: n(2),
        inProgress: n(1),
        absent: n(3),
      },
    }
  }
  const plan = await data
    .repo(safetyPlan)
    .first(eq(safetyPlan.id, id), eq(safetyPlan.status, PLAN_STATUS.published))
  const listed = plan
    ? await data
        .repo(safetyPlanPerson)
        .exists(eq(safetyPlanPerson.planId, id), eq(safetyPlanPerson.userId, data.me.userId))
    : false
  if (!plan || !listed) bad('数据不存在或无权访问')
  return (await candidateRows(data, [plan!]))[0]
}

let flowEventsRegistered = false

/** Flow `exam` moves the plan: approved → 3, rejected → 2, cancelled → 0. */
function registerFlowEvents() {
  if (flowEventsRegistered) return
  flowEventsRegistered = true
  const set =
    (status: number) => async (event: { tx: unknown; tenantId: string; businessId: string | null }) => {
      if (!event.businessId) return
      const data = new Data({ db: event.tx as Data['db'], tenantId: event.tenantId, user: null })
      await data.repo(safetyPlan).update(event.businessId, { status })
    }
  onFlowEvent('exam', {
    started: set(PLAN_STATUS.auditing),
    resubmitted: set(PLAN_STATUS.auditing),
    rejected: set(PLAN_STATUS.returned),
    approved: set(PLAN_STATUS.approved),
    cancelled: set(PLAN_STATUS.draft),
  })
}

async function scopeRules(data: Data, planId: string, adding: boolean) {
  const plan = await data.repo(safetyPlan, PLAN_SCOPE_KEY).need(planId, '考试计划不存在')
  if (plan.examType === 2) bad('补考计划的考生由系统生成，不能设置考试范围')
  if (plan.status === PLAN_STATUS.auditing || plan.status === PLAN_STATUS.approved)
    bad('考试计划已提交审核，不能修改考试范围')
  if (plan.status === PLAN_STATUS.published && !adding)
    bad('已发布的考试计划不能删除考试范围，请在考生管理中删除考生')
  return plan
}

export function registerPlanRoutes(app: FastifyInstance) {
  registerFlowEvents()
  const api = safetyPlanApi.plan
  registerResourceRoutes(app, { ...planResource, routes: ['list', 'remove'] }, safetyPlan, {
    beforeRemove: async ({ data, ids }) => {
      const plans = await data.repo(safetyPlan).needAll(ids)
      requireApplicantOrManager(plans, data.me, MANAGES)
      if (plans.some((p) => p.status !== PLAN_STATUS.draft && p.status !== PLAN_STATUS.returned))
        bad('只能删除草稿或已退回的考试计划')
      await data.repo(safetyPlanScope).deleteWhere([inArray(safetyPlanScope.planId, ids)])
      const people = await data.repo(safetyPlanPerson).find([inArray(safetyPlanPerson.planId, ids)])
      if (people.length) await data.repo(safetyPlanPerson).remove(people.map((p) => p.id))
    },
  })
  route(app, api.submit, async ({ data, body }) =>
    ok({ id: await data.transaction((tx) => savePlan(tx, body as Row)) }),
  )
  route(app, api.page, async ({ data, request, query }) => ok(await planPage(data, request, query)))
  route(app, api.detail, async ({ data, request, query }) => ok(await planDetail(data, request, query.id)))
  route(app, api.select, async ({ data }) => {
    const rows = await data.repo(safetyPlan, PLAN_SCOPE_KEY).list({}, { limit: 500 })
    return ok(rows.map((r) => ({ id: r.id, planName: r.planName ?? '', status: r.status })))
  })
  route(app, api.copy, async ({ data, query }) => ok({ id: await copyPlan(data, query.id) }, '复制成功'))
  route(app, api.handleApplyFor, async ({ data, request, body }) =>
    ok({ id: await applyFor(data, request, body, false) }, '提交成功'),
  )
  route(app, api.handleReApplyFor, async ({ data, request, body }) =>
    ok({ id: await applyFor(data, request, body, true) }, '重新提交成功'),
  )
  route(app, api.publish, async ({ data, query }) => {
    const result = await publish(data, query.ids)
    // Read behind the reply: the candidates' starts draw from these pools (pool-warming).
    void warmPublished(data, query.ids).catch(() => undefined)
    const skipped = result.skippedNoAccount ? `（${result.skippedNoAccount}人未开通账号，未加入）` : ''
    return ok(result, `发布成功，考生${result.candidates}人${skipped}`)
  })

  registerResourceRoutes(
    app,
    { ...planScopeResource, routes: ['page', 'detail', 'submit', 'remove'] },
    safetyPlanScope,
    {
      beforeSave: async ({ data, row, isNew, request }) => {
        const id = String((request.body as Row).id ?? '')
        const current = isNew ? null : await data.repo(safetyPlanScope).need(id, '数据不存在或无权修改')
        const planId = String(current?.planId ?? row.planId ?? '')
        if (!/^\d{1,19}$/.test(planId)) bad('请选择考试计划')
        row.planId = planId
        const plan = await scopeRules(data, planId, isNew)
        if (!isNew && plan.status === PLAN_STATUS.published) bad('已发布的考试计划只能新增考试范围')
        const merged = { ...(current ?? {}), ...row } as Row
        if (Number(merged.userType) === 2)
          Object.assign(row, { majorSerial: null, grade: null, classNo: null })
        const blank = (v: unknown) => (v === undefined || v === null ? '' : String(v))
        const same = await data
          .repo(safetyPlanScope)
          .find([eq(safetyPlanScope.planId, planId), eq(safetyPlanScope.userType, Number(merged.userType))])
        const clash = same.some(
          (s) =>
            s.id !== id &&
            blank(s.deptSerial) === blank(merged.deptSerial) &&
            blank(s.majorSerial) === blank(Number(merged.userType) === 2 ? '' : merged.majorSerial) &&
            blank(s.grade) === blank(Number(merged.userType) === 2 ? '' : merged.grade) &&
            blank(s.classNo) === blank(Number(merged.userType) === 2 ? '' : merged.classNo),
        )
        if (clash) bad('该考试范围已存在')
      },
      afterSave: async ({ data, id }) => {
        // A published plan's new scope row writes its candidates at once.
        const scope = await data.repo(safetyPlanScope).need(id)
        const plan = await data.repo(safetyPlan).need(scope.planId ?? '')
        if (plan.status !== PLAN_STATUS.published) return
        const { people } = await matchScope(data, [scope])
        await writeCandidates(data, plan.id, people, 1)
        await data.repo(safetyPlan).update(plan.id, { candidateCount: await candidateCount(data, plan.id) })
      },
      beforeRemove: async ({ data, ids }) => {
        const scopes = await data.repo(safetyPlanScope).needAll(ids)
        for (const planId of new Set(scopes.map((s) => s.planId ?? ''))) await scopeRules(data, planId, false)
      },
    },
  )
  route(app, safetyPlanApi.scope.list, async ({ request, query }) => {
    const data = dataOf(request)
    const planId = String(query.planId ?? query.planId_equal ?? '')
    if (!/^\d{1,19}$/.test(planId)) bad('请选择考试计划')
    const rows = await data.repo(safetyPlanScope).find([eq(safetyPlanScope.planId, planId)])
    const out = []
    for (const r of rows) out.push({ ...r, matchCount: await countScope(data, r) })
    return ok(out as never)
  })
}
