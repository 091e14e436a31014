import { desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import {
  competitionFinalApi as api,
  competitionFinalResultApi as results,
  type FinalDetail,
  type FinalRow,
} from '../../shared/api/competition'
import { COMPETITION_DICTS } from '../../shared/resources/competition'
import { route } from '../core/route'
import { done, ok } from '../core/envelope'
import { ForbiddenError } from '../core/errors'
import { escapeLike } from '../core/query'
import { Data, dataOf, type Query } from '../core/data'
import {
  competitionApply,
  competitionFinal,
  competitionFinalResult,
  competitionPreliminaryResult,
} from '../db/schema'
import { registerApprovalRoutes } from '../flow/business'
import { holdsCode } from './caller'
import { dictLabels } from './dictionaries'
import {
  FINAL_TABLE,
  eligibleEntries,
  entrantsReason,
  finalScope,
  presentFinalResults,
  removeFinals,
  resultRows,
  RESULT_ORDER,
  saveFinal,
  saveResults,
  scopedFinalProject,
  submitFinals,
  submitResults,
  updateResult,
  type FinalRecord,
} from './finals'
import { FINAL_FLOW } from './flows'
import { teacherNames } from './names'
import { enabledAddresses } from './parameter-routes'
import { preliminaryOfProject } from './preliminaries'
import { gridLines, projectSummary } from './projects'
import { labelOf, refuseTooMany, sendSheet } from './sheets'

/** `/api/competition/competitionprojectfinal/*` and `competitionprojectfinalresult/*` (A.7). */

const RESULT_BUTTON = 'competition_final_result'
const RESULT_SUBMIT_BUTTON = 'competition_final_resultsubmit'

function finalConditions(query: Query): SQL[] {
  const where: SQL[] = []
  const year = query.academicYear ?? query.academicYear_equal
  if (typeof year === 'string' && year) where.push(eq(competitionFinal.academicYear, year))
  const project = query.projectId ?? query.projectId_equal
  if (typeof project === 'string' && /^\d{1,19}$/.test(project))
    where.push(eq(competitionFinal.projectId, project))
  for (const key of ['finalLevel', 'status', 'resultStatus'] as const) {
    const v = String(query[key] ?? query[`${key}_equal`] ?? '')
    if (/^\d$/.test(v)) where.push(eq(competitionFinal[key], Number(v)))
  }
  if (typeof query.finalName === 'string' && query.finalName.trim())
    where.push(sql`${competitionFinal.finalName} like ${`%${escapeLike(query.finalName.trim())}%`}`)
  return where
}

const FINAL_SORT = [desc(competitionFinal.finalTime), desc(competitionFinal.id)]

async function presentFinals(data: Data, rows: FinalRecord[]): Promise<FinalRow[]> {
  const projects = rows.length
    ? await data
        .repo(competitionApply)
        .find([inArray(competitionApply.id, [...new Set(rows.map((r) => r.projectId!))])])
    : []
  const byId = new Map(projects.map((p) => [p.id, p]))
  const teachers = await teacherNames(
    data,
    projects.map((p) => p.leaderTeacherId),
  )
  return rows.map((r) => ({
    ...(r as unknown as FinalRow),
    projectName: String(byId.get(r.projectId!)?.projectName ?? ''),
    leaderName: teachers.get(String(byId.get(r.projectId!)?.leaderTeacherId)) ?? '',
  }))
}

export async function finalDetail(data: Data, final: FinalRecord): Promise<FinalDetail> {
  const [row] = await presentFinals(data, [final])
  const project = await data.repo(competitionApply).need(final.projectId!)
  const entrants = await resultRows(data, final.id)
  const counts = new Map<number, number>()
  for (const e of entrants) if (e.award) counts.set(Number(e.award), (counts.get(Number(e.award)) ?? 0) + 1)
  return {
    ...row,
    project: await projectSummary(data, project),
    entrants,
    awardCounts: [...counts].sort((a, b) => a[0] - b[0]).map(([award, count]) => ({ award, count })),
  }
}

function entrantConditions(query: Query): SQL[] {
  const where: SQL[] = []
  for (const key of ['finalId', 'projectId'] as const) {
    const v = query[key] ?? query[`${key}_equal`]
    if (typeof v === 'string' && /^\d{1,19}$/.test(v)) where.push(eq(competitionFinalResult[key], v))
  }
  return where
}

export function registerFinalRoutes(app: FastifyInstance) {
  for (const endpoint of [api.page, api.list] as const)
    route(app, endpoint, async ({ query, data }) => {
      const page = await data
        .repo(competitionFinal, finalScope)
        .page(query, { where: finalConditions(query), filters: false, sort: FINAL_SORT })
      return ok({ ...page, records: await presentFinals(data, page.records) })
    })

  route(app, api.detail, async ({ query, data }) =>
    ok(await finalDetail(data, await data.repo(competitionFinal, finalScope).need(query.id))),
  )

  route(app, api.pageExport, async ({ query, data, reply }) => {
    const rows = await data
      .repo(competitionFinal, finalScope)
      .find(finalConditions(query), { sort: FINAL_SORT, limit: 100001 })
    refuseTooMany(rows.length)
    const shown = await presentFinals(data, rows)
    const [levels, statuses] = await Promise.all(
      [COMPETITION_DICTS.level, COMPETITION_DICTS.roundStatus].map((c) => dictLabels(data.db, c)),
    )
    const resultStates = new Map([
      [0, '未录入'],
      [1, '已录入'],
      [2, '已提交'],
    ])
    return sendSheet(
      reply,
      '决赛管理.xlsx',
      [
        '决赛名称',
        '竞赛项目名称',
        '决赛级别',
        '决赛时间',
        '比赛地点',
        '主办单位',
        '参赛数',
        '状态',
        '结果状态',
      ],
      shown.map((r) => [
        r.finalName,
        r.projectName,
        labelOf(levels, r.finalLevel),
        r.finalTime as unknown as Date,
        r.addressName,
        r.organizer,
        r.entryCount,
        labelOf(statuses, r.status),
        labelOf(resultStates, r.resultStatus),
      ]),
    )
  })

  const entrantsRepo = (data: Data) => data.repo(competitionFinalResult, finalScope)

  route(app, api.detailPage, async ({ query, data }) => {
    const page = await entrantsRepo(data).page(query, {
      where: entrantConditions(query),
      filters: false,
      sort: RESULT_ORDER,
    })
    return ok({ ...page, records: await presentFinalResults(data, page.records) })
  })

  route(app, api.detailPageExport, async ({ query, data, reply }) => {
    const rows = await entrantsRepo(data).find(entrantConditions(query), {
      sort: RESULT_ORDER,
      limit: 100001,
    })
    refuseTooMany(rows.length)
    const shown = await presentFinalResults(data, rows)
    const finals = new Map(
      (rows.length
        ? await data
            .repo(competitionFinal)
            .find([inArray(competitionFinal.id, [...new Set(rows.map((r) => r.finalId!))])])
        : []
      ).map((f) => [f.id, f.finalName ?? '']),
    )
    const awards = await dictLabels(data.db, COMPETITION_DICTS.award)
    return sendSheet(
      reply,
      '决赛参赛明细.xlsx',
      ['决赛名称', '竞赛项目名称', '学号', '姓名', '团队名称', '院系', '班级', '获奖等级'],
      shown.flatMap((r) =>
        r.members.map((m) => [
          finals.get(r.finalId!) ?? '',
          r.projectName,
          m.studentNo,
          m.studentName,
          r.teamName,
          m.deptName,
          m.className,
          labelOf(awards, r.award),
        ]),
      ),
    )
  })

  route(app, api.getApplyDetail, async ({ query, data }) => {
    const project = await scopedFinalProject(data, query.projectId)
    const held = await data.repo(competitionFinal).find([eq(competitionFinal.projectId, project.id)])
    return ok({
      project: await projectSummary(data, project),
      addresses: (await enabledAddresses(data)) as never,
      levels: held.map((f) => Number(f.finalLevel)),
      reason: await entrantsReason(data, project),
    })
  })

  route(app, api.getProjectFinalStudent, async ({ query, data }) => {
    const project = await scopedFinalProject(data, query.projectId)
    const eligible = await eligibleEntries(data, project)
    const finalId =
      typeof query.finalId === 'string' && /^\d{1,19}$/.test(query.finalId) ? query.finalId : null
    const chosen = finalId
      ? new Set(
          (await data.repo(competitionFinalResult).find([eq(competitionFinalResult.finalId, finalId)])).map(
            (r) => r.appointmentId,
          ),
        )
      : new Set<string | null>()
    const round = await preliminaryOfProject(data, project.id)
    const prelim = round
      ? await data
          .repo(competitionPreliminaryResult)
          .find([eq(competitionPreliminaryResult.preliminaryId, round.id)])
      : []
    const current = Math.max(1, Number(query.current) || 1)
    const size = Math.min(500, Math.max(1, Number(query.size) || 10))
    const lines = await gridLines(
      data,
      eligible.slice((current - 1) * size, current * size),
      new Map(prelim.map((r) => [r.appointmentId!, r])),
    )
    return ok({
      records: lines.map((l) => ({ ...l, selected: chosen.has(l.appointmentId) })),
      total: eligible.length,
      size,
      current,
      pages: Math.ceil(eligible.length / size),
    })
  })

  route(app, api.remove, async ({ query, data }) => {
    await data.transaction((tx) => removeFinals(tx, query.ids))
    return done()
  })

  for (const endpoint of [api.save, api.update] as const)
    route(app, endpoint, async ({ body, data }) => {
      const id = await data.transaction((tx) => saveFinal(tx, body as Record<string, unknown>))
      return ok({ id })
    })

  route(app, api.batchSubmit, async ({ body, data }) => {
    const count = await data.transaction((tx) => submitFinals(tx, body.ids))
    return ok({ count }, `已提交${count}条决赛记录`)
  })

  registerApprovalRoutes(app, {
    basePath: '/api/competition/competitionprojectfinal',
    processKey: FINAL_FLOW,
    businessTable: FINAL_TABLE,
    save: ({ tx, body, request }) => saveFinal(dataOf(request).with(tx), body, { submitting: true }),
    describe: async ({ db, tenantId, ids }) => {
      const data = new Data({ db: db as never, tenantId, user: null })
      const rows = await presentFinals(
        data,
        await data.repo(competitionFinal).find([inArray(competitionFinal.id, ids)]),
      )
      return new Map(rows.map((r) => [r.id, { ...r, roundStatus: r.status }]))
    },
  })

  // 决赛结果: the office enters and submits them (录入结果 / 提交结果).
  const needCode = async (data: Data, code: string) => {
    if (!(await holdsCode(data, code))) throw new ForbiddenError()
  }

  route(app, results.detail, async ({ query, data }) =>
    ok(await finalDetail(data, await data.repo(competitionFinal, finalScope).need(query.finalId))),
  )
  for (const [endpoint, type] of [
    [results.groupList, 2],
    [results.personalList, 1],
  ] as const)
    route(app, endpoint, async ({ query, data }) => {
      const final = await data.repo(competitionFinal, finalScope).need(query.finalId)
      return ok(await resultRows(data, final.id, type))
    })

  route(app, results.save, async ({ body, data }) => {
    await needCode(data, RESULT_BUTTON)
    const count = await data.transaction((tx) => saveResults(tx, body.finalId, body.rows))
    return ok({ count }, '结果已保存')
  })

  route(app, results.update, async ({ body, data }) => {
    await needCode(data, RESULT_BUTTON)
    const { id, ...values } = body
    return ok({ id: await data.transaction((tx) => updateResult(tx, id, values)) })
  })

  route(app, results.submit, async ({ body, data }) => {
    await needCode(data, RESULT_SUBMIT_BUTTON)
    const count = await data.transaction((tx) => submitResults(tx, body.finalId))
    return ok({ count }, '结果已提交')
  })
}
