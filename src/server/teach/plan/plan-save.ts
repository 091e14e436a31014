import { eq, inArray, ne } from 'drizzle-orm'
import { z } from 'zod'
import { teachCoursePlanResource } from '../../../shared/resources/teach/course-plan'
import { PLAN_STATUS } from '../../../shared/resources/teach/codes'
import { parseWeekRanges } from '../../../shared/resources/teach/calendar'
import { entitySchema } from '../../../shared/resource/validate'
import { bad } from '../../core/errors'
import type { Data } from '../../core/data'
import type { AuthUser } from '../../core/context'
import {
  baseTeacher,
  teachCourse,
  teachCourseAssProject,
  teachCoursePlan,
  teachCoursePlanProject,
  teachProject,
} from '../../db/schema'
import { checkPlanLineDrop } from '../extensions'
import { classesByNos, isTeacherOnly, splitClassNos, studentCounts } from '../people'
import { needTerm, termParameter } from '../terms'
import { requireApplicantOrManager } from '../../core/applicant'
import { flowManagers } from '../../flow/managers'

/**
 * Saving a course plan with its lines (domain 3): the fields, the course's projects, Σ hours within
 * the course's 实验学时, one plan per (term, course, teacher, classes) among plans not 已撤销. Lines keep
 * their ids by project, so scheduling's batch plans stay attached; dropping a line asks its guards.
 */

type Row = Record<string, unknown>
export type PlanRow = typeof teachCoursePlan.$inferSelect
export type SaveMode = 'draft' | 'return' | 'change'

export const planScope = teachCoursePlanResource
const planSchema = entitySchema(teachCoursePlanResource)

const LineInput = z.object({
  projectId: z.coerce.string({ error: '请选择实验项目' }).regex(/^\d{1,19}$/, '请选择实验项目'),
  hours: z.coerce
    .number({ error: '项目学时必须是1到9999的整数' })
    .int('项目学时必须是1到9999的整数')
    .min(1, '项目学时必须是1到9999的整数')
    .max(9999, '项目学时必须是1到9999的整数'),
  groupSize: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number()
      .int('每组人数必须是1到99的整数')
      .min(1, '每组人数必须是1到99的整数')
      .max(99, '每组人数必须是1到99的整数')
      .optional(),
  ),
  requirement: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number().int().min(1, '实验要求不正确').max(3, '实验要求不正确').optional(),
  ),
  planWeeks: z.preprocess(
    (v) => (v === null ? undefined : v),
    z.coerce.string().max(100, '计划周次过长').optional(),
  ),
  content: z.preprocess(
    (v) => (v === null ? undefined : v),
    z.coerce.string().max(500, '进度说明不能超过500个字符').optional(),
  ),
  sort: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number().int().optional()),
})
const LinesInput = z.array(LineInput, { error: '计划项目格式不正确' }).max(200, '一个计划最多200个实验项目')

export type LineValues = z.infer<typeof LineInput>

const STATUS_REFUSAL: Record<number, string> = {
  [PLAN_STATUS.inApproval]: '审核中的计划不能修改',
  [PLAN_STATUS.approved]: '已通过的计划请通过计划变更修改',
  [PLAN_STATUS.revoked]: '已撤销的计划不能修改',
}

/** The plan in the caller's reach (a teacher sees their own). */
const PLAN_MANAGERS = flowManagers('teachplan')

/**
 * A plan is changed by its teacher (an imported plan is the teacher's, whoever imported it) or by the
 * roles of the `teachplan` approval step.
 */
export function requirePlanTeacher(plans: PlanRow | PlanRow[], actor: AuthUser) {
  requireApplicantOrManager(plans, actor, PLAN_MANAGERS, { applicantOf: (p) => p.teacherUserId })
}

export function plansOf(data: Data) {
  return data.repo(teachCoursePlan, planScope)
}

export async function needPlan(data: Data, id: string): Promise<PlanRow> {
  return plansOf(data).need(id, '课程计划不存在或无权访问')
}

function refuseStatus(plan: PlanRow, mode: SaveMode) {
  const status = Number(plan.status)
  if (mode === 'return' && status !== PLAN_STATUS.returned) bad('只有已退回的计划可以重新提交')
  if (mode === 'change' && status !== PLAN_STATUS.approved) bad('只有已通过的计划可以变更')
  if (mode === 'draft' && status !== PLAN_STATUS.draft && status !== PLAN_STATUS.returned)
    bad(STATUS_REFUSAL[status] ?? '计划状态不允许修改')
}

/** Normalised planned weeks ("3-5,7" → "3,4,5,7"), or a message. */
function weeksOf(text: string | undefined, maxWeek: number, projectName: string): string {
  const trimmed = (text ?? '').trim()
  if (!trimmed) return ''
  const weeks = parseWeekRanges(trimmed)
  if (!weeks || !weeks.length) bad(`项目『${projectName}』的计划周次格式不正确`)
  if (weeks!.some((w) => w < 1 || w > maxWeek)) bad(`项目『${projectName}』的计划周次必须在1到${maxWeek}之间`)
  return weeks!.join(',')
}

export interface SavedPlan {
  id: string
  before: PlanRow | null
}

/** Validates and writes a plan and its lines; the caller's transaction starts any approval. */
export async function savePlan(data: Data, body: Row, mode: SaveMode): Promise<SavedPlan> {
  const id = typeof body.id === 'string' || typeof body.id === 'number' ? String(body.id) : ''
  if (id && !/^\d{1,19}$/.test(id)) bad('主键格式不正确')
  if (mode !== 'draft' && !id) bad('请选择课程计划')
  const before = id ? await needPlan(data, id) : null
  if (before) requirePlanTeacher(before, data.me)
  if (before) refuseStatus(before, mode)

  const classNos = splitClassNos(body.classNos)
  const parsed = planSchema.safeParse({ ...body, classNos: classNos.join(',') })
  if (!parsed.success) bad(parsed.error.issues[0]?.message ?? '课程计划格式不正确')
  const v = parsed.data as Row
  const linesParsed = LinesInput.safeParse(body.projects ?? [])
  if (!linesParsed.success) bad(linesParsed.error.issues[0]?.message ?? '计划项目格式不正确')
  const lines = linesParsed.data!

  let changeReason: string | null = before?.changeReason ?? null
  if (mode === 'change') {
    changeReason = typeof body.changeReason === 'string' ? body.changeReason.trim() : ''
    if (!changeReason) bad('请填写变更原因')
    if (changeReason!.length > 500) bad('变更原因不能超过500个字符')
  }

  const academicYearId = String(v.academicYearId)
  const term = await needTerm(data, academicYearId)
  const parameter = await termParameter(data, academicYearId)
  const termWeeks = Number(parameter?.weeks ?? term.weeks ?? 30) || 30

  const course = await data.repo(teachCourse).need(String(v.courseId), '课程不存在')
  const teacher = await data.repo(baseTeacher).need(String(v.teacherId), '主讲教师不存在')
  if (isTeacherOnly(data) && String(teacher.userId ?? '') !== data.me.userId) bad('只能为本人制定课程计划')

  const assistants = String(v.assistantTeacherIds ?? '')
    .split(',')
    .filter(Boolean)
  if (assistants.length > 10) bad('辅导教师最多10人')
  if (assistants.length) await data.repo(baseTeacher).needAll(assistants, '辅导教师不存在')

  if (!classNos.length) bad('请选择上课班级')
  const classes = await classesByNos(data, classNos)
  const unknown = classNos.find((c) => !classes.has(c))
  if (unknown) bad(`班级${unknown}不存在`)
  let studentCount = v.studentCount === undefined ? 0 : Number(v.studentCount)
  if (!studentCount) {
    const counts = await studentCounts(data, classNos)
    studentCount = classNos.reduce(
      (n, c) => n + (counts.get(c) ?? Number(classes.get(c)?.studentCount ?? 0)),
      0,
    )
    if (!studentCount) bad('上课班级没有学生，请输入上课人数')
    if (studentCount > 9999) bad('上课人数不能大于9999')
  }

  const startWeek = v.startWeek === undefined ? 1 : Number(v.startWeek)
  const endWeek = v.endWeek === undefined ? termWeeks : Number(v.endWeek)
  if (startWeek < 1 || endWeek > termWeeks) bad(`起止周必须在1到${termWeeks}之间`)
  if (startWeek > endWeek) bad('开始周不能大于结束周')

  // Lines: projects of this course, each once, Σ hours within the course's lab hours.
  const projectIds = lines.map((l) => l.projectId)
  const projects = projectIds.length
    ? await data.repo(teachProject).find([inArray(teachProject.id, [...new Set(projectIds)])])
    : []
  const projectById = new Map(projects.map((p) => [p.id, p]))
  const linked = new Set(
    (await data.repo(teachCourseAssProject).find([eq(teachCourseAssProject.courseId, course.id)])).map(
      (l) => l.projectId,
    ),
  )
  const seen = new Set<string>()
  for (const line of lines) {
    const project = projectById.get(line.projectId)
    if (!project) bad('实验项目不存在')
    if (seen.has(line.projectId)) bad(`项目『${project!.experimentName}』重复`)
    seen.add(line.projectId)
    if (!linked.has(line.projectId))
      bad(`项目『${project!.experimentName}』未关联到课程『${course.courseName}』`)
  }
  const totalHours = lines.reduce((n, l) => n + l.hours, 0)
  if (totalHours > Number(course.labHours ?? 0))
    bad(`计划学时合计（${totalHours}）超过课程实验学时（${Number(course.labHours ?? 0)}）`)

  const classKey = [...classNos].sort().join(',')
  const clash = await data
    .repo(teachCoursePlan)
    .first(
      eq(teachCoursePlan.academicYearId, academicYearId),
      eq(teachCoursePlan.courseId, course.id),
      eq(teachCoursePlan.teacherId, String(teacher.id)),
      eq(teachCoursePlan.classKey, classKey),
      ne(teachCoursePlan.status, PLAN_STATUS.revoked),
      before ? ne(teachCoursePlan.id, before.id) : undefined,
    )
  if (clash) bad('该学期已有相同课程、教师和班级的课程计划')

  const values = {
    academicYearId,
    courseId: course.id,
    courseNumber: course.courseNumber,
    courseName: course.courseName,
    deptSerial: (v.deptSerial as string | undefined) || course.deptSerial,
    teacherId: String(teacher.id),
    teacherUserId: teacher.userId ? String(teacher.userId) : null,
    teacherName: String(teacher.teacherName),
    assistantTeacherIds: assistants.join(','),
    classNos: classNos.join(','),
    classKey,
    studentCount,
    startWeek,
    endWeek,
    labHours: totalHours,
    remark: (v.remark as string | undefined) ?? null,
    changeReason,
  }
  const plans = plansOf(data)
  let planId: string
  if (before) {
    planId = before.id
    await plans.update(planId, values)
  } else [planId] = await plans.insert({ ...values, status: PLAN_STATUS.draft, changeCount: 0 })

  await saveLines(data, planId, lines, projectById, termWeeks)
  return { id: planId, before }
}

/** Upserts the lines by project; dropped lines go after their guards agree. */
async function saveLines(
  data: Data,
  planId: string,
  lines: LineValues[],
  projects: Map<string, typeof teachProject.$inferSelect>,
  termWeeks: number,
) {
  const repo = data.repo(teachCoursePlanProject)
  const existing = await repo.find([eq(teachCoursePlanProject.coursePlanId, planId)])
  const byProject = new Map(existing.map((l) => [l.projectId, l]))
  const keep = new Set(lines.map((l) => l.projectId))
  const dropped = existing.filter((l) => !keep.has(l.projectId))
  if (dropped.length) {
    const names = new Map(
      (
        await data.repo(teachProject).find([
          inArray(
            teachProject.id,
            dropped.map((l) => l.projectId),
          ),
        ])
      ).map((p) => [p.id, String(p.experimentName)]),
    )
    await checkPlanLineDrop({
      data,
      coursePlanId: planId,
      lines: dropped.map((l) => ({
        id: l.id,
        projectId: l.projectId,
        projectName: names.get(l.projectId) ?? '',
      })),
    })
    await repo.deleteWhere([
      inArray(
        teachCoursePlanProject.id,
        dropped.map((l) => l.id),
      ),
    ])
  }
  const inserts = []
  for (const [index, line] of lines.entries()) {
    const project = projects.get(line.projectId)!
    const values = {
      hours: line.hours,
      groupSize: line.groupSize ?? Number(project.groupSize) ?? null,
      requirement: line.requirement ?? Number(project.requirement) ?? null,
      planWeeks: weeksOf(line.planWeeks, termWeeks, String(project.experimentName)) || null,
      content: line.content?.trim() || null,
      sort: line.sort ?? index + 1,
    }
    const had = byProject.get(line.projectId)
    if (had) await repo.update(had.id, values)
    else inserts.push({ ...values, coursePlanId: planId, projectId: line.projectId })
  }
  await repo.insert(inserts)
}
