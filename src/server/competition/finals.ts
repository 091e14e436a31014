import { asc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm'
import type { FinalResultRow } from '../../shared/api/competition'
import { entitySchema } from '../../shared/resource/validate'
import {
  APPLY_STATUS,
  COMPETITION_DICTS,
  RESULT_STATUS,
  ROUND_STATUS,
  competitionFinalResource,
} from '../../shared/resources/competition'
import type { Data, RowOf } from '../core/data'
import { bad } from '../core/errors'
import { formatDateTime, parseDateTime } from '../core/serialize'
import {
  competitionAddress,
  competitionApply,
  competitionFinal,
  competitionFinalResult,
  competitionPreliminaryResult,
} from '../db/schema'
import { startForRecord } from '../flow/business'
import { dictLabels } from './dictionaries'
import type { EntryRecord, ProjectRow } from './entries'
import { FINAL_FLOW } from './flows'
import { classNames, collegeNames, joinNames, teacherNames } from './names'
import { preliminaryOfProject } from './preliminaries'
import { entriesOfProject, entryCopy, membersOf } from './projects'

/** Finals (决赛, domain A.7): entrants, the approval, the results and their submission. */

export type FinalRecord = RowOf<typeof competitionFinal>
export type FinalResultRecord = RowOf<typeof competitionFinalResult>

export const FINAL_TABLE = 'competition_project_final'
/** Teachers see the finals of the projects they lead (本人 on leader_user_id). */
export const finalScope = competitionFinalResource

const schema = entitySchema(competitionFinalResource)

export function scopedFinalProject(data: Data, projectId: string): Promise<ProjectRow> {
  return data.repo(competitionApply, finalScope).need(projectId, '竞赛项目不存在或无权访问')
}

/** Why no entrant can be picked yet ('' when they can). */
export async function entrantsReason(data: Data, project: ProjectRow): Promise<string> {
  if (project.status !== APPLY_STATUS.approved) return '该竞赛项目未立项'
  if (project.preliminaryRequired !== 1) return ''
  const round = await preliminaryOfProject(data, project.id)
  return round?.status === ROUND_STATUS.approved ? '' : '初赛尚未审核通过'
}

/**
 * The entries that may enter a final of the project: those advanced by its approved preliminary, or
 * every live entry when it has none (A.7).
 */
export async function eligibleEntries(data: Data, project: ProjectRow): Promise<EntryRecord[]> {
  const entries = await entriesOfProject(data, project.id)
  if (project.preliminaryRequired !== 1) return entries
  const round = await preliminaryOfProject(data, project.id)
  if (round?.status !== ROUND_STATUS.approved) return []
  const advanced = await data
    .repo(competitionPreliminaryResult)
    .find([
      eq(competitionPreliminaryResult.preliminaryId, round.id),
      eq(competitionPreliminaryResult.advance, 1),
    ])
  const ids = new Set(advanced.map((r) => r.appointmentId))
  return entries.filter((e) => ids.has(e.id))
}

const entryName = (e: EntryRecord) => (e.teamName ? String(e.teamName) : String(e.leaderName ?? ''))

/** `save` / `update` / the save of `submit`: the final and its entrants' result rows. */
export async function saveFinal(
  data: Data,
  body: Record<string, unknown>,
  options: { submitting?: boolean } = {},
) {
  const id = typeof body.id === 'string' && body.id ? body.id : null
  const project = await scopedFinalProject(data, String(body.projectId))
  if (project.status !== APPLY_STATUS.approved) bad('该竞赛项目未立项')
  const parsed = schema.parse(body) as Record<string, unknown>
  const finals = data.repo(competitionFinal, finalScope)
  const existing = id ? await finals.need(id) : null
  if (existing && existing.projectId !== project.id) bad('决赛的竞赛项目不能修改')
  if (existing?.status === ROUND_STATUS.auditing) bad('决赛审核中，不能修改')
  if (existing?.status === ROUND_STATUS.approved) bad('决赛已审核通过，不能修改')
  const levels = await dictLabels(data.db, COMPETITION_DICTS.level)
  const level = Number(parsed.finalLevel)
  const clash = await data
    .repo(competitionFinal)
    .exists(
      eq(competitionFinal.projectId, project.id),
      eq(competitionFinal.finalLevel, level),
      existing ? ne(competitionFinal.id, existing.id) : undefined,
    )
  if (clash) bad(`该项目已有${levels.get(level) ?? ''}决赛记录`)

  let addressName = typeof parsed.addressName === 'string' && parsed.addressName ? parsed.addressName : null
  if (parsed.addressId)
    addressName = (await data.repo(competitionAddress).need(String(parsed.addressId), '比赛地点不存在'))
      .addressName

  const requested = body.appointmentIds as string[] | undefined
  let entrants: EntryRecord[] | null = null
  if (requested !== undefined) {
    const all = new Map((await entriesOfProject(data, project.id)).map((e) => [e.id, e]))
    for (const a of requested) if (!all.has(a)) bad('报名记录不存在或不属于该项目')
    const reason = await entrantsReason(data, project)
    if (reason && requested.length) bad(reason)
    const eligible = new Set((await eligibleEntries(data, project)).map((e) => e.id))
    for (const a of requested) if (!eligible.has(a)) bad(`报名「${entryName(all.get(a)!)}」未晋级决赛`)
    entrants = [...new Set(requested)].map((a) => all.get(a)!)
  }
  const values = {
    projectId: project.id,
    academicYear: project.academicYear,
    leaderUserId: project.leaderUserId,
    finalLevel: level,
    finalName:
      (typeof parsed.finalName === 'string' && parsed.finalName.trim()) ||
      `${String(project.projectName)}${levels.get(level) ?? ''}决赛`,
    finalTime: parseDateTime(String(parsed.finalTime).replace('T', ' ')),
    addressId: (parsed.addressId as string | undefined) ?? null,
    addressName,
    organizer: (parsed.organizer as string | undefined) ?? null,
    remark: (parsed.remark as string | undefined) ?? null,
  }
  let finalId: string
  if (existing) {
    finalId = existing.id
    await finals.update(finalId, values as never)
  } else {
    ;[finalId] = await data.repo(competitionFinal).insert({
      ...values,
      status: ROUND_STATUS.draft,
      resultStatus: RESULT_STATUS.none,
      entryCount: 0,
    } as never)
  }
  if (entrants) await writeEntrants(data, finalId, project, level, entrants)
  if (options.submitting) {
    const count = await data.repo(competitionFinalResult).count(eq(competitionFinalResult.finalId, finalId))
    if (!count) bad('请选择参赛报名')
  }
  return finalId
}

/** A result row per entrant (award empty); rows of entrants taken out go. */
async function writeEntrants(
  data: Data,
  finalId: string,
  project: ProjectRow,
  level: number,
  entrants: EntryRecord[],
) {
  const results = data.repo(competitionFinalResult)
  const ids = entrants.map((e) => e.id)
  await results.deleteWhere([
    eq(competitionFinalResult.finalId, finalId),
    ids.length ? notInArray(competitionFinalResult.appointmentId, ids) : undefined,
  ])
  const have = new Set(
    (await results.find([eq(competitionFinalResult.finalId, finalId)])).map((r) => r.appointmentId),
  )
  const members = await membersOf(data, ids)
  const teachers = await teacherNames(
    data,
    entrants.map((e) => e.instructorTeacherIds),
  )
  const rows = entrants
    .filter((e) => !have.has(e.id))
    .map((e) => ({
      ...entryCopy(e, members.get(e.id) ?? []),
      finalId,
      projectId: project.id,
      academicYear: project.academicYear,
      finalLevel: level,
      leaderName: e.leaderName,
      teacherNames: joinNames(e.instructorTeacherIds, teachers),
      status: 0,
    }))
  await results.insert(rows as never)
  await data
    .repo(competitionFinalResult)
    .updateWhere([eq(competitionFinalResult.finalId, finalId)], { finalLevel: level } as never)
  await data.repo(competitionFinal).update(finalId, { entryCount: entrants.length } as never)
}

/** `batchSubmit`: all in 草稿 or 已退回 with entrants start (or re-submit) `competitionFinal`, or none. */
export async function submitFinals(data: Data, ids: string[]): Promise<number> {
  const rows = await data.repo(competitionFinal, finalScope).needAll(ids)
  const ordered = ids.map((id) => rows.find((r) => r.id === id)!)
  for (const r of ordered) {
    if (r.status !== ROUND_STATUS.draft && r.status !== ROUND_STATUS.returned)
      bad(`『${r.finalName}』已提交，不能重复提交`)
    if (!(await data.repo(competitionFinalResult).exists(eq(competitionFinalResult.finalId, r.id))))
      bad(`『${r.finalName}』尚未选择参赛报名`)
  }
  for (const r of ordered)
    await startForRecord({
      db: data.db,
      user: data.me,
      processKey: FINAL_FLOW,
      businessTable: FINAL_TABLE,
      businessId: r.id,
    })
  return ordered.length
}

/** `remove`: drafts only, with their result rows. */
export async function removeFinals(data: Data, ids: string[]) {
  const repo = data.repo(competitionFinal, finalScope)
  const rows = await repo.needAll(ids, '部分数据不存在或无权删除')
  if (rows.some((r) => r.status !== ROUND_STATUS.draft)) bad('只能删除草稿状态的决赛')
  await data.repo(competitionFinalResult).deleteWhere([inArray(competitionFinalResult.finalId, ids)])
  await repo.remove(ids)
}

/** Result rows of a final (one type or both), with their members, in the dialog's order. */
export async function resultRows(data: Data, finalId: string, entryType?: number): Promise<FinalResultRow[]> {
  const rows = await data
    .repo(competitionFinalResult)
    .find(
      [
        eq(competitionFinalResult.finalId, finalId),
        entryType ? eq(competitionFinalResult.entryType, entryType) : undefined,
      ],
      { sort: RESULT_ORDER },
    )
  return presentFinalResults(data, rows)
}

export const RESULT_ORDER = [
  sql`${competitionFinalResult.rank} asc nulls last`,
  asc(competitionFinalResult.createTime),
  asc(competitionFinalResult.id),
]

export async function presentFinalResults(data: Data, rows: FinalResultRecord[]): Promise<FinalResultRow[]> {
  const members = await membersOf(
    data,
    rows.map((r) => r.appointmentId!),
  )
  const all = [...members.values()].flat()
  const colleges = await collegeNames(data, [
    ...rows.map((r) => r.deptSerial),
    ...all.map((m) => m.deptSerial),
  ])
  const classes = await classNames(data, [...rows.map((r) => r.classNo), ...all.map((m) => m.classNo)])
  const projects = rows.length
    ? await data
        .repo(competitionApply)
        .find([inArray(competitionApply.id, [...new Set(rows.map((r) => r.projectId!))])])
    : []
  const names = new Map(projects.map((p) => [p.id, String(p.projectName)]))
  return rows.map((r) => ({
    ...(r as unknown as FinalResultRow),
    score: r.score === null ? null : String(Number(r.score)),
    projectName: names.get(r.projectId!) ?? '',
    deptName: colleges.get(String(r.deptSerial)) ?? '',
    className: classes.get(String(r.classNo)) ?? String(r.classNo ?? ''),
    members: (members.get(r.appointmentId!) ?? []).map((m) => ({
      id: m.id,
      studentNo: m.studentNo,
      studentName: String(m.studentName ?? ''),
      classNo: m.classNo,
      className: classes.get(String(m.classNo)) ?? String(m.classNo ?? ''),
      deptSerial: m.deptSerial,
      deptName: colleges.get(String(m.deptSerial)) ?? '',
      isLeader: m.isLeader,
    })),
  }))
}

/** A final ready for results: approved, results not submitted. */
export async function finalForResults(data: Data, finalId: string): Promise<FinalRecord> {
  const final = await data.repo(competitionFinal, finalScope).need(finalId)
  if (final.status !== ROUND_STATUS.approved) bad('决赛未审核通过，不能录入结果')
  if (final.resultStatus === RESULT_STATUS.submitted) bad('决赛结果已提交，不能修改')
  return final
}

interface ResultValues {
  award?: number | null
  score?: number | null
  rank?: number | null
  certificateNo?: string | null
  awardDate?: string | null
  remark?: string | null
}

function resultPatch(v: ResultValues, final: FinalRecord) {
  const patch: Record<string, unknown> = {}
  if (v.award !== undefined) patch.award = v.award
  if (v.score !== undefined) patch.score = v.score === null ? null : v.score.toFixed(2)
  if (v.rank !== undefined) patch.rank = v.rank
  if (v.certificateNo !== undefined) patch.certificateNo = v.certificateNo || null
  if (v.remark !== undefined) patch.remark = v.remark || null
  patch.awardDate = v.awardDate || formatDateTime(final.finalTime ?? new Date()).slice(0, 10)
  return patch
}

/** `finalresult/save {finalId, rows}`: awards entered (已录入). */
export async function saveResults(
  data: Data,
  finalId: string,
  rows: (ResultValues & { appointmentId: string })[],
) {
  const final = await finalForResults(data, finalId)
  const repo = data.repo(competitionFinalResult)
  const existing = new Map(
    (await repo.find([eq(competitionFinalResult.finalId, final.id)])).map((r) => [r.appointmentId, r]),
  )
  for (const row of rows) {
    const target = existing.get(row.appointmentId)
    if (!target) bad('报名记录不存在或不属于该决赛')
    await repo.update(target!.id, resultPatch(row, final) as never)
  }
  await data.repo(competitionFinal).update(final.id, { resultStatus: RESULT_STATUS.entered } as never)
  return rows.length
}

/** `finalresult/update {id, …}`: one row. */
export async function updateResult(data: Data, id: string, values: ResultValues) {
  const row = await data.repo(competitionFinalResult).need(id)
  const final = await finalForResults(data, row.finalId!)
  await data.repo(competitionFinalResult).update(id, resultPatch(values, final) as never)
  await data.repo(competitionFinal).update(final.id, { resultStatus: RESULT_STATUS.entered } as never)
  return id
}

/** `finalresult/submit {finalId}`: every row has an award; rows → 已提交, the final → 已提交. */
export async function submitResults(data: Data, finalId: string) {
  const final = await finalForResults(data, finalId)
  const repo = data.repo(competitionFinalResult)
  const rows = await repo.find([eq(competitionFinalResult.finalId, final.id)], { sort: RESULT_ORDER })
  if (!rows.length) bad('该决赛没有参赛报名')
  for (const type of [2, 1]) {
    const ofType = rows.filter((r) => r.entryType === type)
    ofType.forEach((r, i) => {
      if (!r.award) bad(`第${i + 1}行「${r.teamName || r.leaderName || r.memberNames}」：请选择获奖等级`)
    })
  }
  await repo.updateWhere([eq(competitionFinalResult.finalId, final.id)], { status: 1 } as never)
  await data.repo(competitionFinal).update(final.id, { resultStatus: RESULT_STATUS.submitted } as never)
  return rows.length
}
