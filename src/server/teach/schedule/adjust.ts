import { and, eq, inArray, ne } from 'drizzle-orm'
import type { Data } from '../../core/data'
import { bad, BizError } from '../../core/errors'
import { holdsMenu } from '../../auth/permissions'
import { teachBatchAssStudent, teachBatchPlan, teachBatchPlanAdjust } from '../../db/schema'
import type { AdjustRow, BatchPlanRow } from '../../db/schema/schedule'
import type { AdjustView } from '../../../shared/api/schedule'
import {
  ADJUST_STATUS,
  ADJUST_STATUS_OPTIONS,
  ADJUST_TYPE_OPTIONS,
  BATCH_STATUS,
} from '../../../shared/resources/schedule/codes'
import { labelOfCode } from '../../../shared/resources/teach/codes'
import {
  formatWhen,
  joinWeeks,
  maskToWeeks,
  parseWeeks,
  weeksToMask,
} from '../../../shared/resources/schedule/weeks'
import { BusyIndex } from './collision/busy'
import type { PlanSlot } from './collision/engine'
import { checkWritten, lockBatchTerms } from './batches'
import { loadTermPlans, recordsOf, splitList, writeLinks, type PlanRecord } from './load'
import { namesOf } from './names'
import { reasonOf, rowsById } from './reasons'
import { checkTime, needClassrooms, needTeachers } from './rules'
import { currentWeekOf, termCalendar } from './term'
import { ownTeacher } from './people'
import { viewsOf } from './views'
import { requireApplicantOrManager } from '../../core/applicant'
import { flowManagers } from '../../flow/managers'

/** Who may change any 调课 request besides its applicant: the roles of the `teachadjust` step. */
export const ADJUST_MANAGERS = flowManagers('teachadjust')

/** What an adjustment asks for, after the wire schema. */
export interface AdjustRequest {
  batchPlanId: string
  adjustWeeks: number[]
  newWeeks: number[]
  newWeekday: number
  newStartSection: number
  newEndSection: number
  newRoomIds: string[]
  newTeacherIds: string[]
  reason: string
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((x) => b.includes(x))

/** 1 时间 2 地点 3 教师 4 综合: what changes. */
export function adjustTypeOf(plan: BatchPlanRow, req: AdjustRequest): number {
  const time =
    joinWeeks(req.adjustWeeks) !== joinWeeks(req.newWeeks) ||
    req.newWeekday !== Number(plan.weekday) ||
    req.newStartSection !== Number(plan.startSection) ||
    req.newEndSection !== Number(plan.endSection)
  const room = !sameSet(req.newRoomIds, splitList(plan.roomIds))
  const teacher = !sameSet(req.newTeacherIds, splitList(plan.teacherIds))
  const kinds = [time, room, teacher].filter(Boolean).length
  if (!kinds) bad('调整前后没有变化')
  return kinds > 1 ? 4 : time ? 1 : room ? 2 : 3
}

/**
 * The rules of teaching.md 7 a draft must meet: a published plan, taught by the caller unless they
 * manage batch plans, moved weeks of the plan not yet past, as many new weeks, a real change, valid
 * rooms and teachers, and the target inside the term's rules.
 */
export async function checkRequest(
  data: Data,
  plan: BatchPlanRow,
  req: AdjustRequest,
  selfId?: string,
): Promise<number> {
  if (Number(plan.status) !== BATCH_STATUS.published) bad('只有已发布的排课可以申请调课')
  if (!(await holdsMenu(data.db, data.me, 'teach_batchplan'))) {
    const own = await ownTeacher(data)
    if (!own || !splitList(plan.teacherIds).includes(String(own.id))) bad('只能为自己任课的排课申请调课')
  }
  const calendar = await termCalendar(data, String(plan.academicYearId))
  const weeks = parseWeeks(plan.weeks)
  const outside = req.adjustWeeks.find((w) => !weeks.includes(w))
  if (outside) bad(`第${outside}周不在该排课的周次中`)
  const current = currentWeekOf(calendar)
  const past = current ? req.adjustWeeks.find((w) => w < current) : undefined
  if (past) bad(`第${past}周已过，不能调整`)
  if (req.newWeeks.length !== req.adjustWeeks.length) bad('调整后的周次数必须与原周次数相同')
  const type = adjustTypeOf(plan, req)
  checkTime(calendar, {
    weeks: req.newWeeks,
    weekday: req.newWeekday,
    startSection: req.newStartSection,
    endSection: req.newEndSection,
  })
  await needClassrooms(data, req.newRoomIds)
  await needTeachers(data, req.newTeacherIds)
  const open = await data
    .repo(teachBatchPlanAdjust)
    .exists(
      and(
        eq(teachBatchPlanAdjust.batchPlanId, plan.id),
        eq(teachBatchPlanAdjust.status, ADJUST_STATUS.inApproval),
      ),
      selfId ? ne(teachBatchPlanAdjust.id, selfId) : undefined,
    )
  if (open) bad('该排课已有审核中的调课申请')
  return type
}

/** The moved occurrences as a slot of their own, and what stays of the plan. */
function split(plan: PlanRecord, req: AdjustRequest): { target: PlanSlot; remaining: PlanSlot | null } {
  const moved = weeksToMask(req.adjustWeeks)
  const rest = (plan.weekMask & ~moved) >>> 0
  return {
    target: {
      ...plan,
      id: `adjust:${plan.id}`,
      weekMask: weeksToMask(req.newWeeks),
      weekday: req.newWeekday,
      startSection: req.newStartSection,
      endSection: req.newEndSection,
      rooms: req.newRoomIds,
      teachers: req.newTeacherIds,
    },
    remaining: rest ? { ...plan, id: `rest:${plan.id}`, weekMask: rest } : null,
  }
}

/**
 * What the target collides with, besides the moved occurrences themselves: each as a reason
 * (教师李四：电路实验第1批（A301）), prefixed by when.
 */
export async function targetClashes(data: Data, plan: BatchPlanRow, req: AdjustRequest): Promise<string[]> {
  const plans = await loadTermPlans(data, String(plan.academicYearId))
  const [record] = await recordsOf(data, [plan])
  const { target, remaining } = split(record, req)
  const others = plans.filter((p) => p.id !== plan.id)
  const index = new BusyIndex(remaining ? [...others, remaining] : others)
  const clashes = index.clashes(target)
  if (!clashes.length) return []
  const rows = rowsById(plans)
  const names = await namesOf(
    data,
    plans.map((p) => p.row),
    { studentNos: clashes.flatMap((c) => c.students?.slice(0, 1) ?? []) },
  )
  const reason = reasonOf(names, rows)
  return [
    ...new Set(
      clashes.map(
        (c) =>
          `${formatWhen(maskToWeeks(target.weekMask & c.other.weekMask), target.weekday, Math.max(target.startSection, c.other.startSection), Math.min(target.endSection, c.other.endSection))} ${reason(c)}`,
      ),
    ),
  ]
}

export const requestOf = (row: AdjustRow): AdjustRequest => ({
  batchPlanId: String(row.batchPlanId),
  adjustWeeks: parseWeeks(row.adjustWeeks),
  newWeeks: parseWeeks(row.newWeeks),
  newWeekday: Number(row.newWeekday),
  newStartSection: Number(row.newStartSection),
  newEndSection: Number(row.newEndSection),
  newRoomIds: splitList(row.newRoomIds),
  newTeacherIds: splitList(row.newTeacherIds),
  reason: String(row.reason ?? ''),
})

/** Saves a draft (new or edited, only in 草稿 or 已退回), with the plan's snapshot. */
export async function saveDraft(data: Data, req: AdjustRequest, id?: string): Promise<string> {
  const repo = data.repo(teachBatchPlanAdjust, { name: 'teachbatchplanadjust', permission: 'teach_adjust' })
  if (id) {
    const current = await repo.need(id, '调课申请不存在或无权修改')
    requireApplicantOrManager(current, data.me, ADJUST_MANAGERS)
    if (![ADJUST_STATUS.draft, ADJUST_STATUS.returned].includes(Number(current.status) as 0 | 2))
      bad('只有草稿或已退回的调课申请可以修改')
  }
  const plan = await data.repo(teachBatchPlan).need(req.batchPlanId, '排课不存在')
  const adjustType = await checkRequest(data, plan, req, id)
  const values = {
    academicYearId: String(plan.academicYearId),
    batchPlanId: plan.id,
    batchName: `${plan.projectName ?? ''}第${plan.batchNo}批`,
    courseName: plan.courseName ?? '',
    adjustWeeks: joinWeeks(req.adjustWeeks),
    newWeeks: req.newWeeks.join(','),
    newWeekday: req.newWeekday,
    newStartSection: req.newStartSection,
    newEndSection: req.newEndSection,
    newRoomIds: req.newRoomIds.join(','),
    newTeacherIds: req.newTeacherIds.join(','),
    origWeeks: String(plan.weeks ?? ''),
    origWeekday: Number(plan.weekday),
    origStartSection: Number(plan.startSection),
    origEndSection: Number(plan.endSection),
    origRoomIds: String(plan.roomIds ?? ''),
    origTeacherIds: String(plan.teacherIds ?? ''),
    adjustType,
    reason: req.reason,
  }
  if (id) {
    await repo.update(id, values)
    return id
  }
  const [newId] = await repo.insert({
    ...values,
    status: ADJUST_STATUS.draft,
    applicantName: data.me.realName || data.me.account,
  })
  return newId
}

/**
 * Approval (teaching.md 7): re-checks the target and throws to refuse the step when something took it
 * meanwhile; else moves the plan (all its weeks) or splits it: the moved weeks leave the plan and a new
 * published plan (adjustFromId, same batch number) takes them with the new time, rooms, teachers and a
 * copy of the assigned students. Both are rechecked.
 */
export async function applyAdjustment(data: Data, id: string): Promise<void> {
  const row = await data.repo(teachBatchPlanAdjust).need(id, '调课申请不存在')
  // read after the lock: another approval of the same batch may have split it meanwhile
  await lockBatchTerms(data, [String(row.batchPlanId)])
  const plan = await data.repo(teachBatchPlan).need(String(row.batchPlanId), '排课不存在')
  const req = requestOf(row)
  if (Number(plan.status) !== BATCH_STATUS.published) throw new BizError('只有已发布的排课可以调课')
  const calendar = await termCalendar(data, String(plan.academicYearId))
  try {
    checkTime(calendar, {
      weeks: req.newWeeks,
      weekday: req.newWeekday,
      startSection: req.newStartSection,
      endSection: req.newEndSection,
    })
  } catch (e) {
    throw new BizError(`调课后与以下安排冲突，不能通过：${(e as Error).message}`)
  }
  const clashes = await targetClashes(data, plan, req)
  if (clashes.length) throw new BizError(`调课后与以下安排冲突，不能通过：${clashes.join('；')}`)
  const plans = data.repo(teachBatchPlan)
  const weeks = parseWeeks(plan.weeks)
  const rest = weeks.filter((w) => !req.adjustWeeks.includes(w))
  const moved = {
    weeks: joinWeeks(req.newWeeks),
    weekMask: weeksToMask(req.newWeeks),
    weekday: req.newWeekday,
    startSection: req.newStartSection,
    endSection: req.newEndSection,
    roomIds: req.newRoomIds.join(','),
    teacherIds: req.newTeacherIds.join(','),
  }
  let resultId = plan.id
  if (!rest.length) {
    await plans.update(plan.id, moved)
  } else {
    await plans.update(plan.id, { weeks: joinWeeks(rest), weekMask: weeksToMask(rest) })
    const {
      id: _id,
      tenantId: _t,
      createUser: _cu,
      createDept: _cd,
      createTime: _ct,
      updateUser: _uu,
      updateTime: _ut,
      isDeleted: _d,
      ...copy
    } = plan
    ;[resultId] = await plans.insert({
      ...copy,
      ...moved,
      adjustFromId: plan.id,
      status: BATCH_STATUS.published,
      publishTime: new Date(),
      publishUser: data.me.userId,
      collisionStatus: 0,
    })
    const students = await data
      .repo(teachBatchAssStudent)
      .find([eq(teachBatchAssStudent.batchPlanId, plan.id)])
    if (students.length)
      await data.repo(teachBatchAssStudent).insert(
        students.map((s) => ({
          batchPlanId: resultId,
          coursePlanProjectId: s.coursePlanProjectId,
          academicYearId: s.academicYearId,
          weekday: req.newWeekday,
          studentNo: s.studentNo,
          classNo: s.classNo,
        })),
      )
  }
  const fresh = await plans.find([inArray(teachBatchPlan.id, [...new Set([plan.id, resultId])])])
  for (const r of fresh) await writeLinks(data, r)
  await checkWritten(data, fresh)
  await data
    .repo(teachBatchPlanAdjust)
    .update(id, { status: ADJUST_STATUS.approved, approveTime: new Date(), resultBatchPlanId: resultId })
}

/** Rows → views with before/after sentences and both plans. */
export async function adjustViews(
  data: Data,
  rows: readonly AdjustRow[],
  options: { plans?: boolean } = {},
): Promise<AdjustView[]> {
  if (!rows.length) return []
  const planIds = [
    ...new Set(rows.flatMap((r) => [r.batchPlanId, r.resultBatchPlanId]).filter((v): v is string => !!v)),
  ]
  const planRows =
    options.plans && planIds.length
      ? await data.repo(teachBatchPlan).find([inArray(teachBatchPlan.id, planIds)])
      : []
  const views = new Map((await viewsOf(data, planRows)).map((v) => [v.id, v]))
  const names = await namesOf(data, [], {
    roomIds: rows.flatMap((r) => [...splitList(r.newRoomIds), ...splitList(r.origRoomIds)]),
    teacherIds: rows.flatMap((r) => [...splitList(r.newTeacherIds), ...splitList(r.origTeacherIds)]),
  })
  const side = (
    weeks: string | null,
    weekday: number | null,
    s: number | null,
    e: number | null,
    rooms: string | null,
    teachers: string | null,
  ) =>
    weekday == null
      ? ''
      : `${formatWhen(parseWeeks(weeks), Number(weekday), Number(s), Number(e))} ${names.roomNames(splitList(rooms)).join('、')} ${names.teacherNames(splitList(teachers)).join('、')}`.trim()
  return rows.map((r) => ({
    ...(r as unknown as AdjustView),
    statusName: labelOfCode(ADJUST_STATUS_OPTIONS, r.status),
    adjustTypeName: labelOfCode(ADJUST_TYPE_OPTIONS, r.adjustType),
    before: side(
      r.adjustWeeks,
      r.origWeekday,
      r.origStartSection,
      r.origEndSection,
      r.origRoomIds,
      r.origTeacherIds,
    ),
    after: side(r.newWeeks, r.newWeekday, r.newStartSection, r.newEndSection, r.newRoomIds, r.newTeacherIds),
    plan: views.get(String(r.batchPlanId)) ?? null,
    result: r.resultBatchPlanId ? (views.get(r.resultBatchPlanId) ?? null) : null,
    newRoomNames: names.roomNames(splitList(r.newRoomIds)).join('、'),
    newTeacherNames: names.teacherNames(splitList(r.newTeacherIds)).join('、'),
  }))
}
