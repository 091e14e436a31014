import { eq, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { competitionPreliminaryResultApi as api } from '../../shared/api/competition'
import { entitySchema } from '../../shared/resource/validate'
import { ROUND_STATUS, competitionPreliminaryResultResource } from '../../shared/resources/competition'
import { route } from '../core/route'
import { done, ok } from '../core/envelope'
import { bad } from '../core/errors'
import type { Data, Query } from '../core/data'
import { competitionAppointment, competitionPreliminary, competitionPreliminaryResult } from '../db/schema'
import { checkResultEditable, rerank } from './preliminaries'
import { presentResults, RESULT_SORT } from './preliminary-routes'
import { entryCopy, membersOf } from './projects'

/**
 * 初赛结果 (`competitionprojectpreliminaryresult`, A.6): the office's corrections of approved rounds.
 * Lists show approved rounds unless `preliminaryStatus` asks for another; teachers see the rows of the
 * projects they lead (data scope).
 */

const scope = competitionPreliminaryResultResource
const full = entitySchema(competitionPreliminaryResultResource)
const partial = entitySchema(competitionPreliminaryResultResource, { partial: true })

function listConditions(data: Data, query: Query): SQL[] {
  const status = /^[0-3]$/.test(String(query.preliminaryStatus ?? ''))
    ? Number(query.preliminaryStatus)
    : ROUND_STATUS.approved
  const where: SQL[] = [
    sql`${competitionPreliminaryResult.preliminaryId} in (select ${competitionPreliminary.id} from ${competitionPreliminary} where ${data.rows(
      competitionPreliminary,
      eq(competitionPreliminary.status, status),
    )})`,
  ]
  for (const key of ['projectId', 'preliminaryId'] as const) {
    const v = query[key] ?? query[`${key}_equal`]
    if (typeof v === 'string' && /^\d{1,19}$/.test(v)) where.push(eq(competitionPreliminaryResult[key], v))
  }
  if (
    query.advance === '0' ||
    query.advance === '1' ||
    query.advance_equal === '0' ||
    query.advance_equal === '1'
  )
    where.push(eq(competitionPreliminaryResult.advance, Number(query.advance ?? query.advance_equal)))
  return where
}

/** The approved round of an entry's project (rows are added and edited only there). */
async function approvedRound(data: Data, preliminaryId: string) {
  const round = await data.repo(competitionPreliminary).need(preliminaryId)
  if (round.status !== ROUND_STATUS.approved) bad('初赛未审核通过，请在初赛管理中修改')
  await checkResultEditable(data, round.projectId!)
  return round
}

async function submitResult(data: Data, body: Record<string, unknown>): Promise<string> {
  const id = typeof body.id === 'string' && body.id ? body.id : null
  const parsed = (id ? partial : full).parse(body) as Record<string, unknown>
  const repo = data.repo(competitionPreliminaryResult, scope)
  const score =
    parsed.score === undefined ? undefined : parsed.score === null ? null : Number(parsed.score).toFixed(1)
  if (id) {
    const row = await repo.need(id)
    await approvedRound(data, row.preliminaryId!)
    const advance = parsed.advance ?? row.advance
    if (advance === 1 && (score === undefined ? row.score : score) === null) bad('未登记成绩的报名不能晋级')
    await repo.update(id, {
      ...(score !== undefined ? { score } : {}),
      ...(parsed.advance !== undefined ? { advance: parsed.advance } : {}),
      ...(parsed.remark !== undefined ? { remark: parsed.remark } : {}),
    } as never)
    await rerank(data, row.preliminaryId!)
    return id
  }
  const entry = await data.repo(competitionAppointment).need(String(parsed.appointmentId), '报名记录不存在')
  const round = await data
    .repo(competitionPreliminary)
    .first(eq(competitionPreliminary.projectId, entry.projectId!))
  if (!round) bad('初赛未审核通过，请在初赛管理中修改')
  await approvedRound(data, round!.id)
  const taken = await data
    .repo(competitionPreliminaryResult)
    .exists(
      eq(competitionPreliminaryResult.preliminaryId, round!.id),
      eq(competitionPreliminaryResult.appointmentId, entry.id),
    )
  if (taken) bad('该报名已有初赛成绩')
  if (parsed.advance === 1 && score == null) bad('未登记成绩的报名不能晋级')
  const members = await membersOf(data, [entry.id])
  const [newId] = await data.repo(competitionPreliminaryResult).insert({
    ...entryCopy(entry, members.get(entry.id) ?? []),
    preliminaryId: round!.id,
    projectId: entry.projectId,
    leaderUserId: round!.leaderUserId,
    score: score ?? null,
    advance: (parsed.advance as number | undefined) ?? 0,
    remark: (parsed.remark as string | undefined) ?? null,
  } as never)
  await rerank(data, round!.id)
  return newId
}

export function registerPreliminaryResultRoutes(app: FastifyInstance) {
  for (const endpoint of [api.page, api.list] as const)
    route(app, endpoint, async ({ query, data }) => {
      const page = await data
        .repo(competitionPreliminaryResult, scope)
        .page(query, { where: listConditions(data, query), filters: false, sort: RESULT_SORT })
      return ok({ ...page, records: await presentResults(data, page.records) })
    })

  route(app, api.detail, async ({ query, data }) => {
    const row = await data.repo(competitionPreliminaryResult, scope).need(query.id)
    const [shown] = await presentResults(data, [row])
    return ok(shown)
  })

  route(app, api.submit, async ({ body, data }) => {
    const id = await data.transaction((tx) => submitResult(tx, body as Record<string, unknown>))
    return ok({ id })
  })

  route(app, api.remove, async ({ query, data }) => {
    await data.transaction(async (tx) => {
      const repo = tx.repo(competitionPreliminaryResult, scope)
      const rows = await repo.needAll(query.ids, '部分数据不存在或无权删除')
      for (const round of new Set(rows.map((r) => r.preliminaryId!))) await approvedRound(tx, round)
      await repo.remove(query.ids)
      for (const round of new Set(rows.map((r) => r.preliminaryId!))) await rerank(tx, round)
    })
    return done()
  })
}
