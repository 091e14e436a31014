import { asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import {
  competitionPreliminaryApi as api,
  type Preliminary,
  type PreliminaryRow,
  type ResultRow,
} from '../../shared/api/competition'
import { APPLY_STATUS, COMPETITION_DICTS } from '../../shared/resources/competition'
import { route } from '../core/route'
import { ok } from '../core/envelope'
import { escapeLike } from '../core/query'
import { Data, type Query } from '../core/data'
import { competitionApply, competitionPreliminary, competitionPreliminaryResult } from '../db/schema'
import { registerApprovalRoutes } from '../flow/business'
import { dictLabels } from './dictionaries'
import { PRELIMINARY_FLOW } from './flows'
import { classNames, collegeNames, teacherNames } from './names'
import { enabledAddresses } from './parameter-routes'
import {
  PRELIMINARY_TABLE,
  preliminaryOfProject,
  preliminaryScope,
  savePreliminary,
  scopedProject,
  submitPreliminaries,
  type PreliminaryRecord,
} from './preliminaries'
import { entriesOfProject, gridLines, membersOf, projectSummary } from './projects'
import { labelOf, refuseTooMany, sendSheet, type Cell } from './sheets'
import type { ProjectRow } from './entries'

/** `/api/competition/competitionprojectpreliminary/*` (A.6). */

const FORMS = new Map([
  [1, '线下'],
  [2, '线上'],
])

/** Projects with a preliminary (立项, 设初赛) of the caller's reach, filtered as the list asks. */
function projectConditions(data: Data, query: Query): SQL[] {
  const where: SQL[] = [
    eq(competitionApply.status, APPLY_STATUS.approved),
    eq(competitionApply.preliminaryRequired, 1),
  ]
  if (typeof query.academicYear === 'string' && query.academicYear)
    where.push(eq(competitionApply.academicYear, query.academicYear))
  if (typeof query.projectName === 'string' && query.projectName.trim())
    where.push(sql`${competitionApply.projectName} like ${`%${escapeLike(query.projectName.trim())}%`}`)
  const status = String(query.status ?? query.status_equal ?? '')
  const rounds = sql`select ${competitionPreliminary.projectId} from ${competitionPreliminary} where ${data.rows(competitionPreliminary)}`
  if (status === 'none') where.push(sql`${competitionApply.id} not in (${rounds})`)
  else if (/^[0-3]$/.test(status))
    where.push(
      sql`${competitionApply.id} in (${rounds} and ${competitionPreliminary.status} = ${Number(status)})`,
    )
  return where
}

async function preliminaryRows(data: Data, projects: ProjectRow[]): Promise<PreliminaryRow[]> {
  const rounds = projects.length
    ? await data.repo(competitionPreliminary).find([
        inArray(
          competitionPreliminary.projectId,
          projects.map((p) => p.id),
        ),
      ])
    : []
  const byProject = new Map(rounds.map((r) => [r.projectId, r]))
  const teachers = await teacherNames(
    data,
    projects.map((p) => p.leaderTeacherId),
  )
  return projects.map((p) => {
    const r = byProject.get(p.id)
    return {
      projectId: p.id,
      projectName: String(p.projectName),
      competitionName: String(p.competitionName),
      academicYear: String(p.academicYear),
      leaderName: teachers.get(String(p.leaderTeacherId)) ?? '',
      signupEnd: p.signupEnd as unknown as string,
      projectEntryCount: p.entryCount ?? 0,
      id: r?.id ?? '',
      preliminaryTime: (r?.preliminaryTime as unknown as string) ?? null,
      addressName: r?.addressName ?? null,
      form: r?.form ?? null,
      judges: r?.judges ?? null,
      entryCount: r?.entryCount ?? p.entryCount ?? 0,
      advanceTotal: r?.advanceTotal ?? 0,
      status: r ? r.status : null,
      processInstanceId: r?.processInstanceId ?? null,
    }
  })
}

/** Result rows of rounds (detail-page): one project or one round. */
function resultConditions(query: Query): SQL[] {
  const where: SQL[] = []
  if (typeof query.preliminaryId === 'string' && /^\d{1,19}$/.test(query.preliminaryId))
    where.push(eq(competitionPreliminaryResult.preliminaryId, query.preliminaryId))
  if (typeof query.projectId === 'string' && /^\d{1,19}$/.test(query.projectId))
    where.push(eq(competitionPreliminaryResult.projectId, query.projectId))
  if (query.advance === '1' || query.advance === '0')
    where.push(eq(competitionPreliminaryResult.advance, Number(query.advance)))
  return where
}

export const RESULT_SORT = [
  asc(competitionPreliminaryResult.projectId),
  sql`${competitionPreliminaryResult.rank} asc nulls last`,
  asc(competitionPreliminaryResult.id),
]

export async function presentResults(
  data: Data,
  rows: (typeof competitionPreliminaryResult.$inferSelect)[],
): Promise<ResultRow[]> {
  const projects = rows.length
    ? await data
        .repo(competitionApply)
        .find([inArray(competitionApply.id, [...new Set(rows.map((r) => r.projectId!))])])
    : []
  const rounds = rows.length
    ? await data
        .repo(competitionPreliminary)
        .find([inArray(competitionPreliminary.id, [...new Set(rows.map((r) => r.preliminaryId!))])])
    : []
  const names = new Map(projects.map((p) => [p.id, String(p.projectName)]))
  const statuses = new Map(rounds.map((r) => [r.id, r.status]))
  const colleges = await collegeNames(
    data,
    rows.map((r) => r.deptSerial),
  )
  const classes = await classNames(
    data,
    rows.map((r) => r.classNo),
  )
  return rows.map((r) => ({
    ...(r as unknown as ResultRow),
    score: r.score === null ? null : Number(r.score),
    projectName: names.get(r.projectId!) ?? '',
    deptName: colleges.get(String(r.deptSerial)) ?? '',
    className: classes.get(String(r.classNo)) ?? String(r.classNo ?? ''),
    preliminaryStatus: statuses.get(r.preliminaryId!) ?? 0,
  }))
}

const STUDENT_HEADERS = [
  '竞赛项目名称',
  '报名类型',
  '团队名称',
  '学号',
  '姓名',
  '院系',
  '班级',
  '初赛成绩',
  '名次',
  '是否晋级',
]

/** One sheet row per student of the result rows (A.9). */
async function studentSheetRows(data: Data, rows: ResultRow[]): Promise<Cell[][]> {
  const members = await membersOf(
    data,
    rows.map((r) => r.appointmentId!),
  )
  const all = [...members.values()].flat()
  const colleges = await collegeNames(
    data,
    all.map((m) => m.deptSerial),
  )
  const classes = await classNames(
    data,
    all.map((m) => m.classNo),
  )
  return rows.flatMap((r) =>
    (members.get(r.appointmentId!) ?? []).map((m) => [
      r.projectName,
      r.entryType === 2 ? '团队' : '个人',
      r.teamName,
      m.studentNo,
      m.studentName,
      colleges.get(String(m.deptSerial)) ?? '',
      classes.get(String(m.classNo)) ?? m.classNo,
      r.score,
      r.rank,
      r.advance === 1 ? '是' : '否',
    ]),
  )
}

/** The round, its project and its grid (process pages, the audit dialog). */
export async function preliminaryDetail(data: Data, round: PreliminaryRecord) {
  const project = await data.repo(competitionApply).need(round.projectId!)
  const results = await data
    .repo(competitionPreliminaryResult)
    .find([eq(competitionPreliminaryResult.preliminaryId, round.id)])
  const entries = await entriesOfProject(data, project.id)
  const byEntry = new Map(results.map((r) => [r.appointmentId!, r]))
  const lines = await gridLines(
    data,
    entries.filter((e) => byEntry.has(e.id)),
    byEntry,
  )
  lines.sort((a, b) => (a.rank ?? 1e9) - (b.rank ?? 1e9))
  return {
    ...(round as unknown as Preliminary),
    advanceScore: round.advanceScore === null ? null : String(Number(round.advanceScore)),
    project: await projectSummary(data, project),
    results: lines,
  }
}

export function registerPreliminaryRoutes(app: FastifyInstance) {
  route(app, api.page, async ({ query, data }) => {
    const page = await data.repo(competitionApply, preliminaryScope).page(query, {
      where: projectConditions(data, query),
      filters: false,
      sort: [desc(competitionApply.signupEnd), asc(competitionApply.id)],
    })
    return ok({ ...page, records: await preliminaryRows(data, page.records) })
  })

  route(app, api.pageExport, async ({ query, data, reply }) => {
    const repo = data.repo(competitionApply, preliminaryScope)
    const projects = await repo.find(projectConditions(data, query), {
      sort: [desc(competitionApply.signupEnd)],
      limit: 100001,
    })
    refuseTooMany(projects.length)
    const rows = await preliminaryRows(data, projects)
    const statuses = await dictLabels(data.db, COMPETITION_DICTS.roundStatus)
    return sendSheet(
      reply,
      '初赛管理.xlsx',
      ['竞赛项目名称', '初赛时间', '比赛地点', '形式', '评委', '报名数', '晋级数', '状态'],
      rows.map((r) => [
        r.projectName,
        r.preliminaryTime as unknown as Date,
        r.addressName,
        r.form ? labelOf(FORMS, r.form) : '',
        r.judges,
        r.entryCount,
        r.advanceTotal,
        r.status === null ? '未登记' : labelOf(statuses, r.status),
      ]),
    )
  })

  route(app, api.detail, async ({ query, data }) => {
    const round = await data.repo(competitionPreliminary, preliminaryScope).need(query.id)
    return ok(await preliminaryDetail(data, round))
  })

  route(app, api.getApplyDetail, async ({ query, data }) => {
    const project = await scopedProject(data, query.projectId)
    const round = await preliminaryOfProject(data, project.id)
    return ok({
      project: await projectSummary(data, project),
      preliminary: round
        ? ({
            ...round,
            advanceScore: round.advanceScore === null ? null : String(Number(round.advanceScore)),
          } as unknown as Preliminary)
        : null,
      addresses: (await enabledAddresses(data)) as never,
    })
  })

  route(app, api.getProjectPreliminaryStudent, async ({ query, data }) => {
    const project = await scopedProject(data, query.projectId)
    const round = await preliminaryOfProject(data, project.id)
    const results = round
      ? await data
          .repo(competitionPreliminaryResult)
          .find([eq(competitionPreliminaryResult.preliminaryId, round.id)])
      : []
    return ok(
      await gridLines(
        data,
        await entriesOfProject(data, project.id),
        new Map(results.map((r) => [r.appointmentId!, r])),
      ),
    )
  })

  route(app, api.saveAndUpdate, async ({ body, data }) => {
    const id = await data.transaction((tx) => savePreliminary(tx, body as never))
    return ok({ id }, '登记成功')
  })

  route(app, api.batchSubmit, async ({ body, data }) => {
    const count = await data.transaction((tx) => submitPreliminaries(tx, body.ids))
    return ok({ count }, `已提交${count}条初赛记录`)
  })

  const resultPage = (data: Data, query: Query, size?: number) =>
    data
      .repo(competitionPreliminaryResult, preliminaryScope)
      .page(size ? { ...query, current: 1, size } : query, {
        where: resultConditions(query),
        filters: false,
        sort: RESULT_SORT,
      })

  route(app, api.detailPage, async ({ query, data }) => {
    const page = await resultPage(data, query)
    return ok({ ...page, records: await presentResults(data, page.records) })
  })

  route(app, api.detailPageExport, async ({ query, data, reply }) => {
    const rows = await data
      .repo(competitionPreliminaryResult, preliminaryScope)
      .find(resultConditions(query), { sort: RESULT_SORT, limit: 100001 })
    refuseTooMany(rows.length)
    return sendSheet(
      reply,
      '初赛成绩明细.xlsx',
      STUDENT_HEADERS,
      await studentSheetRows(data, await presentResults(data, rows)),
    )
  })

  route(app, api.exportProjectPreliminaryStudent, async ({ query, data, reply }) => {
    const project = await scopedProject(data, query.projectId)
    const rows = await data
      .repo(competitionPreliminaryResult)
      .find([eq(competitionPreliminaryResult.projectId, project.id)], { sort: RESULT_SORT })
    return sendSheet(
      reply,
      `初赛学生名单_${String(project.projectName)}.xlsx`,
      STUDENT_HEADERS,
      await studentSheetRows(data, await presentResults(data, rows)),
    )
  })

  registerApprovalRoutes(app, {
    basePath: '/api/competition/competitionprojectpreliminary',
    startPath: null,
    processKey: PRELIMINARY_FLOW,
    businessTable: PRELIMINARY_TABLE,
    describe: async ({ db, tenantId, ids }) => {
      const data = new Data({ db: db as never, tenantId, user: null })
      const rows = await preliminaryRows(
        data,
        await data.repo(competitionApply).find([
          inArray(
            competitionApply.id,
            (await data.repo(competitionPreliminary).find([inArray(competitionPreliminary.id, ids)])).map(
              (r) => r.projectId!,
            ),
          ),
        ]),
      )
      return new Map(rows.filter((r) => r.id).map((r) => [r.id, { ...r, roundStatus: r.status }]))
    },
  })
}
