import { asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import {
  competitionApplyApi as api,
  type GradeListRow,
  type ScoreListRow,
} from '../../shared/api/competition'
import { schoolYearsAround } from '../../shared/resources/base/school-year'
import { APPLY_STATUS, COMPETITION_DICTS } from '../../shared/resources/competition'
import { route } from '../core/route'
import { done, ok } from '../core/envelope'
import { ForbiddenError } from '../core/errors'
import { escapeLike } from '../core/query'
import type { Data, Query } from '../core/data'
import { baseTeacher, competitionApply, dept } from '../db/schema'
import { applyScope, presentApplies, removeApplications, saveApplication } from './applications'
import { currentYear, holdsCode, isStaff, teacherOf, yearOr } from './caller'
import { now } from './clock'
import { dictLabels } from './dictionaries'
import { gradeFigures, myScores, scoresOf, updateBatch } from './grading'
import { labOptions, text } from './names'
import { parameterOf } from './parameter-routes'
import { labelOf, refuseTooMany, sendSheet } from './sheets'

/** `/api/competition/competitionprojectapply/*` (A.3, A.4). */

const REVIEW_MENU = 'competition_applyreview'
const GRADE_BUTTON = 'competition_applyreview_batchedit'

async function requireCode(data: Data, code: string) {
  if (!(await holdsCode(data, code))) throw new ForbiddenError()
}

/** Filters of the list beyond the BladeX ones: 负责教师 by name. */
function listConditions(query: Query): SQL[] {
  const leader = typeof query.leaderName === 'string' ? query.leaderName.trim() : ''
  return leader
    ? [
        sql`${competitionApply.leaderTeacherId} in (select ${baseTeacher.id} from ${baseTeacher} where ${baseTeacher.teacherName} like ${`%${escapeLike(leader)}%`})`,
      ]
    : []
}

const SORT = [desc(competitionApply.createTime), desc(competitionApply.id)]

export function registerApplyRoutes(app: FastifyInstance) {
  route(app, api.page, async ({ query, data }) => {
    const page = await data
      .repo(competitionApply, applyScope)
      .page(query, { where: listConditions(query), filters: { skip: ['leaderName'] }, sort: SORT })
    return ok({ ...page, records: await presentApplies(data, page.records) })
  })

  route(app, api.detail, async ({ query, data }) => {
    const row = await data.repo(competitionApply, applyScope).need(query.id)
    const [shown] = await presentApplies(data, [row])
    const reviewer = await holdsCode(data, REVIEW_MENU)
    const scores = reviewer ? await scoresOf(data, row.id) : []
    const values = scores.map((s) => s.score)
    return ok({
      ...shown,
      scores,
      maxScore: values.length ? Math.max(...values) : null,
      minScore: values.length ? Math.min(...values) : null,
    })
  })

  route(app, api.remove, async ({ query, data }) => {
    await data.transaction((tx) => removeApplications(tx, query.ids))
    return done()
  })

  route(app, api.submit, async ({ body, data }) => {
    const result = await data.transaction((tx) => saveApplication(tx, body as Record<string, unknown>))
    return ok(result, Number(body.applyFlag) === 1 ? '提交成功' : '保存成功')
  })

  route(app, api.pageExport, async ({ query, data, reply }) => {
    const repo = data.repo(competitionApply, applyScope)
    const where = listConditions(query)
    const options = { where, filters: { skip: ['leaderName'] }, sort: SORT }
    const total = (await repo.page({ ...query, current: 1, size: 1 }, options)).total
    refuseTooMany(total)
    const rows = await presentApplies(data, await repo.list(query, { ...options, limit: total || 1 }))
    const [levels, categories, modes, grades, statuses] = await Promise.all(
      [
        COMPETITION_DICTS.level,
        COMPETITION_DICTS.category,
        COMPETITION_DICTS.entryMode,
        COMPETITION_DICTS.grade,
        COMPETITION_DICTS.applyStatus,
      ].map((code) => dictLabels(data.db, code)),
    )
    return sendSheet(
      reply,
      '竞赛项目申报.xlsx',
      [
        '申报编号',
        '学年',
        '竞赛项目名称',
        '赛事名称',
        '竞赛级别',
        '竞赛类别',
        '主办单位',
        '承办院系',
        '负责教师',
        '指导教师',
        '参赛形式',
        '报名开始时间',
        '报名截止时间',
        '比赛时间',
        '预计参赛人数',
        '申请经费（元）',
        '评审均分',
        '排名',
        '评定等级',
        '核定经费（元）',
        '状态',
      ],
      rows.map((r) => [
        r.applyNo,
        r.academicYear,
        r.projectName,
        r.competitionName,
        labelOf(levels, r.competitionLevel),
        labelOf(categories, r.competitionCategory),
        r.organizer,
        r.deptName,
        r.leaderName,
        r.teacherNames,
        labelOf(modes, r.entryMode),
        r.signupStart as unknown as Date,
        r.signupEnd as unknown as Date,
        r.planStart ? `${r.planStart} 至 ${r.planEnd ?? ''}` : '',
        r.expectedParticipants,
        Number(r.budget ?? 0),
        r.avgScore === null ? '' : Number(r.avgScore),
        r.rank,
        labelOf(grades, r.grade),
        r.approvedFunds === null ? '' : Number(r.approvedFunds),
        labelOf(statuses, r.status),
      ]),
    )
  })

  route(app, api.options, async ({ query, data }) => {
    const year = await yearOr(data, query.academicYear)
    const colleges = await data.repo(dept).find([sql`${dept.serial} is not null and ${dept.serial} <> ''`], {
      sort: [asc(dept.sort), asc(dept.serial)],
    })
    const teachers = await data
      .repo(baseTeacher)
      .find([], { sort: [asc(baseTeacher.teacherNo)], limit: 5000 })
    const me = await teacherOf(data)
    const option = (t: typeof me) =>
      t && {
        id: String(t.id),
        teacherNo: String(t.teacherNo),
        teacherName: String(t.teacherName),
        deptSerial: text(t.deptSerial),
        userId: text(t.userId),
      }
    const years = schoolYearsAround(now(), 5, 1)
    if (!years.includes(year)) years.push(year)
    return ok({
      academicYears: years,
      currentYear: await currentYear(data),
      colleges: colleges
        .filter((c) => c.deptCategory === 2 || c.deptCategory === 1)
        .map((c) => ({ deptSerial: String(c.serial), deptName: c.deptName })),
      teachers: teachers.map((t) => option(t)!),
      labs: await labOptions(data),
      me: option(me),
      staff: isStaff(data),
      parameter: (await parameterOf(data, year)) as never,
    })
  })

  route(app, api.scoreList, async ({ query, data }) => {
    await requireCode(data, REVIEW_MENU)
    const year = await yearOr(data, query.academicYear)
    const page = await data.repo(competitionApply).page(query, {
      where: [eq(competitionApply.academicYear, year), eq(competitionApply.status, APPLY_STATUS.reviewing)],
      filters: { skip: ['academicYear', 'status'] },
      sort: [asc(competitionApply.applyNo), asc(competitionApply.id)],
    })
    const shown = await presentApplies(data, page.records)
    const mine = await myScores(
      data,
      shown.map((r) => r.id),
    )
    const records: ScoreListRow[] = shown.map((r) => ({
      ...r,
      myScore: mine.get(r.id)?.score ?? null,
      myComment: mine.get(r.id)?.comment ?? null,
      mine: r.leaderUserId === data.me.userId,
    }))
    return ok({ ...page, records })
  })

  route(app, api.gradeList, async ({ query, data }) => {
    await requireCode(data, REVIEW_MENU)
    const year = await yearOr(data, query.academicYear)
    const rows = await data
      .repo(competitionApply)
      .find(
        [
          eq(competitionApply.academicYear, year),
          inArray(competitionApply.status, [
            APPLY_STATUS.reviewing,
            APPLY_STATUS.approved,
            APPLY_STATUS.rejected,
          ]),
        ],
        { sort: [sql`${competitionApply.rank} asc nulls last`, asc(competitionApply.applyNo)] },
      )
    const figures = await gradeFigures(data, year, rows)
    const shown = await presentApplies(data, rows)
    return ok(shown.map((r) => ({ ...r, ...figures.get(r.id)! }) as GradeListRow))
  })

  route(app, api.updateBatch, async ({ body, data }) => {
    await requireCode(data, body.action === 'score' ? REVIEW_MENU : GRADE_BUTTON)
    const count = await data.transaction((tx) => updateBatch(tx, body))
    return ok({ count }, body.action === 'score' ? '评分已保存' : '评定完成')
  })
}
