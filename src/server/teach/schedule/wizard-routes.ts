import { and, asc, eq, inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { ok } from '../../core/envelope'
import { bad } from '../../core/errors'
import { route } from '../../core/route'
import type { Data } from '../../core/data'
import {
  baseStudent,
  teachBatchAssStudent,
  teachBatchPlan,
  teachCoursePlan,
  teachCoursePlanProject,
  teachNewBatchPlan,
  teachProject,
} from '../../db/schema'
import type { BatchPlanRow } from '../../db/schema/schedule'
import {
  newBatchPlanApi,
  type PlanInfo,
  type RoomChoice,
  type SummaryRow,
  type TaskRow,
} from '../../../shared/api/schedule'
import { BATCH_STATUS, TASK_STATUS, TASK_STATUS_OPTIONS } from '../../../shared/resources/schedule/codes'
import { labelOfCode, PLAN_STATUS } from '../../../shared/resources/teach/codes'
import { parseWeekRanges } from '../../../shared/resources/teach/calendar'
import { firstHoliday, sectionsPerDay, type TermCalendar } from '../../../shared/resources/schedule/calendar'
import { maskSize, weeksToMask, WEEKDAY_NAMES } from '../../../shared/resources/schedule/weeks'
import { BusyIndex, cellGrid, weekStrip } from './collision/busy'
import type { PlanSlot } from './collision/engine'
import { checkWritten, createBatches, lockTerms, updateBatches, type BatchItem } from './batches'
import { lineContext, markScheduling, tasksOfLines, ensureTask, type LineContext } from './line'
import { loadTermPlans, splitList, studentsOfClasses } from './load'
import { namesOf } from './names'
import { reasonOf, rowsById } from './reasons'
import { checkTime, needClassrooms } from './rules'
import { enabledClassrooms, freeClassroomsAt } from './suggestions'
import { termCalendar } from './term'
import { viewsOf } from './views'

/** The plan's weeks a line defaults to (计划周次, else the plan's 起止周, else the whole term). */
export function defaultWeeks(ctx: Pick<LineContext, 'line' | 'plan' | 'calendar'>): number[] {
  const planned = ctx.line.planWeeks ? parseWeekRanges(String(ctx.line.planWeeks)) : null
  const inTerm = (w: number) => w >= 1 && w <= ctx.calendar.weeks
  if (planned?.length) return planned.filter(inTerm)
  const from = Number(ctx.plan.startWeek ?? 1) || 1
  const to = Number(ctx.plan.endWeek ?? ctx.calendar.weeks) || ctx.calendar.weeks
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i).filter(inTerm)
}

/** 排课任务 rows: the lines of approved plans of a term, with their task status and batches so far. */
async function taskRows(
  data: Data,
  academicYearId: string,
  where: { lineIds?: string[]; deptSerial?: string } = {},
): Promise<TaskRow[]> {
  const lines = await data.db
    .select({ line: teachCoursePlanProject, plan: teachCoursePlan, project: teachProject })
    .from(teachCoursePlanProject)
    .innerJoin(teachCoursePlan, eq(teachCoursePlan.id, teachCoursePlanProject.coursePlanId))
    .innerJoin(teachProject, eq(teachProject.id, teachCoursePlanProject.projectId))
    .where(
      and(
        data.rows(
          teachCoursePlanProject,
          where.lineIds ? inArray(teachCoursePlanProject.id, where.lineIds) : undefined,
        ),
        data.rows(
          teachCoursePlan,
          eq(teachCoursePlan.academicYearId, academicYearId),
          eq(teachCoursePlan.status, PLAN_STATUS.approved),
          where.deptSerial ? eq(teachCoursePlan.deptSerial, where.deptSerial) : undefined,
        ),
        data.rows(teachProject),
      ),
    )
    .orderBy(
      asc(teachCoursePlan.courseNumber),
      asc(teachCoursePlanProject.sort),
      asc(teachCoursePlanProject.id),
    )
  const lineIds = lines.map((l) => l.line.id)
  const tasks = await tasksOfLines(data, lineIds)
  const batches = lineIds.length
    ? await data.repo(teachBatchPlan).find([inArray(teachBatchPlan.coursePlanProjectId, lineIds)])
    : []
  return lines.map(({ line, plan, project }) => {
    const own = batches.filter((b) => b.coursePlanProjectId === line.id)
    const status = Number(tasks.get(line.id)?.status ?? TASK_STATUS.pending)
    return {
      id: tasks.get(line.id)?.id ?? null,
      academicYearId,
      coursePlanId: String(plan.id),
      coursePlanProjectId: line.id,
      projectId: String(project.id),
      projectName: String(project.experimentName ?? ''),
      experimentNumber: String(project.experimentNumber ?? ''),
      courseName: String(plan.courseName ?? ''),
      courseNumber: String(plan.courseNumber ?? ''),
      deptSerial: plan.deptSerial == null ? null : String(plan.deptSerial),
      teacherName: String(plan.teacherName ?? ''),
      classNos: String(plan.classNos ?? ''),
      studentCount: Number(plan.studentCount ?? 0),
      hours: Number(line.hours ?? 0),
      planWeeks: String(line.planWeeks ?? ''),
      status,
      statusName: labelOfCode(TASK_STATUS_OPTIONS, status),
      batchCount: own.length,
      scheduledStudents: own.reduce((n, b) => n + Number(b.studentCount ?? 0), 0),
    }
  })
}

/** The candidate a grid asks about: the line's (or the given) teachers, rooms and classes in some weeks. */
async function candidateOf(
  data: Data,
  ctx: LineContext,
  q: { weeks?: number[]; roomIds?: string[]; teacherIds?: string[]; classNos?: string[] },
): Promise<PlanSlot> {
  const classes = q.classNos?.length ? q.classNos : ctx.classNos
  const byClass = await studentsOfClasses(data, classes)
  const weeks = q.weeks?.length ? q.weeks : defaultWeeks(ctx)
  return {
    id: `candidate:${ctx.line.id}`,
    weekMask: weeksToMask(weeks),
    weekday: 1,
    startSection: 1,
    endSection: 1,
    teachers: q.teacherIds?.length ? q.teacherIds : planTeachers(ctx),
    rooms: q.roomIds ?? [],
    classes,
    assigned: false,
    students: classes.flatMap((c) => byClass.get(c) ?? []),
  }
}

const planTeachers = (ctx: LineContext) =>
  [String(ctx.plan.teacherId), ...splitList(String(ctx.plan.assistantTeacherIds ?? ''))].filter(Boolean)

async function busyOf(data: Data, academicYearId: string) {
  const plans = await loadTermPlans(data, academicYearId)
  const names = await namesOf(
    data,
    plans.map((p) => p.row),
  )
  return { plans, index: new BusyIndex(plans), reason: reasonOf(names, rowsById(plans)) }
}

/** 排课任务 transitions of updateList?status= (teaching.md 4). */
const MOVES: Record<number, number[]> = {
  [TASK_STATUS.confirmed]: [TASK_STATUS.scheduling],
  [TASK_STATUS.deferred]: [TASK_STATUS.pending],
  [TASK_STATUS.pending]: [TASK_STATUS.deferred],
}

async function moveTasks(data: Data, lineIds: string[], status: number) {
  let submitted = 0
  const contexts = await Promise.all(lineIds.map((id) => lineContext(data, id)))
  await lockTerms(
    data,
    contexts.map((c) => String(c.plan.academicYearId)),
  )
  for (const ctx of contexts) {
    const task = await ensureTask(data, ctx)
    const from = Number(task.status)
    if (!(MOVES[status] ?? []).includes(from))
      bad(
        `状态不允许从「${labelOfCode(TASK_STATUS_OPTIONS, from)}」改为「${labelOfCode(TASK_STATUS_OPTIONS, status)}」`,
      )
    if (status === TASK_STATUS.confirmed) {
      const batches = await data
        .repo(teachBatchPlan)
        .find([eq(teachBatchPlan.coursePlanProjectId, ctx.line.id)])
      const missing = await unassignedStudents(data, ctx, batches)
      if (missing.length) bad(`『${ctx.project.experimentName}』还有${missing.length}名学生未分配批次`)
      if (batches.some((b) => b.weekday == null)) bad(`『${ctx.project.experimentName}』还有批次未安排时间`)
      const drafts = batches.filter((b) => Number(b.status) === BATCH_STATUS.draft)
      if (drafts.length) {
        await data.repo(teachBatchPlan).update(
          drafts.map((b) => b.id),
          { status: BATCH_STATUS.submitted },
        )
        await checkWritten(data, drafts)
        submitted += drafts.length
      }
    }
    await data.repo(teachNewBatchPlan).update(task.id, { status })
  }
  return { updated: contexts.length, submitted }
}

/** Students of the plan's classes in no batch of the line (whole-class batches take their classes). */
async function unassignedStudents(data: Data, ctx: LineContext, batches: BatchPlanRow[]) {
  const wholeClasses = new Set(
    batches.filter((b) => Number(b.assigned) !== 1).flatMap((b) => splitList(b.classNos)),
  )
  const assigned = batches.length
    ? await data.repo(teachBatchAssStudent).find([
        inArray(
          teachBatchAssStudent.batchPlanId,
          batches.map((b) => b.id),
        ),
      ])
    : []
  const taken = new Set(assigned.map((a) => a.studentNo))
  const students = ctx.classNos.length
    ? await data
        .repo(baseStudent)
        .find([inArray(baseStudent.classNo, ctx.classNos)], { sort: [asc(baseStudent.studentNo)] })
    : []
  return students.filter((s) => !wholeClasses.has(String(s.classNo)) && !taken.has(String(s.studentNo)))
}

/** Earliest `count` weeks from `startWeek` where the slot is free and no holiday (batchAddPlan). */
function earliestWeeks(
  calendar: TermCalendar,
  index: BusyIndex,
  slot: PlanSlot,
  startWeek: number,
  count: number,
): number[] {
  const weeks: number[] = []
  for (let w = startWeek; w <= calendar.weeks && weeks.length < count; w++) {
    if (firstHoliday(calendar, [w], slot.weekday)) continue
    if (!index.clashes({ ...slot, weekMask: weeksToMask([w]) }).length) weeks.push(w)
  }
  return weeks
}

/** `/api/teach/newBatchPlan/*`: 排课任务, the wizard's grids, saving and confirming, summaries. */
export function registerWizardRoutes(app: FastifyInstance) {
  route(app, newBatchPlanApi.projectList, async ({ query, data }) => {
    const rows = await taskRows(data, query.academicYearId, { deptSerial: query.deptSerial || undefined })
    return ok(query.status === undefined ? rows : rows.filter((r) => r.status === query.status))
  })

  route(app, newBatchPlanApi.planInfo, async ({ query, data }) => {
    const ctx = await lineContext(data, query.coursePlanProjectId)
    const [task] = await taskRows(data, String(ctx.plan.academicYearId), { lineIds: [ctx.line.id] })
    const batches = await data
      .repo(teachBatchPlan)
      .find([eq(teachBatchPlan.coursePlanProjectId, ctx.line.id)], { sort: [asc(teachBatchPlan.batchNo)] })
    const views = await viewsOf(data, batches, { students: true })
    const names = await namesOf(data, [], { teacherIds: planTeachers(ctx), classNos: ctx.classNos })
    const students = ctx.classNos.length
      ? await data
          .repo(baseStudent)
          .find([inArray(baseStudent.classNo, ctx.classNos)], { sort: [asc(baseStudent.studentNo)] })
      : []
    const batchOf = new Map<string, string>()
    for (const v of views)
      if (Number(v.assigned) === 1) for (const s of v.studentNos) batchOf.set(s, v.id)
      else
        for (const s of students)
          if (splitList(v.classNos).includes(String(s.classNo))) batchOf.set(String(s.studentNo), v.id)
    const info: PlanInfo = {
      task,
      classes: ctx.classNos.map((classNo) => ({
        classNo,
        className: names.className(classNo) ?? classNo,
        students: students
          .filter((s) => s.classNo === classNo)
          .map((s) => ({
            studentNo: String(s.studentNo),
            studentName: String(s.studentName ?? ''),
            batchPlanId: batchOf.get(String(s.studentNo)) ?? null,
          })),
      })),
      teachers: planTeachers(ctx).map((id) => ({
        id,
        name: names.teacher(id)?.name ?? id,
        no: names.teacher(id)?.no ?? '',
      })),
      batches: views,
      unassigned: (await unassignedStudents(data, ctx, batches)).map((s) => ({
        studentNo: String(s.studentNo),
        studentName: String(s.studentName ?? ''),
        classNo: String(s.classNo ?? ''),
      })),
      calendar: ctx.calendar,
      labId: ctx.project.labId == null ? null : String(ctx.project.labId),
    }
    return ok(info)
  })

  route(app, newBatchPlanApi.timeList, async ({ query, data }) => {
    const ctx = await lineContext(data, query.coursePlanProjectId)
    const candidate = await candidateOf(data, ctx, query)
    const busy = await busyOf(data, String(ctx.plan.academicYearId))
    const exclude = new Set(query.excludeIds ?? [])
    const cells = cellGrid(ctx.calendar, busy.index, candidate, busy.reason, exclude)
    let freeRooms: RoomChoice[] = []
    if (query.weekday && query.startSection && query.endSection) {
      const slot = {
        ...candidate,
        weekday: query.weekday,
        startSection: query.startSection,
        endSection: query.endSection,
      }
      freeRooms = await freeClassroomsAt(data, busy.plans, slot, {
        studentCount: slot.students.length,
        labId: ctx.project.labId == null ? null : String(ctx.project.labId),
        exclude,
        limit: 100,
      })
    }
    return ok({ weeks: query.weeks?.length ? query.weeks : defaultWeeks(ctx), cells, freeRooms })
  })

  route(app, newBatchPlanApi.timeWeekList, async ({ query, data }) => {
    const ctx = await lineContext(data, query.coursePlanProjectId)
    if (query.startSection > query.endSection) bad('开始节次不能大于结束节次')
    if (query.endSection > sectionsPerDay(ctx.calendar))
      bad(`节次超出每天节数（${sectionsPerDay(ctx.calendar)}）`)
    const candidate = {
      ...(await candidateOf(data, ctx, query)),
      weekday: query.weekday,
      startSection: query.startSection,
      endSection: query.endSection,
    }
    const busy = await busyOf(data, String(ctx.plan.academicYearId))
    return ok(weekStrip(ctx.calendar, busy.index, candidate, busy.reason, new Set(query.excludeIds ?? [])))
  })

  for (const endpoint of [newBatchPlanApi.timeListReset, newBatchPlanApi.timeWeekListReset])
    route(app, endpoint, async ({ query, data }) =>
      ok({ weeks: defaultWeeks(await lineContext(data, query.coursePlanProjectId)) }),
    )

  route(app, newBatchPlanApi.savePlan, async ({ body, data }) =>
    data.transaction(async (tx) => {
      const ctx = await lineContext(tx, body.coursePlanProjectId)
      const items = body.batches.map((b): BatchItem => ({ ...b, coursePlanProjectId: ctx.line.id }))
      const edits = items.filter((i) => i.id)
      const created = await createBatches(
        tx,
        items.filter((i) => !i.id),
        new Map([[ctx.line.id, ctx]]),
      )
      const updated = edits.length ? await updateBatches(tx, edits) : { ids: [], collisions: [] }
      await markScheduling(tx, [ctx])
      return ok(
        {
          batchPlanIds: [...created.ids, ...updated.ids],
          collisions: [...created.collisions, ...updated.collisions],
        },
        '保存成功',
      )
    }),
  )

  route(app, newBatchPlanApi.batchAddPlan, async ({ body, data }) =>
    data.transaction(async (tx) => {
      const contexts = await Promise.all(body.lineIds.map((id) => lineContext(tx, id)))
      await lockTerms(
        tx,
        contexts.map((c) => String(c.plan.academicYearId)),
      )
      const results = []
      const collisions = []
      const length = body.endSection - body.startSection + 1
      for (const ctx of contexts) {
        const projectName = String(ctx.project.experimentName ?? '')
        const calendar = await termCalendar(tx, String(ctx.plan.academicYearId))
        checkTime(calendar, {
          weeks: [body.startWeek],
          weekday: body.weekday,
          startSection: body.startSection,
          endSection: body.endSection,
        })
        const sessions = Math.max(1, Math.ceil(Number(ctx.line.hours ?? length) / length))
        const busy = await busyOf(tx, String(ctx.plan.academicYearId))
        const slot = {
          ...(await candidateOf(tx, ctx, { teacherIds: body.teacherIds })),
          weekday: body.weekday,
          startSection: body.startSection,
          endSection: body.endSection,
        }
        const studentCount = slot.students.length
        let rooms = body.roomIds ?? []
        let weeks = earliestWeeks(calendar, busy.index, { ...slot, rooms }, body.startWeek, sessions)
        if (weeks.length < sessions) {
          results.push({
            lineId: ctx.line.id,
            projectName,
            batchPlanIds: [],
            weeks: [],
            reason: `从第${body.startWeek}周起只有${weeks.length}周空闲，需要${sessions}周`,
          })
          continue
        }
        if (!rooms.length) {
          const free = (await enabledClassrooms(tx))
            .filter((r) => r.capacity >= studentCount)
            .sort(
              (a, b) =>
                Number(a.labId !== ctx.project.labId) - Number(b.labId !== ctx.project.labId) ||
                a.capacity - b.capacity,
            )
            .find(
              (r) =>
                !busy.index.clashes({
                  ...slot,
                  teachers: [],
                  classes: [],
                  students: [],
                  assigned: true,
                  rooms: [r.id],
                  weekMask: weeksToMask(weeks),
                }).length,
            )
          if (!free) {
            results.push({
              lineId: ctx.line.id,
              projectName,
              batchPlanIds: [],
              weeks,
              reason: `第${weeks.join('、')}周${WEEKDAY_NAMES[body.weekday]}没有容量足够的空闲排课教室`,
            })
            continue
          }
          rooms = [free.id]
          weeks = earliestWeeks(calendar, busy.index, { ...slot, rooms }, body.startWeek, sessions)
        } else await needClassrooms(tx, rooms)
        try {
          const written = await tx.transaction((inner) =>
            createBatches(
              inner,
              [
                {
                  coursePlanProjectId: ctx.line.id,
                  weeks,
                  weekday: body.weekday,
                  startSection: body.startSection,
                  endSection: body.endSection,
                  roomIds: rooms,
                  teacherIds: [...slot.teachers],
                },
              ],
              new Map([[ctx.line.id, ctx]]),
            ),
          )
          results.push({ lineId: ctx.line.id, projectName, batchPlanIds: written.ids, weeks, reason: '' })
          collisions.push(...written.collisions)
        } catch (e) {
          results.push({
            lineId: ctx.line.id,
            projectName,
            batchPlanIds: [],
            weeks,
            reason: e instanceof Error ? e.message : String(e),
          })
        }
      }
      return ok({ results, collisions })
    }),
  )

  route(app, newBatchPlanApi.updateList, async ({ query, body, data }) =>
    ok(await data.transaction((tx) => moveTasks(tx, body, query.status)), '操作成功'),
  )

  route(app, newBatchPlanApi.projectSummary, async ({ query, data }) => {
    const tasks = await taskRows(data, query.academicYearId)
    const plans = await loadTermPlans(data, query.academicYearId)
    const byProject = new Map<string, SummaryRow & { students: Set<string> }>()
    for (const t of tasks) {
      const row = byProject.get(t.projectId) ?? {
        key: t.projectId,
        name: t.projectName,
        batches: 0,
        studentsPlanned: 0,
        studentsScheduled: 0,
        usedSlots: 0,
        totalSlots: 0,
        useRate: 0,
        students: new Set<string>(),
      }
      row.studentsPlanned += t.studentCount
      byProject.set(t.projectId, row)
    }
    for (const p of plans) {
      const row = byProject.get(String(p.row.projectId))
      if (!row) continue
      row.batches++
      for (const s of p.students) row.students.add(s)
      if (p.row.weekday != null) row.usedSlots += maskSize(p.weekMask) * (p.endSection - p.startSection + 1)
    }
    return ok(
      [...byProject.values()].map(({ students, ...r }) => ({ ...r, studentsScheduled: students.size })),
    )
  })

  route(app, newBatchPlanApi.labSummary, async ({ query, data }) => {
    const calendar = await termCalendar(data, query.academicYearId)
    const plans = await loadTermPlans(data, query.academicYearId)
    const rooms = await enabledClassrooms(data)
    const perRoom = calendar.weeks * calendar.teachingWeekdays.length * sectionsPerDay(calendar)
    const byLab = new Map<string, SummaryRow & { students: Set<string>; ids: Set<string> }>()
    const labOf = new Map(rooms.map((r) => [r.id, r]))
    for (const r of rooms) {
      const key = r.labId ?? ''
      const row = byLab.get(key) ?? {
        key,
        name: r.labName || '未归属实验室',
        batches: 0,
        studentsPlanned: 0,
        studentsScheduled: 0,
        usedSlots: 0,
        totalSlots: 0,
        useRate: 0,
        students: new Set<string>(),
        ids: new Set<string>(),
      }
      row.totalSlots += perRoom
      byLab.set(key, row)
    }
    for (const p of plans) {
      if (p.row.weekday == null) continue
      for (const roomId of p.rooms) {
        const room = labOf.get(roomId)
        if (!room) continue
        const row = byLab.get(room.labId ?? '')!
        if (!row.ids.has(p.id)) {
          row.ids.add(p.id)
          row.batches++
          row.studentsPlanned += Number(p.row.studentCount ?? 0)
        }
        for (const s of p.students) row.students.add(s)
        row.usedSlots += maskSize(p.weekMask) * (p.endSection - p.startSection + 1)
      }
    }
    return ok(
      [...byLab.values()].map(({ students, ids: _ids, ...r }) => ({
        ...r,
        studentsScheduled: students.size,
        useRate: r.totalSlots ? Math.round((r.usedSlots / r.totalSlots) * 10000) / 10000 : 0,
      })),
    )
  })
}
