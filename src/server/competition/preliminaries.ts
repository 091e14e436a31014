import { eq, inArray, isNotNull, notInArray } from 'drizzle-orm'
import type { z } from 'zod'
import type { PreliminaryInput } from '../../shared/api/competition'
import { entitySchema } from '../../shared/resource/validate'
import {
  APPLY_STATUS,
  ROUND_STATUS,
  competitionPreliminaryResource,
} from '../../shared/resources/competition'
import type { Data, RowOf } from '../core/data'
import { bad } from '../core/errors'
import { parseDateTime } from '../core/serialize'
import {
  competitionAddress,
  competitionApply,
  competitionFinal,
  competitionPreliminary,
  competitionPreliminaryResult,
} from '../db/schema'
import { startForRecord } from '../flow/business'
import { now } from './clock'
import type { ProjectRow } from './entries'
import { PRELIMINARY_FLOW } from './flows'
import { entriesOfProject, entryCopy, membersOf } from './projects'
import { competitionRanks } from './review'

/** Preliminaries (初赛, domain A.6): registration with results, ranks, batch submit. */

export type PreliminaryRecord = RowOf<typeof competitionPreliminary>
type Input = z.output<typeof PreliminaryInput>

export const PRELIMINARY_TABLE = 'competition_project_preliminary'
/** Teachers see the rounds of the projects they lead (本人 on leader_user_id of both tables). */
export const preliminaryScope = competitionPreliminaryResource

const schema = entitySchema(competitionPreliminaryResource)

/** The project of a round, in the caller's reach. */
export function scopedProject(data: Data, projectId: string): Promise<ProjectRow> {
  return data.repo(competitionApply, preliminaryScope).need(projectId, '竞赛项目不存在或无权访问')
}

export function preliminaryOfProject(data: Data, projectId: string) {
  return data.repo(competitionPreliminary).first(eq(competitionPreliminary.projectId, projectId))
}

/** Whether a final of the project has submitted results (then preliminary results are fixed). */
export async function finalSubmitted(data: Data, projectId: string): Promise<boolean> {
  return data
    .repo(competitionFinal)
    .exists(eq(competitionFinal.projectId, projectId), eq(competitionFinal.resultStatus, 2))
}

/** Ranks by score (competition ranking, unscored last without a rank) and the round's counts. */
export async function rerank(data: Data, preliminaryId: string) {
  const repo = data.repo(competitionPreliminaryResult)
  const rows = await repo.find([eq(competitionPreliminaryResult.preliminaryId, preliminaryId)])
  const scored = rows.filter((r) => r.score !== null)
  const ranks = competitionRanks(scored.map((r) => ({ key: r.id, value: Number(r.score) })))
  for (const r of rows) {
    const rank = ranks.get(r.id) ?? null
    if (rank !== r.rank) await repo.update(r.id, { rank } as never)
  }
  await data.repo(competitionPreliminary).update(preliminaryId, {
    advanceTotal: rows.filter((r) => r.advance === 1).length,
  } as never)
}

function checkProject(project: ProjectRow) {
  if (project.status !== APPLY_STATUS.approved) bad('该竞赛项目未立项')
  if (project.preliminaryRequired !== 1) bad('该项目未设初赛')
  if (project.signupEnd && now() <= project.signupEnd) bad('报名尚未截止，不能登记初赛')
}

/** `saveAndUpdate`: the round and its results, inserted or updated in 草稿 or 已退回. */
export async function savePreliminary(data: Data, body: Input & Record<string, unknown>): Promise<string> {
  const project = await scopedProject(data, body.projectId)
  checkProject(project)
  const parsed = schema.parse(body) as Record<string, unknown>
  const existing = await preliminaryOfProject(data, project.id)
  const id = typeof body.id === 'string' && body.id ? body.id : null
  if (existing && id !== existing.id) bad(id ? '数据不存在或无权访问' : '该项目已登记初赛')
  if (!existing && id) bad('数据不存在或无权访问')
  if (existing?.status === ROUND_STATUS.auditing) bad('初赛审核中，不能修改')
  if (existing?.status === ROUND_STATUS.approved) bad('初赛已审核通过，不能修改')

  const entries = await entriesOfProject(data, project.id)
  const byId = new Map(entries.map((e) => [e.id, e]))
  const seen = new Set<string>()
  for (const r of body.results) {
    if (!byId.has(r.appointmentId) || seen.has(r.appointmentId)) bad('报名记录不存在或不属于该项目')
    seen.add(r.appointmentId)
    if (r.advance === 1 && (r.score === null || r.score === undefined)) bad('未登记成绩的报名不能晋级')
  }

  let addressName = typeof parsed.addressName === 'string' ? parsed.addressName : null
  if (parsed.addressId) {
    const venue = await data.repo(competitionAddress).need(String(parsed.addressId), '比赛地点不存在')
    addressName = venue.addressName
  }
  const values = {
    projectId: project.id,
    academicYear: project.academicYear,
    leaderUserId: project.leaderUserId,
    preliminaryTime: parseDateTime(String(parsed.preliminaryTime).replace('T', ' ')),
    addressId: (parsed.addressId as string | undefined) ?? null,
    addressName,
    form: (parsed.form as number | undefined) ?? 1,
    judges: (parsed.judges as string | undefined) ?? null,
    advanceRule: (parsed.advanceRule as number | undefined) ?? 1,
    advanceCount: (parsed.advanceCount as number | undefined) ?? null,
    advanceScore: parsed.advanceScore === undefined ? null : String(parsed.advanceScore),
    summary: (parsed.summary as string | undefined) ?? null,
    attachIds: (parsed.attachIds as string | undefined) ?? null,
    entryCount: entries.length,
  }
  const rounds = data.repo(competitionPreliminary)
  let preliminaryId: string
  if (existing) {
    preliminaryId = existing.id
    await rounds.update(preliminaryId, values as never)
  } else {
    ;[preliminaryId] = await rounds.insert({ ...values, status: ROUND_STATUS.draft } as never)
  }

  const results = data.repo(competitionPreliminaryResult)
  // Rows of entries that were withdrawn since go with them.
  await results.deleteWhere([
    eq(competitionPreliminaryResult.preliminaryId, preliminaryId),
    entries.length
      ? notInArray(
          competitionPreliminaryResult.appointmentId,
          entries.map((e) => e.id),
        )
      : undefined,
  ])
  const saved = new Map(
    (await results.find([eq(competitionPreliminaryResult.preliminaryId, preliminaryId)])).map((r) => [
      r.appointmentId,
      r,
    ]),
  )
  const members = await membersOf(data, [...seen])
  for (const r of body.results) {
    const entry = byId.get(r.appointmentId)!
    const row = {
      ...entryCopy(entry, members.get(entry.id) ?? []),
      preliminaryId,
      projectId: project.id,
      leaderUserId: project.leaderUserId,
      score: r.score === null || r.score === undefined ? null : r.score.toFixed(1),
      advance: r.advance ?? 0,
      remark: r.remark ?? null,
    }
    const old = saved.get(r.appointmentId)
    if (old) await results.update(old.id, row as never)
    else await results.insert(row as never)
  }
  await rerank(data, preliminaryId)
  return preliminaryId
}

/** `batchSubmit`: every round in 草稿 or 已退回 with a scored result starts (or re-submits), or none. */
export async function submitPreliminaries(data: Data, ids: string[]): Promise<number> {
  const rows = await data.repo(competitionPreliminary, preliminaryScope).needAll(ids)
  const projects = new Map(
    (
      await data.repo(competitionApply).find([
        inArray(
          competitionApply.id,
          rows.map((r) => r.projectId!),
        ),
      ])
    ).map((p) => [p.id, String(p.projectName)]),
  )
  const ordered = ids.map((id) => rows.find((r) => r.id === id)!)
  for (const r of ordered) {
    const name = projects.get(r.projectId!) ?? ''
    if (r.status !== ROUND_STATUS.draft && r.status !== ROUND_STATUS.returned)
      bad(`『${name}』初赛已提交，不能重复提交`)
    const scored = await data
      .repo(competitionPreliminaryResult)
      .exists(
        eq(competitionPreliminaryResult.preliminaryId, r.id),
        isNotNull(competitionPreliminaryResult.score),
      )
    if (!scored) bad(`『${name}』初赛尚未登记成绩`)
  }
  for (const r of ordered)
    await startForRecord({
      db: data.db,
      user: data.me,
      processKey: PRELIMINARY_FLOW,
      businessTable: PRELIMINARY_TABLE,
      businessId: r.id,
    })
  return ordered.length
}

/** Result rows of approved preliminaries whose final has submitted results are fixed (A.6). */
export async function checkResultEditable(data: Data, projectId: string) {
  if (await finalSubmitted(data, projectId)) bad('决赛结果已提交，不能修改初赛结果')
}
