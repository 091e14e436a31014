import { asc, desc, eq, inArray } from 'drizzle-orm'
import type { GridEntry, ProjectSummary } from '../../shared/api/competition'
import type { Data } from '../core/data'
import { competitionAppointment, competitionAppointmentMember } from '../db/schema'
import type { ProjectRow, EntryRecord, MemberRecord } from './entries'
import { classNames, collegeNames, teacherNames } from './names'

/** What the round screens show of a project and of its entries. */

export async function projectSummary(data: Data, p: ProjectRow): Promise<ProjectSummary> {
  const colleges = await collegeNames(data, [p.deptSerial])
  const teachers = await teacherNames(data, [p.leaderTeacherId])
  return {
    id: p.id,
    projectName: String(p.projectName),
    competitionName: String(p.competitionName),
    competitionLevel: Number(p.competitionLevel),
    academicYear: String(p.academicYear),
    entryMode: Number(p.entryMode),
    entryCount: p.entryCount ?? 0,
    signupEnd: p.signupEnd as unknown as string,
    preliminaryRequired: p.preliminaryRequired ?? 0,
    leaderName: teachers.get(String(p.leaderTeacherId)) ?? '',
    deptName: colleges.get(String(p.deptSerial)) ?? '',
    organizer: String(p.organizer ?? ''),
  }
}

/** The members of entries, leader first, by entry id. */
export async function membersOf(data: Data, entryIds: string[]): Promise<Map<string, MemberRecord[]>> {
  const out = new Map<string, MemberRecord[]>()
  if (!entryIds.length) return out
  const rows = await data
    .repo(competitionAppointmentMember)
    .find([inArray(competitionAppointmentMember.appointmentId, entryIds)], {
      sort: [desc(competitionAppointmentMember.isLeader), asc(competitionAppointmentMember.studentNo)],
    })
  for (const m of rows) out.set(m.appointmentId, [...(out.get(m.appointmentId) ?? []), m])
  return out
}

/** The live entries of a project, oldest first. */
export function entriesOfProject(data: Data, projectId: string): Promise<EntryRecord[]> {
  return data.repo(competitionAppointment).find([eq(competitionAppointment.projectId, projectId)], {
    sort: [asc(competitionAppointment.createTime), asc(competitionAppointment.id)],
  })
}

/** The copies a result row keeps of its entry (who, college and class of the leader). */
export function entryCopy(entry: EntryRecord, members: MemberRecord[]) {
  return {
    appointmentId: entry.id,
    entryType: entry.entryType,
    teamName: entry.teamName,
    memberNos: members.map((m) => m.studentNo).join(','),
    memberNames: members.map((m) => m.studentName ?? '').join('、'),
    deptSerial: entry.deptSerial,
    classNo: entry.classNo,
  }
}

/** Grid lines: entries with their members and a result (or none). */
export async function gridLines(
  data: Data,
  entries: EntryRecord[],
  results: Map<
    string,
    { score: unknown; rank: number | null; advance: number | null; remark: string | null }
  >,
): Promise<GridEntry[]> {
  const members = await membersOf(
    data,
    entries.map((e) => e.id),
  )
  const colleges = await collegeNames(
    data,
    entries.map((e) => e.deptSerial),
  )
  const classes = await classNames(
    data,
    entries.map((e) => e.classNo),
  )
  return entries.map((e) => {
    const copy = entryCopy(e, members.get(e.id) ?? [])
    const r = results.get(e.id)
    return {
      appointmentId: e.id,
      entryType: Number(e.entryType),
      teamName: e.teamName,
      memberNos: copy.memberNos,
      memberNames: copy.memberNames,
      deptName: colleges.get(String(e.deptSerial)) ?? '',
      className: classes.get(String(e.classNo)) ?? String(e.classNo ?? ''),
      score: r && r.score !== null && r.score !== undefined ? Number(r.score) : null,
      rank: r?.rank ?? null,
      advance: r?.advance ?? 0,
      remark: r?.remark ?? null,
    }
  })
}
