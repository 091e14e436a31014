import type { FastifyInstance, FastifyReply } from 'fastify'
import { competitionParameterApi as api } from '../../shared/api/competition'
import { COMPETITION_DICTS, ENTRY_TYPE } from '../../shared/resources/competition'
import { route } from '../core/route'
import { ok } from '../core/envelope'
import type { Data, Query } from '../core/data'
import { competitionFinalResult } from '../db/schema'
import { AWARD_SORT, awardFilters, awardSum, classSummary, counted, presentAwards } from './awards'
import { dictLabels } from './dictionaries'
import { labelOf, refuseTooMany, sendSheet } from './sheets'

/** 获奖统计 (`/api/competition/parameter/{group,personnal}-awards*`, `class-summary`; A.8, A.9). */

async function awardPage(data: Data, query: Query, type: number) {
  const f = await awardFilters(data, query)
  const page = await data
    .repo(competitionFinalResult)
    .page(query, { where: [counted(data, f, type)], filters: false, sort: AWARD_SORT })
  return { ...page, records: await presentAwards(data, page.records) }
}

async function exportAwards(data: Data, query: Query, type: number, reply: FastifyReply) {
  const f = await awardFilters(data, query)
  const repo = data.repo(competitionFinalResult)
  refuseTooMany(await repo.count(counted(data, f, type)))
  const rows = await presentAwards(data, await repo.find([counted(data, f, type)], { sort: AWARD_SORT }))
  const [levels, awards] = await Promise.all(
    [COMPETITION_DICTS.level, COMPETITION_DICTS.award].map((c) => dictLabels(data.db, c)),
  )
  const head = ['学年', '竞赛项目名称', '赛事名称', '决赛级别', '获奖等级']
  const tail = ['指导教师', '院系', '获奖日期', '证书编号']
  const common = (r: (typeof rows)[number]) => [
    r.academicYear,
    r.projectName,
    r.competitionName,
    labelOf(levels, r.finalLevel),
    labelOf(awards, r.award),
  ]
  const end = (r: (typeof rows)[number]) => [r.teacherNames, r.deptName, r.awardDate, r.certificateNo]
  if (type === ENTRY_TYPE.team)
    return sendSheet(
      reply,
      `团体获奖统计_${f.academicYear}.xlsx`,
      [...head, '团队名称', '队长', '成员', ...tail],
      rows.map((r) => [...common(r), r.teamName, r.leaderName, r.memberNames, ...end(r)]),
    )
  return sendSheet(
    reply,
    `个人获奖统计_${f.academicYear}.xlsx`,
    [...head, '学号', '姓名', '班级', ...tail],
    rows.map((r) => [...common(r), r.memberNos, r.memberNames, r.className, ...end(r)]),
  )
}

export function registerAwardRoutes(app: FastifyInstance) {
  for (const [type, page, sum, exported] of [
    [ENTRY_TYPE.team, api.groupAwards, api.groupAwardsSum, api.groupAwardsExport],
    [ENTRY_TYPE.personal, api.personalAwards, api.personalAwardsSum, api.personalAwardsExport],
  ] as const) {
    route(app, page, async ({ query, data }) => ok(await awardPage(data, query, type)))
    route(app, sum, async ({ query, data }) =>
      ok(await awardSum(data, await awardFilters(data, query), type)),
    )
    route(app, exported, async ({ query, data, reply }) => exportAwards(data, query, type, reply))
  }
  route(app, api.classSummary, async ({ query, data }) => ok(await classSummary(data, query)))
}
