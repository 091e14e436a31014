import { and, asc, eq, inArray, ne } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { coursePlanApi, coursePlanImportApi } from '../../../shared/api/teach'
import { teachCoursePlanImportResource } from '../../../shared/resources/teach/course-plan-import'
import { PLAN_STATUS } from '../../../shared/resources/teach/codes'
import { parseWeekRanges } from '../../../shared/resources/teach/calendar'
import { entitySchema } from '../../../shared/resource/validate'
import { done, ok } from '../../core/envelope'
import { bad } from '../../core/errors'
import { dataOf, type Data } from '../../core/data'
import { registerResourceRoutes } from '../../core/resource-routes'
import { route } from '../../core/route'
import { z } from 'zod'
import {
  academic,
  baseTeacher,
  teachCourse,
  teachCourseAssProject,
  teachCoursePlan,
  teachCoursePlanImport,
  teachCoursePlanProject,
  teachProject,
} from '../../db/schema'
import { classesByNos, splitClassNos, studentCounts } from '../people'
import { rowsOf } from '../project/sheet-routes'
import { refuseIfAny } from '../../base/spreadsheet'
import { termParameter } from '../terms'
import { checkPlanLineDrop } from '../extensions'
import { plansOf } from './plan-save'

/**
 * 计划导入 (domain 3): a 教务 file becomes draft plans, one per course + teacher + classes of a term,
 * or is refused whole. The raw rows stay, linked to the plan each made; editing a row re-applies it to
 * its plan while that is a draft, deleting it removes the draft plan with its last row.
 */

type Row = Record<string, unknown>
export const MAX_PLAN_ROWS = 5000
const rowSchema = entitySchema(teachCoursePlanImportResource)

type TermRow = typeof academic.$inferSelect
type CourseRow = typeof teachCourse.$inferSelect

interface Lookups {
  terms: Map<string, TermRow>
  termWeeks: Map<string, number>
  courses: Map<string, CourseRow>
  teachers: Map<string, typeof baseTeacher.$inferSelect>
  classes: Map<string, unknown>
  counts: Map<string, number>
  classHeads: Map<string, number>
}

interface Resolved {
  raw: Row
  academicYearId: string
  academicYearName: string
  course: CourseRow
  teacher: typeof baseTeacher.$inferSelect
  classNos: string[]
  classKey: string
  studentCount: number
  startWeek: number
  endWeek: number
  remark: string | null
}

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v).trim())

async function lookups(data: Data, rows: Row[], fixedTerm: TermRow | null): Promise<Lookups> {
  const terms = new Map<string, TermRow>()
  if (fixedTerm) terms.set(fixedTerm.id, fixedTerm)
  else for (const t of await data.repo(academic).find([])) terms.set(String(t.id), t)
  const termWeeks = new Map<string, number>()
  for (const t of terms.values()) {
    const p = await termParameter(data, t.id)
    termWeeks.set(t.id, Number(p?.weeks ?? t.weeks ?? 30) || 30)
  }
  const chunked = async <T>(values: string[], load: (chunk: string[]) => Promise<T[]>) => {
    const out: T[] = []
    for (let i = 0; i < values.length; i += 1000) out.push(...(await load(values.slice(i, i + 1000))))
    return out
  }
  const courseNos = [...new Set(rows.map((r) => text(r.courseNumber)).filter(Boolean))]
  const teacherNos = [...new Set(rows.map((r) => text(r.teacherNo)).filter(Boolean))]
  const classNos = [...new Set(rows.flatMap((r) => splitClassNos(r.classNos)))]
  const courses = await chunked(courseNos, (c) =>
    data.repo(teachCourse).find([inArray(teachCourse.courseNumber, c)]),
  )
  const teachers = await chunked(teacherNos, (c) =>
    data.repo(baseTeacher).find([inArray(baseTeacher.teacherNo, c)]),
  )
  const classes = await classesByNos(data, classNos)
  return {
    terms,
    termWeeks,
    courses: new Map(courses.map((c) => [String(c.courseNumber), c])),
    teachers: new Map(teachers.map((t) => [String(t.teacherNo), t])),
    classes,
    counts: await studentCounts(data, classNos),
    classHeads: new Map([...classes.entries()].map(([no, c]) => [no, Number(c.studentCount ?? 0)])),
  }
}

/** One 教务 row checked and resolved, or its messages. */
function resolve(raw: Row, look: Lookups, fixedTerm: TermRow | null): { errors: string[]; row?: Resolved } {
  const errors: string[] = []
  const parsed = rowSchema.safeParse({ ...raw, id: undefined })
  if (!parsed.success) return { errors: [...new Set(parsed.error.issues.map((i) => i.message))] }
  const v = parsed.data as Row
  const termName = text(v.academicYearName)
  let term: TermRow | undefined
  if (fixedTerm) {
    term = fixedTerm
    if (termName && termName !== String(fixedTerm.name)) errors.push(`学年学期${termName}与所选学期不一致`)
  } else {
    term = [...look.terms.values()].find((t) => String(t.name) === termName)
    if (!termName) errors.push('请输入学年学期')
    else if (!term) errors.push(`学年学期${termName}不存在`)
  }
  const course = look.courses.get(text(v.courseNumber))
  if (!course) errors.push(`课程号${text(v.courseNumber)}不存在`)
  const teacher = look.teachers.get(text(v.teacherNo))
  if (!teacher) errors.push(`教师工号${text(v.teacherNo)}不存在`)
  const classNos = splitClassNos(v.classNos)
  if (!classNos.length) errors.push('请输入上课班级')
  for (const c of classNos) if (!look.classes.has(c)) errors.push(`班级编号${c}不存在`)
  const weeks = term ? (look.termWeeks.get(term.id) ?? 30) : 30
  let startWeek = 1
  let endWeek = weeks
  const weeksText = text(v.weeksText)
  if (weeksText) {
    const list = parseWeekRanges(weeksText)
    if (!list || !list.length) errors.push('起止周格式不正确，应如3-16')
    else {
      startWeek = list[0]
      endWeek = list[list.length - 1]
      if (startWeek < 1 || endWeek > weeks) errors.push(`起止周必须在1到${weeks}之间`)
    }
  }
  let studentCount = v.studentCount === undefined ? 0 : Number(v.studentCount)
  if (!studentCount && !errors.length) {
    studentCount = classNos.reduce((n, c) => n + (look.counts.get(c) ?? look.classHeads.get(c) ?? 0), 0)
    if (!studentCount) errors.push('上课班级没有学生，请填写上课人数')
  }
  if (errors.length) return { errors }
  return {
    errors,
    row: {
      raw: v,
      academicYearId: term!.id,
      academicYearName: String(term!.name ?? ''),
      course: course!,
      teacher: teacher!,
      classNos,
      classKey: [...classNos].sort().join(','),
      studentCount: Math.min(studentCount, 9999),
      startWeek,
      endWeek,
      remark: text(v.remark) || null,
    },
  }
}

const planKey = (r: Resolved) => `${r.academicYearId}|${r.course.id}|${r.teacher.id}|${r.classKey}`

function planValues(r: Resolved) {
  return {
    academicYearId: r.academicYearId,
    courseId: r.course.id,
    courseNumber: r.course.courseNumber,
    courseName: r.course.courseName,
    deptSerial: r.course.deptSerial,
    teacherId: String(r.teacher.id),
    teacherUserId: r.teacher.userId ? String(r.teacher.userId) : null,
    teacherName: String(r.teacher.teacherName),
    classNos: r.classNos.join(','),
    classKey: r.classKey,
    studentCount: r.studentCount,
    startWeek: r.startWeek,
    endWeek: r.endWeek,
    remark: r.remark,
  }
}

/** A draft's first lines: the course's 启用 linked projects, when their hours fit the course. */
async function defaultLines(data: Data, courseIds: string[]) {
  const out = new Map<
    string,
    { projectId: string; hours: number; groupSize: number; requirement: number }[]
  >()
  if (!courseIds.length) return out
  const rows = await data.db
    .select({
      courseId: teachCourseAssProject.courseId,
      sort: teachCourseAssProject.sort,
      project: teachProject,
    })
    .from(teachCourseAssProject)
    .innerJoin(teachProject, eq(teachProject.id, teachCourseAssProject.projectId))
    .where(
      and(
        data.rows(teachCourseAssProject, inArray(teachCourseAssProject.courseId, courseIds)),
        data.rows(teachProject, eq(teachProject.status, 1)),
      ),
    )
    .orderBy(asc(teachCourseAssProject.sort), asc(teachCourseAssProject.id))
  for (const r of rows)
    out.set(r.courseId, [
      ...(out.get(r.courseId) ?? []),
      {
        projectId: r.project.id,
        hours: Number(r.project.hours),
        groupSize: Number(r.project.groupSize),
        requirement: Number(r.project.requirement),
      },
    ])
  return out
}

async function importPlans(data: Data, input: Row[], fixedTerm: TermRow | null) {
  const look = await lookups(data, input, fixedTerm)
  const errors: string[] = []
  const resolved: { line: number; row: Resolved }[] = []
  input.forEach((raw, i) => {
    const r = resolve(raw, look, fixedTerm)
    for (const e of r.errors) errors.push(`第${i + 2}行：${e}`)
    if (r.row) resolved.push({ line: i + 2, row: r.row })
  })
  refuseIfAny(errors)

  // One plan per key; a key a live plan already holds refuses its rows.
  const groups = new Map<string, { line: number; row: Resolved }[]>()
  for (const r of resolved) groups.set(planKey(r.row), [...(groups.get(planKey(r.row)) ?? []), r])
  const terms = [...new Set(resolved.map((r) => r.row.academicYearId))]
  const existing = await data
    .repo(teachCoursePlan)
    .find([inArray(teachCoursePlan.academicYearId, terms), ne(teachCoursePlan.status, PLAN_STATUS.revoked)])
  const taken = new Set(existing.map((p) => `${p.academicYearId}|${p.courseId}|${p.teacherId}|${p.classKey}`))
  for (const [key, rows] of groups)
    if (taken.has(key))
      for (const r of rows) errors.push(`第${r.line}行：该学期已有相同课程、教师和班级的课程计划`)
  refuseIfAny(errors)

  const lines = await defaultLines(data, [...new Set(resolved.map((r) => r.row.course.id))])
  const firstOf = [...groups.values()].map((rows) => rows[0].row)
  const planRows = firstOf.map((r) => {
    const fits =
      (lines.get(r.course.id) ?? []).reduce((n, l) => n + l.hours, 0) <= Number(r.course.labHours ?? 0)
    const own = fits ? (lines.get(r.course.id) ?? []) : []
    return {
      ...planValues(r),
      labHours: own.reduce((n, l) => n + l.hours, 0),
      status: PLAN_STATUS.draft,
      changeCount: 0,
      own,
    }
  })
  const importBatch = batchStamp(new Date())
  const ids = await plansOf(data).insert(planRows.map(({ own: _own, ...p }) => ({ ...p, importBatch })))
  const planIdOf = new Map([...groups.keys()].map((key, i) => [key, ids[i]]))
  await data.repo(teachCoursePlanProject).insert(
    planRows.flatMap((p, i) =>
      p.own.map((l, sort) => ({
        coursePlanId: ids[i],
        projectId: l.projectId,
        hours: l.hours,
        groupSize: l.groupSize,
        requirement: l.requirement,
        sort: sort + 1,
      })),
    ),
  )
  await data.repo(teachCoursePlanImport).insert(
    resolved.map(({ line, row }) => ({
      ...importValues(row),
      importBatch,
      rowNo: line,
      coursePlanId: planIdOf.get(planKey(row))!,
    })),
  )
  return { total: resolved.length, plans: ids.length, importBatch }
}

function importValues(r: Resolved) {
  const v = r.raw
  return {
    academicYearId: r.academicYearId,
    academicYearName: r.academicYearName,
    courseNumber: String(r.course.courseNumber),
    courseName: text(v.courseName) || String(r.course.courseName),
    deptName: text(v.deptName) || null,
    teacherNo: String(r.teacher.teacherNo),
    teacherName: text(v.teacherName) || String(r.teacher.teacherName),
    classNos: r.classNos.join(','),
    studentCount: r.studentCount,
    labHours: v.labHours === undefined ? null : Number(v.labHours),
    weeksText: text(v.weeksText) || `${r.startWeek}-${r.endWeek}`,
    remark: r.remark,
  }
}

/** yyyyMMddHHmmss. */
function batchStamp(d: Date) {
  const p = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}${p(d.getMonth() + 1)}${p(d.getDate())}${p(d.getHours())}${p(d.getMinutes())}${p(d.getSeconds())}`
}

/** The draft a row made, or the refusal for a plan already submitted. */
async function draftOf(data: Data, coursePlanId: string | null, action: '修改' | '删除') {
  if (!coursePlanId) return null
  const plan = await data.repo(teachCoursePlan).get(coursePlanId)
  if (plan && Number(plan.status) !== PLAN_STATUS.draft) bad(`课程计划已提交审核，不能${action}导入记录`)
  return plan
}

const ImportBody = z
  .object({
    academicYearId: z.preprocess(
      (v) => (v === '' || v === null ? undefined : v),
      z.coerce
        .string()
        .regex(/^\d{1,19}$/, '学年学期格式不正确')
        .optional(),
    ),
  })
  .loose()

export function registerPlanImportRoutes(app: FastifyInstance) {
  route(
    app,
    coursePlanApi.saveImport,
    async ({ body, data }) => {
      const rows = rowsOf(body, MAX_PLAN_ROWS)
      const head = ImportBody.safeParse(Array.isArray(body) ? {} : body)
      if (!head.success) bad(head.error.issues[0]?.message ?? '学年学期格式不正确')
      const termId = head.data?.academicYearId
      const result = await data.transaction(async (tx) => {
        const term = termId ? await tx.repo(academic).need(termId, '学年学期不存在') : null
        return importPlans(tx, rows, term)
      })
      return ok(result, `导入成功：共${result.total}行，生成${result.plans}个草稿课程计划`)
    },
    { bodyLimit: 20 * 1024 * 1024 },
  )

  registerResourceRoutes(
    app,
    { ...teachCoursePlanImportResource, routes: ['page', 'list', 'detail'] },
    teachCoursePlanImport,
    {
      present: async (rows, request) => {
        const ids = [...new Set(rows.map((r) => r.coursePlanId).filter(Boolean) as string[])]
        const plans = ids.length
          ? await dataOf(request)
              .repo(teachCoursePlan)
              .find([inArray(teachCoursePlan.id, ids)])
          : []
        const status = new Map(plans.map((p) => [p.id, p.status]))
        return rows.map((r) => ({ ...r, planStatus: status.get(String(r.coursePlanId)) ?? null }))
      },
    },
  )

  // 修改: the row is checked like an imported one and re-applied to its draft plan.
  route(app, coursePlanImportApi.submit, async ({ body, data }) => {
    await data.transaction(async (tx) => {
      const id = text(body.id)
      if (!/^\d{1,19}$/.test(id)) bad('请选择导入记录')
      const before = await tx.repo(teachCoursePlanImport, teachCoursePlanImportResource).need(id)
      const plan = await draftOf(tx, before.coursePlanId, '修改')
      const term = await tx.repo(academic).need(String(before.academicYearId), '学年学期不存在')
      const merged = {
        ...before,
        ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)),
      }
      const look = await lookups(tx, [merged], term)
      const r = resolve(merged, look, term)
      if (!r.row) bad(r.errors[0])
      const row = r.row!
      await tx.repo(teachCoursePlanImport).update(id, importValues(row))
      if (!plan) return
      const clash = await tx
        .repo(teachCoursePlan)
        .first(
          eq(teachCoursePlan.academicYearId, row.academicYearId),
          eq(teachCoursePlan.courseId, row.course.id),
          eq(teachCoursePlan.teacherId, String(row.teacher.id)),
          eq(teachCoursePlan.classKey, row.classKey),
          ne(teachCoursePlan.status, PLAN_STATUS.revoked),
          ne(teachCoursePlan.id, plan.id),
        )
      if (clash) bad('该学期已有相同课程、教师和班级的课程计划')
      const values = planValues(row)
      if (row.course.id !== plan.courseId) {
        // Another course: its lines start over from the new course's projects.
        const old = await tx
          .repo(teachCoursePlanProject)
          .find([eq(teachCoursePlanProject.coursePlanId, plan.id)])
        await checkPlanLineDrop({
          data: tx,
          coursePlanId: plan.id,
          lines: old.map((l) => ({ id: l.id, projectId: l.projectId, projectName: '' })),
        })
        await tx.repo(teachCoursePlanProject).deleteWhere([eq(teachCoursePlanProject.coursePlanId, plan.id)])
        const own = (await defaultLines(tx, [row.course.id])).get(row.course.id) ?? []
        const fits = own.reduce((n, l) => n + l.hours, 0) <= Number(row.course.labHours ?? 0)
        const lines = fits ? own : []
        await tx
          .repo(teachCoursePlanProject)
          .insert(lines.map((l, i) => ({ ...l, coursePlanId: plan.id, sort: i + 1 })))
        await tx
          .repo(teachCoursePlan)
          .update(plan.id, { ...values, labHours: lines.reduce((n, l) => n + l.hours, 0) })
      } else await tx.repo(teachCoursePlan).update(plan.id, values)
    })
    return done('修改成功')
  })

  // 删除: the rows go, and a draft plan goes with its last row.
  route(app, coursePlanImportApi.remove, async ({ query, data }) => {
    await data.transaction(async (tx) => {
      const repo = tx.repo(teachCoursePlanImport, teachCoursePlanImportResource)
      const rows = await repo.needAll(query.ids, '导入记录不存在或无权删除')
      const planIds = [...new Set(rows.map((r) => r.coursePlanId).filter((v): v is string => !!v))]
      for (const planId of planIds) await draftOf(tx, planId, '删除')
      await repo.remove(query.ids)
      for (const planId of planIds) {
        const left = await tx
          .repo(teachCoursePlanImport)
          .count(eq(teachCoursePlanImport.coursePlanId, planId))
        if (left) continue
        await tx.repo(teachCoursePlanProject).deleteWhere([eq(teachCoursePlanProject.coursePlanId, planId)])
        if (await tx.repo(teachCoursePlan).get(planId)) await tx.repo(teachCoursePlan).remove([planId])
      }
    })
    return done('删除成功')
  })
}
