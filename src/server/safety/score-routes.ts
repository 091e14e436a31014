import { and, eq, inArray, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply } from 'fastify'
import { route } from '../core/route'
import { ok } from '../core/envelope'
import { bad } from '../core/errors'
import { Data, liveRows } from '../core/data'
import { readParam } from '../auth/params'
import { safetyPaperPerson, safetyPlan, safetyPlanPerson, safetyScore, tenant } from '../db/schema'
import { EXAM_STATUS, PLAN_STATUS, scoreResource } from '../../shared/resources/safety/exam'
import {
  RESULT_COLUMNS,
  safetyResultApi,
  type QrDetail,
  type ResultColumn,
  type Score,
} from '../../shared/api/safety'
import { attachment, sendXlsx } from '../base/spreadsheet'
import { holdsMenu } from '../auth/permissions'
import { clock, compactDate, dateText, num } from './clock'
import { certificatePdf, type CertificateData } from './certificate'
import { finalise, SUBMIT_TYPE } from './finalise'
import { computeStatistics } from './statistics'
import { deptIdsBelow } from './people'

type ScoreRow = typeof safetyScore.$inferSelect
type PlanRow = typeof safetyPlan.$inferSelect

export const SCORE_SCOPE = { name: scoreResource.name, permission: scoreResource.permission }
const PERSON_SCOPE = SCORE_SCOPE
const MAX_CERTIFICATES = 200

/** 有效 / 已过期 / 已作废 of a certificate at a read. */
export function certificateState(
  row: Pick<ScoreRow, 'status' | 'isDeleted' | 'validUntil'>,
  now = clock.now(),
): string {
  if (row.status === 0 || row.isDeleted === 1) return '已作废'
  if (row.validUntil && row.validUntil < dateText(now)) return '已过期'
  return '有效'
}

const presentScore = (r: ScoreRow): Score =>
  ({
    ...r,
    score: num(r.score),
    totalScore: num(r.totalScore),
    passScore: num(r.passScore),
    certificateState: r.certificateNo ? certificateState(r) : '',
  }) as unknown as Score

/** 张*三, 李*: the first and last characters of a name kept. */
export function maskName(name: string): string {
  const chars = [...name]
  if (chars.length <= 1) return name
  if (chars.length === 2) return `${chars[0]}*`
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`
}

/** 2022****01: four first and two last characters kept. */
export function maskCode(code: string): string {
  if (code.length <= 6)
    return `${code.slice(0, 1)}${'*'.repeat(Math.max(0, code.length - 2))}${code.slice(-1)}`
  return `${code.slice(0, 4)}${'*'.repeat(code.length - 6)}${code.slice(-2)}`
}

/** 汇总成绩 (B.6): after the end, what is open is handed in, those without a paper are 缺考, statistics remade. */
async function collect(data: Data, planId: string) {
  const plan = await data.repo(safetyPlan).need(planId, '考试计划不存在')
  const now = clock.now()
  if (plan.status !== PLAN_STATUS.published || !plan.endTime || now < plan.endTime)
    bad('考试尚未结束，不能汇总成绩')
  const open = await data
    .repo(safetyPaperPerson)
    .find([eq(safetyPaperPerson.planId, planId), eq(safetyPaperPerson.status, 1)])
  let finalised = 0
  for (const paper of open)
    if ((await finalise(data, paper.id, SUBMIT_TYPE.timeout))?.finalisedHere) finalised++
  return data.transaction(async (tx) => {
    await tx
      .repo(safetyPlanPerson)
      .updateWhere(
        [eq(safetyPlanPerson.planId, planId), eq(safetyPlanPerson.examStatus, EXAM_STATUS.notStarted)],
        {
          examStatus: EXAM_STATUS.absent,
        },
      )
    await computeStatistics(tx, planId)
    await tx.repo(safetyPlan).update(planId, { collectTime: now })
    const scores = await tx.repo(safetyScore).find([eq(safetyScore.planId, planId)])
    const absent = await tx
      .repo(safetyPlanPerson)
      .count(eq(safetyPlanPerson.planId, planId), eq(safetyPlanPerson.examStatus, EXAM_STATUS.absent))
    const passed = scores.filter((s) => s.passed === 1).length
    return { finalised, attended: scores.length, absent, passed, failed: scores.length - passed }
  })
}

/** 生成补考 (B.7): a 草稿 resit plan for the failed (and absent) who passed no plan of the chain. */
async function generateResit(data: Data, planId: string, includeAbsent: boolean) {
  return data.transaction(async (tx) => {
    const plans = tx.repo(safetyPlan)
    const plan = await plans.need(planId, '考试计划不存在')
    if (!plan.collectTime) bad('请先汇总成绩')
    const rootId = plan.rootPlanId ?? plan.id
    const root = await plans.get(rootId)
    const maxResits = root?.maxResits ?? plan.maxResits ?? 2
    const chain = await plans.find([eq(safetyPlan.rootPlanId, rootId), eq(safetyPlan.examType, 2)])
    const pending = chain.find((p) => p.parentPlanId === plan.id && (p.status ?? 0) < PLAN_STATUS.published)
    if (pending) bad(`已生成补考计划「${pending.planName}」，请勿重复生成`)
    if (chain.length >= maxResits) bad(`补考次数已达上限（${maxResits}次）`)
    const passedInChain = await tx.db
      .select({ userId: safetyScore.userId })
      .from(safetyScore)
      .where(tx.rows(safetyScore, and(eq(safetyScore.rootPlanId, rootId), eq(safetyScore.passed, 1))))
    const passedIds = new Set(passedInChain.map((r) => r.userId))
    const people = await tx.repo(safetyPlanPerson).find([eq(safetyPlanPerson.planId, planId)])
    const chosen = people.filter(
      (p) =>
        !passedIds.has(p.userId) &&
        ((p.examStatus === EXAM_STATUS.submitted && p.passed === 0) ||
          (includeAbsent &&
            (p.examStatus === EXAM_STATUS.absent || p.examStatus === EXAM_STATUS.notStarted))),
    )
    if (!chosen.length) bad('没有需要补考的考生')
    const k = chain.length + 1
    const baseName = root?.planName ?? plan.planName ?? ''
    const copy: Record<string, unknown> = { ...plan }
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
    ])
      delete copy[key]
    const planName = `${baseName}（补考${k}）`.slice(0, 100)
    const [resitId] = await plans.insert({
      ...copy,
      planName,
      examType: 2,
      parentPlanId: plan.id,
      rootPlanId: rootId,
      startTime: null,
      endTime: null,
      status: PLAN_STATUS.draft,
      candidateCount: chosen.length,
    } as never)
    await tx.repo(safetyPlanPerson).insert(
      chosen.map((p) => ({
        planId: resitId,
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
        source: 2,
        examStatus: EXAM_STATUS.notStarted,
      })),
    )
    return { id: resitId, planName, candidates: chosen.length }
  })
}

/** The certificate params (系统参数): title, issuer (default the tenant's name), verification URL. */
async function certificateParams(data: Data) {
  return {
    verifyUrl: (await readParam(data.db, 'safety.certificate.verifyUrl'))?.trim().replace(/\/+$/, '') || '',
    title: (await readParam(data.db, 'safety.certificate.title'))?.trim() || '实验室安全准入证书',
    issuer: (await readParam(data.db, 'safety.certificate.issuer'))?.trim() || (await tenantName(data)),
  }
}

/** What the certificate's QR code holds: the verification URL when configured, else the facts as text. */
function qrTextOf(row: ScoreRow, p: { verifyUrl: string; title: string }): string {
  const validUntil = row.validUntil ? String(row.validUntil) : null
  return p.verifyUrl
    ? `${p.verifyUrl}/api/safetyexam/safetyexamscore/qrCodeDetail?id=${row.id}&userCode=${encodeURIComponent(row.userCode ?? '')}`
    : `${p.title}|${row.certificateNo}|${row.userName}|${row.userCode}|${validUntil ? `有效期至${validUntil}` : '长期有效'}`
}

/** The certificate of a score row: text, dates, QR content. */
async function certificateOf(data: Data, row: ScoreRow, plan: PlanRow | undefined): Promise<CertificateData> {
  const { verifyUrl, title, issuer } = await certificateParams(data)
  const validUntil = row.validUntil ? String(row.validUntil) : null
  return {
    title,
    issuer,
    userName: row.userName ?? '',
    userCode: row.userCode ?? '',
    codeLabel: row.userType === 1 ? '学号' : '工号',
    deptName: row.deptName ?? '',
    planName: plan?.planName ?? row.planName ?? '',
    examDate: dateText(row.startTime ?? row.submitTime ?? clock.now()),
    score: num(row.score) ?? 0,
    certificateNo: row.certificateNo ?? '',
    issueDate: String(row.issueDate ?? ''),
    validUntil,
    qrText: qrTextOf(row, { verifyUrl, title }),
  }
}

async function tenantName(data: Data): Promise<string> {
  const [row] = await data.db.select({ name: tenant.tenantName }).from(tenant).where(data.rows(tenant))
  return row?.name ?? ''
}

/** 下载证书: staff any certified row in their scope; a candidate only their own passed ones. */
async function certificateFile(data: Data, ids: string[]): Promise<{ name: string; pdf: Buffer }> {
  if (ids.length > MAX_CERTIFICATES) bad('一次最多下载200张证书，请使用后台导出')
  const staff = await holdsMenu(data.db, data.me, 'safety_score')
  const rows = staff
    ? await data.repo(safetyScore, SCORE_SCOPE).find([inArray(safetyScore.id, ids)])
    : await data.repo(safetyScore).find([inArray(safetyScore.id, ids)])
  if (rows.length !== ids.length) bad('数据不存在或无权访问')
  if (!staff && rows.some((r) => r.userId !== data.me.userId)) bad('证书仅限本人下载')
  if (rows.some((r) => r.passed !== 1)) bad('未通过考试，无法下载证书')
  if (rows.some((r) => !r.certificateNo)) bad('该考试不颁发证书')
  const plans = await data
    .repo(safetyPlan)
    .find([inArray(safetyPlan.id, [...new Set(rows.map((r) => r.planId ?? ''))])])
  const planOf = new Map(plans.map((p) => [p.id, p]))
  const order = new Map(ids.map((id, i) => [id, i]))
  rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!)
  const certificates = []
  for (const r of rows) certificates.push(await certificateOf(data, r, planOf.get(r.planId ?? '')))
  const first = rows[0]
  const name =
    rows.length === 1
      ? `${certificates[0].title}_${first.userName}_${first.userCode}.pdf`
      : `${certificates[0].title}_${planOf.get(first.planId ?? '')?.planName ?? first.planName}.pdf`
  return { name, pdf: await certificatePdf(certificates) }
}

export { certificateFile, certificateOf }

/** qrCodeDetail: a certificate's public facts, masked, from its row's own tenant; no score. */
async function qrDetail(db: Data['db'], id: string, userCode: string): Promise<QrDetail> {
  const [row] = await db
    .select()
    .from(safetyScore)
    .where(and(liveRows(safetyScore), eq(safetyScore.id, id)))
    .limit(1)
  if (!row || !row.certificateNo || row.userCode !== userCode) bad('证书不存在或信息不匹配')
  const data = new Data({ db, tenantId: row!.tenantId, user: null })
  const issuer = (await readParam(db, 'safety.certificate.issuer'))?.trim() || (await tenantName(data))
  return {
    certificateNo: row!.certificateNo!,
    userName: maskName(row!.userName ?? ''),
    userCode: maskCode(row!.userCode ?? ''),
    deptName: row!.deptName ?? '',
    planName: row!.planName ?? '',
    issueDate: String(row!.issueDate ?? ''),
    validUntil: row!.validUntil ? String(row!.validUntil) : null,
    state: certificateState(row!),
    issuer,
  }
}

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/** The small mobile page a phone's browser gets from the QR code. */
function qrPage(detail: QrDetail | null, error?: string): string {
  const rows = detail
    ? [
        ['证书编号', detail.certificateNo],
        ['姓名', detail.userName],
        ['学号/工号', detail.userCode],
        ['院系', detail.deptName],
        ['考试', detail.planName],
        ['发证日期', detail.issueDate],
        ['有效期至', detail.validUntil ?? '长期有效'],
        ['发证单位', detail.issuer],
      ]
        .map(([k, v]) => `<tr><th>${k}</th><td>${escapeHtml(v)}</td></tr>`)
        .join('')
    : ''
  const state = detail ? `<p class="state ${detail.state === '有效' ? 'ok' : 'bad'}">${detail.state}</p>` : ''
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>证书验证</title><style>body{font-family:sans-serif;margin:0;padding:16px;background:#f5f7fa;color:#222}h1{font-size:20px;text-align:center}table{width:100%;background:#fff;border-collapse:collapse}th,td{padding:8px;border-bottom:1px solid #eee;text-align:left;font-size:15px}th{width:6em;color:#666;font-weight:normal}.state{text-align:center;font-size:22px;font-weight:bold}.ok{color:#2e7d32}.bad{color:#c62828}</style></head><body><h1>证书验证</h1>${state}${detail ? `<table>${rows}</table>` : `<p class="state bad">${escapeHtml(error ?? '')}</p>`}</body></html>`
}

function resultRows(rows: ScoreRow[], columns: ResultColumn[]) {
  const text = {
    userType: (r: ScoreRow) => (r.userType === 1 ? '学生' : '教职工'),
    examType: (r: ScoreRow) => (r.examType === 2 ? '补考' : '正式考试'),
    passed: (r: ScoreRow) => (r.passed === 1 ? '是' : '否'),
    submitType: (r: ScoreRow) => (r.submitType === 2 ? '超时自动交卷' : '主动交卷'),
    score: (r: ScoreRow) => num(r.score) ?? '',
    usedMinutes: (r: ScoreRow) => Math.round(((r.usedSeconds ?? 0) / 60) * 10) / 10,
    startTime: (r: ScoreRow) =>
      r.startTime ? `${dateText(r.startTime)} ${r.startTime.toTimeString().slice(0, 8)}` : '',
    submitTime: (r: ScoreRow) =>
      r.submitTime ? `${dateText(r.submitTime)} ${r.submitTime.toTimeString().slice(0, 8)}` : '',
    validUntil: (r: ScoreRow) => (r.certificateNo ? (r.validUntil ? String(r.validUntil) : '长期有效') : ''),
  } as Partial<Record<ResultColumn, (r: ScoreRow) => unknown>>
  return rows.map((r) =>
    Object.fromEntries(
      columns.map((c) => [
        RESULT_COLUMNS[c],
        text[c] ? text[c]!(r) : ((r as Record<string, unknown>)[c] ?? ''),
      ]),
    ),
  )
}

export function columnsOf(checkedItems: string | undefined): ResultColumn[] {
  const all = Object.keys(RESULT_COLUMNS) as ResultColumn[]
  const chosen = String(checkedItems ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((c): c is ResultColumn => all.includes(c as ResultColumn))
  return chosen.length ? [...new Set(chosen)] : all
}

/** Score rows of a plan for an export: the caller's data scope, 人员类型 and a college subtree. */
export async function exportRows(
  data: Data,
  query: { examPlanId: string; userType?: number; deptId?: string },
) {
  const conditions = [eq(safetyScore.planId, query.examPlanId)]
  if (query.userType) conditions.push(eq(safetyScore.userType, query.userType))
  if (query.deptId) conditions.push(inArray(safetyScore.deptId, await deptIdsBelow(data, query.deptId)))
  return data.repo(safetyScore, SCORE_SCOPE).find(conditions, {
    sort: [sql`${safetyScore.deptSerial} asc nulls last`, sql`${safetyScore.userCode} asc`],
    limit: 100000,
  })
}

export function resultSheet(rows: ScoreRow[], checkedItems?: string) {
  const columns = columnsOf(checkedItems)
  const sheet = resultRows(rows, columns)
  if (!sheet.length) sheet.push(Object.fromEntries(columns.map((c) => [RESULT_COLUMNS[c], ''])))
  return sheet
}

const sendPdf = (reply: FastifyReply, name: string, pdf: Buffer) =>
  reply.header('content-type', 'application/pdf').header('content-disposition', attachment(name)).send(pdf)

export function registerScoreRoutes(app: FastifyInstance) {
  const api = safetyResultApi.score
  route(app, api.page, async ({ data, query }) => {
    const staff = query.mine !== '1' && (await holdsMenu(data.db, data.me, 'safety_score'))
    const page = staff
      ? await data.repo(safetyScore, SCORE_SCOPE).page(query, { filters: { skip: ['mine'] } })
      : await data
          .repo(safetyScore)
          .page(
            { current: query.current, size: query.size, planName: query.planName },
            { where: [eq(safetyScore.userId, data.me.userId)] },
          )
    const params = page.records.some((r) => r.certificateNo) ? await certificateParams(data) : null
    return ok({
      ...page,
      records: page.records.map((r) => ({
        ...presentScore(r),
        qrText: params && r.certificateNo ? qrTextOf(r, params) : null,
      })),
    })
  })
  route(app, api.unEnterForPage, async ({ data, query }) => {
    const planId = String(query.planId ?? query.examPlanId ?? '')
    if (!/^\d{1,19}$/.test(planId)) bad('请选择考试计划')
    const page = await data.repo(safetyPlanPerson, PERSON_SCOPE).page(query, {
      filters: { skip: ['planId', 'examPlanId'] },
      where: [
        eq(safetyPlanPerson.planId, planId),
        sql`not exists (select 1 from safety_exam_ques_bank_paper_person pp where pp.person_id = ${safetyPlanPerson.id} and pp.is_deleted = 0)`,
      ],
      sort: [sql`${safetyPlanPerson.deptSerial} asc nulls last`, sql`${safetyPlanPerson.userCode} asc`],
    })
    return ok(page)
  })
  route(app, api.collectExamData, async ({ data, body }) => {
    const result = await collect(data, body.planId)
    return ok(result, `汇总完成：实考${result.attended}人，缺考${result.absent}人，通过${result.passed}人`)
  })
  route(app, api.automaticGenerationResit, async ({ data, body }) => {
    const result = await generateResit(data, body.planId, body.includeAbsent === 1)
    return ok(result, `已生成补考计划「${result.planName}」，考生${result.candidates}人`)
  })
  route(app, api.downloadCCie, async ({ data, body, reply }) => {
    const { name, pdf } = await certificateFile(data, body.ids)
    return sendPdf(reply, name, pdf)
  })
  route(
    app,
    api.qrCodeDetail,
    async ({ request, reply, query }) => {
      const wantsPage = String(request.headers.accept ?? '').includes('text/html')
      try {
        const detail = await qrDetail(app.db, query.id, query.userCode)
        if (wantsPage)
          return reply.header('content-type', 'text/html; charset=utf-8').send(qrPage(detail)) as never
        return ok(detail)
      } catch (error) {
        if (!wantsPage) throw error
        return reply
          .code(400)
          .header('content-type', 'text/html; charset=utf-8')
          .send(qrPage(null, (error as Error).message)) as never
      }
    },
    { config: { public: true, rateLimit: { max: 30, timeWindow: '1 minute' } } },
  )
  route(app, api.resultExport, async ({ data, query, reply }) => {
    const plan = await data.repo(safetyPlan).need(query.examPlanId, '考试计划不存在')
    const rows = await exportRows(data, query)
    const day = compactDate(plan.startTime ?? clock.now())
    return sendXlsx(
      reply,
      `考试成绩_${plan.planName}_${day}.xlsx`,
      '考试成绩',
      resultSheet(rows, query.checkedItems),
    )
  })
}
