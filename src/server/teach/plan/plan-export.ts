import { inArray } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { coursePlanApi, type PlanLine } from '../../../shared/api/teach'
import {
  EXPERIMENT_REQUIREMENT,
  EXPERIMENT_TYPE,
  labelOfCode,
  PLAN_STATUS_OPTIONS,
} from '../../../shared/resources/teach/codes'
import { compressNumbers, parseNumberList } from '../../../shared/resources/teach/calendar'
import { bad } from '../../core/errors'
import { defaultSort } from '../../core/resource-routes'
import { route } from '../../core/route'
import { formatDateTime } from '../../core/serialize'
import { teachCoursePlan } from '../../db/schema'
import { sendBook, type Sheet } from '../sheets'
import { planLines, presentPlans, scheduleRows } from './plan-present'
import { planScope, plansOf } from './plan-save'

type Shown = Awaited<ReturnType<typeof presentPlans>>[number]

const weeksOf = (p: Shown) => `${p.startWeek ?? ''}-${p.endWeek ?? ''}`
const stamp = (d: Date | null | undefined) => (d ? formatDateTime(d) : '')

/** 实验教学计划书 of one plan: the header block, then its lines. */
function planSheet(p: Shown, lines: PlanLine[]): Sheet {
  const rows: unknown[][] = [
    ['实验教学计划书'],
    ['学年学期', p.academicYearName, '开课院系', p.deptName],
    ['课程号', p.courseNumber, '课程名称', p.courseName],
    ['主讲教师', p.teacherName, '辅导教师', p.assistantTeacherNames],
    ['上课班级', p.classNos, '上课人数', p.studentCount],
    ['起止周', `第${weeksOf(p)}周`, '课程实验学时', p.courseLabHours],
    ['计划学时', p.labHours, '状态', labelOfCode(PLAN_STATUS_OPTIONS, p.status)],
    [],
    [
      '序号',
      '实验编号',
      '实验名称',
      '实验类型',
      '实验要求',
      '学时',
      '每组人数',
      '计划周次',
      '实验室',
      '进度说明',
    ],
    ...lines.map((l, i) => [
      i + 1,
      l.experimentNumber,
      l.experimentName,
      labelOfCode(EXPERIMENT_TYPE, l.experimentType),
      labelOfCode(EXPERIMENT_REQUIREMENT, l.requirement),
      l.hours,
      l.groupSize ?? '',
      l.planWeeks ? `第${compressNumbers(parseNumberList(l.planWeeks))}周` : '',
      l.labName,
      l.content ?? '',
    ]),
    ['合计', '', '', '', '', lines.reduce((n, l) => n + l.hours, 0)],
  ]
  return { name: p.courseName ?? '计划', rows, widths: [10, 14, 28, 10, 10, 8, 10, 16, 20, 30] }
}

/** 实验教学进度表 of one plan: a row per planned week and line. */
function scheduleSheet(p: Shown, lines: PlanLine[]): Sheet {
  const rows: unknown[][] = [
    ['实验教学进度表'],
    ['学年学期', p.academicYearName, '课程', `${p.courseName}（${p.courseNumber}）`],
    ['主讲教师', p.teacherName, '上课班级', p.classNos],
    [],
    ['周次', '实验编号', '实验名称', '学时', '实验室', '进度说明'],
    ...scheduleRows(lines).map((r) => [
      r.weekText,
      r.experimentNumber,
      r.experimentName,
      r.hours,
      r.labName,
      r.content ?? '',
    ]),
  ]
  return { name: p.courseName ?? '进度表', rows, widths: [12, 14, 28, 8, 20, 30] }
}

/** The file name: 实验教学计划书_电路实验_2025-2026学年第一学期.xlsx, or with the plan count for several. */
const fileName = (kind: string, plans: Shown[]) =>
  plans.length === 1
    ? `${kind}_${plans[0].courseName}_${plans[0].academicYearName}.xlsx`
    : `${kind}_${plans.length}个计划_${[...new Set(plans.map((p) => p.academicYearName))].join('、')}.xlsx`

export function registerPlanExportRoutes(app: FastifyInstance) {
  route(app, coursePlanApi.export, async ({ query, data, reply }) => {
    const rows = await plansOf(data).list(query, {
      sort: defaultSort(planScope, teachCoursePlan),
      limit: 20000,
    })
    const shown = await presentPlans(data, rows)
    const sheet = shown.map((p) => ({
      学年学期: p.academicYearName,
      课程号: p.courseNumber,
      课程名称: p.courseName,
      开课院系: p.deptName,
      主讲教师: p.teacherName,
      辅导教师: p.assistantTeacherNames,
      上课班级: p.classNos,
      上课人数: p.studentCount,
      起止周: weeksOf(p),
      课程实验学时: p.courseLabHours,
      计划学时: p.labHours,
      状态: labelOfCode(PLAN_STATUS_OPTIONS, p.status),
      提交时间: stamp(p.submitTime),
      通过时间: stamp(p.approveTime),
      变更次数: p.changeCount ?? 0,
      备注: p.remark ?? '',
    }))
    return sendBook(reply, '课程计划.xlsx', [
      { name: '课程计划', rows: sheet.length ? sheet : [{ 学年学期: '' }] },
    ])
  })

  for (const [endpoint, kind, sheetOf] of [
    [coursePlanApi.exportPlan, '实验教学计划书', planSheet],
    [coursePlanApi.exportSchedule, '实验教学进度表', scheduleSheet],
  ] as const)
    route(app, endpoint, async ({ query, data, reply }) => {
      const plans = await plansOf(data).find([inArray(teachCoursePlan.id, query.ids)])
      if (plans.length !== query.ids.length) bad('课程计划不存在或无权访问')
      const byId = new Map((await presentPlans(data, plans)).map((p) => [p.id, p]))
      const shown = query.ids.map((id) => byId.get(id)!)
      const lines = await planLines(data, query.ids)
      const sheets = shown.map((p) =>
        sheetOf(
          p,
          lines.filter((l) => l.coursePlanId === p.id),
        ),
      )
      return sendBook(reply, fileName(kind, shown), sheets)
    })
}
