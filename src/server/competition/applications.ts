import { eq, inArray, ne, sql } from 'drizzle-orm'
import { nextId } from '../core/ids'
import { entitySchema } from '../../shared/resource/validate'
import type { FieldDef } from '../../shared/resource/types'
import type { ApplyRow } from '../../shared/api/competition'
import { APPLY_STATUS, ENTRY_MODE, competitionApplyResource } from '../../shared/resources/competition'
import type { Data, RowOf } from '../core/data'
import { bad } from '../core/errors'
import { formatDateTime, parseDateTime } from '../core/serialize'
import { baseTeacher, competitionApply, competitionApplySeq, dept } from '../db/schema'
import { startForRecord } from '../flow/business'
import { deptChain } from '../flow/candidates'
import { isStaff, teacherOf } from './caller'
import { now } from './clock'
import { collegeNames, joinNames, labOptions, num, splitIds, teacherNames } from './names'
import { parameterOf } from './parameter-routes'
import { requireApplicantOrManager } from '../core/applicant'
import { flowManagers } from '../flow/managers'

/** Besides its applicant: the school audit's roles and college staff (院系审核 goes to staff@<college>). */
const APPLY_MANAGERS = flowManagers('competition_apply', ['staff'])

/** Applications (domain A.3): the save, the numbers and the start of flow `competition_apply`. */

export type ApplyRecordRow = RowOf<typeof competitionApply>
type Row = Record<string, unknown>

export const APPLY_FLOW = 'competition_apply'
export const APPLY_TABLE = 'competition_project_apply'

const schema = entitySchema(competitionApplyResource)
/** What a form may write; the rest (numbers, status, review figures, the leader's account) is the server's. */
const WRITABLE = new Set<string>(
  (competitionApplyResource.fields as readonly FieldDef[]).filter((f) => f.form !== false).map((f) => f.name),
)

/** The data-scope key of applications: teachers see the projects they lead (本人 on leader_user_id). */
export const applyScope = competitionApplyResource

export async function presentApplies(data: Data, rows: ApplyRecordRow[]): Promise<ApplyRow[]> {
  const colleges = await collegeNames(
    data,
    rows.map((r) => r.deptSerial),
  )
  const teachers = await teacherNames(
    data,
    rows.flatMap((r) => [r.leaderTeacherId, r.teacherIds]),
  )
  const labIds = [...new Set(rows.map((r) => r.labId).filter((v): v is string => !!v))]
  const labs = new Map(labIds.length ? (await labOptions(data, labIds)).map((l) => [l.value, l.label]) : [])
  return rows.map((r) => ({
    ...(r as unknown as ApplyRow),
    budget: num(r.budget) ?? 0,
    approvedFunds: num(r.approvedFunds),
    avgScore: num(r.avgScore),
    deptName: colleges.get(String(r.deptSerial)) ?? '',
    leaderName: teachers.get(String(r.leaderTeacherId)) ?? '',
    teacherNames: joinNames(r.teacherIds, teachers),
    labName: r.labId ? (labs.get(r.labId) ?? '') : '',
    placesLeft: r.maxEntries ? Math.max(0, Number(r.maxEntries) - Number(r.entryCount ?? 0)) : null,
  }))
}

const time = (v: unknown): Date | null =>
  v instanceof Date ? v : typeof v === 'string' && v ? parseDateTime(v.replace('T', ' ')) : null
const minute = (d: Date) => formatDateTime(d).slice(0, 16)
const dayOf = (d: Date) => formatDateTime(d).slice(0, 10)

/** The 申报 window of the parameter of a 学年, checked at 提交申报. */
async function checkApplyWindow(data: Data, academicYear: string) {
  const p = await parameterOf(data, academicYear)
  const start = time(p.applyStart)
  const end = time(p.applyEnd)
  if (!p.id || !start || !end) bad('未设置本学年的申报时间')
  const at = now()
  if (at < start! || at > end!) bad(`不在申报时间内（${minute(start!)} 至 ${minute(end!)}）`)
}

/** The next 申报编号 of a 学年 (JS2025001): one conditional upsert, so two submits never share one. */
async function nextApplyNo(data: Data, academicYear: string): Promise<string> {
  const seq = data.repo(competitionApplySeq)
  if (!(await seq.exists(eq(competitionApplySeq.academicYear, academicYear)))) {
    await data.db
      .insert(competitionApplySeq)
      .values({ id: nextId(), tenantId: data.tenantId, academicYear, lastValue: 0 })
      .onConflictDoNothing()
  }
  const [row] = await data.db
    .update(competitionApplySeq)
    .set({ lastValue: sql`${competitionApplySeq.lastValue} + 1` })
    .where(data.rows(competitionApplySeq, eq(competitionApplySeq.academicYear, academicYear)))
    .returning({ value: competitionApplySeq.lastValue })
  return `JS${academicYear.slice(0, 4)}${String(row.value).padStart(3, '0')}`
}

/** The checks of A.3 on the values of a save. */
async function checkValues(data: Data, values: Row, existing: ApplyRecordRow | null) {
  const staff = isStaff(data)
  const leader = await data.repo(baseTeacher).get(String(values.leaderTeacherId))
  if (!leader) bad('负责教师不存在')
  if (!staff) {
    const me = await teacherOf(data)
    if (!me) bad('当前账号未关联教师信息')
    if (me!.id !== leader!.id) bad('只能以本人为负责教师申报')
  }
  values.leaderUserId = leader!.userId ?? null
  const teacherIds = splitIds(values.teacherIds as string)
  if (teacherIds.length > 10) bad('指导教师最多10人')
  if (teacherIds.length) {
    const found = await data.repo(baseTeacher).count(inArray(baseTeacher.id, teacherIds))
    if (found !== new Set(teacherIds).size) bad('指导教师不存在')
  }
  if (splitIds(values.attachIds as string).length > 5) bad('申报书附件最多5个')
  if (!(await data.repo(dept).exists(eq(dept.serial, String(values.deptSerial))))) bad('承办院系不存在')
  if (values.labId && !(await labOptions(data, [String(values.labId)])).length) bad('依托实验室不存在')

  const mode = Number(values.entryMode)
  if (mode === ENTRY_MODE.personal) {
    values.minMembers = null
    values.maxMembers = null
  } else {
    const p = await parameterOf(data, String(values.academicYear))
    values.minMembers ??= p.defaultMinMembers ?? 2
    values.maxMembers ??= p.defaultMaxMembers ?? 5
    if (Number(values.minMembers) > Number(values.maxMembers)) bad('团队人数上限不能小于下限')
  }
  const signupStart = time(values.signupStart)!
  const signupEnd = time(values.signupEnd)!
  if (signupEnd <= signupStart) bad('报名截止时间必须晚于开始时间')
  if (String(values.planStart) < dayOf(signupEnd)) bad('比赛开始日期不能早于报名截止日期')
  if (String(values.planEnd) < String(values.planStart)) bad('比赛结束日期不能早于开始日期')
  values.signupStart = signupStart
  values.signupEnd = signupEnd

  const clash = await data
    .repo(competitionApply)
    .exists(
      eq(competitionApply.academicYear, String(values.academicYear)),
      eq(competitionApply.competitionName, String(values.competitionName)),
      eq(competitionApply.deptSerial, String(values.deptSerial)),
      ne(competitionApply.status, APPLY_STATUS.rejected),
      existing ? ne(competitionApply.id, existing.id) : undefined,
    )
  if (clash) bad(`本学年该院系已申报「${String(values.competitionName)}」`)
}

/**
 * `submit`: saves a new application or edits one in 草稿 or 已退回; with `applyFlag: 1` also gives it its
 * number and starts (or re-submits) `competition_apply`, in the caller's transaction.
 */
export async function saveApplication(
  data: Data,
  body: Row,
): Promise<{ id: string; applyNo: string | null; status: number }> {
  const parsed = schema.parse(body) as Row
  const values: Row = {}
  for (const [k, v] of Object.entries(parsed)) if (WRITABLE.has(k)) values[k] = v ?? null
  const scoped = data.repo(competitionApply, applyScope)
  const id = typeof parsed.id === 'string' && parsed.id ? parsed.id : null
  const existing = id ? await scoped.need(id) : null
  if (existing) requireApplicantOrManager(existing, data.me, APPLY_MANAGERS)
  if (existing?.status === APPLY_STATUS.auditing) bad('审核中的申报不能修改')
  if (existing && existing.status >= APPLY_STATUS.reviewing) bad('已进入评审的申报不能修改')
  await checkValues(data, values, existing)
  const submitting = Number(body.applyFlag) === 1
  if (submitting) await checkApplyWindow(data, String(values.academicYear))

  let rowId: string
  if (existing) {
    rowId = existing.id
    await scoped.update(rowId, values as never)
  } else {
    ;[rowId] = await data
      .repo(competitionApply)
      .insert({ ...values, status: APPLY_STATUS.draft, entryCount: 0 } as never)
  }
  let applyNo = existing?.applyNo ?? null
  if (submitting) {
    if (!applyNo) applyNo = await nextApplyNo(data, String(values.academicYear))
    await data.repo(competitionApply).update(rowId, { applyNo, submitTime: now() } as never)
    const started = await startForRecord({
      db: data.db,
      user: data.me,
      processKey: APPLY_FLOW,
      businessTable: APPLY_TABLE,
      businessId: rowId,
      variables: { collegeAuditGroups: await collegeAuditGroups(data, String(values.deptSerial)) },
    })
    await data.repo(competitionApply).update(rowId, { processInstanceId: started.processInstanceId } as never)
  }
  const saved = await data.repo(competitionApply).need(rowId)
  return { id: rowId, applyNo: saved.applyNo, status: saved.status }
}

/**
 * 院系审核's candidates: the staff role in the host college (承办院系) or a department above it, so the
 * application goes to the college it is for, whoever files it.
 */
async function collegeAuditGroups(data: Data, deptSerial: string): Promise<string[]> {
  const college = await data.repo(dept).first(eq(dept.serial, deptSerial))
  const chain = college ? await deptChain(data.db, data.tenantId, college.id) : []
  return (chain.length ? chain : data.me.deptIds).map((d) => `staff@${d}`)
}

/** `remove`: drafts only (A.3). */
export async function removeApplications(data: Data, ids: string[]) {
  const repo = data.repo(competitionApply, applyScope)
  const rows = await repo.needAll(ids, '部分数据不存在或无权删除')
  requireApplicantOrManager(rows, data.me, APPLY_MANAGERS)
  if (rows.some((r) => r.status !== APPLY_STATUS.draft)) bad('只能删除草稿状态的申报')
  await repo.remove(ids)
}

/** Application statuses driven by the flow (A.3). */
export function setApplyStatus(data: Data, id: string, status: number, extra: Row = {}) {
  return data.repo(competitionApply).update(id, { status, ...extra } as never)
}
